// present_keystep.v
// One step of the PRESENT key schedule, forward or backward, for 80-bit (and 128-bit) keys.
`default_nettype none

// The key register is KW bits wide: 80, or 128 when KEY128 is set. An 80-bit key lives in the top
// 80 bits (k79 is the register's MSB), so the round key is always the top 64 bits; in 80-bit mode
// the low 48 bits of a 128-bit register pass through unchanged.
//   forward (rc = i):  K <<<= 61; S on the top nibble(s); XOR i into k19..k15 (k66..k62)
//   backward:          exactly undoes the forward step with the same rc
module present_keystep #(
  parameter integer KEY128 = 1,
  parameter integer KW = 128  // key register width: 128 with KEY128, else 80
) (
  input  wire [KW-1:0] k_i,
  input  wire [4:0]    rc_i,
  input  wire          inv_i,   // 1: backward step
  input  wire          k128_i,  // 1: 128-bit schedule (ignored when KEY128 = 0)
  output reg  [KW-1:0] k_o
);
  // ---- 80-bit schedule on the top 80 bits
  wire [79:0] a = k_i[KW-1 -: 80];
  wire [79:0] a_rot = {a[18:0], a[79:19]};  // <<< 61
  wire [3:0] a_s;
  present_sbox #(.INV(0)) u_s80 (.x_i(a_rot[79:76]), .y_o(a_s));
  wire [79:0] a_fwd = {a_s, a_rot[75:20], a_rot[19:15] ^ rc_i, a_rot[14:0]};
  wire [3:0] a_si;
  present_sbox #(.INV(1)) u_si80 (.x_i(a[79:76]), .y_o(a_si));
  wire [79:0] a_un = {a_si, a[75:20], a[19:15] ^ rc_i, a[14:0]};
  wire [79:0] a_inv = {a_un[60:0], a_un[79:61]};  // >>> 61

  generate
    if (KEY128 != 0) begin : g_k128
      wire [127:0] b = k_i;
      wire [127:0] b_rot = {b[66:0], b[127:67]};  // <<< 61
      wire [7:0] b_s;
      present_sbox #(.INV(0)) u_s0 (.x_i(b_rot[127:124]), .y_o(b_s[7:4]));
      present_sbox #(.INV(0)) u_s1 (.x_i(b_rot[123:120]), .y_o(b_s[3:0]));
      wire [127:0] b_fwd = {b_s, b_rot[119:67], b_rot[66:62] ^ rc_i, b_rot[61:0]};
      wire [7:0] b_si;
      present_sbox #(.INV(1)) u_si0 (.x_i(b[127:124]), .y_o(b_si[7:4]));
      present_sbox #(.INV(1)) u_si1 (.x_i(b[123:120]), .y_o(b_si[3:0]));
      wire [127:0] b_un = {b_si, b[119:67], b[66:62] ^ rc_i, b[61:0]};
      wire [127:0] b_inv = {b_un[60:0], b_un[127:61]};  // >>> 61
      always @* begin
        case ({k128_i, inv_i})
          2'b00: k_o = {a_fwd, k_i[47:0]};
          2'b01: k_o = {a_inv, k_i[47:0]};
          2'b10: k_o = b_fwd;
          default: k_o = b_inv;
        endcase
      end
    end else begin : g_k80
      always @* begin
        k_o = inv_i ? a_inv : a_fwd;
      end
      /* verilator lint_off UNUSEDSIGNAL */
      wire unused_k128 = k128_i;  // only 80-bit keys in this configuration
      /* verilator lint_on UNUSEDSIGNAL */
    end
  endgenerate
endmodule

`default_nettype wire
