// sha3_round.v
// One Keccak-f[1600] round (theta, rho, pi, chi, iota), combinational; lane (x, y) at 64*(x+5y).
`default_nettype none

module sha3_round (
  input  wire [1599:0] state_i,
  input  wire [63:0]   rc_i,
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

  wire [319:0] c_w;   // column parities C[x]
  wire [319:0] d_w;   // theta effect D[x] = C[x-1] ^ rotl(C[x+1], 1)
  wire [1599:0] b_w;  // after theta, rho and pi

  genvar x, y;
  generate
    for (x = 0; x < 5; x = x + 1) begin : g_col
      assign c_w[64*x +: 64] = state_i[64*x +: 64] ^ state_i[64*(x+5) +: 64]
                             ^ state_i[64*(x+10) +: 64] ^ state_i[64*(x+15) +: 64]
                             ^ state_i[64*(x+20) +: 64];
    end
    for (x = 0; x < 5; x = x + 1) begin : g_d
      wire [63:0] cp = c_w[64*((x+1)%5) +: 64];
      assign d_w[64*x +: 64] = c_w[64*((x+4)%5) +: 64] ^ {cp[62:0], cp[63]};
    end
    for (y = 0; y < 5; y = y + 1) begin : g_row
      for (x = 0; x < 5; x = x + 1) begin : g_lane
        localparam [5:0] R = RHO[6*(x+5*y) +: 6];
        wire [63:0] t = state_i[64*(x+5*y) +: 64] ^ d_w[64*x +: 64];
        // pi: lane (x, y) moves to (y, 2x + 3y)
        if (R == 6'd0) begin : g_norot
          assign b_w[64*(y + 5*((2*x+3*y)%5)) +: 64] = t;
        end else begin : g_rot
          assign b_w[64*(y + 5*((2*x+3*y)%5)) +: 64] = {t[63-R:0], t[63:64-R]};
        end
      end
    end
    for (y = 0; y < 5; y = y + 1) begin : g_chi_row
      for (x = 0; x < 5; x = x + 1) begin : g_chi
        wire [63:0] chi = b_w[64*(x+5*y) +: 64]
                        ^ (~b_w[64*((x+1)%5+5*y) +: 64] & b_w[64*((x+2)%5+5*y) +: 64]);
        if (x == 0 && y == 0) begin : g_iota
          assign state_o[63:0] = chi ^ rc_i;
        end else begin : g_plain
          assign state_o[64*(x+5*y) +: 64] = chi;
        end
      end
    end
  endgenerate

endmodule

`default_nettype wire
