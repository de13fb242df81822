// SPDX-License-Identifier: Apache-2.0
// present_slayer.v
// PRESENT S-layer: 16 S-boxes (or inverse S-boxes) in parallel on the 64-bit state.
`default_nettype none

module present_slayer #(
  parameter integer INV = 0
) (
  input  wire [63:0] x_i,
  output wire [63:0] y_o
);
  genvar i;
  generate
    for (i = 0; i < 16; i = i + 1) begin : g_nib
      present_sbox #(.INV(INV)) u_sbox (.x_i(x_i[4*i +: 4]), .y_o(y_o[4*i +: 4]));
    end
  endgenerate
endmodule

`default_nettype wire
