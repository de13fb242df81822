/* SPDX-License-Identifier: Apache-2.0 */
# csr.S: every implemented CSR: reset values, writable bits, set/clear/immediate forms, counters.
#include "test_macros.h"
  .section .text.init
  .global _start
_start:
  csrr x5, mstatus
  CHECK(1, x5, 0x1800)          # MPP = M, MIE = MPIE = 0
  csrr x5, misa
  CHECK(2, x5, 0x40001100)
  csrr x5, mhartid
  CHECK(3, x5, 0)
  csrr x5, mvendorid
  CHECK(4, x5, 0)
  csrr x5, marchid
  CHECK(5, x5, 0)
  csrr x5, mimpid
  CHECK(6, x5, 0)
  csrr x5, mie
  CHECK(7, x5, 0)
  csrr x5, mip
  CHECK(8, x5, 0)
  # misa is WARL: writes are ignored
  csrw misa, x0
  csrr x5, misa
  CHECK(9, x5, 0x40001100)
  # mstatus: only MIE and MPIE are writable (MIE set with all enables off: no interrupt)
  li x6, -1
  csrw mstatus, x6
  csrr x5, mstatus
  CHECK(10, x5, 0x1888)
  csrc mstatus, x6
  csrr x5, mstatus
  CHECK(11, x5, 0x1800)
  # mie: MSIE, MTIE, MEIE
  csrrw x5, mie, x6
  CHECK(12, x5, 0)
  csrr x5, mie
  CHECK(13, x5, 0x888)
  csrci mie, 8
  csrr x5, mie
  CHECK(14, x5, 0x880)
  csrw mie, x0
  # mtvec: bit 1 reads 0, bit 0 is the mode
  li x6, 0x80000103
  csrrw x7, mtvec, x6
  csrr x5, mtvec
  CHECK(15, x5, 0x80000101)
  csrw mtvec, x7
  # mscratch: all bits; csrrw/csrrs/csrrc and immediate forms return the old value
  li x6, 0xdeadbeef
  csrw mscratch, x6
  csrr x5, mscratch
  CHECK(16, x5, 0xdeadbeef)
  li x6, 0x0000ffff
  csrrs x5, mscratch, x6
  CHECK(17, x5, 0xdeadbeef)
  csrrc x5, mscratch, x6
  CHECK(18, x5, 0xdeadffff)
  csrrwi x5, mscratch, 0x15
  CHECK(19, x5, 0xdead0000)
  csrrsi x5, mscratch, 0x0a
  CHECK(20, x5, 0x15)
  csrrci x5, mscratch, 0x01
  CHECK(21, x5, 0x1f)
  csrr x5, mscratch
  CHECK(22, x5, 0x1e)
  csrrw x0, mscratch, x0
  csrr x5, mscratch
  CHECK(23, x5, 0)
  # back-to-back CSR write then read, and CSR result used at once
  li x6, 41
  csrw mscratch, x6
  csrr x5, mscratch
  addi x5, x5, 1
  CHECK(24, x5, 42)
  # mepc: the low two bits read 0 (no C extension)
  li x6, 0x12345677
  csrw mepc, x6
  csrr x5, mepc
  CHECK(25, x5, 0x12345674)
  # mcause (WLRL): the interrupt bit and a 5-bit code, bits 30:5 read 0; mtval: all bits
  li x6, 0x8000000b
  csrw mcause, x6
  csrr x5, mcause
  CHECK(26, x5, 0x8000000b)
  li x6, -1
  csrw mcause, x6
  csrr x5, mcause
  CHECK(41, x5, 0x8000001f)
  li x6, 0xcafef00d
  csrw mtval, x6
  csrr x5, mtval
  CHECK(27, x5, 0xcafef00d)
  # mip follows the interrupt inputs (all disabled: nothing is taken)
  li x9, BENCH_IRQ
  li x6, 7
  sw x6, 0(x9)
  lw x0, 0(x9)                  # order: the bench register is written by now
  csrr x5, mip
  CHECK(28, x5, 0x888)
  sw x0, 0(x9)
  lw x0, 0(x9)
  csrr x5, mip
  CHECK(29, x5, 0)
  # minstret counts retired instructions exactly
  csrr x5, minstret
  nop
  nop
  csrr x6, minstret
  sub x7, x6, x5
  CHECK(30, x7, 3)
  csrr x5, minstret
  csrr x6, instret
  sub x7, x6, x5
  CHECK(31, x7, 1)
  # writes take precedence over the increment of the writing instruction
  li x6, 100
  csrw minstret, x6
  csrr x5, minstret
  CHECK(32, x5, 100)
  li x6, 0xffffffff
  csrw minstret, x6
  csrw minstreth, x0            # no increment for the writing instruction
  csrr x5, minstreth
  CHECK(33, x5, 0)
  csrr x5, minstreth            # the csrr above retired: carry into the high half
  CHECK(40, x5, 1)
  csrr x5, instreth
  CHECK(34, x5, 1)
  # mcycle counts cycles: the pipeline retires these without stalls (1 per cycle)
  csrr x5, mcycle
  nop
  nop
  nop
  csrr x6, mcycle
  sub x7, x6, x5
  li TESTNUM, 35                # 4 without wait states, more with them
  li x31, 4
  bltu x7, x31, fail
  li x31, 40
  bgeu x7, x31, fail
  csrr x5, cycle
  csrr x6, mcycle
  sub x7, x6, x5
  li TESTNUM, 36
  beqz x7, fail
  li x31, 20
  bgeu x7, x31, fail
  li x6, 1000
  csrw mcycle, x6               # the write takes precedence over that cycle's increment
  csrr x5, mcycle
  li TESTNUM, 37
  li x31, 1000
  bltu x5, x31, fail
  li x31, 1020
  bgeu x5, x31, fail
  li x6, 5
  csrw mcycleh, x6
  csrr x5, mcycleh
  CHECK(38, x5, 5)
  csrr x5, cycleh
  CHECK(39, x5, 5)
  j pass
  PASS_FAIL_TAIL
