// SPDX-License-Identifier: Apache-2.0
// cpl_engine.v
// One crypto engine behind a coupling hub of its own (cpl_hub with one engine), by number.
`default_nettype none
`include "soc_memmap.vh"

// The hub and the engine wrapper (cpl_eng) of the SoC, for one engine: the benches and the
// per-engine synthesis entries use it. The engines' parameters (block, key and IV widths, the
// modes that take partial or empty messages) are cpl_hub's; CAP[31:24] reports the build options:
// AES {SBOX, ARCH[1:0]}, PRINCE {FOLDED}, PRESENT {RPC == 2, KEY128}.
module cpl_engine #(
  parameter integer ENGINE         = 1,
  parameter integer DMA_BITS       = 32,
  parameter integer AES_ARCH       = 0,  // aes_top ARCH: 0 rolled, 2 pipelined
  parameter integer AES_SBOX       = 0,  // aes_top SBOX: 0 table, 1 composite field
  parameter integer AES_AEAD       = 0,  // 1: aead_top (GCM, CCM/CCM*) in place of aes_top
  parameter integer CHACHA_AEAD    = 0,  // 1: chachapoly_top (ChaCha20-Poly1305) in place of chacha_top
  parameter integer PRINCE_FOLDED  = 1,
  parameter integer PRESENT_KEY128 = 1,
  parameter integer PRESENT_RPC    = 1
) (
  input  wire                clk_i,
  input  wire                rst_ni,
  input  wire                req_i,
  input  wire                we_i,
  input  wire [11:0]         addr_i,
  input  wire [31:0]         wdata_i,
  output wire [31:0]         rdata_o,
  input  wire                cpi_req_i,
  input  wire [31:0]         cpi_insn_i,
  input  wire [31:0]         cpi_rs1_i,
  input  wire [31:0]         cpi_rs2_i,
  output wire                cpi_rsp_valid_o,
  output wire [31:0]         cpi_rsp_data_o,
  output wire                cpi_rsp_err_o,
  input  wire                dma_own_i,
  input  wire                dma_zeroize_i,  // the DMA's zeroize (abort, engine error)
  input  wire                dma_start_i,
  input  wire [31:0]         dma_cfg_i,
  input  wire                dma_keyw_valid_i,
  input  wire [DMA_BITS-1:0] dma_keyw_data_i,
  input  wire                dma_keyload_i,
  input  wire                dma_in_valid_i,
  output wire                dma_in_ready_o,
  input  wire [DMA_BITS-1:0] dma_in_data_i,
  input  wire                dma_in_last_i,
  input  wire [7:0]          dma_in_bytes_i,
  output wire                dma_out_valid_o,
  input  wire                dma_out_ready_i,
  output wire [DMA_BITS-1:0] dma_out_data_o,
  output wire                dma_out_last_o,
  output wire                partial_ok_o,
  output wire                empty_ok_o,
  output wire                noread_o,       // the job's input is ignored (ChaCha keystream)
  output wire                eng_busy_o,
  output wire                key_ready_o,
  output wire                err_o,
  output wire [3:0]          err_code_o,
  output wire [7:0]          key_bytes_o,    // key bytes the DMA reads for dma_cfg_i (0: none)
  output wire                irq_o
);
  localparam [4:0] ONE = 5'd1 << (ENGINE - 1);
  localparam integer E = ENGINE - 1;

  wire [4:0]   z5 = 5'h0;
  wire [4:0]   h_rsp_valid, h_rsp_err, h_in_ready, h_out_valid, h_out_last, h_partial, h_empty;
  wire [4:0]   h_noread, h_busy, h_krdy, h_err, h_irq, h_zero, h_start, h_kvalid, h_ivvalid;
  wire [4:0]   h_invalid, h_outready;
  /* verilator lint_off UNUSEDSIGNAL */  // the slices of the engines not built here
  wire [159:0] h_rsp_data, h_cfg;
  wire [5*DMA_BITS-1:0] h_out_data;
  wire [19:0]  h_err_code;
  wire [39:0]  h_key_bytes, h_in_bytes;
  wire [4:0]   h_other;
  /* verilator lint_on UNUSEDSIGNAL */
  wire [255:0] key;
  wire [127:0] iv, iv_back;
  wire [511:0] in_data, out_data;
  wire         in_last, key_ready, in_ready, out_valid, out_last, busy, err;
  wire [3:0]   err_code;

  cpl_hub #(
    .ENGINES(ONE), .DMA_BITS(DMA_BITS), .AES_ARCH(AES_ARCH), .AES_SBOX(AES_SBOX), .AES_AEAD(AES_AEAD),
    .CHACHA_AEAD(CHACHA_AEAD),
    .PRINCE_FOLDED(PRINCE_FOLDED), .PRESENT_KEY128(PRESENT_KEY128), .PRESENT_RPC(PRESENT_RPC)
  ) u_hub (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .req_i(req_i ? ONE : z5), .we_i(we_i), .addr_i(addr_i), .wdata_i(wdata_i),
    .rdata_o(rdata_o),
    .cpi_req_i(cpi_req_i ? ONE : z5), .cpi_insn_i(cpi_insn_i), .cpi_rs1_i(cpi_rs1_i),
    .cpi_rs2_i(cpi_rs2_i), .cpi_rsp_valid_o(h_rsp_valid), .cpi_rsp_data_o(h_rsp_data),
    .cpi_rsp_err_o(h_rsp_err),
    .dma_own_i(dma_own_i ? ONE : z5), .dma_any_i(dma_own_i), .dma_zeroize_i(dma_zeroize_i ? ONE : z5),
    .dma_start_i(dma_start_i ? ONE : z5), .dma_cfg_i(dma_cfg_i),
    .dma_keyw_valid_i(dma_keyw_valid_i ? ONE : z5), .dma_keyw_data_i(dma_keyw_data_i),
    .dma_keyload_i(dma_keyload_i ? ONE : z5), .dma_in_valid_i(dma_in_valid_i ? ONE : z5),
    .dma_in_ready_o(h_in_ready), .dma_in_data_i(dma_in_data_i), .dma_in_last_i(dma_in_last_i),
    .dma_in_bytes_i(dma_in_bytes_i), .dma_out_valid_o(h_out_valid),
    .dma_out_ready_i(dma_out_ready_i ? ONE : z5), .dma_out_data_o(h_out_data),
    .dma_out_last_o(h_out_last), .partial_ok_o(h_partial), .empty_ok_o(h_empty),
    .noread_o(h_noread), .eng_busy_o(h_busy), .key_ready_o(h_krdy), .err_o(h_err),
    .err_code_o(h_err_code), .key_bytes_o(h_key_bytes), .other_o(h_other), .irq_o(h_irq),
    .eng_zeroize_o(h_zero), .eng_cfg_o(h_cfg), .eng_start_o(h_start), .eng_key_o(key),
    .eng_key_valid_o(h_kvalid), .eng_key_ready_i(key_ready ? ONE : z5), .eng_iv_o(iv),
    .eng_iv_valid_o(h_ivvalid), .eng_iv_i({5{iv_back}}), .eng_in_valid_o(h_invalid),
    .eng_in_ready_i(in_ready ? ONE : z5), .eng_in_data_o(in_data), .eng_in_last_o(in_last),
    .eng_in_bytes_o(h_in_bytes), .eng_out_valid_i(out_valid ? ONE : z5),
    .eng_out_ready_o(h_outready), .eng_out_data_i({5{out_data}}),
    .eng_out_last_i(out_last ? ONE : z5), .eng_busy_i(busy ? ONE : z5),
    .eng_err_i(err ? ONE : z5), .eng_err_code_i({5{err_code}})
  );

  assign cpi_rsp_valid_o = h_rsp_valid[E];
  assign cpi_rsp_data_o  = h_rsp_data[32*E +: 32];
  assign cpi_rsp_err_o   = h_rsp_err[E];
  assign dma_in_ready_o  = h_in_ready[E];
  assign dma_out_valid_o = h_out_valid[E];
  assign dma_out_data_o  = h_out_data[DMA_BITS*E +: DMA_BITS];
  assign dma_out_last_o  = h_out_last[E];
  assign partial_ok_o    = h_partial[E];
  assign empty_ok_o      = h_empty[E];
  assign noread_o        = h_noread[E];
  assign eng_busy_o      = h_busy[E];
  assign key_ready_o     = h_krdy[E];
  assign err_o           = h_err[E];
  assign err_code_o      = h_err_code[4*E +: 4];
  assign key_bytes_o     = h_key_bytes[8*E +: 8];
  assign irq_o           = h_irq[E];

  cpl_eng #(
    .ENGINE(ENGINE), .AES_ARCH(AES_ARCH), .AES_SBOX(AES_SBOX), .AES_AEAD(AES_AEAD),
    .CHACHA_AEAD(CHACHA_AEAD), .PRINCE_FOLDED(PRINCE_FOLDED),
    .PRESENT_KEY128(PRESENT_KEY128), .PRESENT_RPC(PRESENT_RPC)
  ) u_eng (
    .clk_i(clk_i), .rst_ni(rst_ni), .dma_own_i(dma_own_i), .zeroize_i(h_zero[E]),
    .cfg_i(h_cfg[32*E +: 32]), .start_i(h_start[E]), .key_i(key), .key_valid_i(h_kvalid[E]),
    .key_ready_o(key_ready), .iv_i(iv), .iv_valid_i(h_ivvalid[E]), .iv_o(iv_back),
    .in_valid_i(h_invalid[E]), .in_ready_o(in_ready), .in_data_i(in_data),
    .in_last_i(in_last), .in_bytes_i(h_in_bytes[8*E +: 8]), .out_valid_o(out_valid),
    .out_ready_i(h_outready[E]), .out_data_o(out_data), .out_last_o(out_last), .busy_o(busy),
    .err_o(err), .err_code_o(err_code)
  );
endmodule

`default_nettype wire
