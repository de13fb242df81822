// SPDX-License-Identifier: Apache-2.0
// soc_timer.v
// Machine timer: 64-bit mtime (one tick per clock), mtimecmp, msip.
`default_nettype none
`include "soc_memmap.vh"

module soc_timer (
  input  wire                    clk_i,
  input  wire                    rst_ni,
  input  wire                    req_i,
  input  wire                    we_i,
  input  wire [`CV_TIMER_AW-1:0] addr_i,
  input  wire [31:0]             wdata_i,
  output wire [31:0]             rdata_o,    // valid the cycle after req_i
  output wire                    irq_timer_o,
  output wire                    irq_software_o
);
  reg [63:0] mtime_q, mtime_d;
  reg [63:0] cmp_q, cmp_d;
  reg [31:0] hi_latch_q, hi_latch_d;   // mtime[63:32] captured when MTIME_LO is read
  reg        msip_q, msip_d;
  reg [31:0] rdata_q, rdata_d;

  wire wr = req_i && we_i;
  wire rd = req_i && !we_i;

  always @* begin
    mtime_d    = mtime_q + 64'd1;
    cmp_d      = cmp_q;
    hi_latch_d = hi_latch_q;
    msip_d     = msip_q;
    rdata_d    = rdata_q;
    if (wr) begin
      case (addr_i)
        `CV_TIMER_MTIME_LO_OFFSET:    mtime_d[31:0]  = wdata_i;
        `CV_TIMER_MTIME_HI_OFFSET:    mtime_d[63:32] = wdata_i;
        `CV_TIMER_MTIMECMP_LO_OFFSET: cmp_d[31:0]    = wdata_i;
        `CV_TIMER_MTIMECMP_HI_OFFSET: cmp_d[63:32]   = wdata_i;
        `CV_TIMER_MSIP_OFFSET:        msip_d         = wdata_i[0];
        default: ;
      endcase
    end
    if (rd) begin
      case (addr_i)
        `CV_TIMER_MTIME_LO_OFFSET: begin
          rdata_d    = mtime_q[31:0];
          hi_latch_d = mtime_q[63:32];
        end
        `CV_TIMER_MTIME_HI_OFFSET:    rdata_d = hi_latch_q;
        `CV_TIMER_MTIMECMP_LO_OFFSET: rdata_d = cmp_q[31:0];
        `CV_TIMER_MTIMECMP_HI_OFFSET: rdata_d = cmp_q[63:32];
        `CV_TIMER_MSIP_OFFSET:        rdata_d = {31'h0, msip_q};
        default:                      rdata_d = 32'h0;
      endcase
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      mtime_q    <= 64'h0;
      cmp_q      <= {`CV_TIMER_MTIMECMP_HI_RESET, `CV_TIMER_MTIMECMP_LO_RESET};
      hi_latch_q <= 32'h0;
      msip_q     <= 1'b0;
      rdata_q    <= 32'h0;
    end else begin
      mtime_q    <= mtime_d;
      cmp_q      <= cmp_d;
      hi_latch_q <= hi_latch_d;
      msip_q     <= msip_d;
      rdata_q    <= rdata_d;
    end
  end

  assign rdata_o        = rdata_q;
  assign irq_timer_o    = (mtime_q >= cmp_q);
  assign irq_software_o = msip_q;
endmodule

`default_nettype wire
