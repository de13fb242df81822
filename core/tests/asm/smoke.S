/* SPDX-License-Identifier: Apache-2.0 */
# smoke.S: straight-line RV32I, forwarding, loads/stores, a loop.
#include "test_macros.h"
  .section .text.init
  .global _start
_start:
  li x1, 5
  li x2, 7
  add x3, x1, x2
  CHECK(1, x3, 12)
  sub x4, x1, x2
  CHECK(2, x4, -2)
  la x5, buf
  sw x3, 0(x5)
  lw x6, 0(x5)
  addi x6, x6, 1
  CHECK(3, x6, 13)
  li x7, 0
  li x8, 10
loop:
  addi x7, x7, 3
  addi x8, x8, -1
  bnez x8, loop
  CHECK(4, x7, 30)
  j pass
  PASS_FAIL_TAIL
  .data
buf: .word 0, 0, 0, 0
