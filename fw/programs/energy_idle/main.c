// SPDX-License-Identifier: Apache-2.0
/* energy_idle: the CPU waiting for an interrupt, for the energy model's idle figure.
 * The core treats wfi as a no-op (core/README.md), so waiting is a loop of wfi and a branch
 * until the machine timer fires; it is bracketed by two `csrr mcycle` like a benchmark case
 * (fw/programs/bench/bench.h), which energy/run.py takes as the measured window, and prints
 * the same BENCH line. IDLE_CYCLES: how long the timer waits. */
#include <stdint.h>
#include <stdio.h>

#include "cv_csr.h"
#include "cv_timer.h"
#include "cv_trap.h"

#ifndef IDLE_CYCLES
#define IDLE_CYCLES 2000u
#endif

static volatile uint32_t fired;

static void on_timer(cv_trap_frame_t *f) {
  (void)f;
  cv_timer_set(UINT64_MAX);
  fired = 1;
}

int main(void) {
  cv_irq_set_handler(CV_IRQ_M_TIMER, on_timer);
  CV_CSR_SET(mie, CV_MIE_MTIE);
  cv_irq_enable();
  uint32_t c0, c1, i0, i1;
  cv_timer_set(cv_timer_now() + IDLE_CYCLES);
  __asm__ volatile("csrr %0, minstret" : "=r"(i0));
  __asm__ volatile("csrr %0, mcycle" : "=r"(c0));
  while (!fired) __asm__ volatile("wfi");
  __asm__ volatile("csrr %0, mcycle" : "=r"(c1));
  __asm__ volatile("csrr %0, minstret" : "=r"(i1));
  printf("BENCH id=0 cycles=%lu instret=%lu status=0 crc=00000000\n", (unsigned long)(c1 - c0),
         (unsigned long)(i1 - i0));
  printf("BENCH done 1\n");
  return 0;
}
