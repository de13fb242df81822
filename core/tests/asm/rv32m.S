/* SPDX-License-Identifier: Apache-2.0 */
# rv32m.S: the M extension with edge operands, and results used right after the unit.
#include "test_macros.h"
#define MTEST(n, op, a, b, res) \
  li x1, a; li x2, b; op x3, x1, x2; CHECK(n, x3, res)
  .section .text.init
  .global _start
_start:
  MTEST(1, mul, 0x7fffffff, 2, 0xfffffffe)
  MTEST(2, mul, 0x80000000, -1, 0x80000000)
  MTEST(3, mul, -3, 5, -15)
  MTEST(4, mulh, -1, -1, 0)
  MTEST(5, mulh, 0x80000000, 0x80000000, 0x40000000)
  MTEST(6, mulh, 0x80000000, 0x7fffffff, 0xc0000000)
  MTEST(7, mulhu, 0xffffffff, 0xffffffff, 0xfffffffe)
  MTEST(8, mulhu, 0x80000000, 2, 1)
  MTEST(9, mulhsu, -1, 0xffffffff, 0xffffffff)
  MTEST(10, mulhsu, 0x80000000, 0xffffffff, 0x80000000)
  MTEST(11, mulhsu, 0x7fffffff, 0xffffffff, 0x7ffffffe)
  MTEST(12, div, -7, 2, -3)
  MTEST(13, rem, -7, 2, -1)
  MTEST(14, divu, -7, 2, 0x7ffffffc)
  MTEST(15, remu, -7, 2, 1)
  MTEST(16, div, 7, -3, -2)
  MTEST(17, rem, 7, -3, 1)
  MTEST(18, div, 0x80000000, -1, 0x80000000)
  MTEST(19, rem, 0x80000000, -1, 0)
  MTEST(20, divu, 0x80000000, -1, 0)
  MTEST(21, remu, 0x80000000, -1, 0x80000000)
  MTEST(22, div, 5, 0, -1)
  MTEST(23, divu, 5, 0, 0xffffffff)
  MTEST(24, rem, 5, 0, 5)
  MTEST(25, remu, 5, 0, 5)
  MTEST(26, rem, -5, 0, -5)
  MTEST(27, divu, 0x80000000, 3, 0x2aaaaaaa)
  MTEST(28, remu, 0x80000000, 3, 2)
  MTEST(29, div, 0x80000000, 1, 0x80000000)
  MTEST(30, div, 0, 5, 0)
  MTEST(31, div, 0xffffffff, 0xffffffff, 1)
  MTEST(32, divu, 0xffffffff, 1, 0xffffffff)
  MTEST(33, rem, 0x80000000, 2, 0)
  MTEST(34, div, 1000000007, 97, 10309278)
  MTEST(35, rem, 1000000007, 97, 41)
  # results consumed at once, back-to-back units, operands forwarded into the divider
  li x1, 12
  li x2, 5
  mul x3, x1, x2
  mul x4, x3, x3
  div x5, x4, x1
  div x6, x5, x2
  rem x7, x6, x2
  add x8, x7, x6
  CHECK(36, x3, 60)
  CHECK(37, x4, 3600)
  CHECK(38, x5, 300)
  CHECK(39, x6, 60)
  CHECK(40, x7, 0)
  CHECK(41, x8, 60)
  # divider operand straight from a load
  la x9, val
  lw x10, 0(x9)
  divu x11, x10, x2
  CHECK(42, x11, 20)
  # rd = x0: nothing written
  div x0, x1, x2
  mul x0, x1, x2
  CHECK(43, x0, 0)
  # a division whose result is overwritten by the next instruction
  div x12, x1, x2
  li x12, 77
  CHECK(44, x12, 77)
  j pass
  PASS_FAIL_TAIL
  .data
val: .word 100
