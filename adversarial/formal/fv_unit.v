// SPDX-License-Identifier: Apache-2.0
// fv_unit.v: formal properties of coupling/rtl/cpl_unit.v's input staging, the part that feeds an
// engine from MMIO writes, instructions and DMA beats. Every input is free: the bus, the
// instruction port (operations, operands), the DMA's port and strobes, and the engine's answers
// (in_ready, busy, out_valid, ...). Asserted, for every input sequence:
//   - a block offered to the engine (in_valid) stays offered with the same data, last flag and
//     byte count until the engine takes it (in_ready) or a zeroize drops it (the DMA's acts in its
//     cycle; the CPU's clears the unit in its cycle and reaches the engine, eng_zeroize_o, in
//     the next, the cycle in which the offer is gone): no write of a later
//     block, whatever its source and timing, reaches a block in flight (the staging register is
//     loaded from the collecting one a cycle late after a short DATAL: that move too);
//   - STATUS.IN_READY reads low whenever the staging register is not free.
// Covered: a short block ended by DATAL (word pair 0 of a 128-bit block) is offered two cycles
// after the instruction (one with IN_BUFS = 1, where the block is offered from where it is
// collected), and a block waits for the engine for several cycles. unit.sby runs both builds.
`default_nettype none
`include "soc_memmap.vh"
module fv_unit #(
  parameter integer IN_BUFS = 2
) (
  input wire         clk_i,
  input wire         rst_ni,
  input wire         req_i,
  input wire         we_i,
  input wire [11:0]  addr_i,
  input wire [31:0]  wdata_i,
  input wire         cpi_req_i,
  input wire [31:0]  cpi_insn_i,
  input wire [31:0]  cpi_rs1_i,
  input wire [31:0]  cpi_rs2_i,
  input wire         dma_own_i,
  input wire         dma_zeroize_i,
  input wire         dma_start_i,
  input wire [31:0]  dma_cfg_i,
  input wire         dma_keyw_valid_i,
  input wire [31:0]  dma_keyw_data_i,
  input wire         dma_keyload_i,
  input wire         dma_in_valid_i,
  input wire [31:0]  dma_in_data_i,
  input wire         dma_in_last_i,
  input wire [7:0]   dma_in_bytes_i,
  input wire         dma_out_ready_i,
  input wire         eng_key_ready_i,
  input wire [127:0] eng_iv_i,
  input wire         eng_in_ready_i,
  input wire         eng_out_valid_i,
  input wire [127:0] eng_out_data_i,
  input wire         eng_out_last_i,
  input wire         eng_busy_i,
  input wire         eng_err_i,
  input wire [3:0]   eng_err_code_i
);
  wire         in_valid, in_last, zeroize;
  wire [127:0] in_data;
  wire [7:0]   in_bytes;
  wire [31:0]  rdata;

  cpl_unit #(.ENGINE(1), .BLOCK_BITS(128), .KEY_BITS(128), .IV_BITS(128), .CFG_BITS(8),
             .DMA_BITS(32), .MODE_LSB(0), .MODE_W(3), .PARTIAL_MODES(32'h1c),
             .IN_BUFS(IN_BUFS)) dut (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .req_i(req_i), .we_i(we_i), .addr_i(addr_i), .wdata_i(wdata_i), .rdata_o(rdata),
    .cpi_req_i(cpi_req_i), .cpi_insn_i(cpi_insn_i), .cpi_rs1_i(cpi_rs1_i),
    .cpi_rs2_i(cpi_rs2_i), .cpi_rsp_valid_o(), .cpi_rsp_data_o(), .cpi_rsp_err_o(),
    .dma_own_i(dma_own_i), .dma_zeroize_i(dma_zeroize_i), .dma_start_i(dma_start_i),
    .dma_cfg_i(dma_cfg_i), .dma_keyw_valid_i(dma_keyw_valid_i),
    .dma_keyw_data_i(dma_keyw_data_i), .dma_keyload_i(dma_keyload_i),
    .dma_in_valid_i(dma_in_valid_i), .dma_in_ready_o(), .dma_in_data_i(dma_in_data_i),
    .dma_in_last_i(dma_in_last_i), .dma_in_bytes_i(dma_in_bytes_i),
    .dma_out_valid_o(), .dma_out_ready_i(dma_out_ready_i), .dma_out_data_o(),
    .dma_out_last_o(), .partial_ok_o(), .empty_ok_o(), .noread_o(), .eng_busy_o(),
    .key_ready_o(), .err_o(), .err_code_o(), .irq_o(),
    .eng_zeroize_o(zeroize), .eng_cfg_o(), .eng_start_o(), .eng_key_o(), .eng_key_valid_o(),
    .eng_key_ready_i(eng_key_ready_i), .eng_iv_o(), .eng_iv_valid_o(), .eng_iv_i(eng_iv_i),
    .eng_in_valid_o(in_valid), .eng_in_ready_i(eng_in_ready_i), .eng_in_data_o(in_data),
    .eng_in_last_o(in_last), .eng_in_bytes_o(in_bytes),
    .eng_out_valid_i(eng_out_valid_i), .eng_out_ready_o(), .eng_out_data_i(eng_out_data_i),
    .eng_out_last_i(eng_out_last_i), .eng_busy_i(eng_busy_i), .eng_err_i(eng_err_i),
    .eng_err_code_i(eng_err_code_i)
  );

  reg f_past = 1'b0;
  always @(posedge clk_i) f_past <= 1'b1;
  always @* if (!f_past) assume (!rst_ni);

  // the previous cycle's offer, kept by the wrapper (no $past: one register per quantity)
  reg         held_q;      // a block was offered, not taken, not zeroized, not in reset
  reg [127:0] hdata_q;
  reg         hlast_q;
  reg [7:0]   hbytes_q;
  always @(posedge clk_i) begin
    held_q   <= rst_ni && in_valid && !eng_in_ready_i && !zeroize;
    hdata_q  <= in_data;
    hlast_q  <= in_last;
    hbytes_q <= in_bytes;
  end
  always @* if (f_past && rst_ni && held_q && !zeroize) begin
    assert (in_valid);
    assert (in_data == hdata_q);
    assert (in_last == hlast_q);
    assert (in_bytes == hbytes_q);
  end

  // STATUS (offset 0x010) is read a cycle after its request: IN_READY (bit 2) low while the
  // staging register holds or is about to hold a block
  reg st_rd_q, busy_stage_q;
  always @(posedge clk_i) begin
    st_rd_q      <= rst_ni && req_i && !we_i && addr_i[11:2] == 10'd4;
    busy_stage_q <= in_valid;
  end
  always @* if (f_past && rst_ni && st_rd_q && busy_stage_q) assert (!rdata[2]);

  // cover: a DATAL of word pair 0 (a short 128-bit block) offered two cycles later (one with a
  // single buffer), and a block that waits three cycles for the engine
  wire datal = cpi_req_i && cpi_insn_i[28:25] == `CV_CPI_OP_DATAL &&
               cpi_insn_i[14:12] == `CV_CPI_F3_DATAL;
  reg [1:0] dl_q;
  reg [2:0] wait_q;
  always @(posedge clk_i) begin
    dl_q   <= {dl_q[0], rst_ni && datal && !in_valid && !dma_own_i && !req_i};
    wait_q <= (rst_ni && held_q) ? wait_q + 3'd1 : 3'd0;
  end
  always @(posedge clk_i) if (f_past && rst_ni) begin
    cover (((IN_BUFS == 1) ? dl_q[0] : (dl_q[1] && !dl_q[0])) && in_valid && in_bytes != 8'd16);
    cover (wait_q == 3'd3);
  end
endmodule
`default_nettype wire
