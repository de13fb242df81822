// SPDX-License-Identifier: Apache-2.0
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

  // Theta's column parities and the chi lanes are modules of their own, so that the 7-series
  // synthesis can map each as the 5-input and 6-input function per bit it is (sha3_chi_lane.v
  // says why that matters). Everything between them is one procedural block on lane arrays: the
  // same logic as many part-select assigns into one wide vector, but event-driven simulators
  // (Icarus) evaluate it far faster.
  wire [319:0] c_w;         // column parities C[x], x = 0 in the low bits
  reg  [63:0]  a_l  [0:24]; // input lanes
  reg  [63:0]  d_l  [0:4];  // theta effect D[x] = C[x-1] ^ rotl(C[x+1], 1)
  reg  [63:0]  ap_l [0:24]; // the lane that rho and pi place at each position
  reg  [63:0]  dp_l [0:24]; // its D, rotated with it
  wire [1599:0] chi_w;

  function automatic [63:0] rotl64(input [63:0] v, input [5:0] n);
    rotl64 = (n == 6'd0) ? v : ((v << n) | (v >> (7'd64 - {1'b0, n})));
  endfunction

  genvar gx, gy;
  generate
    for (gx = 0; gx < 5; gx = gx + 1) begin : g_col
      sha3_parity u_parity (
        .lanes_i({state_i[64*(gx+20) +: 64], state_i[64*(gx+15) +: 64], state_i[64*(gx+10) +: 64],
                  state_i[64*(gx+5) +: 64], state_i[64*gx +: 64]}),
        .parity_o(c_w[64*gx +: 64])
      );
    end
  endgenerate

  always @* begin : theta_rho_pi
    integer x, y, i;
    for (i = 0; i < 25; i = i + 1) a_l[i] = state_i[64*i +: 64];
    for (x = 0; x < 5; x = x + 1)
      d_l[x] = c_w[64*((x+4)%5) +: 64] ^ rotl64(c_w[64*((x+1)%5) +: 64], 6'd1);
    // rho and pi: lane (x, y) rotated and moved to (y, 2x + 3y); its D goes with it, so theta's
    // XOR happens inside chi's LUTs
    for (y = 0; y < 5; y = y + 1)
      for (x = 0; x < 5; x = x + 1) begin
        ap_l[y + 5*((2*x+3*y)%5)] = rotl64(a_l[x+5*y], RHO[6*(x+5*y) +: 6]);
        dp_l[y + 5*((2*x+3*y)%5)] = rotl64(d_l[x], RHO[6*(x+5*y) +: 6]);
      end
  end

  generate
    for (gy = 0; gy < 5; gy = gy + 1) begin : g_row
      for (gx = 0; gx < 5; gx = gx + 1) begin : g_lane
        sha3_chi_lane u_chi (
          .a0_i(ap_l[gx+5*gy]),         .d0_i(dp_l[gx+5*gy]),
          .a1_i(ap_l[(gx+1)%5+5*gy]),   .d1_i(dp_l[(gx+1)%5+5*gy]),
          .a2_i(ap_l[(gx+2)%5+5*gy]),   .d2_i(dp_l[(gx+2)%5+5*gy]),
          .lane_o(chi_w[64*(gx+5*gy) +: 64])
        );
      end
    end
  endgenerate

  // The bypass replaces the rate lanes (0..20) after the round. Lanes 21..24 are never in the
  // rate: the caller does not write them during a bypass, so they keep the plain round. iota
  // only touches lane 0, and not in bypass mode.
  assign state_o = {chi_w[1599:1344],
                    bypass_i ? bypass_data_i[1343:64] : chi_w[1343:64],
                    bypass_i ? bypass_data_i[63:0] : (chi_w[63:0] ^ rc_i)};

endmodule

`default_nettype wire
