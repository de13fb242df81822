// SPDX-License-Identifier: Apache-2.0
// ip_axil_engine.v
// One Cipher-V engine, by number, as an AXI4-Lite slave: the engine's register block on AXI4-Lite.
`default_nettype none
`include "soc_memmap.vh"

// The register block is cpl_engine's (the coupling hub with one engine), reached through its
// native port; this module only turns AXI4-Lite handshakes into that port's one-cycle accesses,
// so the register map and behaviour are the native window's (ip/README.md).
//
// One clock domain: the bus clock clk_i; rst_ni is synchronous, active low.
// Timing: a write (AW and W, taken together) reaches the register block in the cycle of its
// handshake and answers B in the next cycle; a read is issued in its AR handshake and its data is
// on R in the next cycle (the native port's read latency). One access per cycle: when a read and
// a write both wait, they take turns.
// Errors (SLVERR, the access does not reach the register block; a read returns 0): an offset
// that is no register of the map or is not word-aligned (`CV_CPL_MAPPED), a write whose WSTRB is
// not 4'hF (the registers are 32-bit only). Reads of write-only registers return 0 and writes to
// read-only ones are ignored, as on the native port.
//
// DMA = 1 adds the DMA (cpl_dma) for the engine: its descriptor registers are the 4 KiB window
// above the engine's (address bit 12 set; the offsets of coupling/regs/dma.toml, decoded by
// `CV_DMA_MAPPED), and it reaches memory through m_axi_*, an AXI4 master (ip_dma_axi: single
// beats, ID 0) on the same clock. The DMA may reach DMA_BYTES = 2^DMA_AW bytes from DMA_BASE
// (its RANGE check). irq_o is then the OR of the engine's and the DMA's interrupts. With DMA = 0
// the master's outputs are 0 and its inputs unused.
module ip_axil_engine #(
  parameter integer ENGINE         = 1,  // 1 AES, 2 PRINCE, 3 PRESENT, 4 ChaCha, 5 SHA-3
  parameter integer AES_ARCH       = 0,  // aes_top ARCH: 0 rolled, 2 pipelined
  parameter integer AES_SBOX       = 0,  // aes_top SBOX: 0 table, 1 composite field
  parameter integer AES_AEAD       = 0,  // 1: aead_top (GCM, CCM/CCM*) for aes_top
  parameter integer CHACHA_AEAD    = 0,  // 1: chachapoly_top (ChaCha20-Poly1305)
  parameter integer PRINCE_FOLDED  = 1,
  parameter integer PRESENT_KEY128 = 1,
  parameter integer PRESENT_RPC    = 1,
  parameter integer DMA            = 0,  // 1: the DMA, with its AXI4 master port
  parameter integer DMA_AW         = 16, // log2 of the bytes the DMA may reach (3..30)
  parameter [31:0]  DMA_BASE       = 32'h0  // their first byte, a multiple of 2^DMA_AW
) (
  input  wire        clk_i,
  input  wire        rst_ni,
  // byte offset in the engine's 4 KiB window (DMA = 1: bit 12 selects the DMA's window)
  input  wire [(DMA != 0 ? `CV_DMA_AW : `CV_DMA_AW - 1):0] s_axil_awaddr_i,
  input  wire        s_axil_awvalid_i,
  output wire        s_axil_awready_o,
  input  wire [31:0] s_axil_wdata_i,
  input  wire [3:0]  s_axil_wstrb_i,
  input  wire        s_axil_wvalid_i,
  output wire        s_axil_wready_o,
  output wire [1:0]  s_axil_bresp_o,
  output wire        s_axil_bvalid_o,
  input  wire        s_axil_bready_i,
  input  wire [(DMA != 0 ? `CV_DMA_AW : `CV_DMA_AW - 1):0] s_axil_araddr_i,
  input  wire        s_axil_arvalid_i,
  output wire        s_axil_arready_o,
  output wire [31:0] s_axil_rdata_o,
  output wire [1:0]  s_axil_rresp_o,
  output wire        s_axil_rvalid_o,
  input  wire        s_axil_rready_i,
  output wire        irq_o,             // OR(IS & IE): done, error, output available
  // DMA = 1: the DMA's AXI4 master (ip_dma_axi)
  output wire [0:0]  m_axi_awid_o,
  output wire [31:0] m_axi_awaddr_o,
  output wire [7:0]  m_axi_awlen_o,
  output wire [2:0]  m_axi_awsize_o,
  output wire [1:0]  m_axi_awburst_o,
  output wire [3:0]  m_axi_awcache_o,
  output wire [2:0]  m_axi_awprot_o,
  output wire        m_axi_awvalid_o,
  input  wire        m_axi_awready_i,
  output wire [31:0] m_axi_wdata_o,
  output wire [3:0]  m_axi_wstrb_o,
  output wire        m_axi_wlast_o,
  output wire        m_axi_wvalid_o,
  input  wire        m_axi_wready_i,
  input  wire [0:0]  m_axi_bid_i,
  input  wire [1:0]  m_axi_bresp_i,
  input  wire        m_axi_bvalid_i,
  output wire        m_axi_bready_o,
  output wire [0:0]  m_axi_arid_o,
  output wire [31:0] m_axi_araddr_o,
  output wire [7:0]  m_axi_arlen_o,
  output wire [2:0]  m_axi_arsize_o,
  output wire [1:0]  m_axi_arburst_o,
  output wire [3:0]  m_axi_arcache_o,
  output wire [2:0]  m_axi_arprot_o,
  output wire        m_axi_arvalid_o,
  input  wire        m_axi_arready_i,
  input  wire [0:0]  m_axi_rid_i,
  input  wire [31:0] m_axi_rdata_i,
  input  wire [1:0]  m_axi_rresp_i,
  input  wire        m_axi_rlast_i,
  input  wire        m_axi_rvalid_i,
  output wire        m_axi_rready_o
);
  localparam integer AW  = (DMA != 0) ? `CV_DMA_AW + 1 : `CV_DMA_AW;
  localparam integer MAW = DMA_AW - 2;
  localparam [1:0] OKAY = 2'b00, SLVERR = 2'b10;

  reg        bvalid_q, bok_q, rvalid_q, rok_q, fresh_q, wturn_q;
  reg [31:0] rhold_q;

  // A channel is free when its response register is empty or being emptied in this cycle; ready
  // follows valid in the same cycle (allowed by AXI: valid never waits for ready).
  wire wr_want = s_axil_awvalid_i && s_axil_wvalid_i && (!bvalid_q || s_axil_bready_i);
  wire rd_want = s_axil_arvalid_i && (!rvalid_q || s_axil_rready_i);
  wire rd_go   = rd_want && (!wr_want || !wturn_q);
  wire wr_go   = wr_want && !rd_go;

  wire [AW-1:0] addr = wr_go ? s_axil_awaddr_i : s_axil_araddr_i;
  wire          dsel = (DMA != 0) && addr[AW-1];    // the DMA's window
  wire          ok   = (dsel ? `CV_DMA_MAPPED(addr[11:0]) : `CV_CPL_MAPPED(addr[11:0])) &&
                       (!wr_go || s_axil_wstrb_i == 4'hF);

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      bvalid_q <= 1'b0;
      bok_q    <= 1'b0;
      rvalid_q <= 1'b0;
      rok_q    <= 1'b0;
      fresh_q  <= 1'b0;
      wturn_q  <= 1'b0;
    end else begin
      if (wr_go)                bvalid_q <= 1'b1;
      else if (s_axil_bready_i) bvalid_q <= 1'b0;
      if (wr_go)                bok_q    <= ok;
      if (rd_go)                rvalid_q <= 1'b1;
      else if (s_axil_rready_i) rvalid_q <= 1'b0;
      if (rd_go)                rok_q    <= ok;
      fresh_q <= rd_go;
      // a read waiting with a write gets the next turn after the write, and vice versa
      if (rd_want && wr_want)   wturn_q  <= !wturn_q;
    end
  end

  // The register block's read data lasts one cycle (the cycle after the request); while R waits
  // for RREADY it is held here. No read is issued while R waits, so the block's data is 0 in the
  // held cycles and the OR selects the held copy (a clock enable and a clear per bit, no mux).
  wire [31:0] hub_rdata;
  always @(posedge clk_i) begin
    if (!rst_ni || s_axil_rready_i) rhold_q <= 32'h0;
    else if (fresh_q)               rhold_q <= hub_rdata;
  end

  assign s_axil_awready_o = wr_go;
  assign s_axil_wready_o  = wr_go;
  assign s_axil_bvalid_o  = bvalid_q;
  assign s_axil_bresp_o   = bok_q ? OKAY : SLVERR;
  assign s_axil_arready_o = rd_go;
  assign s_axil_rvalid_o  = rvalid_q;
  assign s_axil_rresp_o   = rok_q ? OKAY : SLVERR;
  assign s_axil_rdata_o   = hub_rdata | rhold_q;

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
    .clk_i(clk_i), .rst_ni(rst_ni), .req_i((rd_go || wr_go) && ok), .we_i(wr_go),
    .dsel_i(dsel), .addr_i(addr[11:0]), .wdata_i(s_axil_wdata_i), .rdata_o(hub_rdata),
    .irq_o(irq_o),
    .mem_req_o(mem_req), .mem_we_o(mem_we), .mem_addr_o(mem_addr), .mem_be_o(mem_be),
    .mem_wdata_o(mem_wdata), .mem_rdata_i(mem_rdata), .mem_rgnt_i(mem_rgnt),
    .mem_wgnt_i(mem_wgnt), .mem_rvalid_i(mem_rvalid), .mem_err_i(mem_err), .mem_idle_i(mem_idle)
  );

  generate
    if (DMA != 0) begin : g_dma
      ip_dma_axi #(.MAW(MAW), .BASE(DMA_BASE)) u_master (
        .clk_i(clk_i), .rst_ni(rst_ni),
        .mem_req_i(mem_req), .mem_we_i(mem_we), .mem_addr_i(mem_addr), .mem_be_i(mem_be),
        .mem_wdata_i(mem_wdata), .mem_rdata_o(mem_rdata), .mem_rgnt_o(mem_rgnt),
        .mem_wgnt_o(mem_wgnt), .mem_rvalid_o(mem_rvalid), .mem_err_o(mem_err),
        .mem_idle_o(mem_idle),
        .m_axi_awid_o(m_axi_awid_o), .m_axi_awaddr_o(m_axi_awaddr_o),
        .m_axi_awlen_o(m_axi_awlen_o), .m_axi_awsize_o(m_axi_awsize_o),
        .m_axi_awburst_o(m_axi_awburst_o), .m_axi_awcache_o(m_axi_awcache_o),
        .m_axi_awprot_o(m_axi_awprot_o), .m_axi_awvalid_o(m_axi_awvalid_o),
        .m_axi_awready_i(m_axi_awready_i), .m_axi_wdata_o(m_axi_wdata_o),
        .m_axi_wstrb_o(m_axi_wstrb_o), .m_axi_wlast_o(m_axi_wlast_o),
        .m_axi_wvalid_o(m_axi_wvalid_o), .m_axi_wready_i(m_axi_wready_i),
        .m_axi_bid_i(m_axi_bid_i), .m_axi_bresp_i(m_axi_bresp_i),
        .m_axi_bvalid_i(m_axi_bvalid_i), .m_axi_bready_o(m_axi_bready_o),
        .m_axi_arid_o(m_axi_arid_o), .m_axi_araddr_o(m_axi_araddr_o),
        .m_axi_arlen_o(m_axi_arlen_o), .m_axi_arsize_o(m_axi_arsize_o),
        .m_axi_arburst_o(m_axi_arburst_o), .m_axi_arcache_o(m_axi_arcache_o),
        .m_axi_arprot_o(m_axi_arprot_o), .m_axi_arvalid_o(m_axi_arvalid_o),
        .m_axi_arready_i(m_axi_arready_i), .m_axi_rid_i(m_axi_rid_i),
        .m_axi_rdata_i(m_axi_rdata_i), .m_axi_rresp_i(m_axi_rresp_i),
        .m_axi_rlast_i(m_axi_rlast_i), .m_axi_rvalid_i(m_axi_rvalid_i),
        .m_axi_rready_o(m_axi_rready_o)
      );
    end else begin : g_nodma
      /* verilator lint_off UNUSEDSIGNAL */  // no DMA: the master port is unused
      wire unused_m = ^{m_axi_awready_i, m_axi_wready_i, m_axi_bid_i, m_axi_bresp_i,
                        m_axi_bvalid_i, m_axi_arready_i, m_axi_rid_i, m_axi_rdata_i,
                        m_axi_rresp_i, m_axi_rlast_i, m_axi_rvalid_i, mem_req, mem_we, mem_addr,
                        mem_be, mem_wdata};
      /* verilator lint_on UNUSEDSIGNAL */
      assign mem_rdata = 32'h0;  assign mem_rgnt = 1'b0;  assign mem_wgnt = 1'b0;
      assign mem_rvalid = 1'b0;  assign mem_err = 1'b0;  assign mem_idle = 1'b1;
      assign m_axi_awid_o = 1'b0;  assign m_axi_awaddr_o = 32'h0;  assign m_axi_awlen_o = 8'h0;
      assign m_axi_awsize_o = 3'h0;  assign m_axi_awburst_o = 2'h0;  assign m_axi_awcache_o = 4'h0;
      assign m_axi_awprot_o = 3'h0;  assign m_axi_awvalid_o = 1'b0;  assign m_axi_wdata_o = 32'h0;
      assign m_axi_wstrb_o = 4'h0;  assign m_axi_wlast_o = 1'b0;  assign m_axi_wvalid_o = 1'b0;
      assign m_axi_bready_o = 1'b0;  assign m_axi_arid_o = 1'b0;  assign m_axi_araddr_o = 32'h0;
      assign m_axi_arlen_o = 8'h0;  assign m_axi_arsize_o = 3'h0;  assign m_axi_arburst_o = 2'h0;
      assign m_axi_arcache_o = 4'h0;  assign m_axi_arprot_o = 3'h0;  assign m_axi_arvalid_o = 1'b0;
      assign m_axi_rready_o = 1'b0;
    end
  endgenerate
endmodule

`default_nettype wire
