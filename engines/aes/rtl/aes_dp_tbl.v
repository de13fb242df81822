// SPDX-License-Identifier: Apache-2.0
// aes_dp_tbl.v
// Rolled AES datapath on block-RAM round tables: one round per cycle (ARCH = 0, SBOX = 0).
`default_nettype none

// The state lives in the address registers of 16 round-table ROM read ports (8 aes_tbl_rom,
// two ports each, one port per state byte, address {final, dec, byte}): each cycle a ROM reads, for state byte j, the four
// products of S(s_j) (S^-1 for decryption) with one row of MixColumns (InvMixColumns), or in
// the final round S(s_j) alone. ShiftRows is wiring: byte r of output column c takes the
// tables of the bytes (r', c + r'), r' = 0..3, and XORs one product of each (mix). So a round
// is the ROM's clock-to-output and two LUT levels: the four-product XOR, then (in aes_tbl_rom,
// in front of its address) nf ? b : (mix ^ x), where the select nf (a block issued without
// forwarding) and the words b (that block) and x (the round key, or the forwarded block's key
// terms) come from registers and ports.
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
// Round keys are fetched one cycle ahead into rk_q (the LUT-RAM read is off the round path),
// from an address register ra_q that always holds the key the next load of rk_q needs: the
// next round's while a block is in its rounds, round 1's while idle or in the final round (so
// an issued block's first key comes from the same port with no select on the handshake). The
// decryption rounds' keys InvMixColumns(rk) come from a second store (rkd_i) that the key
// expansion fills in the same cycles as the first (aes_top), so the fetch is one select. The
// initial AddRoundKey uses rk[0] (rk[Nr] for decryption): both are taken from the store's
// write port as the expansion writes them (rk0_q, rkn_q), so no read port serves them.
//
// Block interface as aes_dp_rolled (one round per cycle): a block issued at an edge has its
// final round on res_data_o Nr - 1 cycles later; the next block can issue on that cycle. An
// issued block is either iss_data_i (iss_nf_i high) or forwarded, iss_fdat_i ^ res_data_o (the
// chained modes' forwarding: mix ^ rk[Nr] ^ rk[0] ^ iss_fdat_i, the same two levels as a
// round). The top hands both words and the decision iss_nf_i (see "Next state" below).
module aes_dp_tbl #(
  parameter integer SIDE_W = 1
) (
  input  wire               clk_i,
  input  wire               rst_ni,
  input  wire               clr_i,
  input  wire [3:0]         nr_i,        // 10, 12 or 14, stable while a message runs
  input  wire               dec_i,
  output wire [3:0]         rk_ra_o,     // round-key store read address
  output wire [3:0]         rkd_ra_o,    // decryption store read address
  input  wire [127:0]       rk_i,        // round key read (asynchronous)
  input  wire [127:0]       rkd_i,       // InvMixColumns of it (the decryption store)
  input  wire               rk_we_i,     // the store's write port (key expansion, wipe)
  input  wire [3:0]         rk_wa_i,
  input  wire [127:0]       rk_wd_i,
  input  wire [3:0]         knr_i,       // Nr of the loaded key
  input  wire               init_ld_i,   // message start (datapath idle): ra_q to round 1
  input  wire [3:0]         init_ra_i,   //   (init_ra_i: rk[0], or rk[Nr] for decryption)
  input  wire               iss_valid_i,
  output wire               iss_ready_o,
  input  wire               iss_nf_i,    // a block issues now and is not forwarded (iss_data_i)
  input  wire [127:0]       iss_data_i,  // the block issued without forwarding (swapped: dec)
  input  wire [127:0]       iss_fdat_i,  // forwarded: the block is iss_fdat_i ^ res_data_o
  input  wire [SIDE_W-1:0]  iss_side_i,
  output wire               res_valid_o,
  input  wire               res_ready_i,
  output wire [127:0]       res_data_o,
  output wire [127:0]       res_mix_o,   // res_data_o = swp(res_mix_o ^ res_key_o, dec_i): the
  output wire [127:0]       res_key_o,   //   products, and the key (a register)
  output wire [SIDE_W-1:0]  res_side_o,
  output wire               idle_o
);

  reg [3:0]        rnd_q, rnd_d;      // round in progress (1-based)
  reg              act_q, act_d;
  reg              fin_q, fin_d;      // rnd_q == Nr
  reg              lst_q, lst_d;      // rnd_q + 1 == Nr (the next round is the final one)
  reg [SIDE_W-1:0] side_q, side_d;
  reg [127:0]      rk_q;              // key of round rnd_q (InvMixColumns'd, decryption)
  reg [3:0]        ra_q, ra_d;        // store address of the key rk_q loads next
  reg [3:0]        rd_q;              // ra_q's copy for the decryption store (below)
  reg              rk_en;
  reg [127:0]      rk0_q, rkn_q;      // rk[0], rk[Nr]
  wire [127:0]     rk_init = dec_i ? rkn_q : rk0_q;

  // ---------------------------------------------------------------- round tables
  wire [511:0] t;            // t[32j +: 32]: table entry of state byte j
  reg          st_en;
  wire         nf;           // next state: b_k (issued block, or clear), else mix ^ x_k
  wire [127:0] b_k, x_k;
  wire [127:0] mix;          // the round before its key (below)

  // Two state bytes per ROM (its two read ports): the bytes of rows 2h and 2h + 1 on the
  // diagonal d, whose tables feed the same output column (ShiftRows), byte j = 4 col + row.
  genvar d, h;
  generate
    for (d = 0; d < 4; d = d + 1) begin : g_diag
      for (h = 0; h < 2; h = h + 1) begin : g_rom
        localparam integer JA = 4 * ((d + 2 * h) % 4) + 2 * h;
        localparam integer JB = 4 * ((d + 2 * h + 1) % 4) + 2 * h + 1;
        aes_tbl_rom u_rom (
          .clk_i(clk_i), .en_i(st_en), .fin_i(lst_q), .dec_i(dec_i), .nf_i(nf),
          .b_i({b_k[127-8*JA -: 8], b_k[127-8*JB -: 8]}),
          .mix_i({mix[127-8*JA -: 8], mix[127-8*JB -: 8]}),
          .x_i({x_k[127-8*JA -: 8], x_k[127-8*JB -: 8]}),
          .qa_o(t[32*JA +: 32]), .qb_o(t[32*JB +: 32])
        );
      end
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

  // the round before its key (the final round in its last cycle), byte b = 4c + r
  reg [127:0] mix_x;
  integer b, i, jj;
  always @* begin
    for (b = 0; b < 16; b = b + 1) begin
      mix_x[127-8*b -: 8] = 8'h00;
      for (i = 0; i < 4; i = i + 1) begin
        // state byte in row i that ShiftRows moves into column b/4
        jj = 4 * (((b / 4) + i) % 4) + i;
        mix_x[127-8*b -: 8] = mix_x[127-8*b -: 8] ^ prod(t, jj, (i + 4 - (b % 4)) % 4);
      end
    end
  end
  // the four-input XOR: the first LUT level of every path out of the ROMs
  assign mix = mix_x;

  assign res_valid_o = fin_q;
  assign res_mix_o   = mix;
  assign res_key_o   = rk_q;
  assign res_data_o  = swp(mix ^ rk_q, dec_i);
  assign res_side_o  = side_q;
  assign iss_ready_o = !act_q || (fin_q && res_ready_i);
  assign idle_o      = !act_q;

  wire iss = iss_valid_i && iss_ready_o;

  always @* begin
    rnd_d  = rnd_q;
    act_d  = act_q;
    fin_d  = fin_q;
    lst_d  = lst_q;
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
      lst_d  = 1'b0;        // Nr >= 10
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
      fin_d = lst_q;
      lst_d = (rnd_q + 4'd2 == nr_i);
      // entering the final round: round 1's key is next (the next block's)
      if (fin_d) ra_d = dec_i ? (nr_i - 4'd1) : 4'd1;
      else       ra_d = dec_i ? (ra_q - 4'd1) : (ra_q + 4'd1);
    end
    // a message start: the port fetches the initial key, ra_q points at round 1's
    if (init_ld_i) ra_d = (init_ra_i == 4'd0) ? 4'd1 : (init_ra_i - 4'd1);
    // the ROMs have no reset: clearing reads byte entry 0, so no state byte stays readable
    if (!rst_ni || clr_i) st_en = 1'b1;
  end

  // Next state (formed in aes_tbl_rom, in front of the ROM address): b_k (a block issued
  // without forwarding, or zero on a clear) when nf, else mix ^ x_k: the round (x_k = rk_q) or
  // the forwarded block (x_k = rk_q ^ rk[0] ^ iss_fdat_i). A forwarded block issues only while
  // the last block is in its final round (fin_q), and in the final round without an issue the
  // tables are not read (st_en low), so x_k is selected by fin_q, a register, not by the
  // handshake. The handshake enters only through nf, at the last LUT level in front of the ROM
  // address: iss_nf_i comes from the top as a shallow function of registers and ports
  // (aes_top), and b_k and x_k from registers and the cipher input's terms, with no handshake
  // term in them. A forwarded block is never swapped (only the encrypting chained modes
  // forward). The final-round entries are addressed by lst_q alone: it is never high when a
  // block issues (the datapath is then idle or in its final round).
  wire clr = !rst_ni || clr_i;
  assign x_k = rk_q ^ ({128{fin_q}} & (rk0_q ^ iss_fdat_i));
  assign b_k = {128{!clr}} & (iss_data_i ^ swp(rk_init, dec_i));
  assign nf  = iss_nf_i || clr;

  // ---------------------------------------------------------------- round keys
  // Key of round r: rk[r] (encryption); InvMixColumns(rk[Nr - r]) for r < Nr, rk[0] for
  // r = Nr (decryption: the one key at address 0). At a message start the port fetches the
  // initial key (the datapath is idle then).
  // The decryption store has its own copy of the read address, rd_q, which follows ra_q only
  // while decrypting (and takes each message start's address): in encryption it holds, so the
  // decryption store's read multiplexers do not switch with the rounds. Whenever dec_i is high
  // rd_q equals ra_q (both take ra_d at the start that set dec_i and in every cycle after).
  // A flop enable; the key fetch keeps its one select.
  assign rk_ra_o  = ra_q;
  assign rkd_ra_o = rd_q;
  wire [127:0] rk_n = swp((dec_i && ra_q != 4'd0) ? rkd_i : rk_i, dec_i);
  wire         rd_en = dec_i || init_ld_i;

  always @(posedge clk_i) begin
    if (!rst_ni || clr_i) begin
      rk0_q     <= 128'h0;
      rkn_q     <= 128'h0;
      rk_q      <= 128'h0;
      ra_q      <= 4'd0;
      rd_q      <= 4'd0;
      rnd_q     <= 4'd0;
      act_q     <= 1'b0;
      fin_q     <= 1'b0;
      lst_q     <= 1'b0;
      side_q    <= {SIDE_W{1'b0}};
    end else begin
      if (rk_we_i && rk_wa_i == 4'd0)  rk0_q <= rk_wd_i;
      if (rk_we_i && rk_wa_i == knr_i) rkn_q <= rk_wd_i;
      if (rk_en)     rk_q      <= rk_n;
      ra_q   <= ra_d;
      if (rd_en) rd_q <= ra_d;
      rnd_q  <= rnd_d;
      act_q  <= act_d;
      fin_q  <= fin_d;
      lst_q  <= lst_d;
      side_q <= side_d;
    end
  end

endmodule

`default_nettype wire
