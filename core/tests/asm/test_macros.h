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
