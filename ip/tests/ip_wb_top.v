// SPDX-License-Identifier: Apache-2.0
// ip_wb_top.v
// Bench top of the Wishbone wrapper: ip_wb_engine under cocotbext-wishbone's port names, and the
// same engine on its native port (ip_engine_core) for the cycle comparison.
`default_nettype none

module ip_wb_top #(
  parameter integer ENGINE      = 1,
  parameter integer AES_AEAD    = 0,
  parameter integer CHACHA_AEAD = 0
) (
  input  wire        clk,
  input  wire        rst,            // active high
  input  wire        wb_cyc,
  input  wire        wb_stb,
  input  wire        wb_we,
  input  wire [9:0]  wb_adr,         // word address
  input  wire [31:0] wb_datwr,
  input  wire [3:0]  wb_sel,
  output wire        wb_stall,
  output wire        wb_ack,
  output wire        wb_err,
  output wire [31:0] wb_datrd,
  output wire        irq,
  input  wire        nat_req,
  input  wire        nat_we,
  input  wire [11:0] nat_addr,
  input  wire [31:0] nat_wdata,
  output wire [31:0] nat_rdata,
  output wire        nat_irq
);
  ip_wb_engine #(.ENGINE(ENGINE), .AES_AEAD(AES_AEAD), .CHACHA_AEAD(CHACHA_AEAD)) u_dut (
    .clk_i(clk), .rst_ni(!rst), .wb_cyc_i(wb_cyc), .wb_stb_i(wb_stb), .wb_we_i(wb_we),
    .wb_adr_i(wb_adr), .wb_dat_i(wb_datwr), .wb_sel_i(wb_sel), .wb_stall_o(wb_stall),
    .wb_ack_o(wb_ack), .wb_err_o(wb_err), .wb_dat_o(wb_datrd), .irq_o(irq),
    .m_wb_cyc_o(), .m_wb_stb_o(), .m_wb_we_o(), .m_wb_adr_o(), .m_wb_dat_o(), .m_wb_sel_o(),
    .m_wb_stall_i(1'b0), .m_wb_ack_i(1'b0), .m_wb_err_i(1'b0), .m_wb_dat_i(32'h0)
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
