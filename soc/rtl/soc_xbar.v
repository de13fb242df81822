// SPDX-License-Identifier: Apache-2.0
// soc_xbar.v
// Interconnect: the core's data port to imem port B, dmem port A, the peripherals and the
// accelerator MMIO windows; unmapped addresses answer with a bus error.
`default_nettype none
`include "soc_memmap.vh"

// Protocol on the target side: every target answers exactly one cycle after a request (read data
// registered in the target, writes take effect at the edge). Because of that fixed latency the
// crossbar keeps no queue and only remembers for one cycle which target answers (sel_q);
// back-to-back requests to different targets are fine. A target that needs wait states would
// have to add a gnt input here (see soc/README.md).
//
// The accelerator windows (the engines' coupling units and the DMA) get their requests from
// flip-flops of the crossbar, a cycle after the core's request (acc_*_o), so that no path runs
// from the core's address and data through the decode here into the units' register writes
// (coupling/README.md, "Timing"); the custom instructions reach the units through flip-flops of
// cpl_dispatch with the same delay, so the two kinds of access arrive in program order. A write
// is answered in the next cycle as usual (it takes effect a cycle later); a read is answered two
// cycles after its request, and the request after it waits a cycle (gnt_o low).
module soc_xbar #(
  parameter integer IMEM_BYTES = 65536,
  parameter integer DMEM_BYTES = 65536,
  parameter [5:0]   ACC_PRESENT = 6'h3f   // windows with a block behind them (else bus error)
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
  // accelerator windows (registered: a cycle after the core's request): one strobe, a one-hot
  // window select (aes, prince, present, chacha, sha3, dma in this order), the window offset and
  // write fields; an access to a window in no ACC_PRESENT bit is answered with a bus error
  output reg         acc_req_o,
  output reg  [5:0]  acc_sel_o,
  output reg  [11:0] acc_addr_o,
  output reg         acc_we_o,
  output reg  [31:0] acc_wdata_o,
  input  wire [31:0] acc_rdata_i
);
  localparam [2:0] T_NONE = 3'd0, T_IMEM = 3'd1, T_DMEM = 3'd2, T_SIMCTRL = 3'd3, T_UART = 3'd4,
                   T_TIMER = 3'd5, T_INTC = 3'd6, T_ACC = 3'd7;

  // Peripheral windows are aligned powers of two: compare the address bits above the window.
  function automatic hit(input [31:0] a, input [31:0] base, input integer aw);
    hit = ((a ^ base) >> aw) == 32'h0;
  endfunction

  wire [5:0] acc_hit = {hit(addr_i, `CV_DMA_BASE, `CV_DMA_AW),
                        hit(addr_i, `CV_SHA3_BASE, `CV_SHA3_AW),
                        hit(addr_i, `CV_CHACHA_BASE, `CV_CHACHA_AW),
                        hit(addr_i, `CV_PRESENT_BASE, `CV_PRESENT_AW),
                        hit(addr_i, `CV_PRINCE_BASE, `CV_PRINCE_AW),
                        hit(addr_i, `CV_AES_BASE, `CV_AES_AW)};

  reg [2:0] tgt;
  always @* begin
    tgt = T_NONE;
    if (hit(addr_i, `CV_IMEM_BASE, $clog2(IMEM_BYTES)))          tgt = T_IMEM;
    else if (hit(addr_i, `CV_DMEM_BASE, $clog2(DMEM_BYTES)))     tgt = T_DMEM;
    else if (hit(addr_i, `CV_SIMCTRL_BASE, `CV_SIMCTRL_AW))      tgt = T_SIMCTRL;
    else if (hit(addr_i, `CV_UART_BASE, `CV_UART_AW))            tgt = T_UART;
    else if (hit(addr_i, `CV_TIMER_BASE, `CV_TIMER_AW))          tgt = T_TIMER;
    else if (hit(addr_i, `CV_INTC_BASE, `CV_INTC_AW))            tgt = T_INTC;
    else if (acc_hit != 6'h0)                                    tgt = T_ACC;
  end

  reg [2:0] sel_q, sel_d;
  reg       rvalid_q, rvalid_d;
  reg       ard_q, ard2_q;          // an accelerator read was requested one / two cycles ago
  reg       aerr_q, aerr2_q;        // ... (or any access, for aerr_q) to an absent window

  wire take   = req_i && gnt_o;
  wire acc_t  = take && (tgt == T_ACC);
  wire absent = (acc_hit & ACC_PRESENT) == 6'h0;

  always @* begin
    rvalid_d = take;
    sel_d    = take ? tgt : sel_q;
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      rvalid_q  <= 1'b0;
      sel_q     <= T_NONE;
      ard_q     <= 1'b0;
      ard2_q    <= 1'b0;
      aerr_q    <= 1'b0;
      aerr2_q   <= 1'b0;
      acc_req_o <= 1'b0;
    end else begin
      rvalid_q  <= rvalid_d;
      sel_q     <= sel_d;
      ard_q     <= acc_t && !we_i;
      ard2_q    <= ard_q;
      aerr_q    <= acc_t && absent;
      aerr2_q   <= aerr_q;
      acc_req_o <= acc_t && !absent;
    end
  end

  // the registered accelerator request's fields load only with a request
  always @(posedge clk_i) begin
    if (acc_t) begin
      acc_sel_o   <= acc_hit;
      acc_addr_o  <= addr_i[11:0];
      acc_we_o    <= we_i;
      acc_wdata_o <= wdata_i;
    end
  end

  always @* begin
    if (ard2_q) rdata_o = acc_rdata_i;
    else case (sel_q)
      T_IMEM:    rdata_o = imem_rdata_i;
      T_DMEM:    rdata_o = dmem_rdata_i;
      T_SIMCTRL: rdata_o = simctrl_rdata_i;
      T_UART:    rdata_o = uart_rdata_i;
      T_TIMER:   rdata_o = timer_rdata_i;
      T_INTC:    rdata_o = intc_rdata_i;
      default:   rdata_o = 32'h0;
    endcase
  end

  // an accelerator read answers from ard2_q; meanwhile (ard_q) no request is taken
  assign gnt_o         = !ard_q;
  assign rvalid_o      = (rvalid_q && !ard_q) || ard2_q;
  assign err_o         = (rvalid_q && !ard_q && (sel_q == T_NONE || (sel_q == T_ACC && aerr_q))) ||
                         (ard2_q && aerr2_q);
  assign t_addr_o      = addr_i;
  assign t_we_o        = we_i;
  assign t_be_o        = be_i;
  assign t_wdata_o     = wdata_i;
  assign imem_req_o    = take && tgt == T_IMEM;
  assign dmem_req_o    = take && tgt == T_DMEM;
  assign simctrl_req_o = take && tgt == T_SIMCTRL;
  assign uart_req_o    = take && tgt == T_UART;
  assign timer_req_o   = take && tgt == T_TIMER;
  assign intc_req_o    = take && tgt == T_INTC;
endmodule

`default_nettype wire
