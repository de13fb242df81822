// SPDX-License-Identifier: Apache-2.0
// core_alu.v
// Integer ALU of the EX stage: add/sub, shifts, compares, logic; also the branch comparisons.
`default_nettype none

// op_i selects the adder mode and shifter; sel_i is the one-hot result select, decoded from op_i
// in ID and registered (core_top), so the result mux after the carry chain is a plain AND-OR.
module core_alu (
  input  wire [3:0]  op_i,
  input  wire [5:0]  sel_i,   // one-hot: {and, or, xor, slt/sltu, shift, add/sub}
  input  wire [31:0] a_i,
  input  wire [31:0] b_i,
  output wire [31:0] result_o,  // 0 when sel_i is 0 (the core ORs other results in)
  output wire [31:0] sum_o,     // a + b or a - b, whatever sel_i says
  output wire        eq_o,    // a == b
  output wire        lt_o,    // a < b, signed
  output wire        ltu_o    // a < b, unsigned
);
  localparam [3:0] ALU_ADD = 4'd0, ALU_SLL = 4'd2, ALU_SLTU = 4'd4, ALU_SRA = 4'd7;

  // One adder for add and subtract; every op but ADD subtracts, so the comparisons (used by
  // SLT/SLTU and by branches, which the decoder gives ALU_SUB) come from the same carry chain.
  wire        sub  = (op_i != ALU_ADD);
  wire [32:0] sum  = {1'b0, a_i} + {1'b0, sub ? ~b_i : b_i} + {32'd0, sub};
  assign sum_o = sum[31:0];
  assign ltu_o = ~sum[32];                       // borrow
  assign lt_o  = (a_i[31] ^ b_i[31]) ? a_i[31] : sum[31];
  assign eq_o  = (a_i == b_i);

  // One right shifter; a left shift is a right shift of the bit-reversed operand.
  function [31:0] rev(input [31:0] v);
    integer i;
    for (i = 0; i < 32; i = i + 1) rev[i] = v[31 - i];
  endfunction
  wire        sll    = (op_i == ALU_SLL);
  wire [31:0] sh_in  = sll ? rev(a_i) : a_i;
  wire        fill   = (op_i == ALU_SRA) & a_i[31];
  /* verilator lint_off UNUSEDSIGNAL */
  wire [32:0] sh_ext = $signed({fill, sh_in}) >>> b_i[4:0];  // bit 32 is only the fill bit
  /* verilator lint_on UNUSEDSIGNAL */
  wire [31:0] sh_out = sll ? rev(sh_ext[31:0]) : sh_ext[31:0];
  wire        slt    = (op_i == ALU_SLTU) ? ltu_o : lt_o;

  assign result_o = ({32{sel_i[0]}} & sum[31:0]) |
                    ({32{sel_i[1]}} & sh_out) |
                    {31'd0, sel_i[2] & slt} |
                    ({32{sel_i[3]}} & (a_i ^ b_i)) |
                    ({32{sel_i[4]}} & (a_i | b_i)) |
                    ({32{sel_i[5]}} & (a_i & b_i));
endmodule

`default_nettype wire
