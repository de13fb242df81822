// SPDX-License-Identifier: Apache-2.0
// prince_slayer.v
// PRINCE S-layer: the 4-bit S-box (or its inverse) on all 16 nibbles of the state.
`default_nettype none

module prince_slayer #(
  parameter integer INV = 0  // 1: inverse S-box
) (
  input  wire [63:0] x_i,
  output wire [63:0] y_o
);
  function automatic [3:0] sbox(input [3:0] n);
    case (n)
      4'h0: sbox = 4'hB; 4'h1: sbox = 4'hF; 4'h2: sbox = 4'h3; 4'h3: sbox = 4'h2;
      4'h4: sbox = 4'hA; 4'h5: sbox = 4'hC; 4'h6: sbox = 4'h9; 4'h7: sbox = 4'h1;
      4'h8: sbox = 4'h6; 4'h9: sbox = 4'h7; 4'hA: sbox = 4'h8; 4'hB: sbox = 4'h0;
      4'hC: sbox = 4'hE; 4'hD: sbox = 4'h5; 4'hE: sbox = 4'hD; default: sbox = 4'h4;
    endcase
  endfunction

  function automatic [3:0] sbox_inv(input [3:0] n);
    case (n)
      4'h0: sbox_inv = 4'hB; 4'h1: sbox_inv = 4'h7; 4'h2: sbox_inv = 4'h3; 4'h3: sbox_inv = 4'h2;
      4'h4: sbox_inv = 4'hF; 4'h5: sbox_inv = 4'hD; 4'h6: sbox_inv = 4'h8; 4'h7: sbox_inv = 4'h9;
      4'h8: sbox_inv = 4'hA; 4'h9: sbox_inv = 4'h6; 4'hA: sbox_inv = 4'h4; 4'hB: sbox_inv = 4'h0;
      4'hC: sbox_inv = 4'h5; 4'hD: sbox_inv = 4'hE; 4'hE: sbox_inv = 4'hC; default: sbox_inv = 4'h1;
    endcase
  endfunction

  genvar i;
  generate
    for (i = 0; i < 16; i = i + 1) begin : g_nib
      if (INV != 0) begin : g_inv
        assign y_o[4*i +: 4] = sbox_inv(x_i[4*i +: 4]);
      end else begin : g_fwd
        assign y_o[4*i +: 4] = sbox(x_i[4*i +: 4]);
      end
    end
  endgenerate
endmodule

`default_nettype wire
