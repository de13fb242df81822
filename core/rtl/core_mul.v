// SPDX-License-Identifier: Apache-2.0
// core_mul.v
// RV32M multiplier (MUL, MULH, MULHSU, MULHU): one 33x33 signed product, two cycles in MEM.
`default_nettype none

// Extending each operand by one bit (sign or zero) turns all four variants into one signed
// multiply; the low word is the same for all of them. The sign bits come from flops (the core
// decides them in EX), so the DSP inputs are flops; the 64-bit product is registered (the
// core holds a multiply in MEM for a second cycle) and result_o only selects a word of it.
module core_mul (
  input  wire        clk_i,
  input  wire [1:0]  op_i,     // funct3[1:0]: 0 mul, 1 mulh, 2 mulhsu, 3 mulhu
  input  wire [31:0] a_i,
  input  wire [31:0] b_i,
  input  wire        a_sign_i, // sign extension bit of a (a[31] for mulh/mulhsu, else 0)
  input  wire        b_sign_i, // sign extension bit of b (b[31] for mulh, else 0)
  output wire [31:0] result_o  // from the product registered on the previous cycle
);
  wire signed [32:0] a_ext = $signed({a_sign_i, a_i});
  wire signed [32:0] b_ext = $signed({b_sign_i, b_i});
  wire signed [65:0] prod = a_ext * b_ext;

  reg [63:0] prod_q;
  always @(posedge clk_i) prod_q <= prod[63:0];  // bits 65:64 are only sign copies

  /* verilator lint_off UNUSEDSIGNAL */
  wire [1:0] unused_prod = prod[65:64];
  /* verilator lint_on UNUSEDSIGNAL */
  assign result_o = (op_i == 2'd0) ? prod_q[31:0] : prod_q[63:32];
endmodule

`default_nettype wire
