// SPDX-License-Identifier: Apache-2.0
// prince_fold.v
// PRINCE folded datapath: two rounds per cycle, two blocks in flight, one block per 3 cycles.
`default_nettype none

// Two stages, each with two round slots, step through three phases (ph 0, 1, 2) together:
//
//   phase            0              1              2
//   F stage     W, F1, F2  -> fs   F3, F4 -> fs   F5, M  -> bs      (fs_q: forward half)
//   B stage     B6, B7     -> bs   B8, B9 -> bs   B10, W' -> out    (bs_q: backward half)
//
// A block is accepted only in phase 0 (from in_data_i straight into the F slots), crosses to
// the B stage at the end of phase 2 while the previous block leaves bs_q for the output
// register, so a block takes 6 cycles from acceptance to out_valid_o and blocks are accepted
// every 3 cycles. The round constants of a slot depend only on the phase.
//
// Backward rounds add their key after M' (kcb = M'(SR^-1(kc)), and likewise for the round
// constants): y = S^-1(M'(SR^-1(x)) ^ kcb ^ L(RC)), so each output bit of that XOR has six
// inputs (three state bits, a key bit, two phase bits) and fits one LUT6.
// Everything freezes while a result waits in the output register (out_ready_i low).
//
// Idle, the datapath holds still: with no message accepting input and no block in flight
// (run low) the phase parks at 3, which selects no slot's constants and not the input, so the
// rounds see only held registers; start_i sets phase 0 as before. The stage registers load
// only when they take a block (fs_q: an accepted block, or its second F step; bs_q: a block
// in the B stage, or the middle round of the block crossing), the output register only when a
// block leaves bs_q. These are flop enables; the round logic is unchanged.
module prince_fold (
  input  wire        clk_i,
  input  wire        clear_i,     // synchronous clear (reset or zeroize)
  input  wire        start_i,     // a message starts: phase 0
  input  wire        accept_i,    // the message accepts input
  input  wire        in_valid_i,
  output wire        in_ready_o,
  input  wire [63:0] in_data_i,
  input  wire        in_last_i,
  output wire        out_valid_o,
  input  wire        out_ready_i,
  output wire [63:0] out_data_o,
  output wire        out_last_o,
  input  wire [63:0] kc_i,
  input  wire [63:0] kcb_i,
  input  wire [63:0] kwin_i,
  input  wire [63:0] kwout_i
);
  localparam [63:0] RC1 = 64'h13198A2E03707344;
  localparam [63:0] RC2 = 64'hA4093822299F31D0;
  localparam [63:0] RC3 = 64'h082EFA98EC4E6C89;
  localparam [63:0] RC4 = 64'h452821E638D01377;
  localparam [63:0] RC5 = 64'hBE5466CF34E90C6C;
  localparam [63:0] RC6 = 64'h7EF84F78FD955CB1;
  localparam [63:0] RC7 = 64'h85840851F1AC43AA;
  localparam [63:0] RC8 = 64'hC882D32F25323C54;
  localparam [63:0] RC9 = 64'h64A51195E0E3610D;
  localparam [63:0] RC10 = 64'hD3B5A399CA0C2399;

  reg [1:0] ph_q, ph_d;
  reg [63:0] fs_q, fs_d, bs_q, bs_d, out_q, out_d;
  reg fv_q, fv_d, fl_q, fl_d;      // fs_q holds a block / it is the last
  reg bv_q, bv_d, bl_q, bl_d;      // bs_q holds a block / it is the last
  reg ov_q, ov_d, ol_q, ol_d;      // out_q holds a result / it is the last

  wire ph0 = ph_q == 2'd0;
  wire ph1 = ph_q == 2'd1;
  wire ph2 = ph_q == 2'd2;
  wire adv = ~ov_q | out_ready_i;
  assign in_ready_o = accept_i & ph0 & adv;
  wire in_fire = in_valid_i & in_ready_o;
  wire run = accept_i | fv_q | bv_q | ov_q;

  // ---- F stage
  wire [63:0] xf = ph0 ? (in_data_i ^ kwin_i) : fs_q;
  wire [63:0] rc_f1 = ph0 ? RC1 : ph2 ? RC5 : RC3;
  wire [63:0] rc_f2 = ph0 ? RC2 : RC4;
  wire [63:0] f1, f1_s, f1_m, f1_sr, f2, mid;
  prince_round #(.KIND(0)) u_f1 (.x_i(xf), .k_i(kc_i ^ rc_f1), .y_o(f1));
  // Slot 2: a forward round (phases 0, 1) or the middle round (phase 2); they share S and M'.
  prince_slayer #(.INV(0)) u_f2_s (.x_i(f1), .y_o(f1_s));
  prince_mprime u_f2_m (.x_i(f1_s), .y_o(f1_m));
  prince_shiftrows #(.INV(0)) u_f2_sr (.x_i(f1_m), .y_o(f1_sr));
  assign f2 = f1_sr ^ kc_i ^ rc_f2;

  // ---- B stage (key and constants added after the linear layer)
  wire [63:0] rc_b1 = ph0 ? RC6 : ph2 ? RC10 : RC8;
  wire [63:0] rc_b2 = ph0 ? RC7 : RC9;
  wire [63:0] b1_sr, b1_l, rcb1_sr, rcb1_l, b1;
  prince_shiftrows #(.INV(1)) u_b1_sr (.x_i(bs_q), .y_o(b1_sr));
  prince_mprime u_b1_m (.x_i(b1_sr), .y_o(b1_l));
  prince_shiftrows #(.INV(1)) u_b1_rsr (.x_i(rc_b1), .y_o(rcb1_sr));
  prince_mprime u_b1_rm (.x_i(rcb1_sr), .y_o(rcb1_l));
  prince_slayer #(.INV(1)) u_b1_si (.x_i(b1_l ^ kcb_i ^ rcb1_l), .y_o(b1));
  wire [63:0] b2_sr, b2_l, rcb2_sr, rcb2_l, b2_u;
  prince_shiftrows #(.INV(1)) u_b2_sr (.x_i(b1), .y_o(b2_sr));
  prince_mprime u_b2_m (.x_i(b2_sr), .y_o(b2_l));
  prince_shiftrows #(.INV(1)) u_b2_rsr (.x_i(rc_b2), .y_o(rcb2_sr));
  prince_mprime u_b2_rm (.x_i(rcb2_sr), .y_o(rcb2_l));
  assign b2_u = b2_l ^ kcb_i ^ rcb2_l;
  // bs_q takes B7/B9 (phases 0, 1) or the middle round's result (phase 2): both end in S^-1,
  // so the choice is made on its input.
  prince_slayer #(.INV(1)) u_b2_si (.x_i(ph2 ? f1_m : b2_u), .y_o(mid));

  always @* begin
    ph_d = ph2 ? 2'd0 : ph_q + 2'd1;
    fs_d = f2;
    fv_d = fv_q;
    fl_d = fl_q;
    bs_d = mid;
    bv_d = bv_q;
    bl_d = bl_q;
    out_d = b1 ^ kwout_i;
    ov_d = ov_q & ~out_ready_i;
    ol_d = ol_q;
    if (ph0) begin
      fv_d = in_fire;
      fl_d = in_last_i;
    end
    if (ph2) begin
      bv_d = fv_q;
      bl_d = fl_q;
      ov_d = bv_q;
      ol_d = bl_q;
    end
    if (!run) begin
      ph_d = 2'd3;
    end
    if (start_i) begin
      ph_d = 2'd0;
    end
  end

  wire step = adv | start_i;
  wire fs_en = in_fire | (adv & ph1 & fv_q);
  wire bs_en = adv & (ph2 ? fv_q : bv_q);
  wire out_en = adv & ph2 & bv_q;

  always @(posedge clk_i) begin
    if (clear_i) begin
      ph_q <= 2'd0;
      fv_q <= 1'b0;
      fl_q <= 1'b0;
      bv_q <= 1'b0;
      bl_q <= 1'b0;
      ov_q <= 1'b0;
    end else if (step) begin
      ph_q <= ph_d;
      fv_q <= fv_d;
      fl_q <= fl_d;
      bv_q <= bv_d;
      bl_q <= bl_d;
      ov_q <= ov_d;
    end
  end

  always @(posedge clk_i) begin
    if (clear_i) begin
      fs_q <= 64'd0;
    end else if (fs_en) begin
      fs_q <= fs_d;
    end
  end

  always @(posedge clk_i) begin
    if (clear_i) begin
      bs_q <= 64'd0;
    end else if (bs_en) begin
      bs_q <= bs_d;
    end
  end

  always @(posedge clk_i) begin
    if (clear_i) begin
      out_q <= 64'd0;
      ol_q <= 1'b0;
    end else if (out_en) begin
      out_q <= out_d;
      ol_q <= ol_d;
    end
  end

  assign out_valid_o = ov_q;
  assign out_data_o = out_q;
  assign out_last_o = ol_q;
endmodule

`default_nettype wire
