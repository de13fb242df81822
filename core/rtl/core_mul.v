// SPDX-License-Identifier: Apache-2.0
// core_mul.v
// RV32M multiplier (MUL, MULH, MULHSU, MULHU): one 33x33 signed product over EX and MEM.
`default_nettype none

// Extending each operand by one bit (sign or zero) turns all four variants into one signed
// multiply; the low word is the same for all of them. The product is cut into four partial
// products that each fit one 18x18 DSP multiplier: a = ah * 2^17 + al, b likewise, with al, bl
// the low 17 bits (unsigned) and ah, bh the high 16 (signed). The DSPs take EX's operands, which
// are flops, and their products are registered when the instruction moves into MEM (en_i), so
// the DSP delay has a cycle of its own. In MEM's first cycle the partial products are added:
// al * bl and ah * bh do not overlap (bits 0..33 and 34..), so the sum is that concatenation
// plus the two middle products, two carry chains; the 64-bit product is registered and MEM's
// second cycle only selects a word of it.
module core_mul (
  input  wire        clk_i,
  input  wire        en_i,     // the instruction in EX moves into MEM: keep its partial products
  input  wire [1:0]  op_i,     // funct3[1:0] of the multiply in MEM: 0 mul, else the high word
  input  wire [31:0] a_i,      // EX's operands
  input  wire [31:0] b_i,
  input  wire        a_sign_i, // sign extension bit of a (a[31] for mulh/mulhsu, else 0)
  input  wire        b_sign_i, // sign extension bit of b (b[31] for mulh, else 0)
  output wire [31:0] result_o  // from the product registered on the previous cycle
);
  wire signed [17:0] al = $signed({1'b0, a_i[16:0]});
  wire signed [17:0] bl = $signed({1'b0, b_i[16:0]});
  wire signed [15:0] ah = $signed({a_sign_i, a_i[31:17]});
  wire signed [15:0] bh = $signed({b_sign_i, b_i[31:17]});

  /* verilator lint_off UNUSEDSIGNAL */
  wire signed [35:0] ll = al * bl;   // < 2^34: bits 35:34 are 0
  wire signed [33:0] lh = al * bh;
  wire signed [33:0] hl = ah * bl;
  wire signed [31:0] hh = ah * bh;   // bits 31:30 weigh 2^64 and more: not needed
  /* verilator lint_on UNUSEDSIGNAL */

  reg  [33:0] ll_q, ll_d, lh_q, lh_d, hl_q, hl_d;
  reg  [29:0] hh_q, hh_d;
  always @* begin
    ll_d = ll_q;
    lh_d = lh_q;
    hl_d = hl_q;
    hh_d = hh_q;
    if (en_i) begin
      ll_d = ll[33:0];
      lh_d = lh;
      hl_d = hl;
      hh_d = hh[29:0];
    end
  end
  always @(posedge clk_i) begin
    ll_q <= ll_d;
    lh_q <= lh_d;
    hl_q <= hl_d;
    hh_q <= hh_d;
  end

  wire signed [34:0] mid  = $signed({lh_q[33], lh_q}) + $signed({hl_q[33], hl_q});
  wire        [63:0] prod = {hh_q, ll_q} + {{12{mid[34]}}, mid, 17'd0};

  reg [63:0] prod_q;
  always @(posedge clk_i) prod_q <= prod;

  assign result_o = (op_i == 2'd0) ? prod_q[31:0] : prod_q[63:32];
endmodule

`default_nettype wire
