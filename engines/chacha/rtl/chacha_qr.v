// SPDX-License-Identifier: Apache-2.0
// chacha_qr.v
// One ChaCha quarter round, combinational: four 32-bit add-rotate-xor steps on (a, b, c, d).
`default_nettype none

module chacha_qr (
  input  wire [31:0] a_i,
  input  wire [31:0] b_i,
  input  wire [31:0] c_i,
  input  wire [31:0] d_i,
  output wire [31:0] a_o,
  output wire [31:0] b_o,
  output wire [31:0] c_o,
  output wire [31:0] d_o
);

  wire [31:0] a1 = a_i + b_i;
  wire [31:0] d1x = d_i ^ a1;
  wire [31:0] d1 = {d1x[15:0], d1x[31:16]};
  wire [31:0] c1 = c_i + d1;
  wire [31:0] b1x = b_i ^ c1;
  wire [31:0] b1 = {b1x[19:0], b1x[31:20]};
  wire [31:0] a2 = a1 + b1;
  wire [31:0] d2x = d1 ^ a2;
  wire [31:0] d2 = {d2x[23:0], d2x[31:24]};
  wire [31:0] c2 = c1 + d2;
  wire [31:0] b2x = b1 ^ c2;
  wire [31:0] b2 = {b2x[24:0], b2x[31:25]};

  assign a_o = a2;
  assign b_o = b2;
  assign c_o = c2;
  assign d_o = d2;

endmodule

`default_nettype wire
