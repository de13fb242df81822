// SPDX-License-Identifier: Apache-2.0
// aes_sbox_cf.v
// AES S-box and inverse S-box in composite-field logic GF((2^4)^2), SBOX = 1.
`default_nettype none

// The GF(2^8) inversion is done in the tower field GF(2^4)[Y]/(Y^2 + Y + LAMBDA) with
// GF(2^4) = GF(2)[x]/(x^4 + x + 1). The forward and inverse S-box share the inverter and the
// input basis change: S^-1 first applies the inverse affine map A^-1(x ^ 63) (three XORed bits
// per output bit), selected by inv_i, and one matrix maps the AES basis into the tower basis.
// On the way out the affine map of S is folded into the output matrix (M_FWD_OUT = A M^-1,
// M_OUT = M^-1 for S^-1), which maps smaller on 7-series than applying A after M^-1, and
// smaller than folding the input side too. The matrices and LAMBDA are derived by
// engines/aes/model/gen_sbox.py; the formal check in tests/ proves the result equal to the
// FIPS-197 table. Of the 64 tower representations (8 LAMBDAs x 8 roots of the AES polynomial)
// gen_sbox.py uses the one whose matrices gave the rolled engine the fewest 7-series LUT6
// (engines/aes/README.md, "Area and speed"). delta is kept as a net: left to the mapper, its
// four eight-input functions merge into the multiplications on either side and the engine
// costs more LUTs.
module aes_sbox_cf (
  input  wire [7:0] in_i,
  input  wire       inv_i,   // 1: inverse S-box (decryption)
  output wire [7:0] out_o
);

  localparam [3:0]  LAMBDA    = 4'he;
  localparam [63:0] M_IN      = 64'hbb52ea5e31394a01;  // AES basis -> tower basis
  localparam [63:0] M_OUT     = 64'h65ef474e0c5ce101;  // tower basis -> AES basis
  localparam [63:0] M_FWD_OUT = 64'h470e9a7d84b2b41f;  // A(tower^-1 z), without the 0x63

  // GF(2)-linear map given as 8 columns: column i (bits 8i+7:8i) is the image of bit i.
  function automatic [7:0] mat8(input [63:0] m, input [7:0] x);
    integer i;
    begin
      mat8 = 8'h00;
      for (i = 0; i < 8; i = i + 1) begin
        if (x[i]) mat8 = mat8 ^ m[8*i +: 8];
      end
    end
  endfunction

  // GF(2^4) product modulo x^4 + x + 1.
  function automatic [3:0] gf16_mul(input [3:0] a, input [3:0] m);
    reg [6:0] p;
    integer i;
    begin
      p = 7'h00;
      for (i = 0; i < 4; i = i + 1) begin
        if (m[i]) p = p ^ ({3'b000, a} << i);
      end
      // reduce x^6, x^5, x^4 (x^4 = x + 1)
      if (p[6]) p = p ^ 7'b1001100;
      if (p[5]) p = p ^ 7'b0100110;
      if (p[4]) p = p ^ 7'b0010011;
      gf16_mul = p[3:0];
    end
  endfunction

  // Squaring is linear in GF(2^4): (a3 a2 a1 a0)^2 = a3x^6 + a2x^4 + a1x^2 + a0.
  function automatic [3:0] gf16_sq(input [3:0] a);
    begin
      gf16_sq = gf16_mul(a, a);
    end
  endfunction

  // a^-1 = a^14 = a^2 * a^4 * a^8 (0 maps to 0, as the S-box needs).
  function automatic [3:0] gf16_inv(input [3:0] a);
    reg [3:0] a2, a4, a8;
    begin
      a2 = gf16_sq(a);
      a4 = gf16_sq(a2);
      a8 = gf16_sq(a4);
      gf16_inv = gf16_mul(gf16_mul(a2, a4), a8);
    end
  endfunction

  function automatic [7:0] rotl(input [7:0] a, input integer k);
    begin
      rotl = (a << k) | (a >> (8 - k));
    end
  endfunction

  // S^-1: A^-1(x ^ 63) = rotl1(x) ^ rotl3(x) ^ rotl6(x) ^ 05 before the inversion
  wire [7:0] z    = inv_i ? (rotl(in_i, 1) ^ rotl(in_i, 3) ^ rotl(in_i, 6) ^ 8'h05) : in_i;
  wire [7:0] t_in = mat8(M_IN, z);
  wire [3:0] a1 = t_in[7:4];
  wire [3:0] a0 = t_in[3:0];

  // (a1 Y + a0)^-1 = (a1 Y + (a0 + a1)) / (a1^2 LAMBDA + a1 a0 + a0^2)
  (* keep *) wire [3:0] delta;
  assign delta = gf16_mul(gf16_sq(a1), LAMBDA) ^ gf16_mul(a1, a0) ^ gf16_sq(a0);
  wire [3:0] dinv  = gf16_inv(delta);
  wire [7:0] t_out = {gf16_mul(a1, dinv), gf16_mul(a0 ^ a1, dinv)};

  assign out_o = inv_i ? mat8(M_OUT, t_out) : (mat8(M_FWD_OUT, t_out) ^ 8'h63);

endmodule

`default_nettype wire
