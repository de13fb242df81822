// SPDX-License-Identifier: Apache-2.0
// soc_intc.v
// Interrupt controller: per-line pending (latched, write-1-to-clear) and enable into irq_external.
`default_nettype none
`include "soc_memmap.vh"

// A line that is still high when its pending bit is cleared sets it again on the next cycle, so
// level sources behave as levels and one-cycle pulses are not lost.
module soc_intc #(
  parameter integer N = 8                 // number of lines (register width is 8 bits)
) (
  input  wire                   clk_i,
  input  wire                   rst_ni,
  input  wire                   req_i,
  input  wire                   we_i,
  input  wire [`CV_INTC_AW-1:0] addr_i,
  /* verilator lint_off UNUSEDSIGNAL */  // registers are N bits wide
  input  wire [31:0]            wdata_i,
  /* verilator lint_on UNUSEDSIGNAL */
  output wire [31:0]            rdata_o,
  input  wire [N-1:0]           irq_i,
  output wire                   irq_external_o
);
  reg [N-1:0] pending_q, pending_d;
  reg [N-1:0] enable_q, enable_d;
  reg [31:0]  rdata_q, rdata_d;

  wire wr = req_i && we_i;
  wire rd = req_i && !we_i;

  always @* begin
    pending_d = pending_q | irq_i;
    enable_d  = enable_q;
    rdata_d   = rdata_q;
    if (wr && addr_i == `CV_INTC_PENDING_OFFSET) pending_d = (pending_q & ~wdata_i[N-1:0]) | irq_i;
    if (wr && addr_i == `CV_INTC_ENABLE_OFFSET)  enable_d  = wdata_i[N-1:0];
    if (rd) begin
      case (addr_i)
        `CV_INTC_PENDING_OFFSET: rdata_d = {{(32-N){1'b0}}, pending_q};
        `CV_INTC_ENABLE_OFFSET:  rdata_d = {{(32-N){1'b0}}, enable_q};
        `CV_INTC_ACTIVE_OFFSET:  rdata_d = {{(32-N){1'b0}}, pending_q & enable_q};
        default:                 rdata_d = 32'h0;
      endcase
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      pending_q <= {N{1'b0}};
      enable_q  <= {N{1'b0}};
      rdata_q   <= 32'h0;
    end else begin
      pending_q <= pending_d;
      enable_q  <= enable_d;
      rdata_q   <= rdata_d;
    end
  end

  assign rdata_o        = rdata_q;
  assign irq_external_o = |(pending_q & enable_q);
endmodule

`default_nettype wire
