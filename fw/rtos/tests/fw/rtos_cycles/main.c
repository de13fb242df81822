// SPDX-License-Identifier: Apache-2.0
/* rtos_cycles: the RTOS's cycle costs, read with mcycle on the SoC. Built with -DCV_OS_STAMP, so
 * the trap entry records mcycle at its third instruction (cv_os_stamp_irq); "entry" figures are
 * measured from that stamp, "trigger" figures from the cycle before the store to msip that raises
 * the interrupt; "kernel" is an entry figure less the cycles of the handler's body (its first to
 * its last mcycle read: the kernel's share, with the handler's call and return). Each figure is
 * the minimum and maximum over ROUNDS rounds, printed as `cycles <name> <min> <max>` (the
 * preemption's: half the rounds each for the entry and trigger figures and, with the handler
 * timed, for the kernel's share); fw/rtos/tests/test_rtos.py collects them. */
#include <stdint.h>
#include <stdio.h>

#include "cv_csr.h"
#include "cv_memmap.h"
#include "cv_os.h"
#include "cv_sim.h"
#include "cv_test.h"
#include "cv_trap.h"

#ifndef CV_OS_STAMP
#error "rtos_cycles needs the kernel built with -DCV_OS_STAMP"
#endif

#define TICK 20000u
#define ROUNDS 16

static cv_os_thread_t ctl, ta, tb;
static uint8_t ctl_stack[2048] __attribute__((aligned(16)));
static uint8_t sa[1024] __attribute__((aligned(16)));
static uint8_t sb[1024] __attribute__((aligned(16)));

typedef struct {
  uint32_t min, max;
} range_t;
/* A figure is recorded only when no tick fell inside it (ticks is read around the window by
 * the callers through tick_at). */
static uint32_t tick_at;
static void rec(range_t *r, uint32_t v) {
  if (cv_os_ticks() != tick_at) return;
  if (v < r->min) r->min = v;
  if (v > r->max) r->max = v;
}
static void report(const char *name, const range_t *r) {
  printf("cycles %s %lu %lu\n", name, (unsigned long)r->min, (unsigned long)r->max);
}
#define RANGE {UINT32_MAX, 0}

static volatile uint32_t stop, done_a, done_b;

static void join2(void) {
  while (!(done_a && done_b)) cv_os_sleep(1);
}

/* ---- cooperative yield: the cycle before one thread's call to the other's return ---- */
static volatile uint32_t y_before, y_by;
static range_t r_yield = RANGE;
static void yield_thread(void *arg) {
  volatile uint32_t *done = arg;
  for (int i = 0; i < ROUNDS; i++) {
    tick_at = cv_os_ticks();
    y_by = (uint32_t)(uintptr_t)arg;
    y_before = cv_mcycle();
    cv_os_yield();
    uint32_t t = cv_mcycle();
    /* Only a return into this thread from the other one's yield counts. */
    if (y_by != (uint32_t)(uintptr_t)arg) rec(&r_yield, t - y_before);
  }
  *done = 1;
}

/* ---- preemptive switch, full save/restore: an interrupt resumes a thread that an interrupt
 * suspended ---- */
static volatile uint32_t mode, woke, t_trig, stamp_seen;
static range_t r_preempt_entry = RANGE, r_preempt_trig = RANGE, r_preempt_kernel = RANGE;
static range_t r_block_entry = RANGE, r_block_trig = RANGE;
static range_t r_isr_none = RANGE;
enum { M_SUSPEND, M_RESUME, M_POST, M_NONE };
static cv_os_sem_t sem;

static volatile uint32_t h_cycles;
static void on_msip(void) {
  CV_REG32(CV_TIMER_MSIP_ADDR) = 0;
  stamp_seen = cv_os_stamp_irq;
  switch (mode) {
    case M_SUSPEND:
      cv_os_thread_suspend(&ta);
      break;
    case M_RESUME:
      woke = 1;
      cv_os_thread_resume(&ta);
      break;
    case M_POST:
      cv_os_sem_post(&sem);
      break;
    default:
      break;
  }
}
/* The same with its body timed: the rounds that give the kernel's share. */
static void on_msip_timed(void) {
  uint32_t h0 = cv_mcycle();
  on_msip();
  h_cycles = cv_mcycle() - h0;
}

static void raise_msip(void) {
  t_trig = cv_mcycle();
  CV_REG32(CV_TIMER_MSIP_ADDR) = 1;
}

static void preempt_hi(void *arg) {
  (void)arg;
  for (int i = 0; i < ROUNDS; i++) {
    woke = 0;
    tick_at = cv_os_ticks();
    mode = M_SUSPEND;
    raise_msip();
    uint32_t t;
    /* Suspended in this loop; the resuming interrupt returns into it: the next mcycle read is
     * at most the loop's three instructions after the thread's first one. */
    do {
      t = cv_mcycle();
    } while (!woke);
    if (i < ROUNDS / 2) {
      rec(&r_preempt_entry, t - stamp_seen);
      rec(&r_preempt_trig, t - t_trig);
      if (i == ROUNDS / 2 - 1) cv_os_irq_set_handler(CV_IRQ_M_SOFT, on_msip_timed);
    } else {
      rec(&r_preempt_kernel, t - stamp_seen - h_cycles);
    }
  }
  cv_os_irq_set_handler(CV_IRQ_M_SOFT, on_msip);
  stop = 1;
  done_a = 1;
}
static void preempt_lo(void *arg) {
  (void)arg;
  while (!stop) {
    mode = M_RESUME;
    raise_msip();
    __asm__ volatile("nop\n nop\n nop\n nop\n nop\n nop");
  }
  done_b = 1;
}

/* ---- interrupt to a thread blocked on a semaphore (partial frame) ---- */
static void block_hi(void *arg) {
  (void)arg;
  for (int i = 0; i < ROUNDS; i++) {
    tick_at = cv_os_ticks();
    cv_os_sem_wait(&sem, CV_OS_FOREVER);
    uint32_t t = cv_mcycle();
    rec(&r_block_entry, t - stamp_seen);
    rec(&r_block_trig, t - t_trig);
  }
  stop = 1;
  done_a = 1;
}
static void block_lo(void *arg) {
  (void)arg;
  while (!stop) {
    mode = M_POST;
    raise_msip();
    __asm__ volatile("nop\n nop\n nop\n nop\n nop\n nop");
  }
  done_b = 1;
}

/* ---- kernel calls that do not block ---- */
static range_t r_mutex2 = RANGE;
static range_t r_sem = RANGE, r_mutex = RANGE, r_queue = RANGE, r_pool = RANGE, r_empty = RANGE;
static cv_os_mutex_t mtx, mtx2;
static cv_os_queue_t q;
static uint32_t qbuf[4][4];
static cv_os_pool_t pool;
static uint32_t pool_mem[4][32];

static void calls(void) {
  cv_os_sem_init(&sem, 0);
  cv_os_mutex_init(&mtx);
  cv_os_mutex_init(&mtx2);
  cv_os_queue_init(&q, qbuf, 16, 4);
  cv_os_pool_init(&pool, pool_mem, 128, 4);
  uint32_t msg[4] = {1, 2, 3, 4};
  for (int i = 0; i < ROUNDS; i++) {
    tick_at = cv_os_ticks();
    uint32_t t0 = cv_mcycle();
    uint32_t t1 = cv_mcycle();
    rec(&r_empty, t1 - t0);
    t0 = cv_mcycle();
    cv_os_sem_post(&sem);
    cv_os_sem_wait(&sem, CV_OS_NO_WAIT);
    t1 = cv_mcycle();
    rec(&r_sem, t1 - t0);
    t0 = cv_mcycle();
    cv_os_mutex_lock(&mtx, CV_OS_FOREVER);
    cv_os_mutex_unlock(&mtx);
    t1 = cv_mcycle();
    rec(&r_mutex, t1 - t0);
    t0 = cv_mcycle();
    cv_os_mutex_lock2(&mtx, &mtx2, CV_OS_NO_WAIT);
    cv_os_mutex_unlock2(&mtx, &mtx2);
    t1 = cv_mcycle();
    rec(&r_mutex2, t1 - t0);
    t0 = cv_mcycle();
    cv_os_queue_send(&q, msg, CV_OS_NO_WAIT);
    cv_os_queue_recv(&q, msg, CV_OS_NO_WAIT);
    t1 = cv_mcycle();
    rec(&r_queue, t1 - t0);
    void *b;
    t0 = cv_mcycle();
    cv_os_pool_alloc(&pool, &b, CV_OS_NO_WAIT);
    cv_os_pool_free(&pool, b);
    t1 = cv_mcycle();
    rec(&r_pool, t1 - t0);
  }
}

/* An interrupt that makes no thread ready: what the interrupted thread loses. */
static void isr_cost(void) {
  mode = M_NONE;
  for (int i = 0; i < ROUNDS; i++) {
    tick_at = cv_os_ticks();
    uint32_t t0 = cv_mcycle();
    CV_REG32(CV_TIMER_MSIP_ADDR) = 1;
    __asm__ volatile("nop\n nop\n nop\n nop\n nop\n nop");
    uint32_t t1 = cv_mcycle();
    rec(&r_isr_none, t1 - t0);
  }
}

static void controller(void *arg) {
  (void)arg;
  cv_os_irq_set_handler(CV_IRQ_M_SOFT, on_msip);
  calls();
  isr_cost();

  done_a = done_b = 0;
  cv_os_sleep(1);
  cv_os_thread_create(&ta, "a", yield_thread, (void *)&done_a, sa, sizeof sa, 3);
  cv_os_thread_create(&tb, "b", yield_thread, (void *)&done_b, sb, sizeof sb, 3);
  join2();

  stop = done_a = done_b = 0;
  cv_os_sleep(1);
  cv_os_thread_create(&ta, "a", preempt_hi, NULL, sa, sizeof sa, 2);
  cv_os_thread_create(&tb, "b", preempt_lo, NULL, sb, sizeof sb, 5);
  join2();

  stop = done_a = done_b = 0;
  cv_os_sem_init(&sem, 0);
  cv_os_sleep(1);
  cv_os_thread_create(&ta, "a", block_hi, NULL, sa, sizeof sa, 2);
  cv_os_thread_create(&tb, "b", block_lo, NULL, sb, sizeof sb, 5);
  join2();

  report("mcycle_pair", &r_empty);
  report("sem_post_wait", &r_sem);
  report("mutex_lock_unlock", &r_mutex);
  report("mutex_lock2_unlock2", &r_mutex2);
  report("queue_send_recv_16B", &r_queue);
  report("pool_alloc_free", &r_pool);
  report("isr_no_switch_trigger", &r_isr_none);
  report("yield", &r_yield);
  report("preempt_switch_entry", &r_preempt_entry);
  report("preempt_switch_trigger", &r_preempt_trig);
  report("preempt_switch_kernel", &r_preempt_kernel);
  report("irq_to_blocked_thread_entry", &r_block_entry);
  report("irq_to_blocked_thread_trigger", &r_block_trig);
  CHECK(r_yield.max > 0 && r_preempt_entry.max > 0 && r_block_entry.max > 0);
  CHECK_EQ(cv_os_check(), 0);
  cv_sim_exit(cv_test_done());
}

int main(void) {
  cv_os_init();
  cv_os_thread_create(&ctl, "ctl", controller, NULL, ctl_stack, sizeof ctl_stack, 1);
  cv_os_start(TICK);
}
