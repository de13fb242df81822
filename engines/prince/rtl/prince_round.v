// SPDX-License-Identifier: Apache-2.0
// prince_round.v
// One PRINCE round as combinational logic: forward, middle or backward.
`default_nettype none

// KIND 0 (forward):  y = SR(M'(S(x))) ^ RC ^ k
// KIND 1 (middle):   y = S^-1(M'(S(x)))           (k and RC unused)
// KIND 2 (backward): y = S^-1(M'(SR^-1(x ^ k ^ RC)))
// The round constant is a parameter, so its XOR costs nothing (it only inverts bits).
module prince_round #(
  parameter integer KIND = 0,
  parameter [63:0] RC = 64'h0
) (
  input  wire [63:0] x_i,
  input  wire [63:0] k_i,
  output wire [63:0] y_o
);
  generate
    if (KIND == 0) begin : g_fwd
      wire [63:0] s, m, sr;
      prince_slayer #(.INV(0)) u_s (.x_i(x_i), .y_o(s));
      prince_mprime u_m (.x_i(s), .y_o(m));
      prince_shiftrows #(.INV(0)) u_sr (.x_i(m), .y_o(sr));
      assign y_o = sr ^ RC ^ k_i;
    end else if (KIND == 1) begin : g_mid
      wire [63:0] s, m;
      prince_slayer #(.INV(0)) u_s (.x_i(x_i), .y_o(s));
      prince_mprime u_m (.x_i(s), .y_o(m));
      prince_slayer #(.INV(1)) u_si (.x_i(m), .y_o(y_o));
      /* verilator lint_off UNUSEDSIGNAL */
      wire unused_k = ^k_i;  // the middle round has no key addition
      /* verilator lint_on UNUSEDSIGNAL */
    end else begin : g_bwd
      wire [63:0] sri, m;
      prince_shiftrows #(.INV(1)) u_sr (.x_i(x_i ^ k_i ^ RC), .y_o(sri));
      prince_mprime u_m (.x_i(sri), .y_o(m));
      prince_slayer #(.INV(1)) u_si (.x_i(m), .y_o(y_o));
    end
  endgenerate
endmodule

`default_nettype wire
