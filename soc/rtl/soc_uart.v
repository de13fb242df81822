// SPDX-License-Identifier: Apache-2.0
// soc_uart.v
// UART 8N1 with TX and RX FIFOs, a programmable bit period and one interrupt line.
`default_nettype none
`include "soc_memmap.vh"

module soc_uart #(
  parameter integer FIFO_DEPTH = 16,
  parameter integer DIV_RESET  = 4        // clock cycles per bit after reset
) (
  input  wire                   clk_i,
  input  wire                   rst_ni,
  input  wire                   req_i,
  input  wire                   we_i,
  input  wire [`CV_UART_AW-1:0] addr_i,
  /* verilator lint_off UNUSEDSIGNAL */  // registers are at most 16 bits wide
  input  wire [31:0]            wdata_i,
  /* verilator lint_on UNUSEDSIGNAL */
  output wire [31:0]            rdata_o,    // valid the cycle after req_i
  output wire                   tx_o,
  input  wire                   rx_i,
  output wire [15:0]            div_o,      // current bit period, for simulation line agents
  output wire                   irq_o
);
  localparam [1:0] RX_IDLE = 2'd0, RX_START = 2'd1, RX_DATA = 2'd2, RX_STOP = 2'd3;

  wire wr = req_i && we_i;
  wire rd = req_i && !we_i;

  // ---------------------------------------------------------------- registers
  reg [15:0] div_q, div_d;
  reg [1:0]  ie_q, ie_d;
  reg        ovf_q, ovf_d;
  reg [31:0] rdata_q, rdata_d;

  // ---------------------------------------------------------------- FIFOs
  wire [7:0] txf_rdata, rxf_rdata;
  wire       txf_empty, txf_full, rxf_empty, rxf_full;
  reg        txf_pop, rxf_push, rxf_pop, rxf_flush;
  reg [7:0]  rxf_wdata;

  soc_fifo #(.WIDTH(8), .DEPTH(FIFO_DEPTH)) u_txf (
    .clk_i(clk_i), .rst_ni(rst_ni), .flush_i(1'b0),
    .push_i(wr && addr_i == `CV_UART_TXDATA_OFFSET), .wdata_i(wdata_i[7:0]),
    .pop_i(txf_pop), .rdata_o(txf_rdata), .empty_o(txf_empty), .full_o(txf_full)
  );

  soc_fifo #(.WIDTH(8), .DEPTH(FIFO_DEPTH)) u_rxf (
    .clk_i(clk_i), .rst_ni(rst_ni), .flush_i(rxf_flush),
    .push_i(rxf_push), .wdata_i(rxf_wdata),
    .pop_i(rxf_pop), .rdata_o(rxf_rdata), .empty_o(rxf_empty), .full_o(rxf_full)
  );

  // ---------------------------------------------------------------- transmitter
  // The frame {stop, data, start} shifts out LSB first; tx_bits counts what is left.
  reg [9:0]  tx_shift_q, tx_shift_d;
  reg [3:0]  tx_bits_q, tx_bits_d;
  reg [15:0] tx_cnt_q, tx_cnt_d;

  always @* begin
    tx_shift_d = tx_shift_q;
    tx_bits_d  = tx_bits_q;
    tx_cnt_d   = tx_cnt_q;
    txf_pop    = 1'b0;
    if (tx_bits_q == 4'd0) begin
      if (!txf_empty) begin
        txf_pop    = 1'b1;
        tx_shift_d = {1'b1, txf_rdata, 1'b0};
        tx_bits_d  = 4'd10;
        tx_cnt_d   = div_q - 16'd1;
      end
    end else if (tx_cnt_q == 16'd0) begin
      tx_shift_d = {1'b1, tx_shift_q[9:1]};
      tx_bits_d  = tx_bits_q - 4'd1;
      tx_cnt_d   = div_q - 16'd1;
    end else begin
      tx_cnt_d = tx_cnt_q - 16'd1;
    end
  end

  // ---------------------------------------------------------------- receiver
  // Two-flop synchroniser, then sampling in the middle of each bit: the start bit is checked
  // div/2 cycles after its falling edge, each following bit one period later.
  reg [1:0]  rx_sync_q;
  reg [1:0]  rx_state_q, rx_state_d;
  reg [15:0] rx_cnt_q, rx_cnt_d;
  reg [2:0]  rx_bit_q, rx_bit_d;
  reg [7:0]  rx_shift_q, rx_shift_d;
  wire       rx_in = rx_sync_q[1];

  always @* begin
    rx_state_d = rx_state_q;
    rx_cnt_d   = rx_cnt_q;
    rx_bit_d   = rx_bit_q;
    rx_shift_d = rx_shift_q;
    rxf_push   = 1'b0;
    rxf_wdata  = rx_shift_q;
    case (rx_state_q)
      RX_IDLE: begin
        if (!rx_in) begin
          rx_bit_d = 3'd0;
          if (div_q[15:1] == 15'd0) begin
            rx_state_d = RX_DATA;          // period 1: the start bit is sampled right now
            rx_cnt_d   = div_q - 16'd1;
          end else begin
            rx_state_d = RX_START;
            rx_cnt_d   = {1'b0, div_q[15:1]} - 16'd1;
          end
        end
      end
      RX_START: begin
        if (rx_cnt_q != 16'd0) begin
          rx_cnt_d = rx_cnt_q - 16'd1;
        end else if (!rx_in) begin
          rx_state_d = RX_DATA;
          rx_cnt_d   = div_q - 16'd1;
        end else begin
          rx_state_d = RX_IDLE;            // a glitch, not a start bit
        end
      end
      RX_DATA: begin
        if (rx_cnt_q != 16'd0) begin
          rx_cnt_d = rx_cnt_q - 16'd1;
        end else begin
          rx_shift_d = {rx_in, rx_shift_q[7:1]};
          rx_bit_d   = rx_bit_q + 3'd1;
          rx_cnt_d   = div_q - 16'd1;
          if (rx_bit_q == 3'd7) rx_state_d = RX_STOP;
        end
      end
      default: begin  // RX_STOP
        if (rx_cnt_q != 16'd0) begin
          rx_cnt_d = rx_cnt_q - 16'd1;
        end else begin
          rxf_push   = rx_in;              // a missing stop bit drops the byte (framing error)
          rx_state_d = RX_IDLE;
        end
      end
    endcase
  end

  // ---------------------------------------------------------------- register interface
  wire [31:0] status = {26'h0, ovf_q, rxf_full, !rxf_empty,
                        txf_empty && tx_bits_q == 4'd0, txf_full, txf_empty};

  always @* begin
    div_d     = div_q;
    ie_d      = ie_q;
    ovf_d     = ovf_q || (rxf_push && rxf_full);
    rdata_d   = rdata_q;
    rxf_pop   = 1'b0;
    rxf_flush = 1'b0;
    if (wr) begin
      case (addr_i)
        `CV_UART_DIV_OFFSET: div_d = (wdata_i[15:0] == 16'd0) ? 16'd1 : wdata_i[15:0];
        `CV_UART_IE_OFFSET:  ie_d  = wdata_i[1:0];
        `CV_UART_CTRL_OFFSET: begin
          if (wdata_i[`CV_UART_CTRL_CLROVF_LSB]) ovf_d = 1'b0;
          rxf_flush = wdata_i[`CV_UART_CTRL_RXFLUSH_LSB];
        end
        default: ;
      endcase
    end
    if (rd) begin
      case (addr_i)
        `CV_UART_RXDATA_OFFSET: begin
          rdata_d = {rxf_empty, 23'h0, rxf_rdata};
          rxf_pop = 1'b1;
        end
        `CV_UART_STATUS_OFFSET: rdata_d = status;
        `CV_UART_DIV_OFFSET:    rdata_d = {16'h0, div_q};
        `CV_UART_IE_OFFSET:     rdata_d = {30'h0, ie_q};
        default:                rdata_d = 32'h0;
      endcase
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      div_q      <= DIV_RESET[15:0];
      ie_q       <= 2'b00;
      ovf_q      <= 1'b0;
      rdata_q    <= 32'h0;
      tx_shift_q <= 10'h3ff;
      tx_bits_q  <= 4'd0;
      tx_cnt_q   <= 16'd0;
      rx_sync_q  <= 2'b11;
      rx_state_q <= RX_IDLE;
      rx_cnt_q   <= 16'd0;
      rx_bit_q   <= 3'd0;
      rx_shift_q <= 8'h0;
    end else begin
      div_q      <= div_d;
      ie_q       <= ie_d;
      ovf_q      <= ovf_d;
      rdata_q    <= rdata_d;
      tx_shift_q <= tx_shift_d;
      tx_bits_q  <= tx_bits_d;
      tx_cnt_q   <= tx_cnt_d;
      rx_sync_q  <= {rx_sync_q[0], rx_i};
      rx_state_q <= rx_state_d;
      rx_cnt_q   <= rx_cnt_d;
      rx_bit_q   <= rx_bit_d;
      rx_shift_q <= rx_shift_d;
    end
  end

  assign rdata_o = rdata_q;
  assign tx_o  = (tx_bits_q == 4'd0) ? 1'b1 : tx_shift_q[0];
  assign div_o = div_q;
  assign irq_o = (ie_q[0] && txf_empty) || (ie_q[1] && !rxf_empty);
endmodule

`default_nettype wire
