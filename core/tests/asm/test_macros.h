// SPDX-License-Identifier: Apache-2.0
/* test_macros.h: pass/fail convention of the core's directed assembly tests.
   A store to `tohost` ends the run: 1 = pass, (n << 1) | 1 = test n failed (riscv-tests style).
   x28 holds the current test number, x31 is scratch for the expected value. */
#define TESTNUM x28

#define CHECK(n, reg, val) \
  li TESTNUM, n;          \
  li x31, val;            \
  bne reg, x31, fail

#define PASS_FAIL_TAIL    \
pass:                     \
  li x1, 1;               \
  la x2, tohost;          \
  sw x1, 0(x2);           \
1: j 1b;                  \
fail:                     \
  slli x28, x28, 1;       \
  ori x28, x28, 1;        \
  la x2, tohost;          \
  sw x28, 0(x2);          \
2: j 2b;                  \
  .section .tohost, "aw"; \
  .align 6;               \
  .global tohost;         \
tohost: .word 0;          \
  .word 0;                \
  .global fromhost;       \
fromhost: .word 0;        \
  .word 0;                \
  .text

#define BENCH_IRQ 0xF0000010

/* Shared trap handler: records mcause (x25), mtval (x26), mepc (x27) and counts traps (x23).
   Exceptions resume at x24 if it is non-zero (then x24 is cleared), else at mepc + 4.
   Interrupts clear the bench IRQ register and resume at mepc. */
#define TRAP_HANDLER        \
  .align 6;                 \
trap_handler:               \
  csrr x25, mcause;         \
  csrr x26, mtval;          \
  csrr x27, mepc;           \
  addi x23, x23, 1;         \
  bltz x25, 3f;             \
  beqz x24, 4f;             \
  csrw mepc, x24;           \
  li x24, 0;                \
  mret;                     \
4: addi x30, x27, 4;        \
  csrw mepc, x30;           \
  mret;                     \
3: li x30, BENCH_IRQ;       \
  sw x0, 0(x30);            \
  mret

#define INIT_TRAPS          \
  la x30, trap_handler;     \
  csrw mtvec, x30;          \
  li x23, 0;                \
  li x24, 0

/* Expect that the last trap had this cause, tval and epc (a label). */
#define EXPECT_TRAP(n, cause, tval, epc) \
  CHECK(n, x25, cause);                  \
  CHECK(n, x26, tval);                   \
  la x29, epc;                           \
  li TESTNUM, n;                         \
  bne x27, x29, fail
#define BENCH_TIMER 0xF0000014

/* Expect that the last trap had this cause and epc (tval checked separately). */
#define EXPECT_CE(n, cause, epc) \
  CHECK(n, x25, cause);          \
  la x29, epc;                   \
  li TESTNUM, n;                 \
  bne x27, x29, fail
