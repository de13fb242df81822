// core_mul.v
// RV32M multiplier (MUL, MULH, MULHSU, MULHU): one 33x33 signed product, used in the MEM stage.
`default_nettype none

module core_mul (
  input  wire [1:0]  op_i,   // funct3[1:0]: 0 mul, 1 mulh, 2 mulhsu, 3 mulhu
  input  wire [31:0] a_i,
  input  wire [31:0] b_i,
  output wire [31:0] result_o
);
  // Extending each operand by one bit (sign or zero) turns all four variants into one signed
  // multiply; the low word is the same for all of them.
  wire a_sign = (op_i == 2'd1 || op_i == 2'd2) ? a_i[31] : 1'b0;
  wire b_sign = (op_i == 2'd1) ? b_i[31] : 1'b0;
  wire signed [32:0] a_ext = $signed({a_sign, a_i});
  wire signed [32:0] b_ext = $signed({b_sign, b_i});
  wire signed [65:0] prod = a_ext * b_ext;

  /* verilator lint_off UNUSEDSIGNAL */
  wire [65:0] prod_u = prod;  // bits 65:64 are only sign copies
  /* verilator lint_on UNUSEDSIGNAL */
  assign result_o = (op_i == 2'd0) ? prod_u[31:0] : prod_u[63:32];
endmodule

`default_nettype wire
