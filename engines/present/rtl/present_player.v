// SPDX-License-Identifier: Apache-2.0
// present_player.v
// PRESENT pLayer (bit i moves to 16 * i mod 63, bit 63 stays) or its inverse. Wiring only.
`default_nettype none

module present_player #(
  parameter integer INV = 0
) (
  input  wire [63:0] x_i,
  output wire [63:0] y_o
);
  genvar i;
  generate
    for (i = 0; i < 64; i = i + 1) begin : g_bit
      localparam integer P = (i == 63) ? 63 : (16 * i) % 63;
      if (INV != 0) begin : g_inv
        assign y_o[i] = x_i[P];
      end else begin : g_fwd
        assign y_o[P] = x_i[i];
      end
    end
  endgenerate
endmodule

`default_nettype wire
