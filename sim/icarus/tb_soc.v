// SPDX-License-Identifier: Apache-2.0
// tb_soc.v
// Icarus Verilog testbench top for the SoC: the same image loading (+imem=, +dmem= $readmemh
// plusargs) and the same end-of-run contract as the Verilator harness, as a cross-check.
`default_nettype none
`timescale 1ns / 1ps

// Prints the UART TX stream (decoded from the serial line) and simctrl characters, then on
// simctrl.EXIT the line "EXIT <code> CYCLES <n> INSTRET <n>"; "TIMEOUT" after +max_cycles=N.
module tb_soc;
  reg         clk = 1'b0;
  reg         rst_n = 1'b0;
  wire        uart_tx;
  wire [15:0] uart_div;
  wire        exit_valid, putc_valid, retire;
  wire [31:0] exit_code;
  wire [7:0]  putc_char;

  soc_top u_soc (
    .clk_i            (clk),
    .rst_ni           (rst_n),
    .uart_tx_o        (uart_tx),
    .uart_rx_i        (1'b1),
    .uart_div_o       (uart_div),
    .sim_exit_valid_o (exit_valid),
    .sim_exit_code_o  (exit_code),
    .sim_putc_valid_o (putc_valid),
    .sim_putc_char_o  (putc_char),
    .retire_o         (retire)
  );

  always #5 clk = ~clk;

  reg [63:0] cycles = 64'd0;
  reg [63:0] instret = 64'd0;
  reg [63:0] max_cycles = 64'd0;
  // +trace: "@R <cycle> <pc>" and a newline per retired instruction (tools/branch_profile.py)
  reg        trace_en = 1'b0;

  initial begin
    if (!$value$plusargs("max_cycles=%d", max_cycles)) max_cycles = 64'd10000000;
    trace_en = $test$plusargs("trace");
    repeat (4) @(posedge clk);
    rst_n <= 1'b1;
  end

  // UART line decoder: sample the middle of each bit at the SoC's current bit period.
  integer    rx_cnt = 0;
  integer    rx_bit = 0;
  reg        rx_busy = 1'b0;
  reg [7:0]  rx_shift = 8'h0;

  always @(posedge clk) begin
    if (rst_n) cycles <= cycles + 64'd1;  // edges out of reset, as the Verilator harness counts
    if (retire) instret <= instret + 64'd1;
    if (retire && trace_en) $display("@R %0d %h", cycles, u_soc.u_core.wb_pc_q);
    if (putc_valid) $write("%c", putc_char);
    if (!rx_busy) begin
      if (rst_n && !uart_tx) begin
        rx_busy <= 1'b1;
        rx_bit  <= 0;
        rx_cnt  <= uart_div + uart_div / 2 - 1;
      end
    end else if (rx_cnt != 0) begin
      rx_cnt <= rx_cnt - 1;
    end else if (rx_bit < 8) begin
      rx_shift <= {uart_tx, rx_shift[7:1]};
      rx_bit   <= rx_bit + 1;
      rx_cnt   <= uart_div - 1;
    end else begin
      rx_busy <= 1'b0;
      if (uart_tx) $write("%c", rx_shift);
    end
    if (exit_valid) begin
      $display("EXIT %0d CYCLES %0d INSTRET %0d", exit_code, cycles,
               instret + {63'd0, retire});
      $finish;
    end
    if (cycles >= max_cycles) begin
      $display("TIMEOUT after %0d cycles", cycles);
      $finish;
    end
  end
endmodule

`default_nettype wire
