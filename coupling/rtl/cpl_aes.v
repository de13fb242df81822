// cpl_aes.v
// The AES engine (aes_core) behind its coupling unit (cpl_unit): engine number 1.
`default_nettype none

// AES parameters of the unit: 128-bit blocks, 256-bit key bus, 128-bit IV, cfg[4:2] = mode;
// CFB (2), OFB (3), CTR (4) and CMAC (5) take a partial last block, CMAC an empty message and
// outputs only the tag (after the last block). CAP[31:24] = {SBOX, ARCH} as engines/aes/regs.toml.
module cpl_aes #(
  parameter integer ARCH     = 0,   // aes_core datapath: 0 rolled, 1 unrolled2, 2 pipelined
  parameter integer SBOX     = 1,   // 0 table, 1 composite field
  parameter integer DMA_BITS = 32
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
  output wire                eng_busy_o,
  output wire                key_ready_o,
  output wire                err_o,
  output wire [3:0]          err_code_o,
  output wire                irq_o
);
  localparam [31:0] ARCH32 = ARCH;
  localparam [31:0] SBOX32 = SBOX;
  localparam [7:0]  CAP_OPT = {5'b0, SBOX32[0], ARCH32[1:0]};

  wire         zeroize, start, key_valid, key_ready, iv_valid, in_valid, in_ready, in_last;
  wire         out_valid, out_ready, out_last, busy, err;
  wire [7:0]   cfg;
  wire [255:0] key;
  wire [127:0] iv, iv_o, in_data, out_data;
  wire [3:0]   err_code;
  /* verilator lint_off UNUSEDSIGNAL */  // AES takes whole blocks: the feeder pads (README)
  wire [7:0]   in_bytes;
  /* verilator lint_on UNUSEDSIGNAL */

  cpl_unit #(
    .ENGINE(1), .BLOCK_BITS(128), .KEY_BITS(256), .IV_BITS(128), .CFG_BITS(8),
    .CAP_OPT(CAP_OPT), .DMA_BITS(DMA_BITS), .MODE_LSB(2), .MODE_W(3),
    .PARTIAL_MODES(32'b11_1100), .EMPTY_MODES(32'b10_0000), .OUTLAST_MODES(32'b10_0000)
  ) u_unit (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .req_i(req_i), .we_i(we_i), .addr_i(addr_i), .wdata_i(wdata_i), .rdata_o(rdata_o),
    .cpi_req_i(cpi_req_i), .cpi_insn_i(cpi_insn_i), .cpi_rs1_i(cpi_rs1_i), .cpi_rs2_i(cpi_rs2_i),
    .cpi_rsp_valid_o(cpi_rsp_valid_o), .cpi_rsp_data_o(cpi_rsp_data_o),
    .cpi_rsp_err_o(cpi_rsp_err_o),
    .dma_own_i(dma_own_i), .dma_start_i(dma_start_i), .dma_cfg_i(dma_cfg_i),
    .dma_keyw_valid_i(dma_keyw_valid_i), .dma_keyw_data_i(dma_keyw_data_i),
    .dma_keyload_i(dma_keyload_i), .dma_in_valid_i(dma_in_valid_i),
    .dma_in_ready_o(dma_in_ready_o), .dma_in_data_i(dma_in_data_i),
    .dma_in_last_i(dma_in_last_i), .dma_in_bytes_i(dma_in_bytes_i),
    .dma_out_valid_o(dma_out_valid_o), .dma_out_ready_i(dma_out_ready_i),
    .dma_out_data_o(dma_out_data_o), .dma_out_last_o(dma_out_last_o),
    .partial_ok_o(partial_ok_o), .empty_ok_o(empty_ok_o), .eng_busy_o(eng_busy_o),
    .key_ready_o(key_ready_o), .err_o(err_o), .err_code_o(err_code_o), .irq_o(irq_o),
    .eng_zeroize_o(zeroize), .eng_cfg_o(cfg), .eng_start_o(start), .eng_key_o(key),
    .eng_key_valid_o(key_valid), .eng_key_ready_i(key_ready), .eng_iv_o(iv),
    .eng_iv_valid_o(iv_valid), .eng_iv_i(iv_o), .eng_in_valid_o(in_valid),
    .eng_in_ready_i(in_ready), .eng_in_data_o(in_data), .eng_in_last_o(in_last),
    .eng_in_bytes_o(in_bytes), .eng_out_valid_i(out_valid), .eng_out_ready_o(out_ready),
    .eng_out_data_i(out_data), .eng_out_last_i(out_last), .eng_busy_i(busy), .eng_err_i(err),
    .eng_err_code_i(err_code)
  );

  aes_core #(.ARCH(ARCH), .SBOX(SBOX)) u_aes (
    .clk_i(clk_i), .rst_ni(rst_ni), .zeroize_i(zeroize), .cfg_i(cfg), .start_i(start),
    .key_i(key), .key_valid_i(key_valid), .key_ready_o(key_ready), .iv_i(iv),
    .iv_valid_i(iv_valid), .iv_o(iv_o), .in_valid_i(in_valid), .in_ready_o(in_ready),
    .in_data_i(in_data), .in_last_i(in_last), .out_valid_o(out_valid), .out_ready_i(out_ready),
    .out_data_o(out_data), .out_last_o(out_last), .busy_o(busy), .err_o(err),
    .err_code_o(err_code)
  );
endmodule

`default_nettype wire
