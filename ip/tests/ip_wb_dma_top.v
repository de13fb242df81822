// SPDX-License-Identifier: Apache-2.0
// ip_wb_dma_top.v
// Bench top of the Wishbone wrapper with the DMA (DMA = 1): its slave port under
// cocotbext-wishbone's names (wb_*) and its pipelined master (m_wb_*, the bench's memory model).
`default_nettype none

module ip_wb_dma_top #(
  parameter integer ENGINE      = 1,
  parameter integer AES_AEAD    = 0,
  parameter integer CHACHA_AEAD = 0,
  parameter integer DMA_AW = 17
) (
  input  wire        clk,
  input  wire        rst,            // active high
  input  wire        wb_cyc,
  input  wire        wb_stb,
  input  wire        wb_we,
  input  wire [10:0] wb_adr,         // word address (bit 10: the DMA's window)
  input  wire [31:0] wb_datwr,
  input  wire [3:0]  wb_sel,
  output wire        wb_stall,
  output wire        wb_ack,
  output wire        wb_err,
  output wire [31:0] wb_datrd,
  output wire        irq,
  output wire        m_wb_cyc,
  output wire        m_wb_stb,
  output wire        m_wb_we,
  output wire [29:0] m_wb_adr,       // word address
  output wire [31:0] m_wb_dat_o,
  output wire [3:0]  m_wb_sel,
  input  wire        m_wb_stall,
  input  wire        m_wb_ack,
  input  wire        m_wb_err,
  input  wire [31:0] m_wb_dat_i
);
  ip_wb_engine #(.ENGINE(ENGINE), .AES_AEAD(AES_AEAD), .CHACHA_AEAD(CHACHA_AEAD),
                  .DMA(1), .DMA_AW(DMA_AW)) u_dut (
    .clk_i(clk), .rst_ni(!rst), .wb_cyc_i(wb_cyc), .wb_stb_i(wb_stb), .wb_we_i(wb_we),
    .wb_adr_i(wb_adr), .wb_dat_i(wb_datwr), .wb_sel_i(wb_sel), .wb_stall_o(wb_stall),
    .wb_ack_o(wb_ack), .wb_err_o(wb_err), .wb_dat_o(wb_datrd), .irq_o(irq),
    .m_wb_cyc_o(m_wb_cyc), .m_wb_stb_o(m_wb_stb), .m_wb_we_o(m_wb_we), .m_wb_adr_o(m_wb_adr),
    .m_wb_dat_o(m_wb_dat_o), .m_wb_sel_o(m_wb_sel), .m_wb_stall_i(m_wb_stall),
    .m_wb_ack_i(m_wb_ack), .m_wb_err_i(m_wb_err), .m_wb_dat_i(m_wb_dat_i)
  );
endmodule

`default_nettype wire
