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
module ip_axil_engine #(
  parameter integer ENGINE         = 1,  // 1 AES, 2 PRINCE, 3 PRESENT, 4 ChaCha, 5 SHA-3
  parameter integer AES_ARCH       = 0,  // aes_top ARCH: 0 rolled, 2 pipelined
  parameter integer AES_SBOX       = 0,  // aes_top SBOX: 0 table, 1 composite field
  parameter integer PRINCE_FOLDED  = 1,
  parameter integer PRESENT_KEY128 = 1,
  parameter integer PRESENT_RPC    = 1
) (
  input  wire        clk_i,
  input  wire        rst_ni,
  input  wire [11:0] s_axil_awaddr_i,   // byte offset in the engine's 4 KiB window
  input  wire        s_axil_awvalid_i,
  output wire        s_axil_awready_o,
  input  wire [31:0] s_axil_wdata_i,
  input  wire [3:0]  s_axil_wstrb_i,
  input  wire        s_axil_wvalid_i,
  output wire        s_axil_wready_o,
  output wire [1:0]  s_axil_bresp_o,
  output wire        s_axil_bvalid_o,
  input  wire        s_axil_bready_i,
  input  wire [11:0] s_axil_araddr_i,
  input  wire        s_axil_arvalid_i,
  output wire        s_axil_arready_o,
  output wire [31:0] s_axil_rdata_o,
  output wire [1:0]  s_axil_rresp_o,
  output wire        s_axil_rvalid_o,
  input  wire        s_axil_rready_i,
  output wire        irq_o              // OR(IS & IE): done, error, output available
);
  localparam [1:0] OKAY = 2'b00, SLVERR = 2'b10;

  reg        bvalid_q, bok_q, rvalid_q, rok_q, fresh_q, wturn_q;
  reg [31:0] rhold_q;

  // A channel is free when its response register is empty or being emptied in this cycle; ready
  // follows valid in the same cycle (allowed by AXI: valid never waits for ready).
  wire wr_want = s_axil_awvalid_i && s_axil_wvalid_i && (!bvalid_q || s_axil_bready_i);
  wire rd_want = s_axil_arvalid_i && (!rvalid_q || s_axil_rready_i);
  wire rd_go   = rd_want && (!wr_want || !wturn_q);
  wire wr_go   = wr_want && !rd_go;

  wire [11:0] addr = wr_go ? s_axil_awaddr_i : s_axil_araddr_i;
  wire        ok   = `CV_CPL_MAPPED(addr) && (!wr_go || s_axil_wstrb_i == 4'hF);

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

  ip_engine_core #(
    .ENGINE(ENGINE), .AES_ARCH(AES_ARCH), .AES_SBOX(AES_SBOX), .PRINCE_FOLDED(PRINCE_FOLDED),
    .PRESENT_KEY128(PRESENT_KEY128), .PRESENT_RPC(PRESENT_RPC)
  ) u_core (
    .clk_i(clk_i), .rst_ni(rst_ni), .req_i((rd_go || wr_go) && ok), .we_i(wr_go),
    .addr_i(addr), .wdata_i(s_axil_wdata_i), .rdata_o(hub_rdata), .irq_o(irq_o)
  );
endmodule

`default_nettype wire
