// SPDX-License-Identifier: Apache-2.0
// core_rvc_ff.v
// Measurement harness for synth/blocks.toml: core_rvc between two rows of flops, so that
// nextpnr times the expander alone as a register-to-register path (it is combinational).
`default_nettype none

module core_rvc_ff (
  input  wire        clk_i,
  input  wire [15:0] insn_i,
  output reg  [31:0] insn_o,
  output reg         illegal_o
);
  reg  [15:0] insn_q;
  wire [31:0] insn_x;
  wire        illegal;

  core_rvc u_rvc (.insn_i(insn_q), .insn_o(insn_x), .illegal_o(illegal));

  always @(posedge clk_i) begin : p_regs
    insn_q    <= insn_i;
    insn_o    <= insn_x;
    illegal_o <= illegal;
  end
endmodule

`default_nettype wire
