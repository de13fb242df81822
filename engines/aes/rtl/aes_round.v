// SPDX-License-Identifier: Apache-2.0
// aes_round.v
// One AES round, encryption or decryption (direct inverse cipher), combinational.
`default_nettype none

// Encryption round: SubBytes, ShiftRows, MixColumns, AddRoundKey (state_o); without MixColumns
// (the final round) on last_o. Decryption round: InvShiftRows, InvSubBytes, AddRoundKey,
// InvMixColumns (state_o); without InvMixColumns on last_o. Both outputs are always there, so
// the caller takes the final round from last_o and no multiplexer selects the round kind.
// ShiftRows commutes with SubBytes, so both directions permute first and share the 16 S-boxes
// (each S-box computes S or S^-1). The initial AddRoundKey is done outside, by the caller.
// Byte b of the state is state[127-8b -: 8]; byte b sits in column b/4, row b%4 (FIPS-197).
// With ext_i high the S-boxes of bytes 0, 2, 4, 6 (rows 0 and 2, whose input needs no
// ShiftRows / InvShiftRows selection) serve the key expansion instead (its SubWord, always
// forward): ext_in_i byte e (bits 8e+7:8e) goes into the S-box of byte 2e, ext_out_o byte e
// comes out; the round output is then meaningless (the caller only does this while its
// datapath is idle).
module aes_round #(
  parameter integer SBOX = 1
) (
  input  wire [127:0] state_i,
  input  wire [127:0] rk_i,
  input  wire         dec_i,
  output reg  [127:0] state_o,
  output wire [127:0] last_o,
  input  wire         ext_i,
  input  wire [31:0]  ext_in_i,
  output wire [31:0]  ext_out_o
);

  function automatic [7:0] xt(input [7:0] a);  // multiply by x in GF(2^8)
    begin
      xt = {a[6:0], 1'b0} ^ (a[7] ? 8'h1b : 8'h00);
    end
  endfunction

  function automatic [31:0] mix(input [31:0] c);
    reg [7:0] a0, a1, a2, a3;
    begin
      a0 = c[31:24]; a1 = c[23:16]; a2 = c[15:8]; a3 = c[7:0];
      mix = {xt(a0) ^ xt(a1) ^ a1 ^ a2 ^ a3,
             a0 ^ xt(a1) ^ xt(a2) ^ a2 ^ a3,
             a0 ^ a1 ^ xt(a2) ^ xt(a3) ^ a3,
             xt(a0) ^ a0 ^ a1 ^ a2 ^ xt(a3)};
    end
  endfunction

  // InvMixColumns = MixColumns after a pre-step a0 ^= {04}(a0^a2), a1 ^= {04}(a1^a3),
  // a2 ^= {04}(a0^a2), a3 ^= {04}(a1^a3): the inverse matrix circ(0e,0b,0d,09) equals
  // circ(02,03,01,01) x circ(05,00,04,00), which needs far fewer gates than the direct form,
  // and both directions share one MixColumns (the pre-step is selected in front of it).
  function automatic [31:0] inv_pre(input [31:0] c);
    reg [7:0] a0, a1, a2, a3, u, v;
    begin
      a0 = c[31:24]; a1 = c[23:16]; a2 = c[15:8]; a3 = c[7:0];
      u = xt(xt(a0 ^ a2));
      v = xt(xt(a1 ^ a3));
      inv_pre = {a0 ^ u, a1 ^ v, a2 ^ u, a3 ^ v};
    end
  endfunction

  reg  [127:0] perm;
  wire [127:0] sub;
  reg  [127:0] mixed;
  reg  [127:0] keyed;

  integer b;
  always @* begin
    perm = 128'h0;
    for (b = 0; b < 16; b = b + 1) begin
      // out byte (row r, column c) takes in byte (r, c+r) for ShiftRows, (r, c-r) for inverse
      if (dec_i) perm[127-8*b -: 8] = state_i[127-8*((4*((b/4) + 4 - (b%4)) + (b%4)) % 16) -: 8];
      else       perm[127-8*b -: 8] = state_i[127-8*((4*((b/4) + (b%4)) + (b%4)) % 16) -: 8];
    end
  end

  genvar g;
  generate
    for (g = 0; g < 16; g = g + 1) begin : g_sbox
      if (g < 8 && g % 2 == 0) begin : g_shared
        aes_sbox #(.SBOX(SBOX)) u_sbox (
          .in_i (ext_i ? ext_in_i[4*g +: 8] : perm[127-8*g -: 8]),
          .inv_i(dec_i && !ext_i),
          .out_o(sub[127-8*g -: 8])
        );
        assign ext_out_o[4*g +: 8] = sub[127-8*g -: 8];
      end else begin : g_own
        aes_sbox #(.SBOX(SBOX)) u_sbox (
          .in_i (perm[127-8*g -: 8]),
          .inv_i(dec_i),
          .out_o(sub[127-8*g -: 8])
        );
      end
    end
  endgenerate

  assign last_o = keyed;

  // encryption: MixColumns(sub) ^ rk; decryption: MixColumns(inv_pre(sub ^ rk))
  reg [127:0] mix_in;
  integer c;
  always @* begin
    keyed = sub ^ rk_i;
    for (c = 0; c < 4; c = c + 1) begin
      mix_in[127-32*c -: 32] = dec_i ? inv_pre(keyed[127-32*c -: 32]) : sub[127-32*c -: 32];
      mixed[127-32*c -: 32]  = mix(mix_in[127-32*c -: 32]);
    end
    if (dec_i) state_o = mixed;
    else       state_o = mixed ^ rk_i;
  end

endmodule

`default_nettype wire
