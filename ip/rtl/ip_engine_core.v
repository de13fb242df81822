// SPDX-License-Identifier: Apache-2.0
// ip_engine_core.v
// One engine behind its register block (cpl_engine), with the DMA (cpl_dma) as an option.
`default_nettype none

// The bus wrappers' common part: cpl_engine with the custom-instruction port tied off, so
// synthesis keeps the register block and the engine and drops the instruction decoder.
// DMA = 0: the DMA word port is tied off too. DMA = 1: cpl_dma (MEM_BUS = 1) drives it; its
// descriptor registers (coupling/regs/dma.toml, at their native offsets) are the window that
// dsel_i selects, and its memory port (mem_*) goes to a bus master adapter (ip_dma_axi,
// ip_dma_wb). The DMA reaches DMA_BYTES from DMA_BASE (its RANGE check); every other address is
// refused before anything moves.
module ip_engine_core #(
  parameter integer ENGINE         = 1,
  parameter integer AES_ARCH       = 0,
  parameter integer AES_SBOX       = 0,
  parameter integer AES_AEAD       = 0,         // 1: aead_top in place of aes_top
  parameter integer CHACHA_AEAD    = 0,         // 1: chachapoly_top in place of chacha_top
  parameter integer PRINCE_FOLDED  = 1,
  parameter integer PRESENT_KEY128 = 1,
  parameter integer PRESENT_RPC    = 1,
  parameter integer DMA            = 0,         // 1: the DMA and its memory port
  parameter integer DMA_AW         = 16,        // log2 of the bytes the DMA may reach (<= 30)
  parameter [31:0]  DMA_BASE       = 32'h0,     // their first byte: a multiple of 2^DMA_AW
  parameter integer MAW            = DMA_AW - 2 // word address bits of the memory port
) (
  input  wire           clk_i,
  input  wire           rst_ni,
  input  wire           req_i,
  input  wire           we_i,
  input  wire           dsel_i,    // DMA = 1: the access is to the DMA's registers
  input  wire [11:0]    addr_i,
  input  wire [31:0]    wdata_i,
  output wire [31:0]    rdata_o,   // the cycle after a read request; 0 in any other cycle
  output wire           irq_o,     // the engine's OR(IS & IE), and the DMA's
  // DMA = 1: cpl_dma's memory port (MEM_BUS = 1; word addresses from DMA_BASE)
  output wire           mem_req_o,
  output wire           mem_we_o,
  output wire [MAW-1:0] mem_addr_o,
  output wire [3:0]     mem_be_o,
  output wire [31:0]    mem_wdata_o,
  input  wire [31:0]    mem_rdata_i,
  input  wire           mem_rgnt_i,
  input  wire           mem_wgnt_i,
  input  wire           mem_rvalid_i,
  input  wire           mem_err_i,
  input  wire           mem_idle_i
);
  localparam integer E = ENGINE - 1;
  // the engine runs an AEAD: the DMA builds continuation jobs (one message over several jobs)
  localparam integer AEAD = ((ENGINE == 1 && AES_AEAD != 0) || (ENGINE == 4 && CHACHA_AEAD != 0))
                            ? 1 : 0;

  /* verilator lint_off UNUSEDSIGNAL */  // the custom-instruction answers: ports unused
  wire        rsp_valid, rsp_err;
  wire [31:0] rsp_data;
  /* verilator lint_on UNUSEDSIGNAL */
  // the DMA word port (cpl_engine's side)
  wire        in_ready, out_valid, out_last, partial, empty, noread, busy, krdy, err, eng_irq;
  wire [31:0] out_data;
  wire [3:0]  err_code;
  wire [7:0]  key_bytes;
  wire        d_own, d_zero, d_start, d_keyw_valid, d_keyload, d_in_valid, d_in_last;
  wire        d_out_ready;
  wire [31:0] d_cfg, d_keyw_data, d_in_data;
  wire [7:0]  d_in_bytes;
  wire [31:0] hub_rdata;

  cpl_engine #(
    .ENGINE(ENGINE), .DMA_BITS(32), .AES_ARCH(AES_ARCH), .AES_SBOX(AES_SBOX),
    .AES_AEAD(AES_AEAD), .CHACHA_AEAD(CHACHA_AEAD), .PRINCE_FOLDED(PRINCE_FOLDED),
    .PRESENT_KEY128(PRESENT_KEY128), .PRESENT_RPC(PRESENT_RPC)
  ) u_eng (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .req_i(req_i && !(DMA != 0 && dsel_i)), .we_i(we_i), .addr_i(addr_i), .wdata_i(wdata_i),
    .rdata_o(hub_rdata),
    .cpi_req_i(1'b0), .cpi_insn_i(32'h0), .cpi_rs1_i(32'h0), .cpi_rs2_i(32'h0),
    .cpi_rsp_valid_o(rsp_valid), .cpi_rsp_data_o(rsp_data), .cpi_rsp_err_o(rsp_err),
    .dma_own_i(d_own), .dma_zeroize_i(d_zero), .dma_start_i(d_start), .dma_cfg_i(d_cfg),
    .dma_keyw_valid_i(d_keyw_valid), .dma_keyw_data_i(d_keyw_data), .dma_keyload_i(d_keyload),
    .dma_in_valid_i(d_in_valid), .dma_in_ready_o(in_ready), .dma_in_data_i(d_in_data),
    .dma_in_last_i(d_in_last), .dma_in_bytes_i(d_in_bytes), .dma_out_valid_o(out_valid),
    .dma_out_ready_i(d_out_ready), .dma_out_data_o(out_data), .dma_out_last_o(out_last),
    .partial_ok_o(partial), .empty_ok_o(empty), .noread_o(noread), .eng_busy_o(busy),
    .key_ready_o(krdy), .err_o(err), .err_code_o(err_code), .key_bytes_o(key_bytes),
    .irq_o(eng_irq)
  );

  generate
    if (DMA != 0) begin : g_dma
      localparam [4:0] ONE = 5'd1 << E;
      /* verilator lint_off UNUSEDSIGNAL */  // the cpi port, port A and the other engines' bits
      wire        c_ready, c_rsp_valid, c_rsp_err, a_req;
      wire [31:0] c_rsp_data, a_wdata;
      wire [MAW-1:0] a_addr;
      wire [3:0]  a_be;
      wire [4:0]  own, zero, start, keyw_valid, keyload, in_valid, out_ready;
      /* verilator lint_on UNUSEDSIGNAL */
      wire [31:0] dma_rdata;
      wire        dma_irq;
      reg         drd_q;   // the last cycle's request was a read of the DMA's registers

      always @(posedge clk_i) begin
        if (!rst_ni) drd_q <= 1'b0;
        else         drd_q <= req_i && !we_i && dsel_i;
      end

      cpl_dma #(
        .DMA_BITS(32), .DMEM_BYTES(1 << DMA_AW), .ENGINES(2 << E), .A_WRITE(0), .CONT_JOBS(AEAD),
        .MEM_BUS(1), .MEM_BASE(DMA_BASE)
      ) u_dma (
        .clk_i(clk_i), .rst_ni(rst_ni),
        .req_i(req_i && dsel_i), .we_i(we_i), .addr_i(addr_i), .wdata_i(wdata_i),
        .rdata_o(dma_rdata),
        .cpi_req_valid_i(1'b0), .cpi_req_ready_o(c_ready), .cpi_req_insn_i(32'h0),
        .cpi_req_rs1_i(32'h0), .cpi_req_rs2_i(32'h0), .cpi_rsp_valid_o(c_rsp_valid),
        .cpi_rsp_data_o(c_rsp_data), .cpi_rsp_err_o(c_rsp_err),
        .mem_req_o(mem_req_o), .mem_we_o(mem_we_o), .mem_addr_o(mem_addr_o),
        .mem_be_o(mem_be_o), .mem_wdata_o(mem_wdata_o), .mem_rdata_i(mem_rdata_i),
        .mem_rgnt_i(mem_rgnt_i), .mem_wgnt_i(mem_wgnt_i), .mem_rvalid_i(mem_rvalid_i),
        .mem_err_i(mem_err_i), .mem_idle_i(mem_idle_i),
        .a_free_i(1'b0), .a_req_o(a_req), .a_addr_o(a_addr), .a_be_o(a_be), .a_wdata_o(a_wdata),
        .dma_own_o(own), .dma_any_o(d_own), .dma_zeroize_o(zero), .dma_start_o(start),
        .dma_cfg_o(d_cfg), .dma_keyw_valid_o(keyw_valid), .dma_keyw_data_o(d_keyw_data),
        .dma_keyload_o(keyload), .dma_in_valid_o(in_valid),
        .dma_in_ready_i(in_ready ? ONE : 5'h0), .dma_in_data_o(d_in_data),
        .dma_in_last_o(d_in_last), .dma_in_bytes_o(d_in_bytes),
        .dma_out_valid_i(out_valid ? ONE : 5'h0), .dma_out_ready_o(out_ready),
        .dma_out_data_i({5{out_data}}), .dma_out_last_i(out_last ? ONE : 5'h0),
        .partial_ok_i(partial ? ONE : 5'h0), .empty_ok_i(empty ? ONE : 5'h0),
        .noread_i(noread ? ONE : 5'h0), .eng_busy_i(busy ? ONE : 5'h0),
        .key_ready_i(krdy ? ONE : 5'h0), .err_i(err ? ONE : 5'h0),
        .err_code_i({5{err_code}}), .key_bytes_i({5{key_bytes}}), .hub_other_i(5'h0),
        .irq_o(dma_irq)
      );
      // one engine: the DMA owns the hub exactly when it owns the engine (dma_any_o)
      assign d_zero       = zero[E];
      assign d_start      = start[E];
      assign d_keyw_valid = keyw_valid[E];
      assign d_keyload    = keyload[E];
      assign d_in_valid   = in_valid[E];
      assign d_out_ready  = out_ready[E];
      assign rdata_o      = hub_rdata | (drd_q ? dma_rdata : 32'h0);
      assign irq_o        = eng_irq | dma_irq;
    end else begin : g_nodma
      /* verilator lint_off UNUSEDSIGNAL */  // the DMA word port's answers and the memory port
      wire unused_dma = ^{in_ready, out_valid, out_last, partial, empty, noread, busy, krdy, err,
                          out_data, err_code, key_bytes, dsel_i, mem_rdata_i, mem_rgnt_i,
                          mem_wgnt_i, mem_rvalid_i, mem_err_i, mem_idle_i};
      /* verilator lint_on UNUSEDSIGNAL */
      assign d_own = 1'b0;  assign d_zero = 1'b0;  assign d_start = 1'b0;  assign d_cfg = 32'h0;
      assign d_keyw_valid = 1'b0;  assign d_keyw_data = 32'h0;  assign d_keyload = 1'b0;
      assign d_in_valid = 1'b0;  assign d_in_data = 32'h0;  assign d_in_last = 1'b0;
      assign d_in_bytes = 8'h0;  assign d_out_ready = 1'b0;
      assign mem_req_o = 1'b0;  assign mem_we_o = 1'b0;  assign mem_addr_o = {MAW{1'b0}};
      assign mem_be_o = 4'h0;  assign mem_wdata_o = 32'h0;
      assign rdata_o = hub_rdata;
      assign irq_o   = eng_irq;
    end
  endgenerate
endmodule

`default_nettype wire
