/* SPDX-License-Identifier: Apache-2.0 */
# traps.S: every exception: cause, mtval, mepc, no side effect of the trapping instruction.
#include "test_macros.h"
  .section .text.init
  .global _start
_start:
  INIT_TRAPS
  # ecall / ebreak
t_ecall:
  ecall
  EXPECT_TRAP(1, 11, 0, t_ecall)
t_ebreak:
  ebreak
  CHECK(2, x25, 3)
  la x29, t_ebreak          # mtval = mepc = pc for ebreak (as Spike)
  li TESTNUM, 3
  bne x26, x29, fail
  bne x27, x29, fail
  # illegal instructions: mtval = the instruction word
t_ill0:
  .word 0x00000000
  EXPECT_TRAP(4, 2, 0x00000000, t_ill0)
t_ill1:
  .word 0x04208233          # OP with funct7 = 2
  EXPECT_TRAP(5, 2, 0x04208233, t_ill1)
t_ill2:
  .word 0x02009093          # slli with imm[5] set
  EXPECT_TRAP(6, 2, 0x02009093, t_ill2)
t_ill3:
  csrr x5, 0x7c0            # unimplemented CSR
  EXPECT_TRAP(7, 2, 0x7c0022f3, t_ill3)
t_ill4:
  csrw mhartid, x1          # read-only CSR written
  EXPECT_TRAP(8, 2, 0xf1409073, t_ill4)
t_ill5:
  csrrsi x5, cycle, 1       # read-only user counter written
  EXPECT_TRAP(9, 2, 0xc000e2f3, t_ill5)
t_ill6:
  .word 0x00003003          # load with funct3 = 3 (ld)
  EXPECT_TRAP(10, 2, 0x00003003, t_ill6)
t_ill7:
  .word 0x00002063          # branch funct3 = 2
  EXPECT_TRAP(11, 2, 0x00002063, t_ill7)
t_ill8:
  .word 0x10200073          # sret: not implemented
  EXPECT_TRAP(12, 2, 0x10200073, t_ill8)
  # legal: reading a read-only CSR, and csrrs with x0 on it
  li x23, 0
  csrr x5, mhartid
  csrrs x5, mhartid, x0
  csrrsi x5, mvendorid, 0
  CHECK(13, x23, 0)
  # illegal instruction in the shadow of a taken branch: never executed
  beq x0, x0, 1f
  .word 0
  ecall
1:CHECK(14, x23, 0)
  # misaligned loads and stores: rd not written, memory not changed
  la x8, buf
  li x5, 0x1234
  li x6, 0x7777
t_lm1:
  lw x5, 1(x8)
  addi x9, x8, 1
  EXPECT_CE(15, 4, t_lm1)
  li TESTNUM, 15
  bne x26, x9, fail
  CHECK(16, x5, 0x1234)
t_lm2:
  lh x5, 3(x8)
  EXPECT_CE(17, 4, t_lm2)
  addi x9, x8, 3
  li TESTNUM, 17
  bne x26, x9, fail
t_sm1:
  sw x6, 2(x8)
  EXPECT_CE(18, 6, t_sm1)
  addi x9, x8, 2
  li TESTNUM, 18
  bne x26, x9, fail
t_sm2:
  sh x6, 1(x8)
  EXPECT_CE(19, 6, t_sm2)
  lw x7, 0(x8)
  CHECK(20, x7, 0x11223344)
  lhu x7, 2(x8)             # aligned halfword: fine
  CHECK(21, x7, 0x1122)
  # access faults (bench: 0xF0000000 answers err): mtval = address
  li x9, 0xF0000000
  li x5, 0x1234
t_lf:
  lw x5, 0(x9)
  EXPECT_TRAP(22, 5, 0xF0000000, t_lf)
  CHECK(23, x5, 0x1234)
t_sf:
  sb x6, 3(x9)
  EXPECT_TRAP(24, 7, 0xF0000003, t_sf)
  # a faulting load followed by a store: the store must not happen
  la x24, 1f
  lw x5, 0(x9)
  sw x6, 0(x8)
  sw x6, 4(x8)
1:lw x7, 0(x8)
  CHECK(25, x7, 0x11223344)
  lw x7, 4(x8)
  CHECK(26, x7, 0x55667788)
  # misaligned jump targets: the jump traps, rd not written, mtval = target
  li x5, 0x1234
  la x9, t_jt
t_jm1:
  jalr x5, 2(x9)
  EXPECT_CE(27, 0, t_jm1)
  addi x9, x9, 2
  li TESTNUM, 27
  bne x26, x9, fail
  CHECK(28, x5, 0x1234)
t_jt:
  li x23, 0
t_bm:
  beq x0, x0, t_bm + 6
  EXPECT_CE(29, 0, t_bm)
  la x9, t_bm + 6
  li TESTNUM, 29
  bne x26, x9, fail
  # a not-taken branch to a misaligned target does not trap
  li x23, 0
  bne x0, x0, . + 6
  CHECK(30, x23, 0)
  # instruction access fault: fetch outside memory
  la x24, 1f
  li x9, 0x10000000
t_if:
  jalr x5, 0(x9)
1:CHECK(31, x25, 1)
  CHECK(32, x26, 0x10000000)
  CHECK(33, x27, 0x10000000)
  la x9, t_if + 4
  li TESTNUM, 34
  bne x5, x9, fail          # the jump itself retired and linked
  # mret returns to mepc and restores MIE from MPIE
  li x5, 0x80
  csrs mstatus, x5          # MPIE = 1
  la x5, 1f
  csrw mepc, x5
  mret
  j fail
1:csrr x5, mstatus
  CHECK(35, x5, 0x1888)     # MIE = MPIE (1), MPIE = 1, MPP = M
  csrci mstatus, 8
  # a trap saves MIE into MPIE and clears MIE
t_mie:
  ecall
  csrr x5, mstatus
  andi x5, x5, 0x88
  CHECK(36, x5, 0x80)       # mret: MIE = MPIE (0), MPIE = 1
  j pass
  TRAP_HANDLER
  PASS_FAIL_TAIL
  .data
  .align 4
buf: .word 0x11223344, 0x55667788
