/* SPDX-License-Identifier: Apache-2.0 */
# timing.S: the pipeline's constant costs, measured with mcycle (single-cycle memory, no wait
# states). Each case runs a body padded with nops to 8 instructions between two mcycle reads;
# its extra cycles over 8 nops are compared with the figures core/README.md documents. Three
# nops after the first read let the pipeline settle (the read itself stalls, which would hide
# the cost of a first instruction whose penalty overlaps that stall).
#include "test_macros.h"
// the fetch port's latency in cycles (core_tb_top +imem_lat=N), which the redirect costs add to
#ifndef IMEM_LAT
#define IMEM_LAT 1
#endif

# x22 = cycles of the reference (8 nops); x21 = extra cycles of the body
#define MEASURE_BEGIN csrr x20, mcycle; nop; nop; nop
#define MEASURE_END   csrr x21, mcycle; sub x21, x21, x20; sub x21, x21, x22

  .section .text.init
  .global _start
_start:
  li x1, 3
  li x2, 4
  la x6, 1f
  la x11, buf
  MEASURE_BEGIN
  nop; nop; nop; nop; nop
  csrr x21, mcycle
  sub x22, x21, x20

  # Each case runs once, so the branch target buffer does not know its jumps (cold): a jal or
  # a backward branch is then predicted by the fetch as its response arrives, and costs
  # IMEM_LAT less the cycles by which that response came before ID needed the next
  # instruction: IMEM_LAT at a jump's target (nothing buffered ahead), IMEM_LAT - 1 after
  # straight-line code here (the fetch is one response ahead).
  # 1: jal, cold, after straight-line code: IMEM_LAT - 1
  MEASURE_BEGIN
  j 2f
2:nop; nop; nop; nop
  MEASURE_END
  CHECK(1, x21, IMEM_LAT - 1)

  # 2: jal IMEM_LAT - 1 + backward taken branch at its target IMEM_LAT + jal at its target
  # IMEM_LAT (cold)
  MEASURE_BEGIN
  j 3f
2:j 4f
3:beq x0, x0, 2b
4:nop; nop
  MEASURE_END
  CHECK(2, x21, 3 * IMEM_LAT - 1)

  # 3: jal IMEM_LAT - 1 + mispredicted backward branch (not taken) IMEM_LAT + 2
  MEASURE_BEGIN
  j 3f
2:nop
3:bne x0, x0, 2b
  nop; nop; nop
  MEASURE_END
  CHECK(3, x21, (IMEM_LAT - 1) + (IMEM_LAT + 2))

  # 4: taken forward branch: 3 (the skipped nop is not counted: 7 instructions retire)
  MEASURE_BEGIN
  beq x0, x0, 2f
  nop
2:nop; nop; nop
  MEASURE_END
  addi x21, x21, 1
  CHECK(4, x21, IMEM_LAT + 2)

  # 5: not-taken forward branch: 0
  MEASURE_BEGIN
  bne x0, x0, 2f
  nop; nop; nop; nop
2:
  MEASURE_END
  CHECK(5, x21, 0)

  # 6: jalr: 3
  MEASURE_BEGIN
  jalr x0, 0(x6)
1:nop; nop; nop; nop
  MEASURE_END
  CHECK(6, x21, IMEM_LAT + 2)

  # 7: multiply (two cycles in MEM): 1; used by the next instruction: 2
  MEASURE_BEGIN
  mul x7, x1, x2
  add x8, x1, x2
  nop; nop; nop
  MEASURE_END
  CHECK(7, x21, 1)
  MEASURE_BEGIN
  mul x7, x1, x2
  add x8, x7, x2
  nop; nop; nop
  MEASURE_END
  CHECK(8, x21, 2)
  CHECK(9, x8, 16)

  # 10: load-use (the ALU takes the loaded value from the late-write flops, through the
  # register file): 3; independent load: 0
  MEASURE_BEGIN
  lw x7, 0(x11)
  add x8, x7, x2
  lw x9, 0(x11)
  add x10, x1, x2
  nop
  MEASURE_END
  CHECK(10, x21, 3)
  CHECK(11, x8, 9)

  # 12: a CSR instruction reads in MEM once WB is empty: 1; the instruction after a CSR write
  # waits in MEM while the write is in WB: 1 more
  MEASURE_BEGIN
  add x8, x1, x2
  csrr x9, mscratch
  nop; nop; nop
  MEASURE_END
  CHECK(12, x21, 1)
  MEASURE_BEGIN
  add x8, x1, x2
  csrw mscratch, x1
  nop; nop; nop
  MEASURE_END
  CHECK(13, x21, 2)

  # 14: division: 34 cycles in EX, 33 extra, whatever the operands: 15 by zero (the result
  # must still be -1), 16 INT_MIN / -1 (the result INT_MIN), 17 a remainder by zero (the
  # dividend)
  MEASURE_BEGIN
  div x7, x2, x1
  nop; nop; nop; nop
  MEASURE_END
  CHECK(14, x21, 33)
  li x3, -7
  MEASURE_BEGIN
  div x7, x3, x0
  nop; nop; nop; nop
  MEASURE_END
  CHECK(15, x21, 33)
  CHECK(15, x7, -1)
  li x3, 0x80000000
  li x4, -1
  MEASURE_BEGIN
  div x7, x3, x4
  nop; nop; nop; nop
  MEASURE_END
  CHECK(16, x21, 33)
  CHECK(16, x7, 0x80000000)
  li x3, -7
  MEASURE_BEGIN
  rem x7, x3, x0
  nop; nop; nop; nop
  MEASURE_END
  CHECK(17, x21, 33)
  CHECK(17, x7, -7)

  # 18: a load whose result the next instruction only stores: 1 (the store's data is taken from
  # the late-write flops in MEM, not through the ALU)
  MEASURE_BEGIN
  lw x7, 0(x11)
  sw x7, 0(x11)
  nop; nop; nop
  MEASURE_END
  CHECK(18, x21, 1)

  # 19: a load used by the ALU with one instruction between: 2; with two between: 1
  MEASURE_BEGIN
  lw x7, 0(x11)
  add x9, x1, x2
  add x8, x7, x2
  nop; nop
  MEASURE_END
  CHECK(19, x21, 2)
  MEASURE_BEGIN
  lw x7, 0(x11)
  add x9, x1, x2
  add x10, x1, x2
  add x8, x7, x2
  nop
  MEASURE_END
  CHECK(20, x21, 1)
  CHECK(20, x8, 9)

  # 22: a load whose result is stored with one instruction between: 0; the stored value is the
  # loaded one
  li x7, 0
  MEASURE_BEGIN
  lw x7, 0(x11)
  add x9, x1, x2
  sw x7, 4(x11)
  nop; nop
  MEASURE_END
  CHECK(22, x21, 0)
  lw x8, 4(x11)
  CHECK(22, x8, 5)

  # 23: jal known to the branch target buffer (the second pass of a loop): 0
  li x5, 2
5:MEASURE_BEGIN
  j 2f
2:nop; nop; nop; nop
  MEASURE_END
  addi x5, x5, -1
  bnez x5, 5b
  CHECK(23, x21, 0)

  # 24: a forward branch the buffer has seen taken: 0 (the skipped nop is not counted);
  # seen taken and now falling through: 3
  li x5, 2
5:MEASURE_BEGIN
  beq x0, x0, 2f
  nop
2:nop; nop; nop
  MEASURE_END
  addi x21, x21, 1
  addi x5, x5, -1
  bnez x5, 5b
  CHECK(24, x21, 0)
  li x5, 2
  li x4, 1
5:MEASURE_BEGIN
  bne x4, x5, 2f
  nop; nop; nop; nop
2:
  MEASURE_END
  addi x5, x5, -1
  bnez x5, 5b
  CHECK(25, x21, IMEM_LAT + 2)

  # 21: an ALU result used three instructions later (forwarded from WB): 0
  MEASURE_BEGIN
  add x7, x1, x2
  nop; nop
  add x8, x7, x2
  nop
  MEASURE_END
  CHECK(21, x21, 0)
  CHECK(21, x8, 11)
  j pass
  PASS_FAIL_TAIL
  .data
buf: .word 5, 0
