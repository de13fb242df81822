// core_alu.v
// Integer ALU of the EX stage: add/sub, shifts, compares, logic; also the branch comparisons.
`default_nettype none

module core_alu (
  input  wire [3:0]  op_i,
  input  wire [31:0] a_i,
  input  wire [31:0] b_i,
  output reg  [31:0] result_o,
  output wire        eq_o,    // a == b
  output wire        lt_o,    // a < b, signed
  output wire        ltu_o    // a < b, unsigned
);
  localparam [3:0] ALU_ADD = 4'd0, ALU_SUB = 4'd1, ALU_SLL = 4'd2, ALU_SLT = 4'd3,
                   ALU_SLTU = 4'd4, ALU_XOR = 4'd5, ALU_SRL = 4'd6, ALU_SRA = 4'd7,
                   ALU_OR = 4'd8, ALU_AND = 4'd9;

  // One adder for add and subtract; every op but ADD subtracts, so the comparisons (used by
  // SLT/SLTU and by branches, which the decoder gives ALU_SUB) come from the same carry chain.
  wire        sub  = (op_i != ALU_ADD);
  wire [32:0] sum  = {1'b0, a_i} + {1'b0, sub ? ~b_i : b_i} + {32'd0, sub};
  assign ltu_o = ~sum[32];                       // borrow
  assign lt_o  = (a_i[31] ^ b_i[31]) ? a_i[31] : sum[31];
  assign eq_o  = (a_i == b_i);

  // One right shifter; a left shift is a right shift of the bit-reversed operand.
  function [31:0] rev(input [31:0] v);
    integer i;
    for (i = 0; i < 32; i = i + 1) rev[i] = v[31 - i];
  endfunction
  wire [31:0] sh_in  = (op_i == ALU_SLL) ? rev(a_i) : a_i;
  wire        fill   = (op_i == ALU_SRA) & a_i[31];
  /* verilator lint_off UNUSEDSIGNAL */
  wire [32:0] sh_ext = $signed({fill, sh_in}) >>> b_i[4:0];  // bit 32 is only the fill bit
  /* verilator lint_on UNUSEDSIGNAL */
  wire [31:0] sh_out = sh_ext[31:0];

  always @* begin
    result_o = 32'd0;
    case (op_i)
      ALU_ADD, ALU_SUB: result_o = sum[31:0];
      ALU_SLL:          result_o = rev(sh_out);
      ALU_SLT:          result_o = {31'd0, lt_o};
      ALU_SLTU:         result_o = {31'd0, ltu_o};
      ALU_XOR:          result_o = a_i ^ b_i;
      ALU_SRL, ALU_SRA: result_o = sh_out;
      ALU_OR:           result_o = a_i | b_i;
      ALU_AND:          result_o = a_i & b_i;
      default:          result_o = 32'd0;
    endcase
  end
endmodule

`default_nettype wire
