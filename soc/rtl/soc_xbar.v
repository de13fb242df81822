// SPDX-License-Identifier: Apache-2.0
// soc_xbar.v
// Interconnect: the core's data port to imem port B, dmem port A, the peripherals and the
// accelerator MMIO windows; unmapped addresses answer with a bus error.
`default_nettype none
`include "soc_memmap.vh"

// Protocol on the target side: every target answers exactly one cycle after a request (read data
// registered in the target, writes take effect at the edge). Because of that fixed latency the
// crossbar grants every request at once, keeps no queue, and only remembers for one cycle which
// target answers (sel_q); back-to-back requests to different targets are fine. A target that
// needs wait states would have to add a gnt input here (see soc/README.md).
module soc_xbar #(
  parameter integer IMEM_BYTES = 65536,
  parameter integer DMEM_BYTES = 65536
) (
  input  wire        clk_i,
  input  wire        rst_ni,
  // core data port (OBI subset, docs/ARCHITECTURE.md)
  input  wire        req_i,
  output wire        gnt_o,
  input  wire [31:0] addr_i,
  input  wire        we_i,
  input  wire [3:0]  be_i,
  input  wire [31:0] wdata_i,
  output wire        rvalid_o,
  output reg  [31:0] rdata_o,
  output wire        err_o,
  // shared request fields for every target
  output wire [31:0] t_addr_o,
  output wire        t_we_o,
  output wire [3:0]  t_be_o,
  output wire [31:0] t_wdata_o,
  // per-target request strobes and read data (read data valid the cycle after the strobe)
  output wire        imem_req_o,
  input  wire [31:0] imem_rdata_i,
  output wire        dmem_req_o,
  input  wire [31:0] dmem_rdata_i,
  output wire        simctrl_req_o,
  input  wire [31:0] simctrl_rdata_i,
  output wire        uart_req_o,
  input  wire [31:0] uart_rdata_i,
  output wire        timer_req_o,
  input  wire [31:0] timer_rdata_i,
  output wire        intc_req_o,
  input  wire [31:0] intc_rdata_i,
  // accelerator windows: one strobe, a one-hot window select (aes, prince, present, chacha,
  // sha3, dma in this order) and an error answer so an absent engine can refuse the access
  output wire        acc_req_o,
  output wire [5:0]  acc_sel_o,
  input  wire [31:0] acc_rdata_i,
  input  wire        acc_err_i
);
  localparam [2:0] T_NONE = 3'd0, T_IMEM = 3'd1, T_DMEM = 3'd2, T_SIMCTRL = 3'd3, T_UART = 3'd4,
                   T_TIMER = 3'd5, T_INTC = 3'd6, T_ACC = 3'd7;

  // Peripheral windows are aligned powers of two: compare the address bits above the window.
  function automatic hit(input [31:0] a, input [31:0] base, input integer aw);
    hit = ((a ^ base) >> aw) == 32'h0;
  endfunction

  wire [31:0] dmem_off = addr_i - `CV_DMEM_BASE;
  wire [5:0] acc_hit = {hit(addr_i, `CV_DMA_BASE, `CV_DMA_AW),
                        hit(addr_i, `CV_SHA3_BASE, `CV_SHA3_AW),
                        hit(addr_i, `CV_CHACHA_BASE, `CV_CHACHA_AW),
                        hit(addr_i, `CV_PRESENT_BASE, `CV_PRESENT_AW),
                        hit(addr_i, `CV_PRINCE_BASE, `CV_PRINCE_AW),
                        hit(addr_i, `CV_AES_BASE, `CV_AES_AW)};

  reg [2:0] tgt;
  always @* begin
    tgt = T_NONE;
    if (addr_i - `CV_IMEM_BASE < IMEM_BYTES)                     tgt = T_IMEM;
    else if (dmem_off < DMEM_BYTES)                              tgt = T_DMEM;
    else if (hit(addr_i, `CV_SIMCTRL_BASE, `CV_SIMCTRL_AW))      tgt = T_SIMCTRL;
    else if (hit(addr_i, `CV_UART_BASE, `CV_UART_AW))            tgt = T_UART;
    else if (hit(addr_i, `CV_TIMER_BASE, `CV_TIMER_AW))          tgt = T_TIMER;
    else if (hit(addr_i, `CV_INTC_BASE, `CV_INTC_AW))            tgt = T_INTC;
    else if (acc_hit != 6'h0)                                    tgt = T_ACC;
  end

  reg [2:0] sel_q, sel_d;
  reg       rvalid_q, rvalid_d;

  always @* begin
    rvalid_d = req_i;
    sel_d    = req_i ? tgt : sel_q;
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      rvalid_q <= 1'b0;
      sel_q    <= T_NONE;
    end else begin
      rvalid_q <= rvalid_d;
      sel_q    <= sel_d;
    end
  end

  always @* begin
    case (sel_q)
      T_IMEM:    rdata_o = imem_rdata_i;
      T_DMEM:    rdata_o = dmem_rdata_i;
      T_SIMCTRL: rdata_o = simctrl_rdata_i;
      T_UART:    rdata_o = uart_rdata_i;
      T_TIMER:   rdata_o = timer_rdata_i;
      T_INTC:    rdata_o = intc_rdata_i;
      T_ACC:     rdata_o = acc_rdata_i;
      default:   rdata_o = 32'h0;
    endcase
  end

  assign gnt_o         = 1'b1;
  assign rvalid_o      = rvalid_q;
  assign err_o         = rvalid_q && (sel_q == T_NONE || (sel_q == T_ACC && acc_err_i));
  assign t_addr_o      = addr_i;
  assign t_we_o        = we_i;
  assign t_be_o        = be_i;
  assign t_wdata_o     = wdata_i;
  assign imem_req_o    = req_i && tgt == T_IMEM;
  assign dmem_req_o    = req_i && tgt == T_DMEM;
  assign simctrl_req_o = req_i && tgt == T_SIMCTRL;
  assign uart_req_o    = req_i && tgt == T_UART;
  assign timer_req_o   = req_i && tgt == T_TIMER;
  assign intc_req_o    = req_i && tgt == T_INTC;
  assign acc_req_o     = req_i && tgt == T_ACC;
  assign acc_sel_o     = acc_hit;
endmodule

`default_nettype wire
