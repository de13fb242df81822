// SPDX-License-Identifier: Apache-2.0
// aes_dp_pipe.v
// Fully unrolled, pipelined AES datapath (ARCH = 2): one block per cycle, latency Nr cycles.
`default_nettype none

// Stage 0 registers the issued block after the initial AddRoundKey; stage s (1..13) registers
// round s. The final round (round Nr) is combinational from stage Nr-1 onto res_data_o, as in
// the rolled datapath, so all architectures present the same result port to the mode unit.
// Stages Nr..13 are unused for AES-128/192. The whole pipe advances together (one global
// enable), stalling only while a finished block waits for the mode unit.
module aes_dp_pipe #(
  parameter integer SBOX   = 1,
  parameter integer SIDE_W = 1
) (
  input  wire               clk_i,
  input  wire               rst_ni,
  input  wire               clr_i,
  input  wire [3:0]         nr_i,
  input  wire               dec_i,
  input  wire [1919:0]      rk_i,
  input  wire               iss_valid_i,
  output wire               iss_ready_o,
  input  wire [127:0]       iss_data_i,
  input  wire [SIDE_W-1:0]  iss_side_i,
  output wire               res_valid_o,
  input  wire               res_ready_i,
  output wire [127:0]       res_data_o,
  output wire [SIDE_W-1:0]  res_side_o,
  output wire               idle_o
);

  localparam integer NS = 14;  // stages 0..13

  reg [127:0]      st_q   [0:NS-1];
  reg [127:0]      st_d   [0:NS-1];
  reg [SIDE_W-1:0] side_q [0:NS-1];
  reg [SIDE_W-1:0] side_d [0:NS-1];
  reg [NS-1:0]     v_q, v_d;

  // rk_sel(r): round key of logical round r (reversed order when decrypting)
  reg [127:0] rk_sel [0:14];
  integer q, r;
  always @* begin
    for (r = 0; r < 15; r = r + 1) begin
      rk_sel[r] = 128'h0;
      for (q = 0; q < 15; q = q + 1) begin
        if (dec_i ? (q + r == {28'd0, nr_i}) : (q == r)) rk_sel[r] = rk_i[1919-128*q -: 128];
      end
    end
  end

  wire [127:0] rnd_out [1:NS-1];
  genvar g;
  generate
    for (g = 1; g < NS; g = g + 1) begin : g_stage
      wire [31:0]  unused_ext;
      wire [127:0] unused_last;
      aes_round #(.SBOX(SBOX)) u_round (
        .state_i(st_q[g-1]), .rk_i(rk_sel[g]), .dec_i(dec_i), .state_o(rnd_out[g]),
        .last_o(unused_last), .ext_i(1'b0), .ext_in_i(32'h0), .ext_out_o(unused_ext)
      );
    end
  endgenerate

  // final round, from stage Nr-1
  reg [127:0]      fin_in;
  reg [127:0]      fin_rk;
  reg [SIDE_W-1:0] fin_side;
  reg              fin_v;
  reg [NS-1:0]     live;      // stages in use for this key size
  always @* begin
    fin_in   = st_q[9];
    fin_side = side_q[9];
    fin_v    = v_q[9];
    fin_rk   = rk_sel[10];
    if (nr_i == 4'd12) begin
      fin_in   = st_q[11];
      fin_side = side_q[11];
      fin_v    = v_q[11];
      fin_rk   = rk_sel[12];
    end else if (nr_i == 4'd14) begin
      fin_in   = st_q[13];
      fin_side = side_q[13];
      fin_v    = v_q[13];
      fin_rk   = rk_sel[14];
    end
    for (q = 0; q < NS; q = q + 1) live[q] = (q < {28'd0, nr_i});
  end

  wire [31:0]  unused_ext_fin;
  wire [127:0] unused_full_fin;
  aes_round #(.SBOX(SBOX)) u_final (
    .state_i(fin_in), .rk_i(fin_rk), .dec_i(dec_i), .state_o(unused_full_fin),
    .last_o(res_data_o),
    .ext_i(1'b0), .ext_in_i(32'h0), .ext_out_o(unused_ext_fin)
  );

  wire adv = !(fin_v && !res_ready_i);

  assign res_valid_o = fin_v;
  assign res_side_o  = fin_side;
  assign iss_ready_o = adv;
  assign idle_o      = ~|(v_q & live);

  integer s;
  always @* begin
    for (s = 0; s < NS; s = s + 1) begin
      st_d[s]   = st_q[s];
      side_d[s] = side_q[s];
    end
    v_d = v_q;
    if (adv) begin
      st_d[0]   = iss_data_i ^ rk_sel[0];
      side_d[0] = iss_side_i;
      v_d[0]    = iss_valid_i;
      for (s = 1; s < NS; s = s + 1) begin
        st_d[s]   = rnd_out[s];
        side_d[s] = side_q[s-1];
        v_d[s]    = v_q[s-1] && live[s];
      end
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni || clr_i) begin
      for (s = 0; s < NS; s = s + 1) begin
        st_q[s]   <= 128'h0;
        side_q[s] <= {SIDE_W{1'b0}};
      end
      v_q <= {NS{1'b0}};
    end else begin
      for (s = 0; s < NS; s = s + 1) begin
        st_q[s]   <= st_d[s];
        side_q[s] <= side_d[s];
      end
      v_q <= v_d;
    end
  end

endmodule

`default_nettype wire
