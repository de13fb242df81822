// SPDX-License-Identifier: Apache-2.0
// aes_sbox.v
// One AES S-box / inverse S-box, implementation chosen by SBOX (0 table, 1 composite field).
// SBOX = 0 uses the GF(2^8) inversion table with the affine maps outside (aes_sbox_git); the
// two FIPS-197 tables (aes_sbox_lut) are the reference of the formal proof.
`default_nettype none

module aes_sbox #(
  parameter integer SBOX = 1
) (
  input  wire [7:0] in_i,
  input  wire       inv_i,
  output wire [7:0] out_o
);

  generate
    if (SBOX == 0) begin : g_lut
      aes_sbox_git u_sbox (.in_i(in_i), .inv_i(inv_i), .out_o(out_o));
    end else begin : g_cf
      aes_sbox_cf u_sbox (.in_i(in_i), .inv_i(inv_i), .out_o(out_o));
    end
  endgenerate

endmodule

`default_nettype wire
