// SPDX-License-Identifier: Apache-2.0
// ip_axi_dma_top.v
// Bench top of the AXI4-Lite wrapper with the DMA (DMA = 1): its slave port and its AXI4 master
// under cocotbext-axi's port names (s_axil_*, m_axi_*).
`default_nettype none

module ip_axi_dma_top #(
  parameter integer ENGINE      = 1,
  parameter integer AES_AEAD    = 0,
  parameter integer CHACHA_AEAD = 0,
  parameter integer DMA_AW = 17
) (
  input  wire        clk,
  input  wire        rst,            // active high, as cocotbext-axi's reset
  input  wire [12:0] s_axil_awaddr,
  input  wire [2:0]  s_axil_awprot,  // driven by cocotbext-axi, ignored by the wrapper
  input  wire        s_axil_awvalid,
  output wire        s_axil_awready,
  input  wire [31:0] s_axil_wdata,
  input  wire [3:0]  s_axil_wstrb,
  input  wire        s_axil_wvalid,
  output wire        s_axil_wready,
  output wire [1:0]  s_axil_bresp,
  output wire        s_axil_bvalid,
  input  wire        s_axil_bready,
  input  wire [12:0] s_axil_araddr,
  input  wire [2:0]  s_axil_arprot,
  input  wire        s_axil_arvalid,
  output wire        s_axil_arready,
  output wire [31:0] s_axil_rdata,
  output wire [1:0]  s_axil_rresp,
  output wire        s_axil_rvalid,
  input  wire        s_axil_rready,
  output wire        irq,
  output wire [0:0]  m_axi_awid,
  output wire [31:0] m_axi_awaddr,
  output wire [7:0]  m_axi_awlen,
  output wire [2:0]  m_axi_awsize,
  output wire [1:0]  m_axi_awburst,
  output wire [3:0]  m_axi_awcache,
  output wire [2:0]  m_axi_awprot,
  output wire        m_axi_awvalid,
  input  wire        m_axi_awready,
  output wire [31:0] m_axi_wdata,
  output wire [3:0]  m_axi_wstrb,
  output wire        m_axi_wlast,
  output wire        m_axi_wvalid,
  input  wire        m_axi_wready,
  input  wire [0:0]  m_axi_bid,
  input  wire [1:0]  m_axi_bresp,
  input  wire        m_axi_bvalid,
  output wire        m_axi_bready,
  output wire [0:0]  m_axi_arid,
  output wire [31:0] m_axi_araddr,
  output wire [7:0]  m_axi_arlen,
  output wire [2:0]  m_axi_arsize,
  output wire [1:0]  m_axi_arburst,
  output wire [3:0]  m_axi_arcache,
  output wire [2:0]  m_axi_arprot,
  output wire        m_axi_arvalid,
  input  wire        m_axi_arready,
  input  wire [0:0]  m_axi_rid,
  input  wire [31:0] m_axi_rdata,
  input  wire [1:0]  m_axi_rresp,
  input  wire        m_axi_rlast,
  input  wire        m_axi_rvalid,
  output wire        m_axi_rready
);
  wire unused = ^{s_axil_awprot, s_axil_arprot};

  ip_axil_engine #(.ENGINE(ENGINE), .AES_AEAD(AES_AEAD), .CHACHA_AEAD(CHACHA_AEAD),
                  .DMA(1), .DMA_AW(DMA_AW)) u_dut (
    .clk_i(clk), .rst_ni(!rst),
    .s_axil_awaddr_i(s_axil_awaddr), .s_axil_awvalid_i(s_axil_awvalid),
    .s_axil_awready_o(s_axil_awready), .s_axil_wdata_i(s_axil_wdata),
    .s_axil_wstrb_i(s_axil_wstrb), .s_axil_wvalid_i(s_axil_wvalid),
    .s_axil_wready_o(s_axil_wready), .s_axil_bresp_o(s_axil_bresp),
    .s_axil_bvalid_o(s_axil_bvalid), .s_axil_bready_i(s_axil_bready),
    .s_axil_araddr_i(s_axil_araddr), .s_axil_arvalid_i(s_axil_arvalid),
    .s_axil_arready_o(s_axil_arready), .s_axil_rdata_o(s_axil_rdata),
    .s_axil_rresp_o(s_axil_rresp), .s_axil_rvalid_o(s_axil_rvalid),
    .s_axil_rready_i(s_axil_rready), .irq_o(irq),
    .m_axi_awid_o(m_axi_awid), .m_axi_awaddr_o(m_axi_awaddr), .m_axi_awlen_o(m_axi_awlen),
    .m_axi_awsize_o(m_axi_awsize), .m_axi_awburst_o(m_axi_awburst),
    .m_axi_awcache_o(m_axi_awcache), .m_axi_awprot_o(m_axi_awprot),
    .m_axi_awvalid_o(m_axi_awvalid), .m_axi_awready_i(m_axi_awready),
    .m_axi_wdata_o(m_axi_wdata), .m_axi_wstrb_o(m_axi_wstrb), .m_axi_wlast_o(m_axi_wlast),
    .m_axi_wvalid_o(m_axi_wvalid), .m_axi_wready_i(m_axi_wready), .m_axi_bid_i(m_axi_bid),
    .m_axi_bresp_i(m_axi_bresp), .m_axi_bvalid_i(m_axi_bvalid), .m_axi_bready_o(m_axi_bready),
    .m_axi_arid_o(m_axi_arid), .m_axi_araddr_o(m_axi_araddr), .m_axi_arlen_o(m_axi_arlen),
    .m_axi_arsize_o(m_axi_arsize), .m_axi_arburst_o(m_axi_arburst),
    .m_axi_arcache_o(m_axi_arcache), .m_axi_arprot_o(m_axi_arprot),
    .m_axi_arvalid_o(m_axi_arvalid), .m_axi_arready_i(m_axi_arready), .m_axi_rid_i(m_axi_rid),
    .m_axi_rdata_i(m_axi_rdata), .m_axi_rresp_i(m_axi_rresp), .m_axi_rlast_i(m_axi_rlast),
    .m_axi_rvalid_i(m_axi_rvalid), .m_axi_rready_o(m_axi_rready)
  );
endmodule

`default_nettype wire
