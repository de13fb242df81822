// SPDX-License-Identifier: Apache-2.0
// ip_dma_axi.v
// The DMA's memory port (cpl_dma with MEM_BUS = 1) as an AXI4 master: single beats, 32-bit data.
`default_nettype none

// AXI4 features used: single-beat transfers only (AxLEN 0, AxSIZE 4 bytes, AxBURST INCR), ID 0
// on every channel (so reads answer in order, and so do writes), AxCACHE 4'b0011 (normal,
// non-cacheable, bufferable), AxPROT 0, no locks, QoS, regions or user signals. WSTRB carries
// the DMA's byte enables (a job's last partial word). BREADY and RREADY are always high: the DMA
// has room for every read it issues (its FIFO credit) and only counts write answers.
//
// One request stage per direction: a read (write) is taken from the DMA while AR (AW and W) is
// empty or being taken by the slave this cycle, so a slave that is always ready sees one access
// per cycle; AW and W of a write go out together and each waits for its own READY. The grants
// never depend on the DMA's request. Reads and writes may be outstanding at once, up to
// 2^OW - 1 of each. mem_err_o: an R or B answer with SLVERR or DECERR (EXOKAY counts as OKAY);
// mem_idle_o: nothing taken is unanswered (from flops), which the DMA waits for at a job's end.
module ip_dma_axi #(
  parameter integer MAW  = 14,        // word address bits of the DMA's window
  parameter [31:0]  BASE = 32'h0,     // the window's first byte (a multiple of its size)
  parameter integer OW   = 3          // outstanding-access counters' width
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
  // AXI4 master
  output wire [0:0]     m_axi_awid_o,
  output wire [31:0]    m_axi_awaddr_o,
  output wire [7:0]     m_axi_awlen_o,
  output wire [2:0]     m_axi_awsize_o,
  output wire [1:0]     m_axi_awburst_o,
  output wire [3:0]     m_axi_awcache_o,
  output wire [2:0]     m_axi_awprot_o,
  output wire           m_axi_awvalid_o,
  input  wire           m_axi_awready_i,
  output wire [31:0]    m_axi_wdata_o,
  output wire [3:0]     m_axi_wstrb_o,
  output wire           m_axi_wlast_o,
  output wire           m_axi_wvalid_o,
  input  wire           m_axi_wready_i,
  /* verilator lint_off UNUSEDSIGNAL */  // IDs: always 0; RLAST: every burst is one beat
  input  wire [0:0]     m_axi_bid_i,
  input  wire [1:0]     m_axi_bresp_i,
  input  wire           m_axi_bvalid_i,
  output wire           m_axi_bready_o,
  output wire [0:0]     m_axi_arid_o,
  output wire [31:0]    m_axi_araddr_o,
  output wire [7:0]     m_axi_arlen_o,
  output wire [2:0]     m_axi_arsize_o,
  output wire [1:0]     m_axi_arburst_o,
  output wire [3:0]     m_axi_arcache_o,
  output wire [2:0]     m_axi_arprot_o,
  output wire           m_axi_arvalid_o,
  input  wire           m_axi_arready_i,
  input  wire [0:0]     m_axi_rid_i,
  input  wire [31:0]    m_axi_rdata_i,
  input  wire [1:0]     m_axi_rresp_i,
  input  wire           m_axi_rlast_i,
  /* verilator lint_on UNUSEDSIGNAL */
  input  wire           m_axi_rvalid_i,
  output wire           m_axi_rready_o
);
  localparam [OW-1:0] FULL = {OW{1'b1}};
  localparam [31:0]   HI   = BASE & ~((32'h1 << (MAW + 2)) - 32'h1);

  reg           aw_q, w_q, ar_q;
  reg [MAW-1:0] waddr_q, raddr_q;
  reg [31:0]    wdata_q;
  reg [3:0]     wstrb_q;
  reg [OW-1:0]  wout_q, rout_q;       // writes / reads taken and not yet answered

  assign mem_wgnt_o = (!aw_q || m_axi_awready_i) && (!w_q || m_axi_wready_i) && (wout_q != FULL);
  assign mem_rgnt_o = (!ar_q || m_axi_arready_i) && (rout_q != FULL);
  wire w_take = mem_req_i && mem_we_i && mem_wgnt_o;
  wire r_take = mem_req_i && !mem_we_i && mem_rgnt_o;

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      aw_q   <= 1'b0;
      w_q    <= 1'b0;
      ar_q   <= 1'b0;
      wout_q <= {OW{1'b0}};
      rout_q <= {OW{1'b0}};
    end else begin
      if (w_take)               aw_q <= 1'b1;
      else if (m_axi_awready_i) aw_q <= 1'b0;
      if (w_take)               w_q  <= 1'b1;
      else if (m_axi_wready_i)  w_q  <= 1'b0;
      if (r_take)               ar_q <= 1'b1;
      else if (m_axi_arready_i) ar_q <= 1'b0;
      wout_q <= wout_q + {{(OW-1){1'b0}}, w_take} - {{(OW-1){1'b0}}, m_axi_bvalid_i};
      rout_q <= rout_q + {{(OW-1){1'b0}}, r_take} - {{(OW-1){1'b0}}, m_axi_rvalid_i};
    end
  end
  always @(posedge clk_i) begin
    if (w_take) begin
      waddr_q <= mem_addr_i;
      wdata_q <= mem_wdata_i;
      wstrb_q <= mem_be_i;
    end
    if (r_take) raddr_q <= mem_addr_i;
  end

  assign m_axi_awid_o    = 1'b0;
  assign m_axi_awaddr_o  = HI | {{(30 - MAW){1'b0}}, waddr_q, 2'b00};
  assign m_axi_awlen_o   = 8'd0;
  assign m_axi_awsize_o  = 3'd2;
  assign m_axi_awburst_o = 2'b01;
  assign m_axi_awcache_o = 4'b0011;
  assign m_axi_awprot_o  = 3'b000;
  assign m_axi_awvalid_o = aw_q;
  assign m_axi_wdata_o   = wdata_q;
  assign m_axi_wstrb_o   = wstrb_q;
  assign m_axi_wlast_o   = 1'b1;
  assign m_axi_wvalid_o  = w_q;
  assign m_axi_bready_o  = 1'b1;
  assign m_axi_arid_o    = 1'b0;
  assign m_axi_araddr_o  = HI | {{(30 - MAW){1'b0}}, raddr_q, 2'b00};
  assign m_axi_arlen_o   = 8'd0;
  assign m_axi_arsize_o  = 3'd2;
  assign m_axi_arburst_o = 2'b01;
  assign m_axi_arcache_o = 4'b0011;
  assign m_axi_arprot_o  = 3'b000;
  assign m_axi_arvalid_o = ar_q;
  assign m_axi_rready_o  = 1'b1;

  assign mem_rdata_o  = m_axi_rdata_i;
  assign mem_rvalid_o = m_axi_rvalid_i;
  assign mem_err_o    = (m_axi_rvalid_i && m_axi_rresp_i[1]) || (m_axi_bvalid_i && m_axi_bresp_i[1]);
  assign mem_idle_o   = (wout_q == {OW{1'b0}}) && (rout_q == {OW{1'b0}});
endmodule

`default_nettype wire
