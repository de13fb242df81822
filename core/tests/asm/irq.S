/* SPDX-License-Identifier: Apache-2.0 */
# irq.S: timer, software and external interrupts; enables, priority, vectored mode, wfi, and
# interrupts at every point of a busy loop (the result must not change: precise interrupts).
#include "test_macros.h"
#define NOPS8 nop; nop; nop; nop; nop; nop; nop; nop
  .section .text.init
  .global _start
_start:
  INIT_TRAPS
  li x9, BENCH_IRQ
  li x5, 0x888
  csrw mie, x5
  csrsi mstatus, 8
  # software
  li x6, 2
  sw x6, 0(x9)
  NOPS8
  CHECK(1, x23, 1)
  CHECK(2, x25, 0x80000003)
  CHECK(3, x26, 0)
  csrr x5, mstatus
  andi x5, x5, 0x88
  CHECK(4, x5, 0x88)            # MIE restored by mret
  # timer
  li x6, 1
  sw x6, 0(x9)
  NOPS8
  CHECK(5, x23, 2)
  CHECK(6, x25, 0x80000007)
  # external
  li x6, 4
  sw x6, 0(x9)
  NOPS8
  CHECK(7, x23, 3)
  CHECK(8, x25, 0x8000000b)
  # all three at once: external first (the handler clears all lines)
  li x6, 7
  sw x6, 0(x9)
  NOPS8
  CHECK(9, x23, 4)
  CHECK(10, x25, 0x8000000b)
  # mstatus.MIE = 0 holds it pending; enabling takes it at the next instruction
  csrci mstatus, 8
  li x6, 2
  sw x6, 0(x9)
  NOPS8
  CHECK(11, x23, 4)
  csrr x5, mip
  CHECK(12, x5, 0x8)
  csrsi mstatus, 8
t_after_enable:
  nop
  NOPS8
  CHECK(13, x23, 5)
  CHECK(14, x25, 0x80000003)
  la x29, t_after_enable
  li TESTNUM, 15
  bne x27, x29, fail
  # mie gating
  csrw mie, x0
  li x6, 1
  sw x6, 0(x9)
  NOPS8
  CHECK(16, x23, 5)
  li x5, 0x80
  csrw mie, x5
  NOPS8
  CHECK(17, x23, 6)
  CHECK(18, x25, 0x80000007)
  li x5, 0x888
  csrw mie, x5
  # wfi: waits (or not) and the interrupt is taken
  li x10, BENCH_TIMER
  li x6, 30
  sw x6, 0(x10)
  wfi
1:li x5, 6
  beq x23, x5, 1b               # spin until the timer interrupt
  CHECK(19, x23, 7)
  CHECK(20, x25, 0x80000007)
  # vectored mode: interrupts to base + 4 * cause, exceptions to base
  la x5, vtable
  ori x5, x5, 1
  csrw mtvec, x5
  li x22, 0
  li x6, 1
  sw x6, 0(x9)
  NOPS8
  CHECK(21, x22, 7)
  li x6, 4
  sw x6, 0(x9)
  NOPS8
  CHECK(22, x22, 11)
  li x6, 2
  sw x6, 0(x9)
  NOPS8
  CHECK(23, x22, 3)
  li x22, 0
  ecall
  CHECK(24, x22, 0)
  CHECK(25, x25, 11)
  INIT_TRAPS
  # interrupts at every cycle offset of a busy loop: the result is always the same
  call compute
  mv x20, x10
  li x21, 1
  li x18, 0
2:li x10, BENCH_TIMER
  sw x21, 0(x10)
  call compute
  li TESTNUM, 26
  bne x10, x20, fail
  addi x18, x18, 1
  addi x21, x21, 1
  li x5, 120
  bne x21, x5, 2b
  CHECK(27, x23, 119)           # one interrupt per run (each fires inside compute)
  j pass

# a mix of loads, stores, mul, div, branches; x10 = result (uses x10-x17)
compute:
  la x12, cbuf
  li x10, 0x1234567
  li x13, 16
1:lw x14, 0(x12)
  add x10, x10, x14
  mul x15, x10, x13
  xor x10, x10, x15
  sw x10, 64(x12)
  lw x16, 64(x12)
  divu x17, x16, x13
  add x10, x10, x17
  andi x14, x10, 1
  beqz x14, 2f
  addi x10, x10, 3
2:addi x12, x12, 4
  addi x13, x13, -1
  bnez x13, 1b
  ret

  .align 6
  .option push
  .option norvc                 # 4-byte slots (base + 4 x cause) also when built with C
vtable:
  j trap_handler
  .word 0, 0
  j vt_sw
  .word 0, 0, 0
  j vt_timer
  .word 0, 0, 0
  j vt_ext
  .option pop
vt_sw:
  li x22, 3
  j trap_handler
vt_timer:
  li x22, 7
  j trap_handler
vt_ext:
  li x22, 11
  j trap_handler
  TRAP_HANDLER
  PASS_FAIL_TAIL
  .data
  .align 4
cbuf:
  .word 0x1, 0x22, 0x333, 0x4444, 0x55555, 0x666666, 0x7777777, 0x88888888
  .word 0x9, 0xaa, 0xbbb, 0xcccc, 0xddddd, 0xeeeeee, 0xfffffff, 0x12345678
  .space 64
