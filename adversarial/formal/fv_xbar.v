// SPDX-License-Identifier: Apache-2.0
// fv_xbar.v: formal properties of soc/rtl/soc_xbar.v, the SoC interconnect's bus (OBI subset)
// as seen by the core's data port. The master is free (any address, any request pattern; a
// request not granted may change or go away). Asserted:
//   - a request is granted unless an accelerator read was granted in the previous cycle; a
//     granted request is answered (rvalid) one cycle later, an accelerator read two cycles
//     later, and there is no rvalid without a granted request;
//   - at most one target is strobed, only with a granted request, only for an address inside
//     its window (windows recomputed here from soc_memmap.vh), and a granted mapped address
//     strobes exactly one (the accelerator's strobe comes a cycle later, from flip-flops, with
//     the request's window, offset and write fields, for a present window only);
//   - err with the response exactly when the address was unmapped or its accelerator window
//     absent (ACC_PRESENT);
//   - the response carries the read data of the target that was strobed.
`default_nettype none
`include "soc_memmap.vh"
module fv_xbar (
  input wire        clk_i,
  input wire        rst_ni,
  input wire        req_i,
  input wire [31:0] addr_i,
  input wire        we_i,
  input wire [3:0]  be_i,
  input wire [31:0] wdata_i,
  input wire [31:0] imem_rdata_i, dmem_rdata_i, simctrl_rdata_i, uart_rdata_i, timer_rdata_i,
  input wire [31:0] intc_rdata_i, acc_rdata_i,
  input wire        acc_err_i     // unused: the crossbar decides absent windows itself
);
  localparam integer IMEM_BYTES = 65536, DMEM_BYTES = 65536;
  localparam [5:0] PRESENT = 6'b101011;   // some windows absent (a build without two engines)
  wire        gnt, rvalid, err, t_we, acc_we;
  wire [31:0] rdata, t_addr, t_wdata, acc_wdata;
  wire [11:0] acc_addr;
  wire [3:0]  t_be;
  wire        s_imem, s_dmem, s_simctrl, s_uart, s_timer, s_intc, s_acc;
  wire [5:0]  acc_sel;

  soc_xbar #(.IMEM_BYTES(IMEM_BYTES), .DMEM_BYTES(DMEM_BYTES), .ACC_PRESENT(PRESENT)) dut (
    .clk_i(clk_i), .rst_ni(rst_ni), .req_i(req_i), .gnt_o(gnt), .addr_i(addr_i), .we_i(we_i),
    .be_i(be_i), .wdata_i(wdata_i), .rvalid_o(rvalid), .rdata_o(rdata), .err_o(err),
    .t_addr_o(t_addr), .t_we_o(t_we), .t_be_o(t_be), .t_wdata_o(t_wdata),
    .imem_req_o(s_imem), .imem_rdata_i(imem_rdata_i), .dmem_req_o(s_dmem),
    .dmem_rdata_i(dmem_rdata_i), .simctrl_req_o(s_simctrl), .simctrl_rdata_i(simctrl_rdata_i),
    .uart_req_o(s_uart), .uart_rdata_i(uart_rdata_i), .timer_req_o(s_timer),
    .timer_rdata_i(timer_rdata_i), .intc_req_o(s_intc), .intc_rdata_i(intc_rdata_i),
    .acc_req_o(s_acc), .acc_sel_o(acc_sel), .acc_addr_o(acc_addr), .acc_we_o(acc_we),
    .acc_wdata_o(acc_wdata), .acc_rdata_i(acc_rdata_i)
  );
  wire unused = acc_err_i;

  reg f_past = 1'b0;
  always @(posedge clk_i) f_past <= 1'b1;
  always @* if (!f_past) assume (!rst_ni);

  // windows, from the memory map (aligned powers of two: compare the bits above the window)
  localparam [31:0] B_IMEM = `CV_IMEM_BASE, B_DMEM = `CV_DMEM_BASE, B_SIM = `CV_SIMCTRL_BASE;
  localparam [31:0] B_UART = `CV_UART_BASE, B_TMR = `CV_TIMER_BASE, B_INTC = `CV_INTC_BASE;
  localparam [31:0] B_AES = `CV_AES_BASE, B_PRINCE = `CV_PRINCE_BASE;
  localparam [31:0] B_PRESENT = `CV_PRESENT_BASE, B_CHACHA = `CV_CHACHA_BASE;
  localparam [31:0] B_SHA3 = `CV_SHA3_BASE, B_DMA = `CV_DMA_BASE;
  wire w_imem = addr_i[31:16] == B_IMEM[31:16];   // IMEM_BYTES = 2^16
  wire w_dmem = addr_i[31:16] == B_DMEM[31:16];   // DMEM_BYTES = 2^16
  wire w_sim  = addr_i[31:`CV_SIMCTRL_AW] == B_SIM[31:`CV_SIMCTRL_AW];
  wire w_uart = addr_i[31:`CV_UART_AW] == B_UART[31:`CV_UART_AW];
  wire w_tmr  = addr_i[31:`CV_TIMER_AW] == B_TMR[31:`CV_TIMER_AW];
  wire w_intc = addr_i[31:`CV_INTC_AW] == B_INTC[31:`CV_INTC_AW];
  wire [5:0] w_acc = {addr_i[31:`CV_DMA_AW] == B_DMA[31:`CV_DMA_AW],
                      addr_i[31:`CV_SHA3_AW] == B_SHA3[31:`CV_SHA3_AW],
                      addr_i[31:`CV_CHACHA_AW] == B_CHACHA[31:`CV_CHACHA_AW],
                      addr_i[31:`CV_PRESENT_AW] == B_PRESENT[31:`CV_PRESENT_AW],
                      addr_i[31:`CV_PRINCE_AW] == B_PRINCE[31:`CV_PRINCE_AW],
                      addr_i[31:`CV_AES_AW] == B_AES[31:`CV_AES_AW]};
  wire mapped = w_imem || w_dmem || w_sim || w_uart || w_tmr || w_intc || (w_acc != 6'h0);
  wire take   = req_i && gnt;
  wire a_win  = w_acc != 6'h0 && !w_imem && !w_dmem && !w_sim && !w_uart && !w_tmr && !w_intc;
  wire [5:0] strobes = {s_imem, s_dmem, s_simctrl, s_uart, s_timer, s_intc};

  // the previous cycle's granted request, and the one before
  reg        p_take = 1'b0, p_acc = 1'b0, p_rd = 1'b0, p_mapped = 1'b0, p_abs = 1'b0;
  reg        pp_accrd = 1'b0, pp_abs = 1'b0;
  reg        p_imem = 1'b0, p_dmem = 1'b0, p_sim = 1'b0, p_uart = 1'b0, p_tmr = 1'b0;
  reg        p_intc = 1'b0;
  reg [5:0]  p_w = 6'h0;
  reg [11:0] p_off = 12'h0;
  reg        p_we = 1'b0;
  reg [31:0] p_wdata = 32'h0;
  always @(posedge clk_i) begin
    p_take   <= rst_ni && take;
    p_acc    <= rst_ni && take && a_win;
    p_rd     <= !we_i;
    p_mapped <= mapped;
    p_abs    <= (w_acc & PRESENT) == 6'h0;
    p_imem   <= s_imem;
    p_dmem   <= s_dmem;
    p_sim    <= s_simctrl;
    p_uart   <= s_uart;
    p_tmr    <= s_timer;
    p_intc   <= s_intc;
    p_w      <= w_acc;
    p_off    <= addr_i[11:0];
    p_we     <= we_i;
    p_wdata  <= wdata_i;
    pp_accrd <= rst_ni && p_acc && p_rd;
    pp_abs   <= p_abs;
  end

  always @* if (f_past && rst_ni) begin
    assert (gnt == !(p_acc && p_rd));
    assert ((strobes & (strobes - 6'd1)) == 6'h0);   // at most one
    if (strobes != 6'h0) assert (take);
    if (take && mapped && !a_win) assert (strobes != 6'h0);
    if (take && a_win) assert (strobes == 6'h0);
    // the accelerator strobe: the previous cycle's granted request to a present window
    assert (s_acc == (p_acc && !p_abs));
    if (s_acc) assert (acc_sel == p_w && acc_addr == p_off && acc_we == p_we &&
                       acc_wdata == p_wdata);
    if (s_imem) assert (w_imem);
    if (s_dmem) assert (w_dmem);
    if (s_simctrl) assert (w_sim);
    if (s_uart) assert (w_uart);
    if (s_timer) assert (w_tmr);
    if (s_intc) assert (w_intc);
    assert (t_addr == addr_i && t_we == we_i && t_be == be_i && t_wdata == wdata_i);
  end

  // answers: one cycle after a granted request, two after a granted accelerator read
  reg p_rst = 1'b0, pp_rst = 1'b0;   // reset was released one / two cycles ago
  always @(posedge clk_i) begin
    p_rst  <= rst_ni;
    pp_rst <= p_rst;
  end
  always @* if (f_past && rst_ni && p_rst && pp_rst) begin
    assert (rvalid == ((p_take && !(p_acc && p_rd)) || pp_accrd));
    if (rvalid && pp_accrd) begin
      assert (err == pp_abs);
      assert (rdata == acc_rdata_i);
    end else if (rvalid) begin
      assert (err == (!p_mapped || (p_acc && p_abs)));
      if (p_imem) assert (rdata == imem_rdata_i);
      if (p_dmem) assert (rdata == dmem_rdata_i);
      if (p_sim) assert (rdata == simctrl_rdata_i);
      if (p_uart) assert (rdata == uart_rdata_i);
      if (p_tmr) assert (rdata == timer_rdata_i);
      if (p_intc) assert (rdata == intc_rdata_i);
    end else begin
      assert (!err);
    end
  end

  always @(posedge clk_i) if (f_past && rst_ni) begin
    cover (rvalid && err && $past(req_i) && req_i && s_dmem);  // a fault then a dmem access
    cover (rvalid && !err && pp_accrd);                        // an accelerator read answered
    cover (rvalid && err && pp_accrd);                         // ... from an absent window
    cover (s_acc && acc_we);                                   // an accelerator write
  end
endmodule
`default_nettype wire
