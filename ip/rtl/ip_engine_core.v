// SPDX-License-Identifier: Apache-2.0
// ip_engine_core.v
// One engine behind its register block (cpl_engine) with only the MMIO port in use.
`default_nettype none

// The bus wrappers' common part: cpl_engine with the custom-instruction and DMA ports tied off,
// so synthesis keeps the register block and the engine and drops the instruction decoder and
// the DMA word port.
module ip_engine_core #(
  parameter integer ENGINE         = 1,
  parameter integer AES_ARCH       = 0,
  parameter integer AES_SBOX       = 0,
  parameter integer PRINCE_FOLDED  = 1,
  parameter integer PRESENT_KEY128 = 1,
  parameter integer PRESENT_RPC    = 1
) (
  input  wire        clk_i,
  input  wire        rst_ni,
  input  wire        req_i,
  input  wire        we_i,
  input  wire [11:0] addr_i,
  input  wire [31:0] wdata_i,
  output wire [31:0] rdata_o,   // the cycle after a read request; 0 in any other cycle
  output wire        irq_o
);
  /* verilator lint_off UNUSEDSIGNAL */  // the custom-instruction and DMA answers: ports unused
  wire        rsp_valid, rsp_err, in_ready, out_valid, out_last, partial, empty, noread, busy;
  wire        krdy, err;
  wire [31:0] rsp_data, out_data;
  wire [3:0]  err_code;
  wire [7:0]  key_bytes;
  /* verilator lint_on UNUSEDSIGNAL */

  cpl_engine #(
    .ENGINE(ENGINE), .DMA_BITS(32), .AES_ARCH(AES_ARCH), .AES_SBOX(AES_SBOX),
    .PRINCE_FOLDED(PRINCE_FOLDED), .PRESENT_KEY128(PRESENT_KEY128), .PRESENT_RPC(PRESENT_RPC)
  ) u_eng (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .req_i(req_i), .we_i(we_i), .addr_i(addr_i), .wdata_i(wdata_i), .rdata_o(rdata_o),
    .cpi_req_i(1'b0), .cpi_insn_i(32'h0), .cpi_rs1_i(32'h0), .cpi_rs2_i(32'h0),
    .cpi_rsp_valid_o(rsp_valid), .cpi_rsp_data_o(rsp_data), .cpi_rsp_err_o(rsp_err),
    .dma_own_i(1'b0), .dma_zeroize_i(1'b0), .dma_start_i(1'b0), .dma_cfg_i(32'h0),
    .dma_keyw_valid_i(1'b0), .dma_keyw_data_i(32'h0), .dma_keyload_i(1'b0),
    .dma_in_valid_i(1'b0), .dma_in_ready_o(in_ready), .dma_in_data_i(32'h0),
    .dma_in_last_i(1'b0), .dma_in_bytes_i(8'h0), .dma_out_valid_o(out_valid),
    .dma_out_ready_i(1'b0), .dma_out_data_o(out_data), .dma_out_last_o(out_last),
    .partial_ok_o(partial), .empty_ok_o(empty), .noread_o(noread), .eng_busy_o(busy),
    .key_ready_o(krdy), .err_o(err), .err_code_o(err_code), .key_bytes_o(key_bytes),
    .irq_o(irq_o)
  );
endmodule

`default_nettype wire
