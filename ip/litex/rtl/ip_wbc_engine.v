// SPDX-License-Identifier: Apache-2.0
// ip_wbc_engine.v
// One Cipher-V engine as a classic (standard) Wishbone slave with a word address, as LiteX's
// wishbone.Interface drives it: ip_wb_engine behind a classic-to-pipelined adapter.
`default_nettype none

// A classic master holds CYC and STB high until it sees ACK or ERR; ip_wb_engine is pipelined
// and takes a new request in every cycle STB is high. The adapter lets one request through per
// classic cycle: after a request has gone out, STB is masked in the next cycle (the one that
// carries ip_wb_engine's ACK or ERR), so a register with a read side effect (DOUT) or a write
// (DIN, CTRL) is reached exactly once. A classic access therefore takes two bus cycles: the
// request and its answer. A master that starts its next access in the cycle after an ACK
// (LiteX's interconnect does) keeps one access every two cycles.
//
// Address: wb_adr_i is the word address inside the engine's 4 KiB window (byte offset / 4);
// the SoC's interconnect decodes the window and passes the low ten bits of its word address.
// CTI and BTE are not used: each access is a single classic cycle.
// One clock domain, clk_i; rst_ni synchronous, active low.
module ip_wbc_engine #(
  parameter integer ENGINE         = 1,  // 1 AES, 2 PRINCE, 3 PRESENT, 4 ChaCha, 5 SHA-3
  parameter integer AES_ARCH       = 0,
  parameter integer AES_SBOX       = 0,
  parameter integer PRINCE_FOLDED  = 1,
  parameter integer PRESENT_KEY128 = 1,
  parameter integer PRESENT_RPC    = 1
) (
  input  wire        clk_i,
  input  wire        rst_ni,
  input  wire        wb_cyc_i,
  input  wire        wb_stb_i,
  input  wire        wb_we_i,
  input  wire [9:0]  wb_adr_i,   // word address in the 4 KiB window
  input  wire [31:0] wb_dat_i,
  input  wire [3:0]  wb_sel_i,
  output wire        wb_ack_o,
  output wire        wb_err_o,
  output wire [31:0] wb_dat_o,
  output wire        irq_o
);
  reg  sent_q;   // a request went out in the previous cycle: its answer is on the bus now
  wire stb = wb_stb_i && !sent_q;

  always @(posedge clk_i) begin
    if (!rst_ni) sent_q <= 1'b0;
    else         sent_q <= wb_cyc_i && stb;
  end

  /* verilator lint_off UNUSEDSIGNAL */
  wire stall;    // always low (ip_wb_engine never stalls)
  /* verilator lint_on UNUSEDSIGNAL */

  /* verilator lint_off UNUSEDSIGNAL */  // the wrapper's DMA master, not built here
  wire        m_cyc, m_stb, m_we;
  wire [31:2] m_adr;
  wire [31:0] m_dat;
  wire [3:0]  m_sel;
  /* verilator lint_on UNUSEDSIGNAL */

  ip_wb_engine #(
    .ENGINE(ENGINE), .AES_ARCH(AES_ARCH), .AES_SBOX(AES_SBOX), .PRINCE_FOLDED(PRINCE_FOLDED),
    .PRESENT_KEY128(PRESENT_KEY128), .PRESENT_RPC(PRESENT_RPC)
  ) u_wb (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .wb_cyc_i(wb_cyc_i), .wb_stb_i(stb), .wb_we_i(wb_we_i), .wb_adr_i(wb_adr_i),
    .wb_dat_i(wb_dat_i), .wb_sel_i(wb_sel_i), .wb_stall_o(stall), .wb_ack_o(wb_ack_o),
    .wb_err_o(wb_err_o), .wb_dat_o(wb_dat_o), .irq_o(irq_o),
    // no DMA (DMA = 0): the master port is idle
    .m_wb_cyc_o(m_cyc), .m_wb_stb_o(m_stb), .m_wb_we_o(m_we), .m_wb_adr_o(m_adr),
    .m_wb_dat_o(m_dat), .m_wb_sel_o(m_sel), .m_wb_stall_i(1'b0), .m_wb_ack_i(1'b0),
    .m_wb_err_i(1'b0), .m_wb_dat_i(32'h0)
  );
endmodule

`default_nettype wire
