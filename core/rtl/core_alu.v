// SPDX-License-Identifier: Apache-2.0
// core_alu.v
// Integer ALU of the EX stage: add/sub, shifts, compares, logic; also the branch comparisons.
`default_nettype none

// Every control input is a flop (decoded in ID, registered in core_top), and so are the
// operands: the result multiplexer after the carry chain and the shifter is a plain AND-OR.
module core_alu (
  input  wire        sub_i,   // subtract (every op but add: the compares use the same chain)
  input  wire        sra_i,   // a right shift is arithmetic
  input  wire        sltu_i,  // the compare is unsigned (sltu, bltu, bgeu)
  input  wire [6:0]  sel_i,   // one-hot: {and, or, xor, slt/sltu, sll, srl/sra, add/sub}
  input  wire [31:0] a_i,
  input  wire [31:0] b_i,
  output wire [31:0] result_o,  // 0 when sel_i is 0 (the core ORs other results in)
  output wire [31:0] sum_o,     // a + b or a - b, whatever sel_i says
  output wire        eq_o,    // a == b
  output wire        lt_o     // a < b, unsigned if sltu_i, else signed
);
  // One adder for add and subtract, so the comparisons (used by SLT/SLTU and by branches,
  // which the decoder gives ALU_SUB) come from the same carry chain. It is 33 bits wide: each
  // operand is extended by its sign, or by 0 for an unsigned compare, so a < b is the sign of
  // the 33-bit difference, one output of the chain, with no signed/unsigned selection behind it.
  wire        a_ext = a_i[31] & ~sltu_i;
  wire        b_ext = b_i[31] & ~sltu_i;
  wire [32:0] sum   = {a_ext, a_i} + (sub_i ? ~{b_ext, b_i} : {b_ext, b_i}) + {32'd0, sub_i};
  assign sum_o = sum[31:0];
  assign lt_o  = sum[32];
  assign eq_o  = (a_i == b_i);

  // One right shifter; a left shift is a right shift of the bit-reversed operand. The output's
  // reversal costs nothing: sll and srl/sra have result selects of their own, so the reversed
  // bit is one more term of the result's AND-OR.
  function [31:0] rev(input [31:0] v);
    integer i;
    for (i = 0; i < 32; i = i + 1) rev[i] = v[31 - i];
  endfunction
  wire [31:0] sh_in  = sel_i[2] ? rev(a_i) : a_i;
  wire        fill   = sra_i & a_i[31];
  /* verilator lint_off UNUSEDSIGNAL */
  wire [32:0] sh_ext = $signed({fill, sh_in}) >>> b_i[4:0];  // bit 32 is only the fill bit
  /* verilator lint_on UNUSEDSIGNAL */
  wire [31:0] sh_out = sh_ext[31:0];

  assign result_o = ({32{sel_i[0]}} & sum[31:0]) |
                    ({32{sel_i[1]}} & sh_out) |
                    ({32{sel_i[2]}} & rev(sh_out)) |
                    {31'd0, sel_i[3] & lt_o} |
                    ({32{sel_i[4]}} & (a_i ^ b_i)) |
                    ({32{sel_i[5]}} & (a_i | b_i)) |
                    ({32{sel_i[6]}} & (a_i & b_i));
endmodule

`default_nettype wire
