// SPDX-License-Identifier: Apache-2.0
// prince_mprime.v
// PRINCE M' layer, the involution diag(M^0, M^1, M^1, M^0) on the four 16-bit columns.
`default_nettype none

// Block (r, c) of M^0 is the 4x4 identity with diagonal element (r + c) mod 4 cleared (counted
// from the nibble's most significant bit); M^1 clears element (r + c + 1) mod 4. So row-nibble r
// of a column is the XOR over c of column-nibble c with that element cleared. Written as four
// 64-bit terms, nibble c of every column broadcast to its four rows and ANDed with a constant
// mask: synthesis is the same 3-input XOR per bit (the masks' zeros drop out), and a simulator
// evaluates four vector operations, not 256 bit steps (as loops, this layer was about half of
// the Icarus SoC's time: the folded engine steps every cycle).
module prince_mprime (
  input  wire [63:0] x_i,
  output wire [63:0] y_o
);
  // bit 63 - 16j - 4r - b is set unless (r + c + sh_j) mod 4 == b; sh_j = 1 for columns 1, 2
  function [63:0] keep_mask(input integer c);
    integer j, r, b;
    begin
      keep_mask = 64'd0;
      for (j = 0; j < 4; j = j + 1)
        for (r = 0; r < 4; r = r + 1)
          for (b = 0; b < 4; b = b + 1)
            keep_mask[63 - 16*j - 4*r - b] = ((r + c + ((j == 1 || j == 2) ? 1 : 0)) % 4) != b;
    end
  endfunction

  localparam [63:0] K0 = keep_mask(0);
  localparam [63:0] K1 = keep_mask(1);
  localparam [63:0] K2 = keep_mask(2);
  localparam [63:0] K3 = keep_mask(3);

  // row-nibble c of each column, repeated in all four rows of that column
  wire [63:0] n0 = {{4{x_i[63:60]}}, {4{x_i[47:44]}}, {4{x_i[31:28]}}, {4{x_i[15:12]}}};
  wire [63:0] n1 = {{4{x_i[59:56]}}, {4{x_i[43:40]}}, {4{x_i[27:24]}}, {4{x_i[11:8]}}};
  wire [63:0] n2 = {{4{x_i[55:52]}}, {4{x_i[39:36]}}, {4{x_i[23:20]}}, {4{x_i[7:4]}}};
  wire [63:0] n3 = {{4{x_i[51:48]}}, {4{x_i[35:32]}}, {4{x_i[19:16]}}, {4{x_i[3:0]}}};

  assign y_o = (n0 & K0) ^ (n1 & K1) ^ (n2 & K2) ^ (n3 & K3);
endmodule

`default_nettype wire
