// SPDX-License-Identifier: Apache-2.0
// ip_dma_wb.v
// The DMA's memory port (cpl_dma with MEM_BUS = 1) as a Wishbone B4 pipelined master (32-bit).
`default_nettype none

// One request stage: an access is taken from the DMA while STB is low or the slave takes the
// request in this cycle (STB and not STALL), so a slave that never stalls sees one request per
// cycle. CYC is high while a request is on the bus or unanswered. Each request is answered by
// ACK or ERR, in order (RTY is not used); reads and writes may follow each other in one bus
// cycle (WE and SEL belong to each request). Up to NOUT requests are unanswered at once; a
// queue of their WE bits tells a read's answer (its data go to the DMA) from a write's. An ACK
// in the cycle its request is taken (a slave that answers at once) answers that request.
// mem_err_o: an ERR; mem_idle_o: nothing taken is unanswered (from flops).
module ip_dma_wb #(
  parameter integer MAW  = 14,        // word address bits of the DMA's window
  parameter [31:0]  BASE = 32'h0,     // the window's first byte (a multiple of its size)
  parameter integer NOUT = 4          // unanswered requests at most (2..7)
) (
  input  wire           clk_i,
  input  wire           rst_ni,
  // the DMA's port
  input  wire           mem_req_i,
  input  wire           mem_we_i,
  input  wire [MAW-1:0] mem_addr_i,
  input  wire [3:0]     mem_be_i,
  input  wire [31:0]    mem_wdata_i,
  output wire [31:0]    mem_rdata_o,
  output wire           mem_rgnt_o,
  output wire           mem_wgnt_o,
  output wire           mem_rvalid_o,
  output wire           mem_err_o,
  output wire           mem_idle_o,
  // Wishbone B4 pipelined master
  output wire           m_wb_cyc_o,
  output wire           m_wb_stb_o,
  output wire           m_wb_we_o,
  output wire [31:2]    m_wb_adr_o,   // word address
  output wire [31:0]    m_wb_dat_o,
  output wire [3:0]     m_wb_sel_o,
  input  wire           m_wb_stall_i,
  input  wire           m_wb_ack_i,
  input  wire           m_wb_err_i,
  input  wire [31:0]    m_wb_dat_i
);
  localparam [29:0] HI = BASE[31:2] & ~((30'h1 << MAW) - 30'h1);
  localparam [3:0]  NO = NOUT[3:0];

  reg           stb_q, we_q;
  reg [MAW-1:0] adr_q;
  reg [31:0]    dat_q;
  reg [3:0]     sel_q;
  reg [2:0]     pn_q, pn_d;           // requests taken by the slave and not yet answered
  reg [NOUT-1:0] pwe_q, pwe_d;        // their WE bits, oldest in bit 0

  wire go   = stb_q && !m_wb_stall_i;                 // the slave takes the request
  wire ans  = m_wb_ack_i || m_wb_err_i;
  wire gnt  = (!stb_q || !m_wb_stall_i) && ({1'b0, pn_q} + {3'b0, stb_q} < NO);
  wire take = mem_req_i && gnt;
  // the answer's request: the oldest unanswered, or the one taken now
  wire a_we = (pn_q != 3'd0) ? pwe_q[0] : we_q;

  // the request taken now waits in slot pn_q (one-hot; NOUT >= 2, pn_q < NOUT when it is taken)
  wire [NOUT-1:0] slot = {{(NOUT - 1){1'b0}}, 1'b1} << pn_q;
  always @* begin
    pwe_d = pwe_q;
    pn_d  = pn_q;
    if (go) begin
      pwe_d = (pwe_q & ~slot) | (slot & {NOUT{we_q}});
      pn_d  = pn_q + 3'd1;
    end
    if (ans) begin
      pwe_d = pwe_d >> 1;
      pn_d  = pn_d - 3'd1;
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      stb_q <= 1'b0;
      pn_q  <= 3'd0;
      pwe_q <= {NOUT{1'b0}};
    end else begin
      if (take)    stb_q <= 1'b1;
      else if (go) stb_q <= 1'b0;
      pn_q  <= pn_d;
      pwe_q <= pwe_d;
    end
  end
  always @(posedge clk_i) begin
    if (take) begin
      we_q  <= mem_we_i;
      adr_q <= mem_addr_i;
      dat_q <= mem_wdata_i;
      sel_q <= mem_be_i;
    end
  end

  assign m_wb_cyc_o = stb_q || (pn_q != 3'd0);
  assign m_wb_stb_o = stb_q;
  assign m_wb_we_o  = we_q;
  assign m_wb_adr_o = HI | {{(30 - MAW){1'b0}}, adr_q};
  assign m_wb_dat_o = dat_q;
  assign m_wb_sel_o = sel_q;

  assign mem_rgnt_o   = gnt;
  assign mem_wgnt_o   = gnt;
  assign mem_rdata_o  = m_wb_dat_i;
  assign mem_rvalid_o = ans && !a_we;
  assign mem_err_o    = m_wb_err_i;
  assign mem_idle_o   = !stb_q && (pn_q == 3'd0);
endmodule

`default_nettype wire
