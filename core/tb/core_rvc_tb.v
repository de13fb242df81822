// SPDX-License-Identifier: Apache-2.0
// core_rvc_tb.v
// Exhaustive bench of core_rvc: every 16-bit parcel, one line each, to the file +out=<path>:
// `<parcel> <insn_o> <illegal_o>` in hex. core/tests/test_isa_units.py compares the lines with
// the reference that core/tests/isa_ref.py derives from Spike and binutils.
`timescale 1ns / 1ps
`default_nettype none

module core_rvc_tb;
  reg  [15:0] insn;
  wire [31:0] insn_x;
  wire        illegal;
  integer     i, fd;
  reg [1023:0] out;

  core_rvc dut (.insn_i(insn), .insn_o(insn_x), .illegal_o(illegal));

  initial begin
    if (!$value$plusargs("out=%s", out)) out = "core_rvc.out";
    fd = $fopen(out, "w");
    for (i = 0; i < 65536; i = i + 1) begin
      insn = i[15:0];
      #1 $fwrite(fd, "%04x %08x %0d\n", insn, insn_x, illegal);
    end
    $fclose(fd);
    $display("core_rvc_tb: 65536 parcels written");
    $finish;
  end
endmodule

`default_nettype wire
