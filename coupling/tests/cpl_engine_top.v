// SPDX-License-Identifier: Apache-2.0
// cpl_engine_top.v
// Bench top of the coupling tests: cpl_dispatch in front of the AES engine's hub (cpl_engine 1).
`default_nettype none

module cpl_engine_top #(
  parameter integer ARCH     = 0,
  parameter integer SBOX     = 1,
  parameter integer AEAD     = 0,
  parameter integer DMA_BITS = 32
) (
  input  wire                clk_i,
  input  wire                rst_ni,
  // MMIO target port
  input  wire                req_i,
  input  wire                we_i,
  input  wire [11:0]         addr_i,
  input  wire [31:0]         wdata_i,
  output wire [31:0]         rdata_o,
  // core-side coprocessor port
  input  wire                cpi_req_valid_i,
  output wire                cpi_req_ready_o,
  input  wire [31:0]         cpi_req_insn_i,
  input  wire [31:0]         cpi_req_rs1_i,
  input  wire [31:0]         cpi_req_rs2_i,
  output wire                cpi_rsp_valid_o,
  output wire [31:0]         cpi_rsp_data_o,
  output wire                cpi_rsp_err_o,
  // DMA word port of the unit
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
  output wire                noread_o,
  output wire                eng_busy_o,
  output wire                key_ready_o,
  output wire                err_o,
  output wire [3:0]          err_code_o,
  output wire                irq_o
);
  /* verilator lint_off UNUSEDSIGNAL */  // engines 2-5 are absent: never addressed
  wire [4:0]   unit_req;
  /* verilator lint_on UNUSEDSIGNAL */
  wire [31:0]  unit_insn, unit_rs1, unit_rs2;
  wire [4:0]   unit_rsp_valid, unit_rsp_err;
  wire [159:0] unit_rsp_data;
  /* verilator lint_off UNUSEDSIGNAL */
  wire         dreq_valid;
  wire [31:0]  dreq_insn, dreq_rs1, dreq_rs2;
  /* verilator lint_on UNUSEDSIGNAL */

  cpl_dispatch #(.ENGINES(5'b00001), .HAS_DMA(0)) u_disp (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .req_valid_i(cpi_req_valid_i), .req_ready_o(cpi_req_ready_o), .req_insn_i(cpi_req_insn_i),
    .req_rs1_i(cpi_req_rs1_i), .req_rs2_i(cpi_req_rs2_i), .rsp_valid_o(cpi_rsp_valid_o),
    .rsp_data_o(cpi_rsp_data_o), .rsp_err_o(cpi_rsp_err_o),
    .unit_req_o(unit_req), .unit_insn_o(unit_insn), .unit_rs1_o(unit_rs1),
    .unit_rs2_o(unit_rs2), .unit_rsp_valid_i(unit_rsp_valid), .unit_rsp_data_i(unit_rsp_data),
    .unit_rsp_err_i(unit_rsp_err),
    .dma_req_valid_o(dreq_valid), .dma_req_ready_i(1'b0), .dma_req_insn_o(dreq_insn),
    .dma_req_rs1_o(dreq_rs1), .dma_req_rs2_o(dreq_rs2), .dma_rsp_valid_i(1'b0),
    .dma_rsp_data_i(32'h0), .dma_rsp_err_i(1'b0)
  );
  assign unit_rsp_valid[4:1]   = 4'h0;
  assign unit_rsp_err[4:1]     = 4'h0;
  assign unit_rsp_data[159:32] = 128'h0;

  // the MMIO request reaches the unit a cycle later, as from the SoC crossbar's registered
  // accelerator request (soc_xbar), in program order with the instructions cpl_dispatch forwards
  reg        mreq_q, mwe_q;
  reg [11:0] maddr_q;
  reg [31:0] mwdata_q;
  always @(posedge clk_i) begin
    mreq_q   <= rst_ni && req_i;
    mwe_q    <= we_i;
    maddr_q  <= addr_i;
    mwdata_q <= wdata_i;
  end

  wire [7:0] key_bytes;
  cpl_engine #(.ENGINE(1), .AES_ARCH(ARCH), .AES_SBOX(SBOX), .AES_AEAD(AEAD),
               .DMA_BITS(DMA_BITS)) u_aes (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .req_i(mreq_q), .we_i(mwe_q), .addr_i(maddr_q), .wdata_i(mwdata_q), .rdata_o(rdata_o),
    .cpi_req_i(unit_req[0]), .cpi_insn_i(unit_insn), .cpi_rs1_i(unit_rs1),
    .cpi_rs2_i(unit_rs2), .cpi_rsp_valid_o(unit_rsp_valid[0]),
    .cpi_rsp_data_o(unit_rsp_data[31:0]), .cpi_rsp_err_o(unit_rsp_err[0]),
    .dma_own_i(dma_own_i), .dma_zeroize_i(1'b0), .dma_start_i(dma_start_i),
    .dma_cfg_i(dma_cfg_i),
    .dma_keyw_valid_i(dma_keyw_valid_i), .dma_keyw_data_i(dma_keyw_data_i),
    .dma_keyload_i(dma_keyload_i), .dma_in_valid_i(dma_in_valid_i),
    .dma_in_ready_o(dma_in_ready_o), .dma_in_data_i(dma_in_data_i),
    .dma_in_last_i(dma_in_last_i), .dma_in_bytes_i(dma_in_bytes_i),
    .dma_out_valid_o(dma_out_valid_o), .dma_out_ready_i(dma_out_ready_i),
    .dma_out_data_o(dma_out_data_o), .dma_out_last_o(dma_out_last_o),
    .partial_ok_o(partial_ok_o), .empty_ok_o(empty_ok_o), .noread_o(noread_o),
    .eng_busy_o(eng_busy_o),
    .key_ready_o(key_ready_o), .err_o(err_o), .err_code_o(err_code_o),
    .key_bytes_o(key_bytes), .irq_o(irq_o)
  );
  wire unused_key_bytes = ^key_bytes;  // the DMA's input, not benched here
endmodule

`default_nettype wire
