// SPDX-License-Identifier: Apache-2.0
/* cv_trap.h: trap frame, per-cause handlers and expected-trap helpers for tests. */
#ifndef CV_TRAP_H
#define CV_TRAP_H

#include <stdint.h>

/* Saved by crt0's cv_trap_entry; a handler may change x[] and mepc before mret. */
typedef struct cv_trap_frame {
  uint32_t x[32];  /* x[0] reads 0, x[2] is sp before the trap */
  uint32_t mepc;
  uint32_t mcause;
  uint32_t mtval;
  uint32_t pad;
} cv_trap_frame_t;

#define CV_MCAUSE_IRQ             0x80000000u
#define CV_CAUSE_MISALIGNED_FETCH 0u
#define CV_CAUSE_FETCH_FAULT      1u
#define CV_CAUSE_ILLEGAL          2u
#define CV_CAUSE_BREAKPOINT       3u
#define CV_CAUSE_MISALIGNED_LOAD  4u
#define CV_CAUSE_LOAD_FAULT       5u
#define CV_CAUSE_MISALIGNED_STORE 6u
#define CV_CAUSE_STORE_FAULT      7u
#define CV_CAUSE_ECALL_M          11u
#define CV_IRQ_M_SOFT             3u
#define CV_IRQ_M_TIMER            7u
#define CV_IRQ_M_EXT              11u

typedef void (*cv_trap_fn)(cv_trap_frame_t *frame);

/* The C hook called by crt0 for every trap. The runtime's weak version dispatches to the
 * handlers below; a program may define its own cv_trap_handler instead. */
void cv_trap_handler(cv_trap_frame_t *frame);

/* Handler for exception cause 0..31 or interrupt 0..31 (NULL removes it). An exception with no
 * handler and no expectation, or an interrupt with no handler, prints a report and exits with
 * CV_EXIT_UNEXPECTED_TRAP. */
void cv_trap_set_handler(uint32_t cause, cv_trap_fn fn);
void cv_irq_set_handler(uint32_t irq, cv_trap_fn fn);

#define CV_EXIT_UNEXPECTED_TRAP 0x7e

/* Expected traps (tests): arm with the cause, run the faulting instruction; the runtime records
 * the trap, skips the instruction (mepc += 4) and disarms. cv_trap_count() counts recorded
 * traps; cv_trap_last() gives the last recorded frame's mcause, mepc and mtval. */
void cv_expect_trap(uint32_t cause);
uint32_t cv_trap_count(void);
typedef struct cv_trap_record {
  uint32_t mcause;
  uint32_t mepc;
  uint32_t mtval;
} cv_trap_record_t;
cv_trap_record_t cv_trap_last(void);

#endif /* CV_TRAP_H */
