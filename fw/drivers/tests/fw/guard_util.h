// SPDX-License-Identifier: Apache-2.0
/* guard_util.h: run a driver call so that a trap or a hang inside it is a failed check, not the
 * end of the test program (the misuse tests: test_aes_bad, test_light_bad).
 *
 *   int st = GUARDED(cv_prince_ecb(&ctx, CV_ENCRYPT, in, out, 8));
 *   EXPECT(cv_prince_ecb(&ctx, CV_ENCRYPT, in, out, 8), CV_ERR_NOKEY);  // the same, checked
 *   GUARDED_VOID(cv_prince_zeroize(&ctx));
 *
 * GUARDED arms a catcher for every exception cause and a watchdog (the machine timer,
 * GUARD_BUDGET cycles), then evaluates the call. A trap or a call that runs past the budget is
 * reported as a failed check at the call's line, with its cause (mcause, or no return) and pc; the
 * call's result is then GUARD_FAILED (no cv_status_t has that value) and the program goes on
 * from the GUARDED expression. Traps a test expects (cv_expect_trap) are the runtime's and take
 * precedence. */
#ifndef GUARD_UTIL_H
#define GUARD_UTIL_H

#include <setjmp.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "cv_csr.h"
#include "cv_sim.h"
#include "cv_test.h"
#include "cv_timer.h"
#include "cv_trap.h"

/* setjmp runs right before the guarded call, so no local variable of the caller changes between
 * it and a longjmp (only the call runs in between, and its result is volatile): GCC's
 * -Wclobbered warnings about the caller's loop variables do not apply. */
#pragma GCC diagnostic ignored "-Wclobbered"

/* The bytes of a context test_light_bad and test_sha3_drv flip after init: the first 56 (the
 * backend and the driver part: id, key configuration, check word, key words; SHA-3's message
 * state), every 32nd after them, and the last 24 (the software contexts' control words).
 * GUARD_TAMPER_STEP > 1 takes every so-many of the first 56 and the last 24 only (the CI size: a
 * step of 3 still hits every 4-byte field and both parities); the full run flips each.
 * test_aes_misuse walks its own parts of the AES context with the same step. */
#ifndef GUARD_TAMPER_STEP
#define GUARD_TAMPER_STEP 1
#endif
static inline size_t guard_next_off(size_t off, size_t size) {
  if (off + GUARD_TAMPER_STEP < 56 || off + 1 >= size - 24) return off + GUARD_TAMPER_STEP;
  off += 32;
  return off < size - 24 ? off : size - 24;
}

#define GUARD_FAILED 0x7FFF
#ifndef GUARD_BUDGET
#define GUARD_BUDGET 4000000u /* cycles: far above any call the misuse tests make */
#endif

static jmp_buf guard_jb;
static volatile int guard_armed;
static volatile uint32_t guard_cause, guard_pc;

/* Where a caught trap returns to (mret): back to the GUARDED expression's setjmp. */
static void __attribute__((noreturn, used)) guard_escape(void) { longjmp(guard_jb, 1); }

static void guard_catch(cv_trap_frame_t *f) {
  if (!guard_armed) {
    printf("unexpected trap: mcause=0x%08lx mepc=0x%08lx mtval=0x%08lx\n",
           (unsigned long)f->mcause, (unsigned long)f->mepc, (unsigned long)f->mtval);
    cv_sim_exit(CV_EXIT_UNEXPECTED_TRAP);
  }
  guard_armed = 0;
  guard_cause = f->mcause;
  guard_pc = f->mepc;
  cv_timer_set(UINT64_MAX);
  f->mepc = (uint32_t)(uintptr_t)guard_escape;
}

static __attribute__((noinline)) void guard_arm(void) {
  static int installed;
  if (!installed) {
    installed = 1;
    for (uint32_t c = 0; c < 16; c++) cv_trap_set_handler(c, guard_catch);
    cv_irq_set_handler(CV_IRQ_M_TIMER, guard_catch);
    CV_CSR_SET(mie, CV_MIE_MTIE);
  }
  guard_cause = 0;
  guard_armed = 1;
  cv_timer_set(cv_timer_now() + GUARD_BUDGET);
  cv_irq_enable();
}

static __attribute__((noinline)) void guard_disarm(void) {
  cv_irq_disable();
  cv_timer_set(UINT64_MAX);
  guard_armed = 0;
}

/* A caught trap or hang, as a failed check at file:line (the call is named by its line: with a
 * string per call the misuse programs would not fit the program memory). */
static __attribute__((noinline, unused)) void guard_report(const char *file, int line) {
  char msg[96];
  if (guard_cause == (CV_MCAUSE_IRQ | CV_IRQ_M_TIMER))
    snprintf(msg, sizeof msg, "the call did not return within %lu cycles (pc 0x%08lx)",
             (unsigned long)GUARD_BUDGET, (unsigned long)guard_pc);
  else
    snprintf(msg, sizeof msg, "the call trapped, mcause=%lu at pc 0x%08lx",
             (unsigned long)guard_cause, (unsigned long)guard_pc);
  cv_test_check(0, msg, file, line);
}

#define GUARDED(call) __extension__({                          \
    volatile int r_ = GUARD_FAILED;                             \
    guard_arm();                                                \
    if (setjmp(guard_jb) == 0) r_ = (int)(call);                \
    else guard_report(__FILE__, __LINE__);                      \
    guard_disarm();                                             \
    (int)r_; })

#define GUARDED_VOID(call) do {                                 \
    guard_arm();                                                \
    if (setjmp(guard_jb) == 0) call;                            \
    else guard_report(__FILE__, __LINE__);                      \
    guard_disarm();                                             \
  } while (0)

/* The call's result must be want (the check names the line). */
#define EXPECT(call, want) \
  cv_test_check_eq((uint32_t)GUARDED(call), (uint32_t)(want), "result", __FILE__, __LINE__)

#endif /* GUARD_UTIL_H */
