// SPDX-License-Identifier: Apache-2.0
// chacha_qr.v
// Half of a ChaCha quarter round, combinational. A quarter round on (a, b, c, d) is
//   a += b; d ^= a; d <<<= 16; c += d; b ^= c; b <<<= 12;     (first half, HALF = 0)
//   a += b; d ^= a; d <<<= 8;  c += d; b ^= c; b <<<= 7;      (second half, HALF = 1)
// The first half passes d through unchanged and leaves its XOR-rotate step to the second half:
// the pipeline register between the halves then holds (a', b', c', d), and the second half
// recomputes d' = (d ^ a') <<< 16 in front of its XORs. This moves no work into the second half's
// chain of dependent steps (d ^ a' ^ a'' is one 3-input function, as d' ^ a'' is) and stores no
// value that is computed only to be stored.
`default_nettype none

module chacha_qr #(
  parameter integer HALF = 0
) (
  input  wire [31:0] a_i,
  input  wire [31:0] b_i,
  input  wire [31:0] c_i,
  input  wire [31:0] d_i,
  output wire [31:0] a_o,
  output wire [31:0] b_o,
  output wire [31:0] c_o,
  output wire [31:0] d_o
);

  function automatic [31:0] rotl16(input [31:0] x);
    rotl16 = {x[15:0], x[31:16]};
  endfunction

  generate
    if (HALF == 0) begin : g_first
      wire [31:0] a1 = a_i + b_i;
      wire [31:0] c1 = c_i + rotl16(d_i ^ a1);
      wire [31:0] bx = b_i ^ c1;
      assign a_o = a1;
      assign b_o = {bx[19:0], bx[31:20]};
      assign c_o = c1;
      assign d_o = d_i;
    end else begin : g_second
      // a_i, b_i, c_i: a, b and c after the first half; d_i: d before the quarter round
      wire [31:0] d1 = rotl16(d_i ^ a_i);
      wire [31:0] a2 = a_i + b_i;
      wire [31:0] dx = d1 ^ a2;
      wire [31:0] d2 = {dx[23:0], dx[31:24]};
      wire [31:0] c2 = c_i + d2;
      wire [31:0] bx = b_i ^ c2;
      assign a_o = a2;
      assign b_o = {bx[24:0], bx[31:25]};
      assign c_o = c2;
      assign d_o = d2;
    end
  endgenerate

endmodule

`default_nettype wire
