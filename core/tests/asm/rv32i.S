/* SPDX-License-Identifier: Apache-2.0 */
# rv32i.S: every RV32I instruction with edge operands, x0 writes, forwarding distances.
#include "test_macros.h"
  .section .text.init
  .global _start
_start:
  # ---- ALU register-register
  li x1, 0x7fffffff
  li x2, 1
  add x3, x1, x2
  CHECK(1, x3, 0x80000000)
  sub x3, x0, x2
  CHECK(2, x3, -1)
  li x1, 0x80000000
  sub x3, x1, x2
  CHECK(3, x3, 0x7fffffff)
  li x4, -1
  li x5, 31
  sll x3, x4, x5
  CHECK(4, x3, 0x80000000)
  srl x3, x4, x5
  CHECK(5, x3, 1)
  sra x3, x1, x5
  CHECK(6, x3, -1)
  li x5, 32 + 4          # only the low 5 bits count
  sll x3, x2, x5
  CHECK(7, x3, 16)
  slt x3, x1, x2
  CHECK(8, x3, 1)
  sltu x3, x1, x2
  CHECK(9, x3, 0)
  slt x3, x4, x4
  CHECK(10, x3, 0)
  sltu x3, x0, x4
  CHECK(11, x3, 1)
  li x6, 0xff00ff00
  li x7, 0x0ff00ff0
  xor x3, x6, x7
  CHECK(12, x3, 0xf0f0f0f0)
  or x3, x6, x7
  CHECK(13, x3, 0xfff0fff0)
  and x3, x6, x7
  CHECK(14, x3, 0x0f000f00)
  # ---- immediates
  addi x3, x0, -2048
  CHECK(15, x3, -2048)
  addi x3, x1, -1
  CHECK(16, x3, 0x7fffffff)
  slti x3, x4, 0
  CHECK(17, x3, 1)
  sltiu x3, x2, -1        # 1 < 0xffffffff
  CHECK(18, x3, 1)
  xori x3, x6, -1
  CHECK(19, x3, 0x00ff00ff)
  ori x3, x0, 0x7ff
  CHECK(20, x3, 0x7ff)
  andi x3, x6, -256
  CHECK(21, x3, 0xff00ff00)
  slli x3, x2, 31
  CHECK(22, x3, 0x80000000)
  srli x3, x1, 31
  CHECK(23, x3, 1)
  srai x3, x1, 31
  CHECK(24, x3, -1)
  srai x3, x6, 0
  CHECK(25, x3, 0xff00ff00)
  lui x3, 0xfffff
  CHECK(26, x3, 0xfffff000)
1:auipc x3, 0
  la x8, 1b
  li TESTNUM, 27
  bne x3, x8, fail
  # auipc with a non-zero immediate
1:auipc x3, 1
  la x8, 1b
  li x9, 0x1000
  add x8, x8, x9
  li TESTNUM, 28
  bne x3, x8, fail
  # ---- x0 is never written
  addi x0, x0, 5
  add x0, x1, x2
  lui x0, 0x12345
  CHECK(29, x0, 0)
  add x3, x0, x0
  CHECK(30, x3, 0)
  # ---- forwarding distances 1, 2, 3
  li x10, 100
  addi x11, x10, 1
  addi x12, x11, 1
  addi x13, x11, 1
  add x14, x10, x12
  CHECK(31, x14, 202)
  CHECK(32, x13, 102)
  # ---- branches, taken and not taken, forward and backward
  li x10, -1
  li x11, 1
  beq x10, x11, fail_b
  bne x10, x10, fail_b
  blt x11, x10, fail_b
  bge x10, x11, fail_b
  bltu x10, x11, fail_b
  bgeu x11, x10, fail_b
  li TESTNUM, 33
  beq x10, x10, 1f
  j fail
1:bne x10, x11, 1f
  j fail
1:blt x10, x11, 1f
  j fail
1:bge x11, x10, 1f
  j fail
1:bge x10, x10, 1f
  j fail
1:bltu x11, x10, 1f
  j fail
1:bgeu x10, x11, 1f
  j fail
1:bgeu x11, x11, 1f
  j fail
1:
  # backward taken branch not taken on the last iteration
  li x12, 0
  li x13, 5
1:addi x12, x12, 2
  addi x13, x13, -1
  bgtz x13, 1b
  CHECK(34, x12, 10)
  # branch right after a load of its operand (load-use into a branch)
  la x8, data
  lw x14, 0(x8)
  beqz x14, fail_b
  lw x14, 4(x8)
  bnez x14, fail_b
  # ---- jal / jalr, link values, computed target with bit 0 set
  jal x1, sub1
ret1:
  la x3, ret1
  li TESTNUM, 35
  bne x1, x3, fail
  CHECK(36, x5, 0x55)
  la x6, sub2
  addi x6, x6, 1          # jalr clears bit 0
  jalr x7, 0(x6)
ret2:
  la x3, ret2
  li TESTNUM, 37
  bne x7, x3, fail
  CHECK(38, x5, 0x66)
  li x5, 0
  la x6, sub2 + 8
  jalr x7, -8(x6)
  CHECK(39, x5, 0x66)
  # jalr with rd == rs1
  la x6, sub3
  jalr x6, 0(x6)
ret3:
  la x3, ret3
  li TESTNUM, 40
  bne x6, x3, fail
  # ---- loads and stores, all sizes and lanes, sign extension
  la x8, buf
  li x9, 0x80c1a2f3
  sw x9, 0(x8)
  lb x3, 0(x8)
  CHECK(41, x3, 0xfffffff3)
  lb x3, 1(x8)
  CHECK(42, x3, 0xffffffa2)
  lb x3, 2(x8)
  CHECK(43, x3, 0xffffffc1)
  lb x3, 3(x8)
  CHECK(44, x3, 0xffffff80)
  lbu x3, 3(x8)
  CHECK(45, x3, 0x80)
  lh x3, 0(x8)
  CHECK(46, x3, 0xffffa2f3)
  lh x3, 2(x8)
  CHECK(47, x3, 0xffff80c1)
  lhu x3, 2(x8)
  CHECK(48, x3, 0x80c1)
  lw x3, 0(x8)
  CHECK(49, x3, 0x80c1a2f3)
  li x9, 0x11
  sb x9, 1(x8)
  li x9, 0x2233
  sh x9, 2(x8)
  lw x3, 0(x8)
  CHECK(50, x3, 0x223311f3)
  sb x9, 3(x8)
  lw x3, 0(x8)
  CHECK(51, x3, 0x333311f3)
  # store then load back-to-back, load then dependent store
  li x9, 1234
  sw x9, 8(x8)
  lw x10, 8(x8)
  sw x10, 12(x8)
  lw x11, 12(x8)
  CHECK(52, x11, 1234)
  # negative offset
  sw x9, -4(x8)
  lw x3, -4(x8)
  CHECK(53, x3, 1234)
  # load into x0 does not write
  lw x0, 0(x8)
  CHECK(54, x0, 0)
  # fence, fence.i and wfi are no-ops here
  fence
  fence.i
  j pass
fail_b:
  li TESTNUM, 99
  j fail
sub1:
  li x5, 0x55
  ret
sub2:
  li x5, 0x66
  jr x7
  j fail
sub3:
  jr x6
  PASS_FAIL_TAIL
  .data
data: .word 7, 0
  .word 0
buf: .word 0, 0, 0, 0
