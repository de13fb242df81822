// SPDX-License-Identifier: Apache-2.0
// core_zk_ff.v
// Measurement harness for synth/blocks.toml: core_zk between two rows of flops, so that
// nextpnr times the unit alone as a register-to-register path (it is combinational), as it
// would sit in EX between the operand flops and the result register.
`default_nettype none

module core_zk_ff #(
  parameter integer SBOX = 0
) (
  input  wire        clk_i,
  input  wire [31:0] insn_i,
  input  wire [31:0] rs1_i,
  input  wire [31:0] rs2_i,
  output reg  [31:0] rd_o,
  output reg         match_o
);
  reg  [31:0] insn_q, rs1_q, rs2_q;
  wire [31:0] rd;
  wire        match;

  core_zk #(.SBOX(SBOX)) u_zk (.insn_i(insn_q), .rs1_i(rs1_q), .rs2_i(rs2_q), .rd_o(rd),
                               .match_o(match));

  always @(posedge clk_i) begin : p_regs
    insn_q  <= insn_i;
    rs1_q   <= rs1_i;
    rs2_q   <= rs2_i;
    rd_o    <= rd;
    match_o <= match;
  end
endmodule

`default_nettype wire
