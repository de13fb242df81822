// SPDX-License-Identifier: Apache-2.0
// aes_dp_tbl.v
// Rolled AES datapath on block-RAM round tables: one round per cycle (ARCH = 0, SBOX = 0).
`default_nettype none

// The state lives in the address registers of 16 round-table ROMs (aes_tbl_rom, one per state
// byte, address {dec, byte}): each cycle a ROM reads, for state byte j, the four products of
// S(s_j) (S^-1 for decryption) with one row of MixColumns (InvMixColumns). ShiftRows is wiring:
// byte r of output column c takes the tables of the bytes (r', c + r'), r' = 0..3, and XORs
// one product of each and the round key. So a round is the ROM's clock-to-output and two LUT
// levels: the XOR of the four products (a kept net), then one LUT4 pair and its PFUMX that
// XOR the round key and select the next state (next round, forwarded block, issued block).
//
// Decryption keeps the state with columns 1 and 3 swapped (column c at c' = -c mod 4): in those
// coordinates InvShiftRows, (r, c) <- (r, c - r), becomes (r, c') <- (r, c' + r), the same
// wiring as ShiftRows, and MixColumns works on whole columns, so no direction select sits on
// the round path. The swap is applied to the round keys as they are fetched, to the issued
// block, and to the result (res_data_o): off the round loop.
//
// Decryption is the direct inverse cipher written as InvMixColumns(S^-1(x) ^ k) =
// InvMixColumns(S^-1(x)) ^ InvMixColumns(k): the round key is transformed as it is fetched.
// The final round needs the plain S(x): the four bytes of an entry XOR to it (both coefficient
// rows XOR to 01).
//
// Round keys are fetched one cycle ahead into rk_q (the LUT-RAM read, and for decryption
// InvMixColumns of the key, are off the round path), from an address register ra_q that
// always holds the key the next load of rk_q needs: the next round's while a block is in its
// rounds, round 1's while idle or in the final round (so an issued block's first key comes
// from the same port with no select on the handshake). The initial AddRoundKey of every block
// of a message uses the same key, fetched into rk_init_q when the message starts.
//
// Block interface as aes_dp_rolled (one round per cycle): a block issued at an edge has its
// final round on res_data_o Nr - 1 cycles later; the next block can issue on that cycle. With
// iss_fwd_i the issued block is iss_data_i ^ res_data_o (the chained modes' forwarding):
// the datapath folds the final round's key into the XOR, so the forwarded value never passes
// through a register-to-register path longer than a round.
module aes_dp_tbl #(
  parameter integer SIDE_W = 1
) (
  input  wire               clk_i,
  input  wire               rst_ni,
  input  wire               clr_i,
  input  wire [3:0]         nr_i,        // 10, 12 or 14, stable while a message runs
  input  wire               dec_i,
  output wire [3:0]         rk_ra_o,     // round-key store read address
  input  wire [127:0]       rk_i,        // round key read (asynchronous)
  input  wire               init_ld_i,   // message start (datapath idle): fetch the initial
  input  wire [3:0]         init_ra_i,   //   round key, rk[0] (rk[Nr] for decryption)
  input  wire               iss_valid_i,
  output wire               iss_ready_o,
  input  wire [127:0]       iss_data_i,
  input  wire               iss_fwd_i,   // issue iss_data_i ^ res_data_o (valid result taken)
  input  wire [SIDE_W-1:0]  iss_side_i,
  output wire               res_valid_o,
  input  wire               res_ready_i,
  output wire [127:0]       res_data_o,
  output wire [SIDE_W-1:0]  res_side_o,
  output wire               idle_o
);

  reg [3:0]        rnd_q, rnd_d;      // round in progress (1-based)
  reg              act_q, act_d;
  reg              fin_q, fin_d;      // rnd_q == Nr
  reg [SIDE_W-1:0] side_q, side_d;
  reg [127:0]      rk_q;              // key of round rnd_q (InvMixColumns'd, decryption)
  reg [3:0]        ra_q, ra_d;        // store address of the key rk_q loads next
  reg              rk_en;
  reg [127:0]      rk_init_q;

  function automatic [7:0] xt(input [7:0] a);
    begin
      xt = {a[6:0], 1'b0} ^ (a[7] ? 8'h1b : 8'h00);
    end
  endfunction

  function automatic [31:0] inv_mix(input [31:0] c);
    reg [7:0] a0, a1, a2, a3, u, v;
    begin
      // InvMixColumns = MixColumns after a0 ^= {04}(a0^a2), a1 ^= {04}(a1^a3), ...
      a0 = c[31:24]; a1 = c[23:16]; a2 = c[15:8]; a3 = c[7:0];
      u = xt(xt(a0 ^ a2));
      v = xt(xt(a1 ^ a3));
      a0 = a0 ^ u; a1 = a1 ^ v; a2 = a2 ^ u; a3 = a3 ^ v;
      inv_mix = {xt(a0) ^ xt(a1) ^ a1 ^ a2 ^ a3,
                 a0 ^ xt(a1) ^ xt(a2) ^ a2 ^ a3,
                 a0 ^ a1 ^ xt(a2) ^ xt(a3) ^ a3,
                 xt(a0) ^ a0 ^ a1 ^ a2 ^ xt(a3)};
    end
  endfunction

  // ---------------------------------------------------------------- round tables
  wire [511:0] t;            // t[32j +: 32]: table entry of state byte j
  reg  [127:0] st_d;         // next state (the ROM addresses' byte part)
  reg          st_en;

  genvar g;
  generate
    for (g = 0; g < 16; g = g + 1) begin : g_rom
      aes_tbl_rom u_rom (
        .clk_i(clk_i), .en_i(st_en), .addr_i({dec_i, st_d[127-8*g -: 8]}),
        .q_o(t[32*g +: 32])
      );
    end
  endgenerate

  // product k (0..3) of the table of state byte j
  function automatic [7:0] prod(input [511:0] tt, input integer j, input integer k);
    begin
      prod = tt[32*j + 31 - 8*k -: 8];
    end
  endfunction

  // columns 1 and 3 swapped (decryption's state coordinates; an involution)
  function automatic [127:0] swp(input [127:0] x, input on);
    begin
      swp = on ? {x[127:96], x[31:0], x[63:32], x[95:64]} : x;
    end
  endfunction

  // full round (mix) and final round (fin) before the round key, byte b = 4c + r
  reg [127:0] mix_x, fin_x;
  integer b, i, jj;
  always @* begin
    for (b = 0; b < 16; b = b + 1) begin
      mix_x[127-8*b -: 8] = 8'h00;
      fin_x[127-8*b -: 8] = 8'h00;
      for (i = 0; i < 4; i = i + 1) begin
        // state byte in row i that ShiftRows moves into column b/4
        jj = 4 * (((b / 4) + i) % 4) + i;
        mix_x[127-8*b -: 8] = mix_x[127-8*b -: 8] ^ prod(t, jj, (i + 4 - (b % 4)) % 4);
      end
      // final round: row b%4's byte of this column, all four products
      jj = 4 * (((b / 4) + (b % 4)) % 4) + (b % 4);
      for (i = 0; i < 4; i = i + 1) fin_x[127-8*b -: 8] = fin_x[127-8*b -: 8] ^ prod(t, jj, i);
    end
  end
  // kept as nets: the four-input XORs are the first LUT level of every path out of the ROMs
  (* keep *) wire [127:0] mix = mix_x;
  (* keep *) wire [127:0] fin = fin_x;

  assign res_valid_o = fin_q;
  assign res_data_o  = swp(fin ^ rk_q, dec_i);
  assign res_side_o  = side_q;
  assign iss_ready_o = !act_q || (fin_q && res_ready_i);
  assign idle_o      = !act_q;

  wire iss = iss_valid_i && iss_ready_o;

  always @* begin
    rnd_d  = rnd_q;
    act_d  = act_q;
    fin_d  = fin_q;
    side_d = side_q;
    st_en  = 1'b0;
    rk_en  = 1'b0;
    ra_d   = ra_q;
    if (iss) begin
      st_en  = 1'b1;
      rk_en  = 1'b1;
      ra_d   = dec_i ? (ra_q - 4'd1) : (ra_q + 4'd1);
      rnd_d  = 4'd1;
      act_d  = 1'b1;
      fin_d  = 1'b0;
      side_d = iss_side_i;
    end else if (fin_q) begin
      if (res_ready_i) begin
        act_d = 1'b0;
        fin_d = 1'b0;
      end
    end else if (act_q) begin
      st_en = 1'b1;
      rk_en = 1'b1;
      rnd_d = rnd_q + 4'd1;
      fin_d = (rnd_q + 4'd1 == nr_i);
      // entering the final round: round 1's key is next (the next block's)
      if (fin_d) ra_d = dec_i ? (nr_i - 4'd1) : 4'd1;
      else       ra_d = dec_i ? (ra_q - 4'd1) : (ra_q + 4'd1);
    end
    // a message start: the port fetches the initial key, ra_q points at round 1's
    if (init_ld_i) ra_d = (init_ra_i == 4'd0) ? 4'd1 : (init_ra_i - 4'd1);
    // the ROMs have no reset: clearing reads entry 0, so no state byte stays readable
    if (!rst_ni || clr_i) st_en = 1'b1;
  end

  // Next state: the round (mix ^ rk_q) unless a block is issued or the engine clears; the
  // issued block forwarded (fin ^ rk_q ^ rk_init ^ iss_data: only the encrypting chained
  // modes forward, so no swap) or not (iss_data ^ rk_init, swapped for decryption). The key
  // terms and the selects come from registers and ports, not from the ROMs.
  wire         clr   = !rst_ni || clr_i;
  wire         sel_r = !iss && !clr;
  wire         sel_f = iss_fwd_i && !clr;
  wire [127:0] k_fwd = rk_q ^ rk_init_q ^ iss_data_i;
  wire [127:0] u_iss = clr ? 128'h0 : swp(iss_data_i ^ rk_init_q, dec_i);
  always @* begin
    st_d = sel_r ? (mix ^ rk_q) : sel_f ? (fin ^ k_fwd) : u_iss;
  end

  // ---------------------------------------------------------------- round keys
  // Key of round r: rk[r] (encryption); InvMixColumns(rk[Nr - r]) for r < Nr, rk[0] for
  // r = Nr (decryption: the one key at address 0). At a message start the port fetches the
  // initial key (the datapath is idle then).
  assign rk_ra_o = init_ld_i ? init_ra_i : ra_q;
  reg [127:0] rk_n;
  integer c;
  reg [127:0] rk_m;
  always @* begin
    for (c = 0; c < 4; c = c + 1)
      rk_m[127-32*c -: 32] = (dec_i && ra_q != 4'd0) ? inv_mix(rk_i[127-32*c -: 32])
                                                    : rk_i[127-32*c -: 32];
    rk_n = swp(rk_m, dec_i);
  end

  always @(posedge clk_i) begin
    if (!rst_ni || clr_i) begin
      rk_init_q <= 128'h0;
      rk_q      <= 128'h0;
      ra_q      <= 4'd0;
      rnd_q     <= 4'd0;
      act_q     <= 1'b0;
      fin_q     <= 1'b0;
      side_q    <= {SIDE_W{1'b0}};
    end else begin
      if (init_ld_i) rk_init_q <= rk_i;
      if (rk_en)     rk_q      <= rk_n;
      ra_q   <= ra_d;
      rnd_q  <= rnd_d;
      act_q  <= act_d;
      fin_q  <= fin_d;
      side_q <= side_d;
    end
  end

endmodule

`default_nettype wire
