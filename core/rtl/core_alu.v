// core_alu.v
// Integer ALU of the EX stage: add/sub, shifts, compares, logic.
`default_nettype none

module core_alu (
  input  wire [3:0]  op_i,
  input  wire [31:0] a_i,
  input  wire [31:0] b_i,
  output reg  [31:0] result_o
);
  localparam [3:0] ALU_ADD = 4'd0, ALU_SUB = 4'd1, ALU_SLL = 4'd2, ALU_SLT = 4'd3,
                   ALU_SLTU = 4'd4, ALU_XOR = 4'd5, ALU_SRL = 4'd6, ALU_SRA = 4'd7,
                   ALU_OR = 4'd8, ALU_AND = 4'd9;

  wire [4:0]  shamt = b_i[4:0];
  wire        lt    = $signed(a_i) < $signed(b_i);
  wire        ltu   = a_i < b_i;

  always @* begin
    result_o = 32'd0;
    case (op_i)
      ALU_ADD:  result_o = a_i + b_i;
      ALU_SUB:  result_o = a_i - b_i;
      ALU_SLL:  result_o = a_i << shamt;
      ALU_SLT:  result_o = {31'd0, lt};
      ALU_SLTU: result_o = {31'd0, ltu};
      ALU_XOR:  result_o = a_i ^ b_i;
      ALU_SRL:  result_o = a_i >> shamt;
      ALU_SRA:  result_o = $unsigned($signed(a_i) >>> shamt);
      ALU_OR:   result_o = a_i | b_i;
      ALU_AND:  result_o = a_i & b_i;
      default:  result_o = 32'd0;
    endcase
  end
endmodule

`default_nettype wire
