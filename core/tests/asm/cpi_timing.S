/* SPDX-License-Identifier: Apache-2.0 */
# cpi_timing.S: with a coprocessor answering on the cycle after acceptance, independent custom
# instructions cost no stall, a dependent use in the ALU exactly three, a store of the answer or
# a custom instruction taking a loaded value exactly one (run with +cpi_lat=1).
#include "test_macros.h"
  .section .text.init
  .global _start
_start:
  li x1, 3
  li x2, 4
  # reference: 8 adds
  csrr x20, mcycle
  add x3, x1, x2
  add x4, x1, x2
  add x5, x1, x2
  add x6, x1, x2
  add x7, x1, x2
  add x8, x1, x2
  add x9, x1, x2
  add x10, x1, x2
  csrr x21, mcycle
  sub x22, x21, x20
  # 4 custom instructions interleaved with independent adds
  csrr x20, mcycle
  .insn r 0x0b, 7, 0, x3, x1, x2
  add x4, x1, x2
  .insn r 0x0b, 7, 0, x5, x1, x2
  add x6, x1, x2
  .insn r 0x0b, 7, 0, x7, x1, x2
  add x8, x1, x2
  .insn r 0x0b, 7, 0, x9, x1, x2
  add x10, x1, x2
  csrr x21, mcycle
  sub x23, x21, x20
  li TESTNUM, 1
  bne x22, x23, fail
  CHECK(2, x9, 7)
  # 4 custom instructions, each result used by the next instruction's ALU: three stalls each
  csrr x20, mcycle
  .insn r 0x0b, 7, 0, x3, x1, x2
  add x4, x3, x2
  .insn r 0x0b, 7, 0, x5, x1, x2
  add x6, x5, x2
  .insn r 0x0b, 7, 0, x7, x1, x2
  add x8, x7, x2
  .insn r 0x0b, 7, 0, x9, x1, x2
  add x10, x9, x2
  csrr x21, mcycle
  sub x24, x21, x20
  sub x24, x24, x22
  CHECK(3, x24, 12)
  CHECK(4, x10, 11)
  # a load-use costs three stalls too
  la x11, buf
  csrr x20, mcycle
  lw x3, 0(x11)
  add x4, x3, x2
  lw x5, 0(x11)
  add x6, x5, x2
  lw x7, 0(x11)
  add x8, x7, x2
  lw x9, 0(x11)
  add x10, x9, x2
  csrr x21, mcycle
  sub x24, x21, x20
  sub x24, x24, x22
  CHECK(5, x24, 12)
  # a custom instruction whose result the next instruction stores, and a load whose result the
  # next custom instruction takes: one stall each (the value goes from the late-write flops
  # to the request in MEM)
  csrr x20, mcycle
  .insn r 0x0b, 7, 0, x3, x1, x2
  sw x3, 0(x11)
  .insn r 0x0b, 7, 0, x5, x1, x2
  sw x5, 0(x11)
  lw x7, 0(x11)
  .insn r 0x0b, 7, 0, x8, x7, x2
  lw x9, 0(x11)
  .insn r 0x0b, 7, 0, x10, x1, x9
  csrr x21, mcycle
  sub x24, x21, x20
  sub x24, x24, x22
  CHECK(6, x24, 4)
  CHECK(7, x10, 10)
  j pass
  PASS_FAIL_TAIL
  .data
buf: .word 1
