// SPDX-License-Identifier: Apache-2.0
// core_zk_tb.v
// Vector bench of core_zk: reads +in=<path> ($readmemh, three words per vector: instruction,
// rs1, rs2; +n=<vectors>) and writes `<rd_o> <match_o>` per vector to +out=<path>, for
// core/tests/test_isa_units.py to compare with Spike's results for the same instructions.
`timescale 1ns / 1ps
`default_nettype none

module core_zk_tb #(
  parameter integer SBOX = 0
);
  localparam integer MAXV = 1 << 18;
  reg  [31:0] mem [0:3 * MAXV - 1];
  reg  [31:0] insn, rs1, rs2;
  wire [31:0] rd;
  wire        match;
  integer     i, n, fd;
  reg [1023:0] in, out;

  core_zk #(.SBOX(SBOX)) dut (.insn_i(insn), .rs1_i(rs1), .rs2_i(rs2), .rd_o(rd), .match_o(match));

  initial begin
    if (!$value$plusargs("in=%s", in)) in = "core_zk.in";
    if (!$value$plusargs("out=%s", out)) out = "core_zk.out";
    if (!$value$plusargs("n=%d", n)) n = 0;
    $readmemh(in, mem, 0, 3 * n - 1);
    fd = $fopen(out, "w");
    for (i = 0; i < n; i = i + 1) begin
      insn = mem[3 * i];
      rs1  = mem[3 * i + 1];
      rs2  = mem[3 * i + 2];
      #1 $fwrite(fd, "%08x %0d\n", rd, match);
    end
    $fclose(fd);
    $display("core_zk_tb: %0d vectors written", n);
    $finish;
  end
endmodule

`default_nettype wire
