/* SPDX-License-Identifier: Apache-2.0 */
# cpi.S: custom-0/custom-1 instructions through the bench coprocessor (rd = rs1 + rs2 + funct7,
# err when funct7[6] is set): results, forwarding, xd = 0, error -> illegal instruction.
#include "test_macros.h"
  .section .text.init
  .global _start
_start:
  INIT_TRAPS
  li x1, 1000
  li x2, 234
  .insn r 0x0b, 7, 3, x3, x1, x2
  CHECK(1, x3, 1237)
  # operands forwarded into the request, result used at once
  addi x1, x1, 1
  .insn r 0x0b, 7, 5, x4, x1, x2
  add x5, x4, x4
  CHECK(2, x4, 1240)
  CHECK(3, x5, 2480)
  # custom-1
  .insn r 0x2b, 7, 0, x6, x4, x0
  CHECK(4, x6, 1240)
  # xd = 0: rd is not written
  li x7, 55
  .insn r 0x0b, 3, 1, x7, x1, x2
  CHECK(5, x7, 55)
  # rd = x0
  .insn r 0x0b, 7, 1, x0, x1, x2
  CHECK(6, x0, 0)
  # back-to-back, each depending on the previous
  li x8, 1
  .insn r 0x0b, 7, 1, x8, x8, x8
  .insn r 0x0b, 7, 1, x8, x8, x8
  .insn r 0x0b, 7, 1, x8, x8, x8
  CHECK(7, x8, 15)
  # an err response: illegal-instruction trap, mtval = instruction, rd unchanged
  li x9, 77
t_err:
  .insn r 0x0b, 7, 0x40, x9, x1, x2
  EXPECT_TRAP(8, 2, 0x8020f48b, t_err)
  CHECK(9, x9, 77)
  li x23, 0
t_err1:
  .insn r 0x2b, 0, 0x7f, x0, x0, x0
  EXPECT_TRAP(10, 2, 0xfe00002b, t_err1)
  CHECK(11, x23, 1)
  # a custom instruction behind a faulting load is never offered (and the trap is the load's)
  li x9, 0xF0000000
  li x10, 5
  la x24, 1f
  lw x11, 0(x9)
  .insn r 0x0b, 7, 1, x10, x10, x10
1:CHECK(12, x25, 5)
  CHECK(13, x10, 5)
  # in the shadow of a taken branch: never offered
  beq x0, x0, 1f
  .insn r 0x0b, 7, 1, x10, x10, x10
1:CHECK(14, x10, 5)
  # a load right after a custom instruction, and a store of its result
  la x12, buf
  .insn r 0x0b, 7, 2, x13, x1, x2
  lw x14, 0(x12)
  sw x13, 4(x12)
  lw x15, 4(x12)
  CHECK(15, x13, 1237)
  CHECK(16, x14, 99)
  CHECK(17, x15, 1237)
  j pass
  TRAP_HANDLER
  PASS_FAIL_TAIL
  .data
  .align 4
buf: .word 99, 0
