// SPDX-License-Identifier: Apache-2.0
// core_zk.v
// Scalar cryptography unit for RV32: Zbkb, Zbkc, Zbkx, Zkne, Zknd, Zknh, in one cycle.
`default_nettype none

// Combinational: rd_o = op(rs1_i, rs2_i) for the instruction in insn_i, whose fields select the
// operation as the ISA encodes them (opcode, funct3, funct7, the rs2 field as funct5 or shamt,
// funct7[6:5] as bs), so the unit and the specification share one encoding and no operation
// code is invented between decoder and unit. match_o says insn_i is one of the instructions
// below; what it does not match gives rd_o = 0. Every operation is a fixed network of gates,
// the same path whatever the operands (Zkt): no table lookup into memory, no early exit.
//
//   Zbkb  ror rol rori andn orn xnor pack packh brev8 rev8 zip unzip
//   Zbkc  clmul clmulh
//   Zbkx  xperm4 xperm8
//   Zkne  aes32esi aes32esmi        Zknd  aes32dsi aes32dsmi
//   Zknh  sha256sig0 sig1 sum0 sum1, sha512sig0h sig0l sig1h sig1l sum0r sum1r
//
// Sharing: one rotator serves ror, rori and rol (rol by n is ror by -n mod 32); clmulh is the
// bit reversal of clmul on the reversed operands, shifted by one, so one lower-triangle
// carry-less multiplier serves both; one S-box (engines/aes, inverse through the same GF(2^8)
// inversion) serves encryption and decryption, and the byte it returns is multiplied by the
// MixColumns or InvMixColumns column. The results are AND-gated by their one-hot select and
// ORed, so the output is one OR tree.
module core_zk #(
  parameter integer SBOX = 0   // aes_sbox implementation: 0 inversion table, 1 composite field
) (
  input  wire [31:0] insn_i,
  input  wire [31:0] rs1_i,
  input  wire [31:0] rs2_i,
  output wire [31:0] rd_o,
  output wire        match_o
);
  localparam [6:0] OP_IMM = 7'b0010011, OP_OP = 7'b0110011;

  wire [6:0] opcode = insn_i[6:0];
  wire [2:0] f3     = insn_i[14:12];
  wire [6:0] f7     = insn_i[31:25];
  wire [4:0] f5     = insn_i[24:20];   // rs2 field: funct5 of unary ops, shamt of rori
  wire [1:0] bs     = insn_i[31:30];
  wire       is_op  = opcode == OP_OP;
  // rd and rs1 are the core's business (register read and write), not the unit's.
  /* verilator lint_off UNUSEDSIGNAL */
  wire [9:0] unused_regs = {insn_i[19:15], insn_i[11:7]};
  /* verilator lint_on UNUSEDSIGNAL */
  wire       is_imm = opcode == OP_IMM;

  // ---------------------------------------------------------------- decode (one-hot selects)
  wire op_ror    = is_op  & f7 == 7'b0110000 & f3 == 3'b101;
  wire op_rol    = is_op  & f7 == 7'b0110000 & f3 == 3'b001;
  wire op_rori   = is_imm & f7 == 7'b0110000 & f3 == 3'b101;
  wire op_andn   = is_op  & f7 == 7'b0100000 & f3 == 3'b111;
  wire op_orn    = is_op  & f7 == 7'b0100000 & f3 == 3'b110;
  wire op_xnor   = is_op  & f7 == 7'b0100000 & f3 == 3'b100;
  wire op_pack   = is_op  & f7 == 7'b0000100 & f3 == 3'b100;
  wire op_packh  = is_op  & f7 == 7'b0000100 & f3 == 3'b111;
  wire op_brev8  = is_imm & f7 == 7'b0110100 & f5 == 5'b00111 & f3 == 3'b101;
  wire op_rev8   = is_imm & f7 == 7'b0110100 & f5 == 5'b11000 & f3 == 3'b101;
  wire op_zip    = is_imm & f7 == 7'b0000100 & f5 == 5'b01111 & f3 == 3'b001;
  wire op_unzip  = is_imm & f7 == 7'b0000100 & f5 == 5'b01111 & f3 == 3'b101;
  wire op_clmul  = is_op  & f7 == 7'b0000101 & f3 == 3'b001;
  wire op_clmulh = is_op  & f7 == 7'b0000101 & f3 == 3'b011;
  wire op_xperm4 = is_op  & f7 == 7'b0010100 & f3 == 3'b010;
  wire op_xperm8 = is_op  & f7 == 7'b0010100 & f3 == 3'b100;
  // aes32{e,d}s[m]i: funct7 = {bs, 1, 0, dec, mix, 1}
  wire op_aes    = is_op  & f7[4:3] == 2'b10 & f7[0] & f3 == 3'b000;
  wire aes_dec   = f7[2];
  wire aes_mix   = f7[1];
  // sha256*: OP-IMM, funct3 001, funct7 0001000, funct5 000ss
  wire op_s256   = is_imm & f7 == 7'b0001000 & f5[4:2] == 3'b000 & f3 == 3'b001;
  wire [1:0] s256 = f5[1:0];   // 0 sum0, 1 sum1, 2 sig0, 3 sig1
  // sha512*: OP, funct3 000, funct7 01hnnnn with nnnn = 1000 sum0r, 1001 sum1r, 1010 sig0l,
  // 1011 sig1l, and h = 1 with 1110 sig0h, 1111 sig1h
  wire op_s512   = is_op  & f3 == 3'b000 & f7[6:5] == 2'b01 &
                   (f7[4:2] == 3'b010 | f7[4:1] == 4'b0111);

  wire op_rot    = op_ror | op_rol | op_rori;
  assign match_o = op_rot | op_andn | op_orn | op_xnor | op_pack | op_packh | op_brev8 |
                   op_rev8 | op_zip | op_unzip | op_clmul | op_clmulh | op_xperm4 | op_xperm8 |
                   op_aes | op_s256 | op_s512;

  // ---------------------------------------------------------------- helpers
  function automatic [31:0] rev32(input [31:0] a);
    integer i;
    for (i = 0; i < 32; i = i + 1) rev32[i] = a[31 - i];
  endfunction
  function automatic [31:0] ror32(input [31:0] a, input integer k);
    ror32 = (a >> k) | (a << (32 - k));
  endfunction
  function automatic [7:0] xt(input [7:0] a);   // a * x in GF(2^8) (AES polynomial)
    xt = {a[6:0], 1'b0} ^ (a[7] ? 8'h1b : 8'h00);
  endfunction

  // ---------------------------------------------------------------- Zbkb
  // Rotator: ror by n, rol by n = ror by (32 - n) mod 32.
  wire [4:0]  rot_n   = op_rori ? f5 : rs2_i[4:0];
  wire [4:0]  rot_amt = op_rol ? 5'd0 - rot_n : rot_n;
  wire [31:0] rot1    = rot_amt[0] ? {rs1_i[0], rs1_i[31:1]} : rs1_i;
  wire [31:0] rot2    = rot_amt[1] ? {rot1[1:0], rot1[31:2]} : rot1;
  wire [31:0] rot4    = rot_amt[2] ? {rot2[3:0], rot2[31:4]} : rot2;
  wire [31:0] rot8    = rot_amt[3] ? {rot4[7:0], rot4[31:8]} : rot4;
  wire [31:0] r_rot   = rot_amt[4] ? {rot8[15:0], rot8[31:16]} : rot8;

  wire [31:0] r_andn  = rs1_i & ~rs2_i;
  wire [31:0] r_orn   = rs1_i | ~rs2_i;
  wire [31:0] r_xnor  = ~(rs1_i ^ rs2_i);
  wire [31:0] r_pack  = {rs2_i[15:0], rs1_i[15:0]};
  wire [31:0] r_packh = {16'd0, rs2_i[7:0], rs1_i[7:0]};
  wire [31:0] r_rev8  = {rs1_i[7:0], rs1_i[15:8], rs1_i[23:16], rs1_i[31:24]};

  wire [31:0] r_brev8, r_zip, r_unzip;
  genvar gi, gj;
  generate
    for (gi = 0; gi < 32; gi = gi + 1) begin : g_brev8
      assign r_brev8[gi] = rs1_i[(gi & ~7) + 7 - (gi & 7)];
    end
    for (gi = 0; gi < 16; gi = gi + 1) begin : g_zip
      assign r_zip[2 * gi]     = rs1_i[gi];
      assign r_zip[2 * gi + 1] = rs1_i[gi + 16];
      assign r_unzip[gi]       = rs1_i[2 * gi];
      assign r_unzip[gi + 16]  = rs1_i[2 * gi + 1];
    end
  endgenerate

  // ---------------------------------------------------------------- Zbkc
  // p = a (x) b over GF(2); clmul = p[31:0]. With a' = rev(a), b' = rev(b), a' (x) b' is p
  // reversed in 63 bits, so rev(clmul(a', b')) = p[62:31] and clmulh = p[62:32] is that >> 1.
  wire [31:0] cm_a = op_clmulh ? rev32(rs1_i) : rs1_i;
  wire [31:0] cm_b = op_clmulh ? rev32(rs2_i) : rs2_i;
  wire [31:0] cm_lo;
  generate
    for (gi = 0; gi < 32; gi = gi + 1) begin : g_clmul
      wire [gi:0] t;
      for (gj = 0; gj <= gi; gj = gj + 1) begin : g_term
        assign t[gj] = cm_a[gj] & cm_b[gi - gj];
      end
      assign cm_lo[gi] = ^t;
    end
  endgenerate
  wire [31:0] r_clmul  = cm_lo;
  wire [31:0] r_clmulh = rev32(cm_lo) >> 1;

  // ---------------------------------------------------------------- Zbkx
  // Each result element is the element of rs1 that the index in rs2 names, 0 out of range.
  wire [31:0] r_xperm4, r_xperm8;
  generate
    for (gi = 0; gi < 8; gi = gi + 1) begin : g_xperm4
      wire [2:0] idx = rs2_i[4 * gi +: 3];
      assign r_xperm4[4 * gi +: 4] = rs2_i[4 * gi + 3] ? 4'd0 : rs1_i[4 * idx +: 4];
    end
    for (gi = 0; gi < 4; gi = gi + 1) begin : g_xperm8
      wire [1:0] idx = rs2_i[8 * gi +: 2];
      assign r_xperm8[8 * gi +: 8] = |rs2_i[8 * gi + 2 +: 6] ? 8'd0 : rs1_i[8 * idx +: 8];
    end
  endgenerate

  // ---------------------------------------------------------------- Zkne / Zknd
  wire [7:0]  aes_in = rs2_i[8 * bs +: 8];
  wire [7:0]  so;
  aes_sbox #(.SBOX(SBOX)) u_sbox (.in_i(aes_in), .inv_i(aes_dec), .out_o(so));
  wire [7:0]  so2 = xt(so), so4 = xt(so2), so8 = xt(so4);
  // MixColumns column {3, 1, 1, 2} s, InvMixColumns column {b, d, 9, e} s (bits 31:24 first).
  wire [31:0] aes_col = ~aes_mix ? {24'd0, so} :
                        ~aes_dec ? {so2 ^ so, so, so, so2} :
                                   {so8 ^ so2 ^ so, so8 ^ so4 ^ so, so8 ^ so, so8 ^ so4 ^ so2};
  reg  [31:0] aes_rot;   // the column rotated left by 8 x bs
  always @* begin : p_aes_rot
    case (bs)
      2'd0:    aes_rot = aes_col;
      2'd1:    aes_rot = {aes_col[23:0], aes_col[31:24]};
      2'd2:    aes_rot = {aes_col[15:0], aes_col[31:16]};
      default: aes_rot = {aes_col[7:0], aes_col[31:8]};
    endcase
  end
  wire [31:0] r_aes   = rs1_i ^ aes_rot;

  // ---------------------------------------------------------------- Zknh
  wire [31:0] x = rs1_i;
  reg  [31:0] r_s256;
  always @* begin : p_s256
    case (s256)
      2'd0:    r_s256 = ror32(x, 2) ^ ror32(x, 13) ^ ror32(x, 22);
      2'd1:    r_s256 = ror32(x, 6) ^ ror32(x, 11) ^ ror32(x, 25);
      2'd2:    r_s256 = ror32(x, 7) ^ ror32(x, 18) ^ (x >> 3);
      default: r_s256 = ror32(x, 17) ^ ror32(x, 19) ^ (x >> 10);
    endcase
  end
  // The RV32 halves of SHA-512's Sigma/sigma: rs1 and rs2 hold the two halves of a 64-bit word.
  wire [31:0] wa = rs1_i, wb = rs2_i;   // (not a, b: aes_sbox_git has a function argument a)
  reg  [31:0] r_s512;
  always @* begin : p_s512
    case (f7[2:0])
      3'b000:  r_s512 = (wa << 25) ^ (wa << 30) ^ (wa >> 28) ^ (wb >> 7) ^ (wb >> 2) ^ (wb << 4);
      3'b001:  r_s512 = (wa << 23) ^ (wa >> 14) ^ (wa >> 18) ^ (wb >> 9) ^ (wb << 18) ^ (wb << 14);
      3'b010:  r_s512 = (wa >> 1) ^ (wa >> 7) ^ (wa >> 8) ^ (wb << 31) ^ (wb << 25) ^ (wb << 24);
      3'b011:  r_s512 = (wa << 3) ^ (wa >> 6) ^ (wa >> 19) ^ (wb >> 29) ^ (wb << 26) ^ (wb << 13);
      3'b110:  r_s512 = (wa >> 1) ^ (wa >> 7) ^ (wa >> 8) ^ (wb << 31) ^ (wb << 24);
      default: r_s512 = (wa << 3) ^ (wa >> 6) ^ (wa >> 19) ^ (wb >> 29) ^ (wb << 13);
    endcase
  end

  // ---------------------------------------------------------------- result: AND-OR
  assign rd_o = ({32{op_rot}}    & r_rot)    | ({32{op_andn}}   & r_andn)   |
                ({32{op_orn}}    & r_orn)    | ({32{op_xnor}}   & r_xnor)   |
                ({32{op_pack}}   & r_pack)   | ({32{op_packh}}  & r_packh)  |
                ({32{op_brev8}}  & r_brev8)  | ({32{op_rev8}}   & r_rev8)   |
                ({32{op_zip}}    & r_zip)    | ({32{op_unzip}}  & r_unzip)  |
                ({32{op_clmul}}  & r_clmul)  | ({32{op_clmulh}} & r_clmulh) |
                ({32{op_xperm4}} & r_xperm4) | ({32{op_xperm8}} & r_xperm8) |
                ({32{op_aes}}    & r_aes)    | ({32{op_s256}}   & r_s256)   |
                ({32{op_s512}}   & r_s512);

endmodule

`default_nettype wire
