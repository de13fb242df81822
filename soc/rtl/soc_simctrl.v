// SPDX-License-Identifier: Apache-2.0
// soc_simctrl.v
// Simulation control: exit-code register (ends the run) and direct character output.
`default_nettype none
`include "soc_memmap.vh"

// The harness (Verilator C++ or the Icarus testbench) watches exit_valid_o and putc_valid_o; on
// silicon these outputs would simply be left unconnected. Registers are write-only; reads give 0.
module soc_simctrl (
  input  wire                      clk_i,
  input  wire                      rst_ni,
  input  wire                      req_i,
  input  wire                      we_i,
  input  wire [`CV_SIMCTRL_AW-1:0] addr_i,
  input  wire [31:0]               wdata_i,
  output wire [31:0]               rdata_o,
  output wire                      exit_valid_o,
  output wire [31:0]               exit_code_o,
  output wire                      putc_valid_o,
  output wire [7:0]                putc_char_o
);
  reg        exit_valid_q, exit_valid_d;
  reg [31:0] exit_code_q, exit_code_d;
  reg        putc_valid_q, putc_valid_d;
  reg [7:0]  putc_char_q, putc_char_d;

  always @* begin
    exit_valid_d = 1'b0;
    exit_code_d  = exit_code_q;
    putc_valid_d = 1'b0;
    putc_char_d  = putc_char_q;
    if (req_i && we_i && addr_i == `CV_SIMCTRL_EXIT_OFFSET) begin
      exit_valid_d = 1'b1;
      exit_code_d  = wdata_i;
    end
    if (req_i && we_i && addr_i == `CV_SIMCTRL_PUTC_OFFSET) begin
      putc_valid_d = 1'b1;
      putc_char_d  = wdata_i[7:0];
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      exit_valid_q <= 1'b0;
      exit_code_q  <= 32'h0;
      putc_valid_q <= 1'b0;
      putc_char_q  <= 8'h0;
    end else begin
      exit_valid_q <= exit_valid_d;
      exit_code_q  <= exit_code_d;
      putc_valid_q <= putc_valid_d;
      putc_char_q  <= putc_char_d;
    end
  end

  assign rdata_o      = 32'h0;
  assign exit_valid_o = exit_valid_q;
  assign exit_code_o  = exit_code_q;
  assign putc_valid_o = putc_valid_q;
  assign putc_char_o  = putc_char_q;
endmodule

`default_nettype wire
