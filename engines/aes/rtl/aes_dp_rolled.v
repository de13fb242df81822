// SPDX-License-Identifier: Apache-2.0
// aes_dp_rolled.v
// Iterative AES datapath: one round per cycle (ARCH = 0 with composite-field S-boxes).
`default_nettype none

// A block is issued with the initial AddRoundKey applied as it is registered; the rounds then
// run in state_q, and the final round is left combinational on res_data_o so the mode unit
// registers it (and can feed it back into the next issued block in the same cycle). A new block
// is issued on the cycle the previous one leaves: back-to-back blocks take Nr cycles.
// (Two rounds per cycle halve the cycles but more than double the path: on ECP5 such a build
// ran at a third of this one's clock, so it was slower per block in time and is not offered.)
module aes_dp_rolled #(
  parameter integer SBOX   = 1,
  parameter integer SIDE_W = 1
) (
  input  wire               clk_i,
  input  wire               rst_ni,
  input  wire               clr_i,
  input  wire [3:0]         nr_i,        // 10, 12 or 14, stable while a message runs
  input  wire               dec_i,
  output wire [3:0]         rk_ra_o,     // round-key store read address
  input  wire [127:0]       rk_i,        // round key read
  input  wire               init_ld_i,   // message start (datapath idle): fetch the initial
  input  wire [3:0]         init_ra_i,   //   round key, rk[0] (rk[Nr] for decryption)
  input  wire               iss_valid_i,
  output wire               iss_ready_o,
  input  wire [127:0]       iss_data_i,
  input  wire [SIDE_W-1:0]  iss_side_i,
  output wire               res_valid_o,
  input  wire               res_ready_i,
  output wire [127:0]       res_data_o,
  output wire [SIDE_W-1:0]  res_side_o,
  output wire               idle_o,
  input  wire               ks_i,        // key expansion running (datapath idle): lend it
  input  wire [31:0]        ks_in_i,     // the S-boxes of bytes 0..3 of the first round
  output wire [31:0]        ks_out_o
);

  reg [127:0]      state_q, state_d;
  reg [3:0]        rnd_q, rnd_d;      // next round to apply (1-based)
  reg              act_q, act_d;
  reg [SIDE_W-1:0] side_q, side_d;

  // Round key of logical round r: rk[r] when encrypting, rk[Nr-r] when decrypting.
  function automatic [3:0] kidx(input [3:0] r, input [3:0] nr, input dec);
    begin
      kidx = dec ? (nr - r) : r;
    end
  endfunction

  // The read port of the round-key store serves the round in state_q. The initial AddRoundKey
  // of every block of a message uses the same key, so the port fetches it into rk_init_q when
  // the message starts (the datapath is idle then) instead of a read port of its own.
  reg  [127:0] rk_init_q;
  assign rk_ra_o = act_q ? kidx(rnd_q, nr_i, dec_i) : init_ra_i;

  wire [127:0] rnd_out, rnd_last;   // full round, final round (no MixColumns)
  wire         final_rnd = act_q && (rnd_q == nr_i);

  aes_round #(.SBOX(SBOX)) u_round (
    .state_i(state_q), .rk_i(rk_i), .dec_i(dec_i), .state_o(rnd_out), .last_o(rnd_last),
    .ext_i(ks_i), .ext_in_i(ks_in_i), .ext_out_o(ks_out_o)
  );

  assign res_valid_o = final_rnd;
  assign res_data_o  = rnd_last;
  assign res_side_o  = side_q;
  assign iss_ready_o = !act_q || (final_rnd && res_ready_i);
  assign idle_o      = !act_q;

  always @* begin
    state_d = state_q;
    rnd_d   = rnd_q;
    act_d   = act_q;
    side_d  = side_q;
    if (iss_valid_i && iss_ready_o) begin
      state_d = iss_data_i ^ rk_init_q;
      rnd_d   = 4'd1;
      act_d   = 1'b1;
      side_d  = iss_side_i;
    end else if (final_rnd) begin
      if (res_ready_i) act_d = 1'b0;
    end else if (act_q) begin
      state_d = rnd_out;
      rnd_d   = rnd_q + 4'd1;
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni || clr_i) rk_init_q <= 128'h0;
    else if (init_ld_i)   rk_init_q <= rk_i;
  end

  always @(posedge clk_i) begin
    if (!rst_ni || clr_i) begin
      state_q <= 128'h0;
      rnd_q   <= 4'd0;
      act_q   <= 1'b0;
      side_q  <= {SIDE_W{1'b0}};
    end else begin
      state_q <= state_d;
      rnd_q   <= rnd_d;
      act_q   <= act_d;
      side_q  <= side_d;
    end
  end

endmodule

`default_nettype wire
