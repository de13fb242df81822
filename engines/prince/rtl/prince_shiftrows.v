// SPDX-License-Identifier: Apache-2.0
// prince_shiftrows.v
// PRINCE SR (or its inverse): AES ShiftRows on the column-major 4x4 matrix of nibbles.
`default_nettype none

// Nibble i counts from the most significant end; row i % 4 is rotated left by its row number,
// so output nibble i takes input nibble (i + 4 * (i % 4)) % 16. Wiring only.
module prince_shiftrows #(
  parameter integer INV = 0
) (
  input  wire [63:0] x_i,
  output wire [63:0] y_o
);
  genvar i;
  generate
    for (i = 0; i < 16; i = i + 1) begin : g_nib
      localparam integer SRC = (i + 4 * (i % 4)) % 16;
      if (INV != 0) begin : g_inv
        assign y_o[63 - 4*SRC -: 4] = x_i[63 - 4*i -: 4];
      end else begin : g_fwd
        assign y_o[63 - 4*i -: 4] = x_i[63 - 4*SRC -: 4];
      end
    end
  endgenerate
endmodule

`default_nettype wire
