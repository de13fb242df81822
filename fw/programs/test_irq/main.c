// SPDX-License-Identifier: Apache-2.0
/* test_irq: machine timer, machine software and external (UART through soc_intc) interrupts. */
#include <stdint.h>
#include <stdio.h>

#include "cv_csr.h"
#include "cv_timer.h"
#include "cv_memmap.h"
#include "cv_test.h"
#include "cv_trap.h"
#include "cv_uart.h"

static volatile uint32_t timer_hits, soft_hits, ext_hits, ext_pending;
static volatile uint64_t timer_seen_at;

static void on_timer(cv_trap_frame_t *f) {
  (void)f;
  timer_seen_at = cv_timer_now();
  timer_hits = timer_hits + 1;
  cv_timer_set(UINT64_MAX);  /* acknowledge: the line is level */
}

static void on_soft(cv_trap_frame_t *f) {
  (void)f;
  soft_hits = soft_hits + 1;
  CV_REG32(CV_TIMER_MSIP_ADDR) = 0;
}

static void on_ext(cv_trap_frame_t *f) {
  (void)f;
  ext_hits = ext_hits + 1;
  ext_pending = CV_REG32(CV_INTC_ACTIVE_ADDR);
  /* Source first (UART TX-empty enable off), then the latched pending bit. */
  CV_REG32(CV_UART_IE_ADDR) = 0;
  CV_REG32(CV_INTC_PENDING_ADDR) = 1u << CV_IRQ_UART;
}

int main(void) {
  cv_irq_set_handler(CV_IRQ_M_TIMER, on_timer);
  cv_irq_set_handler(CV_IRQ_M_SOFT, on_soft);
  cv_irq_set_handler(CV_IRQ_M_EXT, on_ext);

  /* mtime counts clock cycles: two reads 100+ cycles apart differ by at least that much. */
  uint64_t t0 = cv_timer_now();
  uint32_t c0 = cv_mcycle();
  while (cv_mcycle() - c0 < 100) {
  }
  uint64_t t1 = cv_timer_now();
  CHECK(t1 - t0 >= 100);
  CHECK(t1 - t0 < 1000);

  /* Timer: nothing while MIE is off, then exactly one interrupt at or after mtimecmp. */
  CV_CSR_SET(mie, CV_MIE_MTIE | CV_MIE_MSIE | CV_MIE_MEIE);
  uint64_t deadline = cv_timer_now() + 2000;
  cv_timer_set(deadline);
  while (cv_timer_now() < deadline + 100) {
  }
  CHECK_EQ(timer_hits, 0);
  CHECK(CV_CSR_READ(mip) & CV_MIE_MTIE);  /* pending but masked */
  cv_irq_enable();
  for (volatile int i = 0; i < 10; i++) {
  }
  CHECK_EQ(timer_hits, 1);
  CHECK(timer_seen_at >= deadline);

  deadline = cv_timer_now() + 500;
  cv_timer_set(deadline);
  uint32_t spins = 0;
  while (timer_hits == 1 && spins < 100000) spins++;
  CHECK_EQ(timer_hits, 2);
  CHECK(timer_seen_at >= deadline);
  CHECK(timer_seen_at < deadline + 200);  /* taken promptly */

  /* wfi (a hint: it may return at once) followed by a wait: the interrupt arrives. */
  cv_timer_set(cv_timer_now() + 300);
  __asm__ volatile("wfi");
  spins = 0;
  while (timer_hits == 2 && spins < 100000) spins++;
  CHECK_EQ(timer_hits, 3);

  /* Software interrupt through msip. */
  CV_REG32(CV_TIMER_MSIP_ADDR) = 1;
  for (volatile int i = 0; i < 10; i++) {
  }
  CHECK_EQ(soft_hits, 1);
  CHECK_EQ(CV_REG32(CV_TIMER_MSIP_ADDR), 0);

  /* External: the UART's TX-empty interrupt through the interrupt controller. Pending is
   * visible before the line is enabled; nothing is taken until ENABLE is set. */
  cv_uart_flush();  /* TX FIFO empty, so the TX-empty condition is true */
  CV_REG32(CV_UART_IE_ADDR) = CV_UART_IE_TXEMPTY_MASK;
  for (volatile int i = 0; i < 5; i++) {
  }
  CHECK(CV_REG32(CV_INTC_PENDING_ADDR) & (1u << CV_IRQ_UART));
  CHECK_EQ(ext_hits, 0);
  CV_REG32(CV_INTC_ENABLE_ADDR) = 1u << CV_IRQ_UART;
  for (volatile int i = 0; i < 10; i++) {
  }
  CHECK_EQ(ext_hits, 1);
  CHECK_EQ(ext_pending, 1u << CV_IRQ_UART);
  CHECK_EQ(CV_REG32(CV_INTC_PENDING_ADDR), 0);
  CHECK_EQ(CV_REG32(CV_INTC_ENABLE_ADDR), 1u << CV_IRQ_UART);

  cv_irq_disable();
  printf("timer %lu, software %lu, external %lu\n", (unsigned long)timer_hits,
         (unsigned long)soft_hits, (unsigned long)ext_hits);
  return cv_test_done();
}
