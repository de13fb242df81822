// SPDX-License-Identifier: Apache-2.0
// soc_fifo.v
// Small synchronous FIFO (first-word fall-through), used by the UART.
`default_nettype none

module soc_fifo #(
  parameter integer WIDTH = 8,
  parameter integer DEPTH = 16     // power of two
) (
  input  wire             clk_i,
  input  wire             rst_ni,
  input  wire             flush_i,
  input  wire             push_i,    // ignored when full
  input  wire [WIDTH-1:0] wdata_i,
  input  wire             pop_i,     // ignored when empty
  output wire [WIDTH-1:0] rdata_o,   // head entry, valid while !empty_o
  output wire             empty_o,
  output wire             full_o
);
  localparam integer PW = $clog2(DEPTH);

  reg [WIDTH-1:0] mem_q [0:DEPTH-1];
  // Pointers carry one extra bit so that full and empty differ by that bit alone.
  reg [PW:0] wr_q, wr_d, rd_q, rd_d;

  wire do_push = push_i && !full_o;
  wire do_pop  = pop_i && !empty_o;

  assign empty_o = (wr_q == rd_q);
  assign full_o  = (wr_q[PW] != rd_q[PW]) && (wr_q[PW-1:0] == rd_q[PW-1:0]);
  assign rdata_o = mem_q[rd_q[PW-1:0]];

  always @* begin
    wr_d = wr_q;
    rd_d = rd_q;
    if (flush_i) begin
      rd_d = wr_q;
    end else begin
      if (do_push) wr_d = wr_q + 1'b1;
      if (do_pop)  rd_d = rd_q + 1'b1;
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      wr_q <= {(PW+1){1'b0}};
      rd_q <= {(PW+1){1'b0}};
    end else begin
      wr_q <= wr_d;
      rd_q <= rd_d;
    end
  end

  always @(posedge clk_i) begin
    if (do_push && !flush_i) mem_q[wr_q[PW-1:0]] <= wdata_i;
  end
endmodule

`default_nettype wire
