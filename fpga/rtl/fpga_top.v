// SPDX-License-Identifier: Apache-2.0
// fpga_top.v
// The SoC on an FPGA board: the default soc_top with its memories loaded at configuration, a
// reset released once the board's clock generator has locked, the UART at a fixed baud rate.
`default_nettype none

// The board wrapper (fpga/bitstream.py writes it per board) instantiates the PLL and this module;
// everything here runs on the PLL's clock. Reset: the PLL's lock signal, asynchronous to the
// clock, passes a two-flop synchroniser, and the SoC leaves reset RESET_CYCLES cycles after the
// lock is seen (flops start at 0 at configuration); a loss of lock resets the SoC again. The
// UART's bit period is set at reset (soc_top UART_DIV) to CLK_HZ / BAUD rounded, so the
// firmware needs no knowledge of the clock. LEDs: led_o[0] the SoC out of reset, led_o[1] the
// UART transmitting (the line low).
module fpga_top #(
  parameter integer CLK_HZ       = 55000000,  // the SoC clock (the PLL output), Hz
  parameter integer BAUD         = 115200,
  parameter integer RESET_CYCLES = 15,        // SoC reset after lock, cycles (< 16)
  parameter         IMEM_INIT    = "",        // program memory image ($readmemh words)
  parameter         DMEM_INIT    = ""         // data memory image
) (
  input  wire       clk_i,
  input  wire       pll_locked_i,
  input  wire       uart_rx_i,
  output wire       uart_tx_o,
  output wire [1:0] led_o
);
  localparam integer UART_DIV = (CLK_HZ + BAUD / 2) / BAUD;

  reg [1:0] lock_q;
  reg [3:0] rst_cnt_q;
  reg       rst_n_q;
  initial begin  // the values at configuration: the SoC in reset
    lock_q    = 2'b00;
    rst_cnt_q = 4'd0;
    rst_n_q   = 1'b0;
  end
  always @(posedge clk_i) begin
    lock_q <= {lock_q[0], pll_locked_i};
    if (!lock_q[1]) begin
      rst_cnt_q <= 4'd0;
      rst_n_q   <= 1'b0;
    end else if (rst_cnt_q != RESET_CYCLES[3:0]) begin
      rst_cnt_q <= rst_cnt_q + 4'd1;
    end else begin
      rst_n_q <= 1'b1;
    end
  end

  // The simulation-control outputs (exit code, character port) and the retire pulse have no
  // pin on a board.
  /* verilator lint_off UNUSEDSIGNAL */
  wire [15:0] uart_div;
  wire        sim_exit_valid, sim_putc_valid, retire;
  wire [31:0] sim_exit_code;
  wire [7:0]  sim_putc_char;
  /* verilator lint_on UNUSEDSIGNAL */

  soc_top #(
    .UART_DIV  (UART_DIV),
    .IMEM_INIT (IMEM_INIT),
    .DMEM_INIT (DMEM_INIT)
  ) u_soc (
    .clk_i            (clk_i),
    .rst_ni           (rst_n_q),
    .uart_tx_o        (uart_tx_o),
    .uart_rx_i        (uart_rx_i),
    .uart_div_o       (uart_div),
    .sim_exit_valid_o (sim_exit_valid),
    .sim_exit_code_o  (sim_exit_code),
    .sim_putc_valid_o (sim_putc_valid),
    .sim_putc_char_o  (sim_putc_char),
    .retire_o         (retire)
  );

  assign led_o = {~uart_tx_o, rst_n_q};
endmodule

`default_nettype wire
