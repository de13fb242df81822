// sha3_round.v
// One Keccak-f[1600] round (theta, rho, pi, chi, iota), or a bypass; lane (x, y) at 64*(x+5y).
`default_nettype none

module sha3_round (
  input  wire [1599:0] state_i,
  input  wire [63:0]   rc_i,
  input  wire          bypass_i,       // lanes 0..20 of state_o = bypass_data_i, not the round
  input  wire [1343:0] bypass_data_i,
  output wire [1599:0] state_o
);

  // rho rotation of lane x + 5y, 6 bits each, lane 0 in the low bits
  localparam [149:0] RHO = {
    6'd14, 6'd56, 6'd61, 6'd2, 6'd18,   // y = 4: x = 4..0
    6'd8, 6'd21, 6'd15, 6'd45, 6'd41,   // y = 3
    6'd39, 6'd25, 6'd43, 6'd10, 6'd3,   // y = 2
    6'd20, 6'd55, 6'd6, 6'd44, 6'd36,   // y = 1
    6'd27, 6'd28, 6'd62, 6'd1, 6'd0     // y = 0
  };

  // One procedural block on lane arrays rather than many part-select assigns into one wide
  // vector: the same logic, but event-driven simulators (Icarus) evaluate it far faster.
  reg [63:0]   a_l [0:24];  // input lanes
  reg [63:0]   b_l [0:24];  // after theta, rho and pi
  reg [63:0]   c_l [0:4];   // column parities C[x]
  reg [63:0]   d_l [0:4];   // theta effect D[x] = C[x-1] ^ rotl(C[x+1], 1)
  reg [1599:0] out_r;

  function automatic [63:0] rotl64(input [63:0] v, input [5:0] n);
    rotl64 = (n == 6'd0) ? v : ((v << n) | (v >> (7'd64 - {1'b0, n})));
  endfunction

  always @* begin : keccak_round
    integer x, y, i;
    for (i = 0; i < 25; i = i + 1) a_l[i] = state_i[64*i +: 64];
    for (x = 0; x < 5; x = x + 1) c_l[x] = a_l[x] ^ a_l[x+5] ^ a_l[x+10] ^ a_l[x+15] ^ a_l[x+20];
    for (x = 0; x < 5; x = x + 1) d_l[x] = c_l[(x+4)%5] ^ rotl64(c_l[(x+1)%5], 6'd1);
    // rho and pi: lane (x, y) rotated and moved to (y, 2x + 3y)
    for (y = 0; y < 5; y = y + 1)
      for (x = 0; x < 5; x = x + 1)
        b_l[y + 5*((2*x+3*y)%5)] = rotl64(a_l[x+5*y] ^ d_l[x], RHO[6*(x+5*y) +: 6]);
    // The bypass enters after pi and switches off chi's nonlinear term and iota, so it costs two
    // spare LUT inputs per bit rather than a multiplexer after the round.
    // Lanes 21..24 are never in the rate: the caller does not write them during a bypass, so
    // their output is left as the plain round (don't-care in bypass mode).
    for (i = 0; i < 21; i = i + 1) if (bypass_i) b_l[i] = bypass_data_i[64*i +: 64];
    for (y = 0; y < 5; y = y + 1)
      for (x = 0; x < 5; x = x + 1)
        out_r[64*(x+5*y) +: 64] = b_l[x+5*y]
                                ^ (~b_l[(x+1)%5+5*y] & b_l[(x+2)%5+5*y]
                                   & {64{!(bypass_i && (x+5*y) < 21)}});
    out_r[63:0] = out_r[63:0] ^ (rc_i & {64{!bypass_i}});
  end

  assign state_o = out_r;

endmodule

`default_nettype wire
