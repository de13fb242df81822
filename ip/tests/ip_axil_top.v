// SPDX-License-Identifier: Apache-2.0
// ip_axil_top.v
// Bench top of the AXI4-Lite wrapper: ip_axil_engine under cocotbext-axi's port names, and the
// same engine on its native port (ip_engine_core) for the cycle comparison.
`default_nettype none

module ip_axil_top #(
  parameter integer ENGINE      = 1,
  parameter integer AES_AEAD    = 0,
  parameter integer CHACHA_AEAD = 0
) (
  input  wire        clk,
  input  wire        rst,            // active high, as cocotbext-axi's reset
  input  wire [11:0] s_axil_awaddr,
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
  input  wire [11:0] s_axil_araddr,
  input  wire [2:0]  s_axil_arprot,
  input  wire        s_axil_arvalid,
  output wire        s_axil_arready,
  output wire [31:0] s_axil_rdata,
  output wire [1:0]  s_axil_rresp,
  output wire        s_axil_rvalid,
  input  wire        s_axil_rready,
  output wire        irq,
  input  wire        nat_req,
  input  wire        nat_we,
  input  wire [11:0] nat_addr,
  input  wire [31:0] nat_wdata,
  output wire [31:0] nat_rdata,
  output wire        nat_irq
);
  wire unused = ^{s_axil_awprot, s_axil_arprot};

  ip_axil_engine #(.ENGINE(ENGINE), .AES_AEAD(AES_AEAD), .CHACHA_AEAD(CHACHA_AEAD)) u_dut (
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
    .m_axi_awid_o(), .m_axi_awaddr_o(), .m_axi_awlen_o(), .m_axi_awsize_o(),
    .m_axi_awburst_o(), .m_axi_awcache_o(), .m_axi_awprot_o(), .m_axi_awvalid_o(),
    .m_axi_awready_i(1'b0), .m_axi_wdata_o(), .m_axi_wstrb_o(), .m_axi_wlast_o(),
    .m_axi_wvalid_o(), .m_axi_wready_i(1'b0), .m_axi_bid_i(1'b0), .m_axi_bresp_i(2'b0),
    .m_axi_bvalid_i(1'b0), .m_axi_bready_o(), .m_axi_arid_o(), .m_axi_araddr_o(),
    .m_axi_arlen_o(), .m_axi_arsize_o(), .m_axi_arburst_o(), .m_axi_arcache_o(),
    .m_axi_arprot_o(), .m_axi_arvalid_o(), .m_axi_arready_i(1'b0), .m_axi_rid_i(1'b0),
    .m_axi_rdata_i(32'h0), .m_axi_rresp_i(2'b0), .m_axi_rlast_i(1'b0), .m_axi_rvalid_i(1'b0),
    .m_axi_rready_o()
  );

  ip_engine_core #(.ENGINE(ENGINE), .AES_AEAD(AES_AEAD), .CHACHA_AEAD(CHACHA_AEAD)) u_nat (
    .clk_i(clk), .rst_ni(!rst), .req_i(nat_req), .we_i(nat_we), .addr_i(nat_addr),
    .wdata_i(nat_wdata), .rdata_o(nat_rdata), .irq_o(nat_irq),
    .dsel_i(1'b0), .mem_req_o(), .mem_we_o(), .mem_addr_o(), .mem_be_o(), .mem_wdata_o(),
    .mem_rdata_i(32'h0), .mem_rgnt_i(1'b0), .mem_wgnt_i(1'b0), .mem_rvalid_i(1'b0),
    .mem_err_i(1'b0), .mem_idle_i(1'b1)
  );
endmodule

`default_nettype wire
