// SPDX-License-Identifier: Apache-2.0
// poly1305_top.v
// Poly1305 engine (RFC 8439): h <- (h + m) * r mod 2^130 - 5, one 16-byte block per 5 cycles.
`default_nettype none

// Arithmetic in radix 2^26 (2^130 is limb 5, which wraps to limb 0 times 5).
//
// Per block, a = h + m is multiplied by r one limb of a per cycle (5 steps, k = 0..4):
//   acc += a_k * R_k,   R_k = r * 2^(26k) mod p,
// where R_k is r's limb vector rotated up k places, each limb that wraps past limb 4 multiplied
// by 5 (rr_q rotates by one place per step). Five multipliers form a_k * R_k[j] for j = 0..4;
// each 56-bit product is split at bit 26: the low part goes to limb j, the high part to limb j+1
// (limb 5 -> limb 0 times 5). Every step also moves each limb's bits above 26 one limb up, so the
// limbs stay below 2^30 (bound below) and no carry runs across the 130 bits inside the loop.
//
// Bounds (all proven from the clamped r < 2^124 and m < 2^129):
//   acc limb < 2^30; its normalised form (low 26 bits + the lower limb's carry) < 2^26 + 75;
//   a_k = normalised h_k + m_k < 2^27 + 75 (28 bits); R limbs < 5 * 2^26 (29 bits);
//   products < 2^55.4 (56 bits); new limb < 2^26 + 75 + 2^26 + 2^29.4 < 2^30.
// engines/poly1305/model/poly1305_model.py mirrors this limb arithmetic and asserts the bounds.
//
// The previous block's h is acc_q itself: step 0 reads a_0 from it (and stores a_1..a_4 in
// a_q) while it restarts the accumulation from zero, so the next block is accepted during the
// last step of the current one and a stream takes exactly 5 cycles per block.
//
// A block of 0 bytes (an empty message, or a stream that ends on a block boundary) leaves h
// unchanged: it runs the same 5 steps with m = 0 and R = 1, so its timing is that of any block.
//
// After the last block: t = h as one integer (limbs added), u = t mod 2^130 + 5 * (t >> 130),
// f = u - p if u >= p (u + 5 carries into bit 130) else u, tag = f + s mod 2^128: four cycles,
// one carry chain each. The one-time key (r, s) is wiped when the tag is produced.
module poly1305_top (
  input  wire         clk_i,
  input  wire         rst_ni,
  input  wire         zeroize_i,    // clears the key, h and all state
  input  wire         start_i,
  input  wire [255:0] key_i,        // the 32-byte one-time key r || s, byte 0 in [255:248]
  input  wire         key_valid_i,
  output wire         key_ready_o,  // a key is loaded and not yet used by a message
  input  wire         in_valid_i,
  output wire         in_ready_o,
  input  wire [127:0] in_data_i,    // 16 message bytes, byte 0 in [127:120]
  input  wire [4:0]   in_bytes_i,   // bytes of the block that belong to the message: 0..15,
                                    // or 16 when bit 4 is set (the lower bits are then ignored)
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
  localparam integer RW = 29;   // R limb (r limb, or 5 * r limb once wrapped)
  localparam integer PW = 56;   // product

  // the same codes as the other engines for the same causes
  localparam [3:0] ERR_NONE = 4'd0;
  localparam [3:0] ERR_BUSY = 4'd2;   // start or key write while a message is in progress
  localparam [3:0] ERR_NOKEY = 4'd3;  // start without a fresh key

  localparam [127:0] CLAMP = 128'h0ffffffc0ffffffc0ffffffc0fffffff;
  localparam [5*RW-1:0] R_ONE = {{(4*RW){1'b0}}, {(RW-1){1'b0}}, 1'b1};

  // ---------------------------------------------------------------------------------------------
  // Registers
  reg [127:0]   r_q, r_d;             // clamped r (little-endian integer)
  reg [127:0]   s_q, s_d;
  reg           key_ok_q, key_ok_d;
  reg [5*AW-1:0] acc_q, acc_d;        // h between blocks, the sum during a block
  reg [4*BW-1:0] a_q, a_d;            // a_1..a_4 of the current block
  reg [5*RW-1:0] rr_q, rr_d;          // R_k
  reg [128:0]   m_q, m_d;             // the block with its pad bit
  reg [2:0]     k_q, k_d;             // step of the current block
  reg           blk_q, blk_d;         // a block is in the multiplier
  reg           run_q, run_d;         // a message runs (blocks, then the final reduction)
  reg           lastin_q, lastin_d;   // the last block has been accepted
  reg [2:0]     fin_q, fin_d;         // final reduction stage, 0: none
  reg [134:0]   t_q;                  // final reduction pipeline (free-running)
  reg [130:0]   u_q;
  reg [127:0]   f_q;
  reg [127:0]   out_q, out_d;
  reg           out_valid_q, out_valid_d;
  reg           err_q, err_d;
  reg [3:0]     err_code_q, err_code_d;

  // ---------------------------------------------------------------------------------------------
  // Byte order: key and message bytes are little-endian integers; the bus has byte 0 on top.
  wire [127:0] r_le, s_le, tag_bus;
  wire [128:0] m_w;
  wire [127:0] tag_le;
  wire [4:0]   nb = in_bytes_i[4] ? 5'd16 : {1'b0, in_bytes_i[3:0]};
  wire         skip = (nb == 5'd0);
  genvar gi;
  generate
    for (gi = 0; gi < 16; gi = gi + 1) begin : g_bytes
      assign r_le[8*gi +: 8] = key_i[255 - 8*gi -: 8];
      assign s_le[8*gi +: 8] = key_i[127 - 8*gi -: 8];
      assign tag_bus[127 - 8*gi -: 8] = tag_le[8*gi +: 8];
      // message bytes below nb; the pad bit 2^(8 nb) sits in the first byte not taken
      assign m_w[8*gi +: 8] = (nb > gi) ? in_data_i[127 - 8*gi -: 8]
                                        : {7'd0, (nb == gi) && !skip};
    end
  endgenerate
  assign m_w[128] = (nb == 5'd16);

  // ---------------------------------------------------------------------------------------------
  // One step
  wire [5*BW-1:0] av;                 // a = normalised h + m, all five limbs
  wire [5*AW-1:0] acc_old = (k_q == 3'd0) ? {(5*AW){1'b0}} : acc_q;
  reg  [BW-1:0]   a_sel;
  wire [5*PW-1:0] prod;
  wire [5*AW-1:0] acc_step;
  wire [5*RW-1:0] rr_rot;
  wire [129:0]    m_ext = {1'b0, m_q};

  always @* begin : a_mux
    case (k_q)
      3'd1: a_sel = a_q[0*BW +: BW];
      3'd2: a_sel = a_q[1*BW +: BW];
      3'd3: a_sel = a_q[2*BW +: BW];
      3'd4: a_sel = a_q[3*BW +: BW];
      default: a_sel = av[0 +: BW];
    endcase
  end

  generate
    for (gi = 0; gi < 5; gi = gi + 1) begin : g_limb
      localparam integer LO = (gi + 4) % 5;   // the limb below (limb 4 for limb 0)
      wire [25:0]   h_lo = acc_q[AW*gi +: 26];
      wire [3:0]    h_c = acc_q[AW*LO + 26 +: 4];
      wire [3:0]    o_c = acc_old[AW*LO + 26 +: 4];
      wire [25:0]   p_lo = prod[PW*gi +: 26];
      wire [AW-1:0] p_hi = prod[PW*LO + 26 +: AW];
      // carries into limb 0 come from 2^130 and count 5 times
      wire [6:0]    h_cw = (gi == 0) ? ({3'd0, h_c} << 2) + {3'd0, h_c} : {3'd0, h_c};
      wire [6:0]    o_cw = (gi == 0) ? ({3'd0, o_c} << 2) + {3'd0, o_c} : {3'd0, o_c};
      wire [AW-1:0] hi_w = (gi == 0) ? (p_hi << 2) + p_hi : p_hi;
      wire [25:0]   m_j = m_ext[26*gi +: 26];

      assign av[BW*gi +: BW] = {2'd0, h_lo} + {21'd0, h_cw} + {2'd0, m_j};
      assign prod[PW*gi +: PW] = a_sel * rr_q[RW*gi +: RW];
      assign acc_step[AW*gi +: AW] = {4'd0, acc_old[AW*gi +: 26]} + {23'd0, o_cw} +
                                     {4'd0, p_lo} + hi_w;
      assign rr_rot[RW*gi +: RW] = (gi == 0) ? (rr_q[RW*4 +: RW] << 2) + rr_q[RW*4 +: RW]
                                             : rr_q[RW*LO +: RW];
    end
  endgenerate

  // ---------------------------------------------------------------------------------------------
  // Final reduction: a pipeline that runs every cycle (fin_q says when its output is the tag);
  // zeroize clears it at once, not only through acc_q
  wire [129:0] lowcat = {acc_q[4*AW +: 26], acc_q[3*AW +: 26], acc_q[2*AW +: 26],
                         acc_q[1*AW +: 26], acc_q[0 +: 26]};
  wire [133:0] highcat = {acc_q[4*AW + 26 +: 4], 22'd0, acc_q[3*AW + 26 +: 4], 22'd0,
                          acc_q[2*AW + 26 +: 4], 22'd0, acc_q[1*AW + 26 +: 4], 22'd0,
                          acc_q[26 +: 4], 26'd0};
  wire [134:0] t_w = {5'd0, lowcat} + {1'b0, highcat};
  wire [130:0] u_w = {1'b0, t_q[129:0]} + {124'd0, ({2'd0, t_q[134:130]} << 2) +
                                                   {2'd0, t_q[134:130]}};
  wire [130:0] g_w = u_q + 131'd5;
  /* verilator lint_off UNUSEDSIGNAL */
  // bits 128..129 of the reduced h do not reach a tag taken mod 2^128
  wire [129:0] f_w = g_w[130] ? g_w[129:0] : u_q[129:0];
  /* verilator lint_on UNUSEDSIGNAL */
  assign tag_le = f_q + s_q;

  always @(posedge clk_i) begin
    if (!rst_ni || zeroize_i) begin
      t_q <= 135'd0;
      u_q <= 131'd0;
      f_q <= 128'd0;
    end else begin
      t_q <= t_w;
      u_q <= u_w;
      f_q <= f_w[127:0];
    end
  end

  // ---------------------------------------------------------------------------------------------
  // Control
  wire busy = run_q || out_valid_q;
  wire in_ready = run_q && !lastin_q && (!blk_q || k_q == 3'd4);
  wire in_fire = in_valid_i && in_ready;

  always @* begin : control
    r_d = r_q;
    s_d = s_q;
    key_ok_d = key_ok_q;
    acc_d = acc_q;
    a_d = a_q;
    rr_d = rr_q;
    m_d = m_q;
    k_d = k_q;
    blk_d = blk_q;
    run_d = run_q;
    lastin_d = lastin_q;
    fin_d = fin_q;
    out_d = out_q;
    out_valid_d = out_valid_q;
    err_d = err_q;
    err_code_d = err_code_q;

    if (out_valid_q && out_ready_i) out_valid_d = 1'b0;

    if (key_valid_i) begin
      if (busy) begin
        err_d = 1'b1;
        err_code_d = ERR_BUSY;
      end else begin
        r_d = r_le & CLAMP;
        s_d = s_le;
        key_ok_d = 1'b1;
      end
    end

    if (blk_q) begin
      acc_d = acc_step;
      rr_d = rr_rot;
      k_d = k_q + 3'd1;
      if (k_q == 3'd0) a_d = av[5*BW-1:BW];
      if (k_q == 3'd4) begin
        blk_d = 1'b0;
        if (lastin_q) fin_d = 3'd1;
      end
    end

    if (in_fire) begin
      m_d = skip ? 129'd0 : m_w;
      rr_d = skip ? R_ONE : {5'd0, r_q[127:104], 3'd0, r_q[103:78], 3'd0, r_q[77:52],
                             3'd0, r_q[51:26], 3'd0, r_q[25:0]};
      blk_d = 1'b1;
      k_d = 3'd0;
      lastin_d = in_last_i;
    end

    if (fin_q != 3'd0) begin
      fin_d = fin_q + 3'd1;
      if (fin_q == 3'd4) begin
        // the tag leaves; h and the one-time key are wiped on the same edge
        fin_d = 3'd0;
        run_d = 1'b0;
        out_d = tag_bus;
        out_valid_d = 1'b1;
        acc_d = {(5*AW){1'b0}};
        r_d = 128'd0;
        s_d = 128'd0;
        key_ok_d = 1'b0;
      end
    end

    if (start_i) begin
      if (busy) begin
        err_d = 1'b1;
        err_code_d = ERR_BUSY;
      end else if (!key_ok_q) begin
        err_d = 1'b1;
        err_code_d = ERR_NOKEY;
      end else begin
        err_d = 1'b0;
        err_code_d = ERR_NONE;
        run_d = 1'b1;
        lastin_d = 1'b0;
        acc_d = {(5*AW){1'b0}};
      end
    end

    if (zeroize_i) begin
      r_d = 128'd0;
      s_d = 128'd0;
      key_ok_d = 1'b0;
      acc_d = {(5*AW){1'b0}};
      a_d = {(4*BW){1'b0}};
      rr_d = {(5*RW){1'b0}};
      m_d = 129'd0;
      k_d = 3'd0;
      blk_d = 1'b0;
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
      key_ok_q <= 1'b0;
      acc_q <= {(5*AW){1'b0}};
      a_q <= {(4*BW){1'b0}};
      rr_q <= {(5*RW){1'b0}};
      m_q <= 129'd0;
      k_q <= 3'd0;
      blk_q <= 1'b0;
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
      key_ok_q <= key_ok_d;
      acc_q <= acc_d;
      a_q <= a_d;
      rr_q <= rr_d;
      m_q <= m_d;
      k_q <= k_d;
      blk_q <= blk_d;
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
  assign key_ready_o = key_ok_q;
  assign in_ready_o = in_ready;
  assign out_valid_o = out_valid_q;
  assign out_data_o = out_q;
  assign out_last_o = out_valid_q;
  assign busy_o = busy;
  assign err_o = err_q;
  assign err_code_o = err_code_q;

endmodule

`default_nettype wire
