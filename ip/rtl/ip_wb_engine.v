// SPDX-License-Identifier: Apache-2.0
// ip_wb_engine.v
// One Cipher-V engine, by number, as a Wishbone B4 pipelined slave (32-bit port, byte granularity).
`default_nettype none
`include "soc_memmap.vh"

// The register block is cpl_engine's (the coupling hub with one engine), reached through its
// native port; this module only turns Wishbone cycles into that port's one-cycle accesses, so
// the register map and behaviour are the native window's (ip/README.md).
//
// One clock domain: the bus clock clk_i; rst_ni is synchronous, active low.
// Timing: never stalls; every accepted request (CYC and STB) is answered with ACK (or ERR) in
// the next cycle, so a pipelined master issues one access per cycle. A write reaches the
// register block in its request cycle; a read's data is on DAT_O with its ACK.
// Errors (ERR, the access does not reach the register block; DAT_O is 0): an offset that is no
// register of the map (`CV_CPL_MAPPED), a SEL other than 4'hF (the registers are 32-bit only).
//
// DMA = 1 adds the DMA (cpl_dma) for the engine: its descriptor registers are the 4 KiB window
// above the engine's (wb_adr_i[12] set; the offsets of coupling/regs/dma.toml, decoded by
// `CV_DMA_MAPPED), and it reaches memory through m_wb_*, a Wishbone B4 pipelined master
// (ip_dma_wb) on the same clock. The DMA may reach DMA_BYTES = 2^DMA_AW bytes from DMA_BASE (its
// RANGE check). irq_o is then the OR of the engine's and the DMA's interrupts. With DMA = 0 the
// master's outputs are 0 and its inputs unused.
module ip_wb_engine #(
  parameter integer ENGINE         = 1,  // 1 AES, 2 PRINCE, 3 PRESENT, 4 ChaCha, 5 SHA-3
  parameter integer AES_ARCH       = 0,  // aes_top ARCH: 0 rolled, 2 pipelined
  parameter integer AES_SBOX       = 0,  // aes_top SBOX: 0 table, 1 composite field
  parameter integer AES_AEAD       = 0,  // 1: aead_top (GCM, CCM/CCM*) for aes_top
  parameter integer CHACHA_AEAD    = 0,  // 1: chachapoly_top (ChaCha20-Poly1305)
  parameter integer PRINCE_FOLDED  = 1,
  parameter integer PRESENT_KEY128 = 1,
  parameter integer PRESENT_RPC    = 1,
  parameter integer DMA            = 0,  // 1: the DMA, with its Wishbone master port
  parameter integer DMA_AW         = 16, // log2 of the bytes the DMA may reach (3..30)
  parameter [31:0]  DMA_BASE       = 32'h0  // their first byte, a multiple of 2^DMA_AW
) (
  input  wire        clk_i,
  input  wire        rst_ni,
  input  wire        wb_cyc_i,
  input  wire        wb_stb_i,
  input  wire        wb_we_i,
  // word address in the engine's 4 KiB window (byte offset / 4; DMA = 1: bit 12 selects the
  // DMA's window)
  input  wire [(DMA != 0 ? `CV_DMA_AW : `CV_DMA_AW - 1):2] wb_adr_i,
  input  wire [31:0] wb_dat_i,
  input  wire [3:0]  wb_sel_i,
  output wire        wb_stall_o,
  output wire        wb_ack_o,
  output wire        wb_err_o,
  output wire [31:0] wb_dat_o,
  output wire        irq_o,      // OR(IS & IE): done, error, output available
  // DMA = 1: the DMA's Wishbone B4 pipelined master (ip_dma_wb)
  output wire        m_wb_cyc_o,
  output wire        m_wb_stb_o,
  output wire        m_wb_we_o,
  output wire [31:2] m_wb_adr_o,  // word address
  output wire [31:0] m_wb_dat_o,
  output wire [3:0]  m_wb_sel_o,
  input  wire        m_wb_stall_i,
  input  wire        m_wb_ack_i,
  input  wire        m_wb_err_i,
  input  wire [31:0] m_wb_dat_i
);
  localparam integer AW  = (DMA != 0) ? `CV_DMA_AW + 1 : `CV_DMA_AW;
  localparam integer MAW = DMA_AW - 2;
  reg ack_q, err_q;

  wire [AW-1:0] addr = {wb_adr_i, 2'b00};
  wire          req  = wb_cyc_i && wb_stb_i;
  wire          dsel = (DMA != 0) && addr[AW-1];    // the DMA's window
  wire          ok   = (dsel ? `CV_DMA_MAPPED(addr[11:0]) : `CV_CPL_MAPPED(addr[11:0])) &&
                       (wb_sel_i == 4'hF);

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      ack_q <= 1'b0;
      err_q <= 1'b0;
    end else begin
      ack_q <= req && ok;
      err_q <= req && !ok;
    end
  end

  assign wb_stall_o = 1'b0;
  assign wb_ack_o   = ack_q;
  assign wb_err_o   = err_q;

  wire           mem_req, mem_we, mem_rgnt, mem_wgnt, mem_rvalid, mem_err, mem_idle;
  wire [MAW-1:0] mem_addr;
  wire [3:0]     mem_be;
  wire [31:0]    mem_wdata, mem_rdata;

  ip_engine_core #(
    .ENGINE(ENGINE), .AES_ARCH(AES_ARCH), .AES_SBOX(AES_SBOX), .AES_AEAD(AES_AEAD),
    .CHACHA_AEAD(CHACHA_AEAD), .PRINCE_FOLDED(PRINCE_FOLDED),
    .PRESENT_KEY128(PRESENT_KEY128), .PRESENT_RPC(PRESENT_RPC), .DMA(DMA), .DMA_AW(DMA_AW),
    .DMA_BASE(DMA_BASE)
  ) u_core (
    .clk_i(clk_i), .rst_ni(rst_ni), .req_i(req && ok), .we_i(wb_we_i), .dsel_i(dsel),
    .addr_i(addr[11:0]), .wdata_i(wb_dat_i), .rdata_o(wb_dat_o), .irq_o(irq_o),
    .mem_req_o(mem_req), .mem_we_o(mem_we), .mem_addr_o(mem_addr), .mem_be_o(mem_be),
    .mem_wdata_o(mem_wdata), .mem_rdata_i(mem_rdata), .mem_rgnt_i(mem_rgnt),
    .mem_wgnt_i(mem_wgnt), .mem_rvalid_i(mem_rvalid), .mem_err_i(mem_err), .mem_idle_i(mem_idle)
  );

  generate
    if (DMA != 0) begin : g_dma
      ip_dma_wb #(.MAW(MAW), .BASE(DMA_BASE)) u_master (
        .clk_i(clk_i), .rst_ni(rst_ni),
        .mem_req_i(mem_req), .mem_we_i(mem_we), .mem_addr_i(mem_addr), .mem_be_i(mem_be),
        .mem_wdata_i(mem_wdata), .mem_rdata_o(mem_rdata), .mem_rgnt_o(mem_rgnt),
        .mem_wgnt_o(mem_wgnt), .mem_rvalid_o(mem_rvalid), .mem_err_o(mem_err),
        .mem_idle_o(mem_idle),
        .m_wb_cyc_o(m_wb_cyc_o), .m_wb_stb_o(m_wb_stb_o), .m_wb_we_o(m_wb_we_o),
        .m_wb_adr_o(m_wb_adr_o), .m_wb_dat_o(m_wb_dat_o), .m_wb_sel_o(m_wb_sel_o),
        .m_wb_stall_i(m_wb_stall_i), .m_wb_ack_i(m_wb_ack_i), .m_wb_err_i(m_wb_err_i),
        .m_wb_dat_i(m_wb_dat_i)
      );
    end else begin : g_nodma
      /* verilator lint_off UNUSEDSIGNAL */  // no DMA: the master port is unused
      wire unused_m = ^{m_wb_stall_i, m_wb_ack_i, m_wb_err_i, m_wb_dat_i, mem_req, mem_we,
                        mem_addr, mem_be, mem_wdata};
      /* verilator lint_on UNUSEDSIGNAL */
      assign mem_rdata = 32'h0;  assign mem_rgnt = 1'b0;  assign mem_wgnt = 1'b0;
      assign mem_rvalid = 1'b0;  assign mem_err = 1'b0;  assign mem_idle = 1'b1;
      assign m_wb_cyc_o = 1'b0;  assign m_wb_stb_o = 1'b0;  assign m_wb_we_o = 1'b0;
      assign m_wb_adr_o = 30'h0;  assign m_wb_dat_o = 32'h0;  assign m_wb_sel_o = 4'h0;
    end
  endgenerate
endmodule

`default_nettype wire
