// SPDX-License-Identifier: Apache-2.0
/* rtos_stress: NW worker threads at random priorities do random operations on shared
 * semaphores, mutexes, queues and a pool (random timeouts, sleeps, yields, priority changes,
 * self-suspension), while the tick runs every TICK cycles and the workers raise bursts of
 * software interrupts whose handler posts, sends and allocates too. A checker thread at the
 * most urgent priority runs cv_os_check() (the kernel's invariants) at every tick and resumes
 * suspended workers; at the end every object's accounting must balance:
 *  - semaphore: initial + posts - successful waits == count;
 *  - queue: messages sent == received + still queued, each message intact, and the sum of the
 *    (distinct) message numbers sent equal to the sum received (nothing lost or duplicated);
 *  - pool: every block back, and a block is never given to two holders (each holder stamps it
 *    and checks the stamp before freeing);
 *  - mutex: never two holders inside (a per-mutex occupancy count), free at the end.
 * SEED picks the random sequence, ROUNDS the operations per worker. */
#include <stdint.h>
#include <stdio.h>

#include "cv_csr.h"
#include "cv_memmap.h"
#include "cv_os.h"
#include "cv_sim.h"
#include "cv_test.h"
#include "cv_trap.h"
#include "cv_xorshift.h"

#ifndef SEED
#define SEED 1
#endif
#ifndef ROUNDS
#define ROUNDS 20
#endif
#define NW 12
#define TICK 700u
#define STACK 768u
#define NSEM 3
#define NMTX 2
#define NQ 2
#define QCAP 3
#define NBLK 5

static cv_os_thread_t workers[NW], checker;
static uint8_t stacks[NW][STACK] __attribute__((aligned(16)));
static uint8_t checker_stack[1536] __attribute__((aligned(16)));

static cv_os_sem_t sems[NSEM];
static uint32_t sem_init_count[NSEM], sem_posts[NSEM], sem_waits[NSEM];
static cv_os_mutex_t mtx[NMTX];
static volatile uint32_t inside[NMTX];
static cv_os_queue_t qs[NQ];
static uint32_t qbuf[NQ][QCAP][2];
static uint32_t q_sent[NQ], q_recv[NQ];
static uint32_t next_seq[NQ][NW + 1];  /* per queue and sender (NW: the interrupt handler) */
static uint32_t sent_sum[NQ], recv_sum[NQ];
static cv_os_pool_t pool;
static uint32_t pool_mem[NBLK][8];
static volatile uint32_t ops, irqs, errors, burst;
static uint32_t isr_rng = 0x1234567u + SEED;

static void fail(uint32_t code) {
  uint32_t s = cv_os_irq_save();
  if (!errors) printf("stress: error %lu\n", (unsigned long)code);
  errors++;
  cv_os_irq_restore(s);
}

/* Under interrupts off: the counters are shared with the handler. */
static void count(uint32_t *c) {
  uint32_t s = cv_os_irq_save();
  (*c)++;
  cv_os_irq_restore(s);
}

static void msg_make(uint32_t m[2], uint32_t qi, uint32_t sender) {
  uint32_t seq = ++next_seq[qi][sender];
  m[0] = sender << 24 | seq;
  m[1] = ~m[0] * 2654435761u;
}
/* Intact, and accounted as received. */
static void msg_take(const uint32_t m[2], uint32_t qi) {
  if (m[1] != ~m[0] * 2654435761u || (m[0] >> 24) > NW) fail(100);
  uint32_t s = cv_os_irq_save();
  recv_sum[qi] += m[0];
  q_recv[qi]++;
  cv_os_irq_restore(s);
}

/* Each sender identity sends from one context only, so its numbers are distinct. */
static void send(uint32_t qi, uint32_t sender, uint32_t timeout) {
  uint32_t m[2];
  msg_make(m, qi, sender);
  if (cv_os_queue_send(&qs[qi], m, timeout) == CV_OS_OK) {
    uint32_t s = cv_os_irq_save();
    sent_sum[qi] += m[0];
    q_sent[qi]++;
    cv_os_irq_restore(s);
  } else {
    next_seq[qi][sender]--;  /* not sent: the number is used again */
  }
}

static void recv(uint32_t qi, uint32_t timeout) {
  uint32_t m[2];
  if (cv_os_queue_recv(&qs[qi], m, timeout) == CV_OS_OK) msg_take(m, qi);
}

static void on_msip(void) {
  irqs++;
  uint32_t r = cv_xorshift32(&isr_rng);
  if (burst) burst--;
  else CV_REG32(CV_TIMER_MSIP_ADDR) = 0;  /* a burst: the line stays up for the next one */
  switch (r & 3) {
    case 0:
      cv_os_sem_post(&sems[(r >> 4) % NSEM]);
      sem_posts[(r >> 4) % NSEM]++;
      break;
    case 1:
      send((r >> 4) % NQ, NW, CV_OS_NO_WAIT);
      break;
    case 2: {
      void *b;
      if (cv_os_pool_alloc(&pool, &b, CV_OS_NO_WAIT) == CV_OS_OK) {
        ((uint32_t *)b)[0] = 0xdead0000u;
        if (cv_os_pool_free(&pool, b) != CV_OS_OK) fail(200);
      }
      break;
    }
    default:
      recv((r >> 4) % NQ, CV_OS_NO_WAIT);
      break;
  }
}

static uint32_t timeout_of(uint32_t r) {
  switch (r & 3) {
    case 0: return CV_OS_NO_WAIT;
    case 1: return 1;
    case 2: return 2 + (r >> 2) % 4;
    default: return 8;
  }
}

static void worker(void *arg) {
  uint32_t id = (uint32_t)(uintptr_t)arg;
  uint32_t rng = 0x9e3779b9u * (id + 1) + SEED * 7919u;
  cv_os_thread_t *self = cv_os_self();
  for (uint32_t round = 0; round < ROUNDS * 10; round++) {
    uint32_t r = cv_xorshift32(&rng);
    uint32_t a = r >> 8;
    switch (r % 12) {
      case 0: {  /* semaphore wait */
        uint32_t i = a % NSEM;
        if (cv_os_sem_wait(&sems[i], timeout_of(a >> 4)) == CV_OS_OK) count(&sem_waits[i]);
        break;
      }
      case 1: {  /* semaphore post */
        uint32_t i = a % NSEM;
        uint32_t s = cv_os_irq_save();
        cv_os_sem_post(&sems[i]);
        sem_posts[i]++;
        cv_os_irq_restore(s);
        break;
      }
      case 2:
      case 3: {  /* a mutex (or both, in order), work inside, unlock */
        uint32_t first = a % NMTX, both = (a >> 2) & 1;
        if (cv_os_mutex_lock(&mtx[first], timeout_of(a >> 4)) != CV_OS_OK) break;
        if (inside[first]++) fail(300);
        int second = both && first == 0 &&
                     cv_os_mutex_lock(&mtx[1], timeout_of(a >> 8)) == CV_OS_OK;
        if (second && inside[1]++) fail(301);
        if ((a >> 12) & 1) cv_os_yield();
        else if ((a >> 13) & 1) cv_os_sleep(1);
        if (mtx[first].owner != self) fail(302);
        if (second) {
          inside[1]--;
          if (cv_os_mutex_unlock(&mtx[1]) != CV_OS_OK) fail(303);
        }
        inside[first]--;
        if (cv_os_mutex_unlock(&mtx[first]) != CV_OS_OK) fail(304);
        if (self->prio != self->base_prio) fail(305);  /* no inheritance left over */
        break;
      }
      case 4:
        send(a % NQ, id, timeout_of(a >> 4));
        break;
      case 5:
        recv(a % NQ, timeout_of(a >> 4));
        break;
      case 6: {  /* a block: stamped, held a while, checked, freed */
        void *b;
        if (cv_os_pool_alloc(&pool, &b, timeout_of(a >> 4)) != CV_OS_OK) break;
        uint32_t *w = b;
        for (int k = 0; k < 8; k++) w[k] = id << 16 | round;
        if ((a >> 8) & 1) cv_os_sleep(1 + ((a >> 9) & 1));
        else cv_os_yield();
        for (int k = 0; k < 8; k++)
          if (w[k] != (id << 16 | round)) fail(400);
        if (cv_os_pool_free(&pool, b) != CV_OS_OK) fail(401);
        break;
      }
      case 7:
        cv_os_sleep(a % 3);
        break;
      case 8:
        cv_os_yield();
        break;
      case 9:
        cv_os_thread_set_prio(self, 3 + a % 6);
        break;
      case 10:  /* an interrupt burst */
        burst = a % 16;  /* up to 16 interrupts back to back */
        CV_REG32(CV_TIMER_MSIP_ADDR) = 1;
        break;
      default:
        if ((a & 15) == 0) cv_os_thread_suspend(NULL);  /* the checker resumes it */
        else for (volatile uint32_t k = 0; k < (a & 63); k++) {
          }
        break;
    }
    count((uint32_t *)&ops);
  }
}

static void check_thread(void *arg) {
  (void)arg;
  uint32_t checks = 0;
  for (;;) {
    uint32_t e = cv_os_check();
    checks++;
    if (e) fail(500 + e);
    int alive = 0;
    for (int i = 0; i < NW; i++) {
      if (workers[i].state == CV_OS_SUSPENDED) cv_os_thread_resume(&workers[i]);
      if (workers[i].state != CV_OS_DONE) alive = 1;
    }
    if (!alive || errors) break;
    cv_os_sleep(4);
  }
  /* Everything back in balance. */
  CHECK_EQ(errors, 0);
  CHECK_EQ(cv_os_check(), 0);
  for (int i = 0; i < NSEM; i++)
    CHECK_EQ(sems[i].count, sem_init_count[i] + sem_posts[i] - sem_waits[i]);
  for (int i = 0; i < NQ; i++) {
    CHECK_EQ(q_sent[i], q_recv[i] + cv_os_queue_count(&qs[i]));
    uint32_t m[2];
    while (cv_os_queue_recv(&qs[i], m, CV_OS_NO_WAIT) == CV_OS_OK) msg_take(m, i);
    CHECK_EQ(errors, 0);
    CHECK_EQ(q_sent[i], q_recv[i]);
    CHECK_EQ(sent_sum[i], recv_sum[i]);
  }
  CHECK_EQ(cv_os_pool_nfree(&pool), NBLK);
  for (int i = 0; i < NMTX; i++) CHECK(mtx[i].owner == NULL);
  CHECK(checks > 10);
  printf("stress: %lu ops, %lu switches, %lu irqs, %lu ticks, %lu checks\n",
         (unsigned long)ops, (unsigned long)cv_os_switch_count(), (unsigned long)irqs,
         (unsigned long)cv_os_ticks(), (unsigned long)checks);
  cv_sim_exit(cv_test_done());
}

int main(void) {
  cv_os_init();
  uint32_t rng = 0xabcdef01u ^ SEED;
  for (int i = 0; i < NSEM; i++) {
    sem_init_count[i] = cv_xorshift32(&rng) % 3;
    cv_os_sem_init(&sems[i], sem_init_count[i]);
  }
  for (int i = 0; i < NMTX; i++) cv_os_mutex_init(&mtx[i]);
  for (int i = 0; i < NQ; i++) cv_os_queue_init(&qs[i], qbuf[i], 8, QCAP);
  cv_os_pool_init(&pool, pool_mem, 32, NBLK);
  cv_os_irq_set_handler(CV_IRQ_M_SOFT, on_msip);
  cv_os_thread_create(&checker, "check", check_thread, NULL, checker_stack,
                      sizeof checker_stack, 0);
  for (uint32_t i = 0; i < NW; i++)
    cv_os_thread_create(&workers[i], "w", worker, (void *)(uintptr_t)i, stacks[i], STACK,
                        3 + cv_xorshift32(&rng) % 6);
  cv_os_start(TICK);
}
