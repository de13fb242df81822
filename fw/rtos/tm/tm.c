// SPDX-License-Identifier: Apache-2.0
/* Thread-Metric for the Cipher-V RTOS: the eight tests of Express Logic's suite, written anew
 * against cv_os.h. One test per build (TM_TEST, 1..8); each counts loops of its threads (and
 * interrupt handler) over a measurement period of TM_PERIOD ticks of TM_TICK cycles, read by a
 * reporter thread at the most urgent priority that sleeps through the period:
 *   tm <name> <loops> <cycles>
 * where cycles is the period measured with mcycle. Time slicing is off, as in the suite's
 * ports: equal-priority threads change only where they yield. The workloads check their own
 * results (message contents, counter consistency), and the program ends with
 * "N passed, N failed".
 *
 *  1 basic processing: one thread does a fixed amount of arithmetic on a 1024-word array per
 *    loop.
 *  2 cooperative scheduling: five threads of one priority each count and yield, in turn.
 *  3 preemptive scheduling: five threads of five priorities; the least urgent resumes the next
 *    one up, which preempts it and resumes the next, up to the most urgent; each counts and
 *    suspends itself, handing back down the chain.
 *  4 interrupt processing: one thread raises a software interrupt; the handler counts and posts
 *    a semaphore, which the thread then takes (no switch) and counts.
 *  5 interrupt preemption processing: a thread raises a software interrupt whose handler
 *    resumes a more urgent thread, which preempts it, counts and suspends itself.
 *  6 message processing: one thread sends a 16-byte message to a queue and receives it back.
 *  7 synchronization processing: one thread takes and gives a semaphore.
 *  8 memory allocation: one thread allocates a 128-byte block from a pool and frees it.
 *
 * Built with TM_LOAD, a load runs beside the test (fw/rtos/echo: the encrypted echo server):
 * tm_load_setup() before the kernel starts, tm_load_lock() before the reporter prints (the
 * load shares the UART), tm_load_end() after the score (the load's own checks). */
#include <stdint.h>
#include <stdio.h>

#include "cv_csr.h"
#include "cv_memmap.h"
#include "cv_os.h"
#include "cv_sim.h"
#include "cv_test.h"
#include "cv_trap.h"

#ifndef TM_TEST
#define TM_TEST 1
#endif
#ifndef TM_TICK
#define TM_TICK 50000u   /* clock cycles per tick */
#endif
#ifndef TM_PERIOD
#define TM_PERIOD 100u   /* ticks: 5,000,000 cycles at the default tick */
#endif
#define STACK 1024u

#ifdef TM_LOAD
void tm_load_setup(void);
void tm_load_lock(void);
void tm_load_end(void);
#endif
#define NT 5

static cv_os_thread_t reporter, th[NT];
static uint8_t reporter_stack[2048] __attribute__((aligned(16)));
static uint8_t stacks[NT][STACK] __attribute__((aligned(16)));
static volatile uint32_t counter[NT + 1];  /* [NT]: the interrupt handler's */

static uint32_t total(void) {
  uint32_t s = 0;
  for (int i = 0; i <= NT; i++) s += counter[i];
  return s;
}

static void spawn(int i, void (*fn)(void *), uint32_t prio) {
  CHECK_EQ(cv_os_thread_create(&th[i], "tm", fn, (void *)(uintptr_t)i, stacks[i], STACK, prio),
           CV_OS_OK);
}

static inline void raise_soft_irq(void) { CV_REG32(CV_TIMER_MSIP_ADDR) = 1; }
static inline void clear_soft_irq(void) { CV_REG32(CV_TIMER_MSIP_ADDR) = 0; }

/* Test threads run at priorities 10..14 (less urgent than the reporter at 1). */
#define PRIO(n) (10u + (n))

#if TM_TEST == 1
static const char *const name = "basic_processing";
static volatile uint32_t work[1024];
static void basic(void *arg) {
  (void)arg;
  for (int i = 0; i < 1024; i++) work[i] = (uint32_t)i;
  for (;;) {
    for (uint32_t i = 0; i < 1024; i++) work[i] = ((work[i] + i) ^ 0x5a5a5a5au) >> 1;
    counter[0]++;
  }
}
static void setup(void) { spawn(0, basic, PRIO(0)); }
static void verify(void) { CHECK(counter[0] > 0); }

#elif TM_TEST == 2
static const char *const name = "cooperative_scheduling";
static void coop(void *arg) {
  uint32_t i = (uint32_t)(uintptr_t)arg;
  for (;;) {
    counter[i]++;
    cv_os_yield();
  }
}
static void setup(void) {
  for (int i = 0; i < NT; i++) spawn(i, coop, PRIO(0));
}
/* Strict turns: no counter is more than one ahead of another. */
static void verify(void) {
  uint32_t lo = UINT32_MAX, hi = 0;
  for (int i = 0; i < NT; i++) {
    if (counter[i] < lo) lo = counter[i];
    if (counter[i] > hi) hi = counter[i];
  }
  CHECK(lo > 0 && hi - lo <= 1);
}

#elif TM_TEST == 3
static const char *const name = "preemptive_scheduling";
/* Thread 0 is the least urgent; thread NT-1 the most. */
static void preempt(void *arg) {
  uint32_t i = (uint32_t)(uintptr_t)arg;
  for (;;) {
    if (i + 1 < NT) cv_os_thread_resume(&th[i + 1]);
    counter[i]++;
    if (i) cv_os_thread_suspend(NULL);
  }
}
static void setup(void) {
  for (int i = 0; i < NT; i++) spawn(i, preempt, PRIO(NT - 1 - i));
  for (int i = 1; i < NT; i++) cv_os_thread_suspend(&th[i]);
}
/* Each pass runs every thread once, most urgent first: the counters differ by at most one. */
static void verify(void) {
  CHECK(counter[0] > 0);
  for (int i = 1; i < NT; i++) CHECK(counter[i] <= counter[0] + 1 && counter[0] <= counter[i] + 1);
}

#elif TM_TEST == 4
static const char *const name = "interrupt_processing";
static cv_os_sem_t sem;
static volatile uint32_t missed;
static void on_soft(void) {
  clear_soft_irq();
  counter[NT]++;
  cv_os_sem_post(&sem);
}
static void irq_thread(void *arg) {
  (void)arg;
  for (;;) {
    raise_soft_irq();
    /* The handler has run a few cycles after the store: the semaphore is there. */
    if (cv_os_sem_wait(&sem, CV_OS_FOREVER) != CV_OS_OK) missed++;
    counter[0]++;
  }
}
static void setup(void) {
  cv_os_sem_init(&sem, 0);
  cv_os_irq_set_handler(CV_IRQ_M_SOFT, on_soft);
  spawn(0, irq_thread, PRIO(0));
}
static void verify(void) {
  CHECK(counter[0] > 0);
  CHECK_EQ(missed, 0);
  CHECK(counter[NT] - counter[0] <= 1);
}

#elif TM_TEST == 5
static const char *const name = "interrupt_preemption_processing";
static void on_soft(void) {
  clear_soft_irq();
  counter[NT]++;
  cv_os_thread_resume(&th[1]);
}
static void low(void *arg) {
  (void)arg;
  for (;;) {
    counter[0]++;
    raise_soft_irq();
  }
}
static void high(void *arg) {
  (void)arg;
  for (;;) {
    counter[1]++;
    cv_os_thread_suspend(NULL);
  }
}
static void setup(void) {
  cv_os_irq_set_handler(CV_IRQ_M_SOFT, on_soft);
  spawn(0, low, PRIO(1));
  spawn(1, high, PRIO(0));
  cv_os_thread_suspend(&th[1]);
}
static void verify(void) {
  CHECK(counter[1] > 0);
  CHECK(counter[NT] - counter[1] <= 1 && counter[0] - counter[NT] <= 1);
}

#elif TM_TEST == 6
static const char *const name = "message_processing";
static cv_os_queue_t q;
static uint32_t qbuf[4][4];
static volatile uint32_t bad;
static void msg_thread(void *arg) {
  (void)arg;
  uint32_t out[4] = {0, 0x11111111u, 0x22222222u, 0x33333333u}, in[4];
  for (;;) {
    out[0]++;
    cv_os_queue_send(&q, out, CV_OS_FOREVER);
    cv_os_queue_recv(&q, in, CV_OS_FOREVER);
    if (in[0] != out[0] || in[3] != out[3]) bad++;
    counter[0]++;
  }
}
static void setup(void) {
  CHECK_EQ(cv_os_queue_init(&q, qbuf, 16, 4), CV_OS_OK);
  spawn(0, msg_thread, PRIO(0));
}
static void verify(void) {
  CHECK(counter[0] > 0);
  CHECK_EQ(bad, 0);
}

#elif TM_TEST == 7
static const char *const name = "synchronization_processing";
static cv_os_sem_t sem;
static volatile uint32_t bad;
static void sync_thread(void *arg) {
  (void)arg;
  for (;;) {
    if (cv_os_sem_wait(&sem, CV_OS_NO_WAIT) != CV_OS_OK) bad++;
    cv_os_sem_post(&sem);
    counter[0]++;
  }
}
static void setup(void) {
  cv_os_sem_init(&sem, 1);
  spawn(0, sync_thread, PRIO(0));
}
static void verify(void) {
  CHECK(counter[0] > 0);
  CHECK_EQ(bad, 0);
}

#elif TM_TEST == 8
static const char *const name = "memory_allocation";
static cv_os_pool_t pool;
static uint32_t pool_mem[16][32];
static volatile uint32_t bad;
static void mem_thread(void *arg) {
  (void)arg;
  for (;;) {
    void *b;
    if (cv_os_pool_alloc(&pool, &b, CV_OS_NO_WAIT) != CV_OS_OK) bad++;
    else cv_os_pool_free(&pool, b);
    counter[0]++;
  }
}
static void setup(void) {
  CHECK_EQ(cv_os_pool_init(&pool, pool_mem, 128, 16), CV_OS_OK);
  spawn(0, mem_thread, PRIO(0));
}
static void verify(void) {
  CHECK(counter[0] > 0);
  CHECK_EQ(bad, 0);
  CHECK(cv_os_pool_nfree(&pool) >= 15);  /* the thread may hold its block */
}

#else
#error "TM_TEST is 1..8"
#endif

static void report(void *arg) {
  (void)arg;
  cv_os_sleep(1);  /* the test's threads have started; measure from a tick */
  uint32_t c0 = cv_mcycle(), n0 = total();
  cv_os_sleep(TM_PERIOD);
  uint32_t n1 = total(), c1 = cv_mcycle();
#ifdef TM_LOAD
  tm_load_lock();
#endif
  printf("tm %s %lu %lu\n", name, (unsigned long)(n1 - n0), (unsigned long)(c1 - c0));
  CHECK(c1 - c0 >= TM_PERIOD * TM_TICK - TM_TICK / 10);
  verify();
#ifdef TM_LOAD
  tm_load_end();
#endif
  CHECK_EQ(cv_os_check(), 0);
  cv_sim_exit(cv_test_done());
}

int main(void) {
  cv_os_init();
  cv_os_set_slice(0);
  setup();
#ifdef TM_LOAD
  tm_load_setup();
#endif
  cv_os_thread_create(&reporter, "report", report, NULL, reporter_stack, sizeof reporter_stack,
                      1);
  cv_os_start(TM_TICK);
}
