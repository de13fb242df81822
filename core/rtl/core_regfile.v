// SPDX-License-Identifier: Apache-2.0
// core_regfile.v
// Register file: 31 x 32-bit flops (x0 reads zero), two asynchronous read ports, one write port.
`default_nettype none

module core_regfile (
  input  wire        clk_i,
  input  wire        rst_ni,
  input  wire [4:0]  raddr_a_i,
  input  wire        zero_a_i,     // port A reads 0 (as for x0) whatever raddr_a_i says
  output wire [31:0] rdata_a_o,
  input  wire [4:0]  raddr_b_i,
  output wire [31:0] rdata_b_o,
  input  wire        we_i,
  input  wire [4:0]  waddr_i,
  input  wire [31:0] wdata_i
);
  reg [31:0] regs_q [1:31];

  // The write port is read through in the same cycle (WB writes while ID reads), so ID never
  // needs a separate forwarding path from WB. zero_a_i joins the x0 condition (one signal for
  // all bits): the read address stays the instruction's field straight from its flops, which
  // lets iCE40 synthesis put the registers into block RAM (a read address behind logic would
  // make them flip-flops there).
  assign rdata_a_o = (raddr_a_i == 5'd0 || zero_a_i) ? 32'd0 :
                     (we_i && waddr_i == raddr_a_i) ? wdata_i : regs_q[raddr_a_i];
  assign rdata_b_o = (raddr_b_i == 5'd0) ? 32'd0 :
                     (we_i && waddr_i == raddr_b_i) ? wdata_i : regs_q[raddr_b_i];

  // No reset: software initialises the registers it uses (riscv convention); rst_ni is unused.
  /* verilator lint_off UNUSEDSIGNAL */
  wire unused_rst = rst_ni;
  /* verilator lint_on UNUSEDSIGNAL */

  always @(posedge clk_i) begin
    if (we_i && waddr_i != 5'd0) regs_q[waddr_i] <= wdata_i;
  end
endmodule

`default_nettype wire
