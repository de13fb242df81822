// SPDX-License-Identifier: Apache-2.0
// sha3_parity.v
// Theta's column parities C[x] = A[x,0] ^ ... ^ A[x,4]: 64 five-input XORs, one LUT each.
`default_nettype none

// Its own module for the same reason as sha3_chi_lane (kept as a hierarchy on 7-series): left in
// the flattened round, the mapper merges the parities into theta's D terms and builds two larger
// LUTs per D bit instead of one parity LUT per column bit and one two-input D LUT.
module sha3_parity (
  input  wire [319:0] lanes_i,  // the five lanes of one column, y = 0 in the low bits
  output wire [63:0]  parity_o
);

  assign parity_o = lanes_i[63:0] ^ lanes_i[127:64] ^ lanes_i[191:128] ^ lanes_i[255:192]
                    ^ lanes_i[319:256];

endmodule

`default_nettype wire
