// SPDX-License-Identifier: Apache-2.0
// aes_key_exp.v
// AES-128/192/256 key expansion, one group of four words per cycle into a round-key store.
`default_nettype none

// The store (aes_rk_ram, or aes_rk_regs for the pipelined datapath) has 16 addresses of 128
// bits; round key r = w[4r..4r+3] is address r. This module drives its single write port.
//
// Load: the edge that takes load_i fills an eight-word window (w0..w3 in window[4..7]); each
// following edge writes the window's newest group to the store and computes the next group into
// the window: group g (w[4g..4g+3]) is written to address g at the (g+1)-th edge, so the
// schedule is complete Nr + 1 = 11 / 13 / 15 cycles after the load edge (a constant per key
// size). The store's write data is the window itself, no multiplexer. The recurrence
// w[i] = w[i-Nk] ^ f(w[i-1]) reads the window of the last eight words; in a group of four at
// most one word needs SubWord (offset 0, or offset 2 for Nk = 6), so one SubWord (4 forward
// S-boxes) suffices. Groups are aligned to four words, so the remaining key words of AES-192
// (w4, w5) and AES-256 (w4..w7) pass through group 1: the window is loaded with "virtual"
// words below w0 (w4^w3, w5^w4, ...) chosen so that the ordinary recurrence of group 1 (for
// AES-256 with SubWord suppressed) reproduces them.
//
// Wipe: reset and clr_i (zeroize) clear every register here in one cycle and then write the
// (cleared) window, i.e. zeros, to all 16 store addresses, one per cycle (16 cycles, busy_o
// high, ready_o low). A load_i during the wipe is not lost: the key is taken into the window
// and expansion starts when the wipe ends (ready_o Nr + 1 cycles later). The addresses the wipe
// writes after such a load receive the new key's round key 0 instead of zeros (the expansion
// then overwrites addresses 0..Nr): nothing of the earlier key survives either way. Nothing
// here is readable from outside the engine.
module aes_key_exp #(
  parameter integer SBOX    = 1,
  parameter integer EXT_SUB = 0   // 1: SubWord on the datapath's S-boxes (sub_*), 0: own four
) (
  input  wire         clk_i,
  input  wire         rst_ni,
  input  wire         clr_i,    // zeroize: clear, then wipe the store
  input  wire         load_i,   // start expanding key_i (held until the end of a running wipe)
  input  wire [1:0]   ksz_i,    // 0: 128, 1: 192, 2: 256 (3 rejected by the caller)
  input  wire [255:0] key_i,    // key in the most significant bits
  output wire         ready_o,  // schedule complete
  output wire         busy_o,   // wipe running
  output reg          we_o,     // store write port
  output reg  [3:0]   wa_o,
  output reg  [127:0] wd_o,
  output wire         sub_act_o,  // EXT_SUB: expanding, the S-boxes are needed
  output wire [31:0]  sub_in_o,   // EXT_SUB: SubWord input (byte g in bits 8g+7:8g)
  input  wire [31:0]  sub_out_i   // EXT_SUB: forward S-box of each byte of sub_in_o
);

  reg [31:0] win_q [0:7];   // last eight words, win_q[7] the newest
  reg [31:0] win_d [0:7];
  reg        wipe_q, wipe_d;  // wiping the store
  reg        pend_q, pend_d;  // a key was loaded during the wipe: expand when it ends
  reg        exp_q, exp_d;    // expanding groups 1..Nr
  reg [3:0]  a_q, a_d;        // store address written next (wipe and expansion)
  reg [2:0]  m_q, m_d;        // group start mod Nk (AES-256: 1 marks the pass-through group)
  reg [7:0]  rcon_q, rcon_d;
  reg        rdy_q, rdy_d;
  reg [1:0]  ksz_q, ksz_d;
  reg [31:0] sin_q, sin_d;    // SubWord input of the group computed next

  function automatic [7:0] xt(input [7:0] a);
    begin
      xt = {a[6:0], 1'b0} ^ (a[7] ? 8'h1b : 8'h00);
    end
  endfunction

  // Where (if anywhere) the current group of four needs SubWord, and of which kind.
  reg       sub_at2;   // SubWord input is the group's second new word (Nk = 6, i mod 6 = 4)
  reg       sub_here;  // some word of the group needs SubWord
  reg       rot;       // with RotWord and Rcon (i mod Nk == 0), else SubWord only (Nk = 8)
  always @* begin
    sub_at2  = 1'b0;
    sub_here = 1'b1;
    rot      = 1'b1;
    case (ksz_q)
      2'd1: begin
        sub_at2  = (m_q == 3'd4);
        sub_here = (m_q != 3'd2);
      end
      2'd2: begin
        rot      = (m_q == 3'd0);
        sub_here = (m_q != 3'd1);
      end
      default: ;
    endcase
  end

  wire [31:0] sub_in;
  wire [31:0] sub_out;
  wire [31:0] n0, n1, n2, n3;
  wire [31:0] old0, old1, old2, old3;
  wire [31:0] f_out;

  // w[i+j-Nk] sits at window index 8-Nk+j
  assign old0 = (ksz_q == 2'd2) ? win_q[0] : (ksz_q == 2'd1) ? win_q[2] : win_q[4];
  assign old1 = (ksz_q == 2'd2) ? win_q[1] : (ksz_q == 2'd1) ? win_q[3] : win_q[5];
  assign old2 = (ksz_q == 2'd2) ? win_q[2] : (ksz_q == 2'd1) ? win_q[4] : win_q[6];
  assign old3 = (ksz_q == 2'd2) ? win_q[3] : (ksz_q == 2'd1) ? win_q[5] : win_q[7];

  // The SubWord input (win_q[7], or at offset 2 the unkeyed chain w[i] ^ w[i+1] of AES-192)
  // is computed with the window that precedes it and registered (sin_q), so the loop through
  // the S-boxes is: S-box, one XOR, the window's load select.
  wire [31:0] p0 = old0 ^ win_q[7];
  // RotWord is applied to the S-boxes' input (SubWord and RotWord commute): the rotation
  // select sits between sin_q and the S-boxes, so the synthesis' ROM inference cannot merge
  // sin_q into the S-box tables as a read register and move it behind them, which would put
  // the window's XOR chain and the load select in front of the S-boxes in one cycle
  assign sub_in = rot ? {sin_q[23:0], sin_q[31:24]} : sin_q;
  genvar g;
  generate
    if (EXT_SUB != 0) begin : g_ext
      assign sub_out = sub_out_i;
    end else begin : g_own
      for (g = 0; g < 4; g = g + 1) begin : g_sbox
        aes_sbox #(.SBOX(SBOX)) u_sbox (
          .in_i(sub_in[8*g +: 8]), .inv_i(1'b0), .out_o(sub_out[8*g +: 8])
        );
      end
      wire unused_sub = ^sub_out_i;
    end
  endgenerate
  assign sub_act_o = exp_q;
  assign sub_in_o  = sub_in;
  assign f_out = sub_out ^ {rot ? rcon_q : 8'h00, 24'h0};

  // Each new word is a part without SubWord (b0..b3, from the window alone) XORed with f_out
  // or not, so f_out enters at the end: in w[i..i+3] it enters at offset 0 (fa: all four words
  // then carry it) or at offset 2 (sub_at2: the last two).
  wire        fa = sub_here && !sub_at2;
  wire [31:0] b0 = fa ? old0 : p0;
  wire [31:0] b1 = old1 ^ b0;
  wire [31:0] b2 = sub_at2 ? old2 : (old2 ^ b1);
  wire [31:0] b3 = old3 ^ b2;
  wire [31:0] f01 = fa ? f_out : 32'h0;
  wire [31:0] f23 = (fa || sub_at2) ? f_out : 32'h0;
  assign n0 = b0 ^ f01;
  assign n1 = b1 ^ f01;
  assign n2 = b2 ^ f23;
  assign n3 = b3 ^ f23;
  // next group's SubWord input: n3, or for AES-192 at offset 2 w[i] ^ w[i+1] ^ w[i+3] of the
  // next window (its words 2, 3 are this window's 6, 7)
  wire        at2_n = (ksz_q == 2'd1) && (m_q == 3'd0);   // m_d == 4
  wire [31:0] sin_x = b3 ^ (at2_n ? (win_q[6] ^ win_q[7]) : 32'h0) ^ f23;

  // key word k (0..7) of key_i
  function automatic [31:0] kw(input [255:0] key, input integer k);
    begin
      kw = key[255-32*k -: 32];
    end
  endfunction

  wire [3:0] nr = (ksz_q == 2'd2) ? 4'd14 : (ksz_q == 2'd1) ? 4'd12 : 4'd10;

  // The store is written from the window's newest four words: group g is computed into the
  // window at one edge and written at the next (group 0, the key words, is there after load).
  always @* wd_o = {win_q[4], win_q[5], win_q[6], win_q[7]};

  integer k;
  always @* begin
    for (k = 0; k < 8; k = k + 1) win_d[k] = win_q[k];
    wipe_d = wipe_q;
    pend_d = pend_q;
    exp_d  = exp_q;
    a_d    = a_q;
    m_d    = m_q;
    rcon_d = rcon_q;
    rdy_d  = rdy_q;
    ksz_d  = ksz_q;
    sin_d  = sin_q;
    we_o   = 1'b0;
    wa_o   = a_q;
    if (!clr_i) begin
      if (wipe_q) begin
        // zeros (the window is clear after reset / zeroize; see the header for a key loaded
        // meanwhile)
        we_o   = 1'b1;
        a_d    = a_q + 4'd1;
        if (a_q == 4'd15) begin
          wipe_d = 1'b0;
          exp_d  = pend_q;   // a key loaded during the wipe: expand it now
          pend_d = 1'b0;
          a_d    = 4'd0;
        end
      end else if (exp_q) begin
        // write group a_q (in the window) and compute group a_q + 1 into the window
        we_o = 1'b1;
        for (k = 0; k < 4; k = k + 1) win_d[k] = win_q[k+4];
        win_d[4] = n0;
        win_d[5] = n1;
        win_d[6] = n2;
        win_d[7] = n3;
        sin_d    = sin_x;
        a_d = a_q + 4'd1;
        case (ksz_q)
          2'd1: m_d = (m_q == 3'd0) ? 3'd4 : (m_q == 3'd4) ? 3'd2 : 3'd0;
          2'd2: m_d = (m_q == 3'd0) ? 3'd4 : 3'd0;
          default: m_d = 3'd0;
        endcase
        if (sub_here && rot) rcon_d = xt(rcon_q);
        if (a_q == nr) begin
          exp_d = 1'b0;
          rdy_d = 1'b1;
        end
      end
      if (load_i) begin
        // window: w0..w3 in [4..7]; below them the virtual words that make the recurrence of
        // group 1 reproduce w4, w5 (AES-192: window[2..3]) or w4..w7 (AES-256: window[0..3])
        win_d[4] = kw(key_i, 0);
        win_d[5] = kw(key_i, 1);
        win_d[6] = kw(key_i, 2);
        win_d[7] = kw(key_i, 3);
        win_d[0] = kw(key_i, 4) ^ kw(key_i, 3);
        win_d[1] = kw(key_i, 5) ^ kw(key_i, 4);
        win_d[2] = (ksz_i == 2'd2) ? (kw(key_i, 6) ^ kw(key_i, 5)) : win_d[0];
        win_d[3] = (ksz_i == 2'd2) ? (kw(key_i, 7) ^ kw(key_i, 6)) : win_d[1];
        m_d    = (ksz_i == 2'd2) ? 3'd1 : (ksz_i == 2'd1) ? 3'd4 : 3'd0;
        // group 1's SubWord input (AES-192: at offset 2, window words 2, 3 and 7)
        sin_d  = (ksz_i == 2'd1) ? (win_d[2] ^ win_d[3] ^ win_d[7]) : win_d[7];
        rcon_d = 8'h01;
        rdy_d  = 1'b0;
        if (wipe_q) begin
          // the wipe owns the write port: expand when it ends (the last wipe cycle included)
          exp_d  = (a_q == 4'd15);
          pend_d = (a_q != 4'd15);
        end else begin
          exp_d  = 1'b1;
          a_d    = 4'd0;
        end
        ksz_d  = ksz_i;
      end
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni || clr_i) begin
      for (k = 0; k < 8; k = k + 1) win_q[k] <= 32'h0;
      wipe_q <= 1'b1;
      pend_q <= 1'b0;
      exp_q  <= 1'b0;
      a_q    <= 4'd0;
      m_q    <= 3'd0;
      rcon_q <= 8'h0;
      rdy_q  <= 1'b0;
      ksz_q  <= 2'd0;
      sin_q  <= 32'h0;
    end else begin
      for (k = 0; k < 8; k = k + 1) win_q[k] <= win_d[k];
      wipe_q <= wipe_d;
      pend_q <= pend_d;
      exp_q  <= exp_d;
      a_q    <= a_d;
      m_q    <= m_d;
      rcon_q <= rcon_d;
      rdy_q  <= rdy_d;
      ksz_q  <= ksz_d;
      sin_q  <= sin_d;
    end
  end

  assign ready_o = rdy_q;
  assign busy_o  = wipe_q;

endmodule

`default_nettype wire
