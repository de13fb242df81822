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
module ip_wb_engine #(
  parameter integer ENGINE         = 1,  // 1 AES, 2 PRINCE, 3 PRESENT, 4 ChaCha, 5 SHA-3
  parameter integer AES_ARCH       = 0,  // aes_top ARCH: 0 rolled, 2 pipelined
  parameter integer AES_SBOX       = 0,  // aes_top SBOX: 0 table, 1 composite field
  parameter integer PRINCE_FOLDED  = 1,
  parameter integer PRESENT_KEY128 = 1,
  parameter integer PRESENT_RPC    = 1
) (
  input  wire        clk_i,
  input  wire        rst_ni,
  input  wire        wb_cyc_i,
  input  wire        wb_stb_i,
  input  wire        wb_we_i,
  input  wire [11:2] wb_adr_i,   // word address in the engine's 4 KiB window (byte offset / 4)
  input  wire [31:0] wb_dat_i,
  input  wire [3:0]  wb_sel_i,
  output wire        wb_stall_o,
  output wire        wb_ack_o,
  output wire        wb_err_o,
  output wire [31:0] wb_dat_o,
  output wire        irq_o       // OR(IS & IE): done, error, output available
);
  reg ack_q, err_q;

  wire [11:0] addr = {wb_adr_i, 2'b00};
  wire        req  = wb_cyc_i && wb_stb_i;
  wire        ok   = `CV_CPL_MAPPED(addr) && (wb_sel_i == 4'hF);

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

  ip_engine_core #(
    .ENGINE(ENGINE), .AES_ARCH(AES_ARCH), .AES_SBOX(AES_SBOX), .PRINCE_FOLDED(PRINCE_FOLDED),
    .PRESENT_KEY128(PRESENT_KEY128), .PRESENT_RPC(PRESENT_RPC)
  ) u_core (
    .clk_i(clk_i), .rst_ni(rst_ni), .req_i(req && ok), .we_i(wb_we_i), .addr_i(addr),
    .wdata_i(wb_dat_i), .rdata_o(wb_dat_o), .irq_o(irq_o)
  );
endmodule

`default_nettype wire
