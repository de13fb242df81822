// SPDX-License-Identifier: Apache-2.0
// present_keystep.v
// One forward step of the PRESENT key schedule, for 80-bit (and 128-bit) keys.
`default_nettype none

// The key register is KW bits wide: 80, or 128 when KEY128 is set. An 80-bit key lives in the top
// 80 bits (k79 is the register's MSB), so the round key is always the top 64 bits; in 80-bit mode
// the low 48 bits of a 128-bit register pass through unchanged.
//   K <<<= 61; S on the top nibble (two nibbles for 128); XOR rc into k19..k15 (k66..k62)
// Only the forward direction is built: the engine keeps every round key in a store (rk_mem
// in present_top), so decryption reads them back in reverse instead of stepping backwards.
module present_keystep #(
  parameter integer KEY128 = 1,
  parameter integer KW = 128  // key register width: 128 with KEY128, else 80
) (
  input  wire [KW-1:0] k_i,
  input  wire [4:0]    rc_i,
  input  wire          k128_i,  // 1: 128-bit schedule (ignored when KEY128 = 0)
  output wire [KW-1:0] k_o
);
  // ---- 80-bit schedule on the top 80 bits
  wire [79:0] a = k_i[KW-1 -: 80];
  wire [79:0] a_rot = {a[18:0], a[79:19]};  // <<< 61
  wire [3:0] a_s;
  present_sbox #(.INV(0)) u_s80 (.x_i(a_rot[79:76]), .y_o(a_s));
  wire [79:0] a_fwd = {a_s, a_rot[75:20], a_rot[19:15] ^ rc_i, a_rot[14:0]};

  generate
    if (KEY128 != 0) begin : g_k128
      wire [127:0] b_rot = {k_i[66:0], k_i[127:67]};  // <<< 61
      wire [7:0] b_s;
      present_sbox #(.INV(0)) u_s0 (.x_i(b_rot[127:124]), .y_o(b_s[7:4]));
      present_sbox #(.INV(0)) u_s1 (.x_i(b_rot[123:120]), .y_o(b_s[3:0]));
      wire [127:0] b_fwd = {b_s, b_rot[119:67], b_rot[66:62] ^ rc_i, b_rot[61:0]};
      assign k_o = k128_i ? b_fwd : {a_fwd, k_i[47:0]};
    end else begin : g_k80
      assign k_o = a_fwd;
      /* verilator lint_off UNUSEDSIGNAL */
      wire unused_k128 = k128_i;  // only 80-bit keys in this configuration
      /* verilator lint_on UNUSEDSIGNAL */
    end
  endgenerate
endmodule

`default_nettype wire
