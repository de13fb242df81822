// SPDX-License-Identifier: Apache-2.0
// poly1305_top.v
// Poly1305 engine (RFC 8439): h <- (h + m) * r mod 2^130 - 5, one 16-byte block per 5 cycles.
`default_nettype none

// Two lanes. Blocks alternate between lane A and lane B; each lane multiplies by r^2, except the
// message's last block, which multiplies by r. With blocks m_1..m_n the lanes then hold the
// two halves of sum m_i r^(n-i+1), and the tag adds them. A lane has 10 cycles per block while
// the shared multipliers take a new block every 5, so the multiplier and the additions after it
// are pipelined (registered DSP products) instead of sitting in one long loop: one lane's
// h -> (h + m) * r loop would otherwise hold a 28 x 29-bit product and three additions in one
// cycle. r^2 is computed by the same datapath when the key is loaded.
//
// Arithmetic in radix 2^26 (2^130 is limb 5, which wraps to limb 0 times 5). Per block,
// a = h + m is multiplied by R (r or r^2) one limb of a per issue cycle (k = 0..4):
//   acc += a_k * R_k,   R_k = R * 2^(26k) mod p,
// R_k being R's limbs rotated up k places, each limb that wraps past limb 4 multiplied by 5 (rr_q
// rotates by one place per issue). Pipeline of one issue:
//   S0  a_k * R_k[j], j = 0..4, as four products of at most 15 x 14 bits each (one MULT18X18D
//       or DSP48 each: 20 in all), registered;
//   S1  the four summed into the 56-bit product p_j;
//   S2  p_j split at bit 26: the low part for limb j, the high part for limb j+1 (for limb 0
//       the high part of p_4, times 5);
//   S3  acc limb j += both parts, and every limb's bits above 26 move one limb up, so the limbs
//       stay below 2^30 and no carry runs across 130 bits.
// A lane's next block is accepted once its last S3 is done (a = normalised h + m is formed on the
// accepting edge), which the other lane's block in between leaves time for.
//
// Bounds (from R's limbs below 2^26 + 75 and m < 2^129):
//   acc limb < 2^30; normalised (low 26 bits + the lower limb's carry) < 2^26 + 75;
//   a_k < 2^27 + 75 (28 bits); R limbs < 5 * (2^26 + 75) (29 bits); products < 2^55.4
//   (56 bits); new limb < 2^26 + 75 + 2^26 + 2^29.4 < 2^30.
// engines/poly1305/model/poly1305_model.py mirrors this datapath and asserts the bounds.
//
// After the last block: the lanes added limb by limb; t = that sum as one integer; u = t mod
// 2^130 + 5 * (t >> 130); f = u - p if u >= p (u + 5 carries into bit 130) else u; tag = f + s
// mod 2^128: five cycles, at most one carry chain each. The one-time key (r, s and r^2) is wiped
// when the tag is produced.
module poly1305_top (
  input  wire         clk_i,
  input  wire         rst_ni,
  input  wire         zeroize_i,    // clears the key, h and all state
  input  wire         start_i,
  input  wire [255:0] key_i,        // the 32-byte one-time key r || s, byte 0 in [255:248]
  input  wire         key_valid_i,
  output wire         key_ready_o,  // the key is loaded and r^2 computed (11 cycles after the
                                    // load); cleared when its message's tag is produced
  input  wire         in_valid_i,
  output wire         in_ready_o,
  input  wire [127:0] in_data_i,    // 16 message bytes, byte 0 in [127:120]
  input  wire [4:0]   in_bytes_i,   // message bytes in the block: 1..15, or 16 when bit 4 is set
                                    // (the lower bits are then ignored); 0 only as the single
                                    // block of an empty message
  input  wire         in_last_i,
  output wire         out_valid_o,
  input  wire         out_ready_i,
  output wire [127:0] out_data_o,   // the tag, byte 0 in [127:120]
  output wire         out_last_o,
  output wire         busy_o,
  output wire         err_o,
  output wire [3:0]   err_code_o
);

  localparam integer AW = 30;   // accumulator limb
  localparam integer BW = 28;   // a_k
  localparam integer RW = 29;   // R limb (R limb, or 5 * R limb once wrapped)
  localparam integer QW = 27;   // stored r^2 limb (normalised)
  localparam integer PW = 56;   // product
  localparam integer PPW = 29 + 28 + 29 + 27;  // the four partial products of one column

  // the same codes as the other engines for the same causes
  localparam [3:0] ERR_NONE = 4'd0;
  localparam [3:0] ERR_BUSY = 4'd2;   // start or key write while a message is in progress
  localparam [3:0] ERR_NOKEY = 4'd3;  // start without a fresh key (or before r^2 is ready)

  localparam [127:0] CLAMP = 128'h0ffffffc0ffffffc0ffffffc0fffffff;

  localparam [1:0] KEY_NONE = 2'd0;
  localparam [1:0] KEY_SQUARE = 2'd1;  // r^2 in the datapath
  localparam [1:0] KEY_READY = 2'd2;

  // ---------------------------------------------------------------------------------------------
  // Registers
  reg [127:0]    r_q, r_d;             // clamped r (little-endian integer)
  reg [127:0]    s_q, s_d;
  reg [5*QW-1:0] r2_q, r2_d;           // r^2, normalised limbs
  reg [1:0]      key_q, key_d;         // KEY_*
  reg            sq_go_q, sq_go_d;     // issue the r * r block next cycle
  reg            sq_end_q, sq_end_d;   // r * r is in lane A: store it as r^2
  reg [5*AW-1:0] acc_a_q, acc_a_d;     // lane A: h between its blocks, the sum during one
  reg [5*AW-1:0] acc_b_q, acc_b_d;     // lane B
  reg [1:0]      pend_q, pend_d;       // a lane's block is in the pipeline ([0] A, [1] B)
  reg            nxt_q, nxt_d;         // lane of the next block (0: A)
  // issue stage
  reg            iss_q, iss_d;
  reg [2:0]      k_q, k_d;
  reg            iss_ln_q, iss_ln_d;   // lane of the issuing block
  reg [5*BW-1:0] a_q, a_d;             // a, shifted down one limb per issue
  reg [5*RW-1:0] rr_q, rr_d;           // R_k
  // pipeline stages: valid, lane, first issue of a block (acc restarts), last issue
  reg [2:0]      v_q, v_d, ln_q, ln_d, fst_q, fst_d, end_q, end_d;  // [0] S0->S1 ... [2] S2->S3
  reg [5*PPW-1:0] pp_q;
  reg [5*PW-1:0] p_q;
  reg [5*26-1:0] lo_q;
  reg [5*AW-1:0] hi_q;
  // message
  reg            run_q, run_d;         // a message runs (blocks, then the final reduction)
  reg            lastin_q, lastin_d;   // the last block has been accepted
  reg [2:0]      fin_q, fin_d;         // final reduction stage, 0: none
  reg [5*31-1:0] sum_q;                // final reduction pipeline (runs every cycle)
  reg [135:0]    t_q;
  reg [130:0]    u_q;
  reg [127:0]    f_q;
  reg [127:0]    out_q, out_d;
  reg            out_valid_q, out_valid_d;
  reg            err_q, err_d;
  reg [3:0]      err_code_q, err_code_d;

  // ---------------------------------------------------------------------------------------------
  // Byte order: key and message bytes are little-endian integers; the bus has byte 0 on top.
  wire [127:0] r_le, s_le, tag_bus;
  wire [128:0] m_w;
  wire [127:0] tag_le;
  wire [4:0]   nb = in_bytes_i[4] ? 5'd16 : {1'b0, in_bytes_i[3:0]};
  genvar gi;
  generate
    for (gi = 0; gi < 16; gi = gi + 1) begin : g_bytes
      assign r_le[8*gi +: 8] = key_i[255 - 8*gi -: 8];
      assign s_le[8*gi +: 8] = key_i[127 - 8*gi -: 8];
      assign tag_bus[127 - 8*gi -: 8] = tag_le[8*gi +: 8];
      // message bytes below nb; the pad bit 2^(8 nb) sits in the first byte not taken (none
      // for the empty message)
      assign m_w[8*gi +: 8] = (nb > gi) ? in_data_i[127 - 8*gi -: 8]
                                        : {7'd0, (nb == gi) && (gi != 0)};
    end
  endgenerate
  assign m_w[128] = (nb == 5'd16);
  wire [129:0] m_ext = {1'b0, m_w};

  // ---------------------------------------------------------------------------------------------
  // Limb vectors: r's limbs, R for the accepted block, a = normalised h + m of its lane
  wire [5*AW-1:0] h_sel = nxt_q ? acc_b_q : acc_a_q;
  wire [5*RW-1:0] r_limbs = {5'd0, r_q[127:104], 3'd0, r_q[103:78], 3'd0, r_q[77:52],
                             3'd0, r_q[51:26], 3'd0, r_q[25:0]};
  wire [5*RW-1:0] r2_limbs = {2'd0, r2_q[4*QW +: QW], 2'd0, r2_q[3*QW +: QW],
                              2'd0, r2_q[2*QW +: QW], 2'd0, r2_q[QW +: QW], 2'd0, r2_q[0 +: QW]};
  wire [5*BW-1:0] av;                  // a for an accepted block
  wire [5*BW-1:0] a_sq = {4'd0, r_q[127:104], 2'd0, r_q[103:78], 2'd0, r_q[77:52],
                          2'd0, r_q[51:26], 2'd0, r_q[25:0]};
  wire [5*QW-1:0] r2_norm;             // lane A normalised, when it holds r * r
  wire [5*RW-1:0] rr_rot;
  wire [5*PPW-1:0] pp_w;
  wire [5*PW-1:0] p_w;
  wire [5*AW-1:0] hi_w;
  wire [5*AW-1:0] acc_old = fst_q[2] ? {(5*AW){1'b0}} : (ln_q[2] ? acc_b_q : acc_a_q);
  wire [5*AW-1:0] acc_new;
  wire [BW-1:0]   a_k = a_q[0 +: BW];
  wire [13:0]     a_lo = a_k[13:0];
  wire [13:0]     a_hi = a_k[27:14];

  generate
    for (gi = 0; gi < 5; gi = gi + 1) begin : g_limb
      localparam integer LO = (gi + 4) % 5;   // the limb below (limb 4 for limb 0)
      // carries into limb 0 come from 2^130 and count 5 times
      wire [3:0]    h_c = h_sel[AW*LO + 26 +: 4];
      wire [6:0]    h_cw = (gi == 0) ? ({3'd0, h_c} << 2) + {3'd0, h_c} : {3'd0, h_c};
      wire [3:0]    a_c = acc_a_q[AW*LO + 26 +: 4];
      wire [6:0]    a_cw = (gi == 0) ? ({3'd0, a_c} << 2) + {3'd0, a_c} : {3'd0, a_c};
      wire [3:0]    o_c = acc_old[AW*LO + 26 +: 4];
      wire [6:0]    o_cw = (gi == 0) ? ({3'd0, o_c} << 2) + {3'd0, o_c} : {3'd0, o_c};
      wire [25:0]   m_j = m_ext[26*gi +: 26];

      assign av[BW*gi +: BW] = {2'd0, h_sel[AW*gi +: 26]} + {21'd0, h_cw} + {2'd0, m_j};
      assign r2_norm[QW*gi +: QW] = {1'b0, acc_a_q[AW*gi +: 26]} + {20'd0, a_cw};
      assign rr_rot[RW*gi +: RW] = (gi == 0) ? (rr_q[RW*4 +: RW] << 2) + rr_q[RW*4 +: RW]
                                             : rr_q[RW*LO +: RW];

      // S0: a_k * R_k[j] = (a_hi 2^14 + a_lo) (R_hi 2^15 + R_lo)
      wire [RW-1:0] rj = rr_q[RW*gi +: RW];
      wire [14:0]   r_lo = rj[14:0];
      wire [13:0]   r_hi = rj[28:15];
      wire [28:0]   pp_ll = a_lo * r_lo;
      wire [27:0]   pp_lh = a_lo * r_hi;
      wire [28:0]   pp_hl = a_hi * r_lo;
      wire [26:0]   pp_hh = a_hi * r_hi;  // a_hi <= 2^13, r_hi < 2^13.4
      assign pp_w[PPW*gi +: PPW] = {pp_hh, pp_hl, pp_lh, pp_ll};

      // S1: the column's product
      wire [PPW-1:0] pq = pp_q[PPW*gi +: PPW];
      assign p_w[PW*gi +: PW] = ({27'd0, pq[28:0]} + {13'd0, pq[56:29], 15'd0}) +
                                ({13'd0, pq[85:57], 14'd0} + {pq[112:86], 29'd0});

      // S2: high part of the column below, for limb 0 that of column 4 times 5
      wire [AW-1:0] p_hi = p_q[PW*LO + 26 +: AW];
      assign hi_w[AW*gi +: AW] = (gi == 0) ? (p_hi << 2) + p_hi : p_hi;

      // S3
      assign acc_new[AW*gi +: AW] = {4'd0, acc_old[AW*gi +: 26]} + {23'd0, o_cw} +
                                    {4'd0, lo_q[26*gi +: 26]} + hi_q[AW*gi +: AW];
    end
  endgenerate

  // ---------------------------------------------------------------------------------------------
  // Final reduction: a pipeline that runs every cycle (fin_q says when its output is the tag);
  // zeroize clears it at once
  wire [5*31-1:0] sum_w;
  generate
    for (gi = 0; gi < 5; gi = gi + 1) begin : g_sum
      assign sum_w[31*gi +: 31] = {1'b0, acc_a_q[AW*gi +: AW]} + {1'b0, acc_b_q[AW*gi +: AW]};
    end
  endgenerate
  wire [129:0] lowcat = {sum_q[4*31 +: 26], sum_q[3*31 +: 26], sum_q[2*31 +: 26],
                         sum_q[1*31 +: 26], sum_q[0 +: 26]};
  wire [134:0] highcat = {sum_q[4*31 + 26 +: 5], 21'd0, sum_q[3*31 + 26 +: 5], 21'd0,
                          sum_q[2*31 + 26 +: 5], 21'd0, sum_q[1*31 + 26 +: 5], 21'd0,
                          sum_q[26 +: 5], 26'd0};
  wire [135:0] t_w = {6'd0, lowcat} + {1'b0, highcat};
  wire [130:0] u_w = {1'b0, t_q[129:0]} + {122'd0, ({3'd0, t_q[135:130]} << 2) +
                                                   {3'd0, t_q[135:130]}};
  wire [130:0] g_w = u_q + 131'd5;
  /* verilator lint_off UNUSEDSIGNAL */
  // bits 128..129 of the reduced h do not reach a tag taken mod 2^128
  wire [129:0] f_w = g_w[130] ? g_w[129:0] : u_q[129:0];
  /* verilator lint_on UNUSEDSIGNAL */
  assign tag_le = f_q + s_q;

  // datapath registers without control: cleared by reset and zeroize only
  always @(posedge clk_i) begin
    if (!rst_ni || zeroize_i) begin
      pp_q <= {(5*PPW){1'b0}};
      p_q <= {(5*PW){1'b0}};
      lo_q <= {(5*26){1'b0}};
      hi_q <= {(5*AW){1'b0}};
      sum_q <= {(5*31){1'b0}};
      t_q <= 136'd0;
      u_q <= 131'd0;
      f_q <= 128'd0;
    end else begin
      pp_q <= pp_w;
      p_q <= p_w;
      lo_q <= {p_q[4*PW +: 26], p_q[3*PW +: 26], p_q[2*PW +: 26], p_q[PW +: 26], p_q[0 +: 26]};
      hi_q <= hi_w;
      sum_q <= sum_w;
      t_q <= t_w;
      u_q <= u_w;
      f_q <= f_w[127:0];
    end
  end

  // ---------------------------------------------------------------------------------------------
  // Control
  wire busy = run_q || out_valid_q;
  wire iss_free = !iss_q || (k_q == 3'd4);
  wire in_ready = run_q && !lastin_q && iss_free && !pend_q[nxt_q];
  wire in_fire = in_valid_i && in_ready;
  wire s3_done = v_q[2] && end_q[2];   // a block's last S3 is on this edge

  always @* begin : control
    r_d = r_q;
    s_d = s_q;
    r2_d = r2_q;
    key_d = key_q;
    sq_go_d = 1'b0;
    sq_end_d = 1'b0;
    acc_a_d = acc_a_q;
    acc_b_d = acc_b_q;
    pend_d = pend_q;
    nxt_d = nxt_q;
    iss_d = iss_q;
    k_d = k_q;
    iss_ln_d = iss_ln_q;
    a_d = a_q;
    rr_d = rr_q;
    run_d = run_q;
    lastin_d = lastin_q;
    fin_d = fin_q;
    out_d = out_q;
    out_valid_d = out_valid_q;
    err_d = err_q;
    err_code_d = err_code_q;

    // pipeline stage tags follow the issue
    v_d = {v_q[1:0], iss_q};
    ln_d = {ln_q[1:0], iss_ln_q};
    fst_d = {fst_q[1:0], k_q == 3'd0};
    end_d = {end_q[1:0], k_q == 3'd4};

    if (out_valid_q && out_ready_i) out_valid_d = 1'b0;

    // key: load, then r * r through lane A, then r^2 from it
    if (key_valid_i) begin
      if (busy || key_q == KEY_SQUARE) begin
        err_d = 1'b1;
        err_code_d = ERR_BUSY;
      end else begin
        r_d = r_le & CLAMP;
        s_d = s_le;
        key_d = KEY_SQUARE;
        sq_go_d = 1'b1;
        acc_a_d = {(5*AW){1'b0}};
      end
    end
    if (sq_go_q) begin
      iss_d = 1'b1;
      k_d = 3'd0;
      iss_ln_d = 1'b0;
      a_d = a_sq;
      rr_d = r_limbs;
      pend_d[0] = 1'b1;
    end

    // issue
    if (iss_q) begin
      a_d = a_q >> BW;
      rr_d = rr_rot;
      k_d = k_q + 3'd1;
      if (k_q == 3'd4) iss_d = 1'b0;
    end

    // S3
    if (v_q[2]) begin
      if (ln_q[2]) acc_b_d = acc_new;
      else acc_a_d = acc_new;
      if (end_q[2]) pend_d[ln_q[2]] = 1'b0;
    end
    if (s3_done && key_q == KEY_SQUARE) sq_end_d = 1'b1;
    if (sq_end_q) begin
      r2_d = r2_norm;
      acc_a_d = {(5*AW){1'b0}};
      key_d = KEY_READY;
    end

    // a block: a = normalised h of its lane + m; R = r for the message's last block, else r^2
    if (in_fire) begin
      iss_d = 1'b1;
      k_d = 3'd0;
      iss_ln_d = nxt_q;
      a_d = av;
      rr_d = in_last_i ? r_limbs : r2_limbs;
      pend_d[nxt_q] = 1'b1;
      nxt_d = !nxt_q;
      lastin_d = in_last_i;
    end

    // the final reduction starts once both lanes are done
    if (run_q && lastin_q && !iss_q && pend_q == 2'b00 && fin_q == 3'd0) fin_d = 3'd1;
    if (fin_q != 3'd0) begin
      fin_d = fin_q + 3'd1;
      if (fin_q == 3'd5) begin
        // the tag leaves; h and the one-time key are wiped on the same edge
        fin_d = 3'd0;
        run_d = 1'b0;
        out_d = tag_bus;
        out_valid_d = 1'b1;
        acc_a_d = {(5*AW){1'b0}};
        acc_b_d = {(5*AW){1'b0}};
        r_d = 128'd0;
        s_d = 128'd0;
        r2_d = {(5*QW){1'b0}};
        key_d = KEY_NONE;
      end
    end

    if (start_i) begin
      if (busy) begin
        err_d = 1'b1;
        err_code_d = ERR_BUSY;
      end else if (key_q != KEY_READY) begin
        err_d = 1'b1;
        err_code_d = ERR_NOKEY;
      end else begin
        err_d = 1'b0;
        err_code_d = ERR_NONE;
        run_d = 1'b1;
        lastin_d = 1'b0;
        nxt_d = 1'b0;
        acc_a_d = {(5*AW){1'b0}};
        acc_b_d = {(5*AW){1'b0}};
      end
    end

    if (zeroize_i) begin
      r_d = 128'd0;
      s_d = 128'd0;
      r2_d = {(5*QW){1'b0}};
      key_d = KEY_NONE;
      sq_go_d = 1'b0;
      sq_end_d = 1'b0;
      acc_a_d = {(5*AW){1'b0}};
      acc_b_d = {(5*AW){1'b0}};
      pend_d = 2'b00;
      nxt_d = 1'b0;
      iss_d = 1'b0;
      k_d = 3'd0;
      iss_ln_d = 1'b0;
      a_d = {(5*BW){1'b0}};
      rr_d = {(5*RW){1'b0}};
      v_d = 3'd0;
      ln_d = 3'd0;
      fst_d = 3'd0;
      end_d = 3'd0;
      run_d = 1'b0;
      lastin_d = 1'b0;
      fin_d = 3'd0;
      out_d = 128'd0;
      out_valid_d = 1'b0;
      err_d = 1'b0;
      err_code_d = ERR_NONE;
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      r_q <= 128'd0;
      s_q <= 128'd0;
      r2_q <= {(5*QW){1'b0}};
      key_q <= KEY_NONE;
      sq_go_q <= 1'b0;
      sq_end_q <= 1'b0;
      acc_a_q <= {(5*AW){1'b0}};
      acc_b_q <= {(5*AW){1'b0}};
      pend_q <= 2'b00;
      nxt_q <= 1'b0;
      iss_q <= 1'b0;
      k_q <= 3'd0;
      iss_ln_q <= 1'b0;
      a_q <= {(5*BW){1'b0}};
      rr_q <= {(5*RW){1'b0}};
      v_q <= 3'd0;
      ln_q <= 3'd0;
      fst_q <= 3'd0;
      end_q <= 3'd0;
      run_q <= 1'b0;
      lastin_q <= 1'b0;
      fin_q <= 3'd0;
      out_q <= 128'd0;
      out_valid_q <= 1'b0;
      err_q <= 1'b0;
      err_code_q <= ERR_NONE;
    end else begin
      r_q <= r_d;
      s_q <= s_d;
      r2_q <= r2_d;
      key_q <= key_d;
      sq_go_q <= sq_go_d;
      sq_end_q <= sq_end_d;
      acc_a_q <= acc_a_d;
      acc_b_q <= acc_b_d;
      pend_q <= pend_d;
      nxt_q <= nxt_d;
      iss_q <= iss_d;
      k_q <= k_d;
      iss_ln_q <= iss_ln_d;
      a_q <= a_d;
      rr_q <= rr_d;
      v_q <= v_d;
      ln_q <= ln_d;
      fst_q <= fst_d;
      end_q <= end_d;
      run_q <= run_d;
      lastin_q <= lastin_d;
      fin_q <= fin_d;
      out_q <= out_d;
      out_valid_q <= out_valid_d;
      err_q <= err_d;
      err_code_q <= err_code_d;
    end
  end

  // ---------------------------------------------------------------------------------------------
  // Outputs
  assign key_ready_o = (key_q == KEY_READY);
  assign in_ready_o = in_ready;
  assign out_valid_o = out_valid_q;
  assign out_data_o = out_q;
  assign out_last_o = out_valid_q;
  assign busy_o = busy;
  assign err_o = err_q;
  assign err_code_o = err_code_q;

endmodule

`default_nettype wire
