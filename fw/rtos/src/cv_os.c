// SPDX-License-Identifier: Apache-2.0
/* cv_os.c: the Cipher-V RTOS kernel: scheduler, tick, threads, semaphores, mutexes with priority
 * inheritance, message queues and memory pools. The trap entry and the register save/restore
 * are in cv_os_switch.S; fw/rtos/README.md explains the design.
 *
 * Invariants (checked by the stress test through cv_os_check):
 *  - a READY thread is on cv_os_ready[prio], and bit prio of ready_mask is set iff
 *    cv_os_ready[prio] is not empty; cv_os_top is the mask's lowest set bit (CV_OS_PRIOS when
 *    it is 0); the idle thread is on no list and runs when ready_mask is 0;
 *  - the running thread (cur) is READY and, unless its slice just ended, the head of the most
 *    urgent non-empty ready list;
 *  - a BLOCKED thread is on exactly one wait list (waiting_on), in priority order, and on the
 *    timer list unless it waits forever; a SLEEPING thread is on the timer list only;
 *  - a thread's prio is the most urgent of its base_prio and the head waiter of every mutex it
 *    holds (priority inheritance).
 * Kernel state changes with interrupts off. A call from a thread switches at once when it made
 * a more urgent thread ready; a call from an interrupt handler leaves the choice to the end of
 * the interrupt (the trap entry in cv_os_switch.S), so a handler never switches stacks under
 * itself. */
#include "cv_os.h"

#include <stdio.h>
#include <string.h>

#include "cv_csr.h"
#include "cv_sim.h"
#include "cv_timer.h"
#include "cv_trap.h"

#define CONTAINER(ptr, type, member) ((type *)((uint8_t *)(ptr) - offsetof(type, member)))
#define FRAME_BYTES 144u
#define FRAME_MEPC  (128u / 4u)

/* Used by cv_os_switch.S. */
cv_os_thread_t *cv_os_cur;
volatile uint32_t cv_os_stamp_irq;

cv_os_node_t cv_os_ready[CV_OS_PRIOS];  /* used by cv_os_switch.S */
static uint32_t ready_mask;
uint32_t cv_os_top = CV_OS_PRIOS;  /* the most urgent non-empty ready list; PRIOS: none */
static cv_os_node_t timers;
cv_os_thread_t cv_os_idle;
static volatile uint32_t ticks;
static uint32_t tick_cycles;
static uint32_t slice_ticks = CV_OS_SLICE;
static uint64_t next_cmp;
static uint32_t started;
uint32_t cv_os_switches;
/* Non-zero where the kernel must not switch: inside an interrupt handler (the trap entry sets
 * it around the handler) and before cv_os_start. Used by cv_os_switch.S. */
uint32_t no_switch = 1;
/* The trap entry calls cv_os_irq_fn[cause] for an interrupt: the tick, a handler of
 * cv_os_irq_set_handler, or unexpected_irq. */
void (*cv_os_irq_fn[32])(void);
static void tick(void);
static void unexpected_irq(void);
static cv_os_thread_t *all;  /* every created thread, through next_all (cv_os_check) */

void cv_os_switch(cv_os_thread_t *cur, cv_os_thread_t *next);
void cv_os_trap_entry(void);

/* ---- lists ---- */

static inline void list_init(cv_os_node_t *h) { h->next = h->prev = h; }
static inline int list_empty(const cv_os_node_t *h) { return h->next == h; }
static inline void list_insert_before(cv_os_node_t *pos, cv_os_node_t *n) {
  n->next = pos;
  n->prev = pos->prev;
  pos->prev->next = n;
  pos->prev = n;
}
static inline void list_remove(cv_os_node_t *n) {
  n->prev->next = n->next;
  n->next->prev = n->prev;
  n->next = n->prev = NULL;
}

/* Index of the lowest set bit of x (x != 0), by de Bruijn multiplication: rv32im has no ctz. */
static inline uint32_t ctz32(uint32_t x) {
  static const uint8_t tbl[32] = {0,  1,  28, 2,  29, 14, 24, 3,  30, 22, 20, 15, 25, 17, 4,  8,
                                  31, 27, 13, 23, 21, 19, 16, 7,  26, 12, 18, 6,  11, 5,  10, 9};
  return tbl[((x & -x) * 0x077CB531u) >> 27];
}

/* ---- ready lists ---- */

/* `top` follows every change, so that choosing the next thread is two loads; the search of
 * the mask happens only when the most urgent list empties. */
static inline void ready_add_tail(cv_os_thread_t *t) {
  uint32_t p = t->prio;
  list_insert_before(&cv_os_ready[p], &t->rq);
  ready_mask |= 1u << p;
  if (p < cv_os_top) cv_os_top = p;
}
static inline void ready_add_head(cv_os_thread_t *t) {
  uint32_t p = t->prio;
  list_insert_before(cv_os_ready[p].next, &t->rq);
  ready_mask |= 1u << p;
  if (p < cv_os_top) cv_os_top = p;
}
static inline void ready_del(cv_os_thread_t *t) {
  uint32_t p = t->prio;
  list_remove(&t->rq);
  if (list_empty(&cv_os_ready[p])) {
    uint32_t m = ready_mask &= ~(1u << p);
    if (p == cv_os_top) cv_os_top = m ? ctz32(m) : CV_OS_PRIOS;
  }
}

static inline cv_os_thread_t *pick(void) {
  uint32_t p = cv_os_top;
  if (p == CV_OS_PRIOS) return &cv_os_idle;
  return CONTAINER(cv_os_ready[p].next, cv_os_thread_t, rq);
}

/* After a state change: switch now (thread context) or at the end of the interrupt. Inline:
 * the switched-out thread later returns through one call frame fewer. */
static inline __attribute__((always_inline)) void sched(void) {
  if (no_switch) return;
  cv_os_thread_t *n = pick();
  if (n != cv_os_cur) {
    cv_os_switches++;
    cv_os_switch(cv_os_cur, n);
  }
}

/* ---- wait lists and the timer list ---- */

static void waitq_insert(cv_os_waitq_t *q, cv_os_thread_t *t) {
  cv_os_node_t *pos = q->head.next;
  while (pos != &q->head && CONTAINER(pos, cv_os_thread_t, rq)->prio <= t->prio) pos = pos->next;
  list_insert_before(pos, &t->rq);
}

static inline cv_os_thread_t *waitq_head(cv_os_waitq_t *q) {
  return list_empty(&q->head) ? NULL : CONTAINER(q->head.next, cv_os_thread_t, rq);
}

static void timer_insert(cv_os_thread_t *t, uint32_t wake) {
  t->wake_tick = wake;
  cv_os_node_t *pos = timers.next;
  while (pos != &timers && (int32_t)(CONTAINER(pos, cv_os_thread_t, tq)->wake_tick - wake) <= 0)
    pos = pos->next;
  list_insert_before(pos, &t->tq);
}

static void pi_update(cv_os_mutex_t *m);

/* Makes a BLOCKED or SLEEPING thread ready; its blocking call returns status. */
static void wake(cv_os_thread_t *t, cv_os_status_t status) {
  if (t->tq.next) list_remove(&t->tq);
  if (t->state == CV_OS_BLOCKED) {
    list_remove(&t->rq);
    cv_os_mutex_t *m = t->blocked_mutex;
    t->waiting_on = NULL;
    t->blocked_mutex = NULL;
    /* A mutex waiter that gives up no longer lends its priority. */
    if (m && status != CV_OS_OK) pi_update(m);
  }
  t->wake_status = (uint8_t)status;
  t->state = CV_OS_READY;
  ready_add_tail(t);
}

/* Blocks the running thread on q (NULL: sleep only) for timeout ticks; returns the status its
 * waker gave. Called with interrupts off, from a thread. */
static cv_os_status_t block(cv_os_waitq_t *q, uint32_t timeout) {
  cv_os_thread_t *t = cv_os_cur;
  ready_del(t);
  if (q) {
    t->state = CV_OS_BLOCKED;
    t->waiting_on = q;
    waitq_insert(q, t);
  } else {
    t->state = CV_OS_SLEEPING;
  }
  if (timeout != CV_OS_FOREVER) timer_insert(t, ticks + timeout);
  t->wake_status = CV_OS_TIMEOUT;
  if (t->blocked_mutex) pi_update(t->blocked_mutex);
  sched();
  return (cv_os_status_t)t->wake_status;
}

/* ---- priorities and inheritance ---- */

static void set_prio(cv_os_thread_t *t, uint32_t p) {
  if (t->prio == p) return;
  if (t->state == CV_OS_READY && t != &cv_os_idle) {
    ready_del(t);
    t->prio = (uint8_t)p;
    /* The running thread keeps running at its new priority: first of its new list. */
    if (t == cv_os_cur) ready_add_head(t);
    else ready_add_tail(t);
  } else if (t->state == CV_OS_BLOCKED) {
    list_remove(&t->rq);
    t->prio = (uint8_t)p;
    waitq_insert(t->waiting_on, t);
  } else {
    t->prio = (uint8_t)p;
  }
}

/* The priority a thread is owed: its base, or a waiter's on a mutex it holds if more urgent. */
static uint32_t owed_prio(const cv_os_thread_t *t) {
  uint32_t p = t->base_prio;
  for (cv_os_mutex_t *m = t->held; m; m = m->next_held) {
    cv_os_thread_t *w = waitq_head(&m->waiters);
    if (w && w->prio < p) p = w->prio;
  }
  return p;
}

/* Recomputes the owner of m, and along the chain of owners blocked on further mutexes. The
 * chain is bounded: a cycle is a deadlock, which the kernel does not resolve. */
static void pi_update(cv_os_mutex_t *m) {
  for (uint32_t hop = 0; m && m->owner && hop < 16; hop++) {
    cv_os_thread_t *o = m->owner;
    set_prio(o, owed_prio(o));
    m = o->state == CV_OS_BLOCKED ? o->blocked_mutex : NULL;
  }
}

/* ---- kernel ---- */

void cv_os_init(void) {
  for (uint32_t i = 0; i < CV_OS_PRIOS; i++) list_init(&cv_os_ready[i]);
  list_init(&timers);
  ready_mask = 0;
  cv_os_top = CV_OS_PRIOS;
  ticks = 0;
  no_switch = 1;
  started = cv_os_switches = 0;
  for (uint32_t i = 0; i < 32; i++) cv_os_irq_fn[i] = unexpected_irq;
  cv_os_irq_fn[CV_IRQ_M_TIMER] = tick;
  all = NULL;
  memset(&cv_os_idle, 0, sizeof cv_os_idle);
  cv_os_idle.prio = cv_os_idle.base_prio = CV_OS_PRIOS;  /* below every thread */
  cv_os_idle.state = CV_OS_READY;
  cv_os_idle.name = "idle";
  cv_os_cur = &cv_os_idle;
}

uint32_t cv_os_ticks(void) { return ticks; }

void cv_os_set_slice(uint32_t n) {
  uint32_t s = cv_os_irq_save();
  slice_ticks = n;
  for (cv_os_thread_t *t = all; t; t = t->next_all) t->slice = n;
  cv_os_irq_restore(s);
}
uint32_t cv_os_tick_cycles(void) { return tick_cycles; }
uint32_t cv_os_switch_count(void) { return cv_os_switches; }
int cv_os_in_isr(void) { return (int)(no_switch && started); }

void cv_os_start(uint32_t cycles) {
  cv_os_irq_save();
  tick_cycles = cycles;
  CV_CSR_WRITE(mtvec, (uint32_t)cv_os_trap_entry);
  next_cmp = cv_timer_now() + cycles;
  cv_timer_set(next_cmp);
  CV_CSR_SET(mie, CV_MIE_MTIE);
  started = 1;
  no_switch = 0;
  sched();
  /* Nothing is ready: main's stack is the idle thread from here on. */
  cv_irq_enable();
  for (;;) __asm__ volatile("wfi");
}

/* ---- threads ---- */

cv_os_status_t cv_os_thread_create(cv_os_thread_t *t, const char *name, void (*entry)(void *),
                                   void *arg, void *stack, size_t stack_size, uint32_t prio) {
  if (prio >= CV_OS_PRIOS || stack_size < CV_OS_STACK_MIN) return CV_OS_ERR_PARAM;
  uint32_t s = cv_os_irq_save();
  /* A TCB may be used again once its thread has ended; it stays listed once in `all`. */
  cv_os_thread_t *p = all;
  while (p && p != t) p = p->next_all;
  if (p && t->state != CV_OS_DONE) {
    cv_os_irq_restore(s);
    return CV_OS_ERR_PARAM;
  }
  cv_os_thread_t *keep = p ? t->next_all : all;
  for (uint32_t i = 0; i < sizeof *t / 4u; i++) ((uint32_t *)t)[i] = 0;
  t->next_all = keep;
  if (!p) all = t;
  uint32_t top = ((uint32_t)stack + stack_size) & ~15u;
  uint32_t *frame = (uint32_t *)(top - FRAME_BYTES);
  for (uint32_t i = 0; i < FRAME_BYTES / 4u; i++) frame[i] = 0;
  frame[1] = (uint32_t)cv_os_thread_exit;  /* ra: returning from entry ends the thread */
  frame[10] = (uint32_t)arg;               /* a0 */
  frame[FRAME_MEPC] = (uint32_t)entry;     /* a full frame: resumed with mret at entry */
  t->sp = (uint32_t)frame;
  t->prio = t->base_prio = (uint8_t)prio;
  t->slice = slice_ticks;
  t->name = name;
  t->state = CV_OS_READY;
  ready_add_tail(t);
  sched();
  cv_os_irq_restore(s);
  return CV_OS_OK;
}

/* The running thread is the head of the most urgent ready list, so the next one is the thread
 * behind it (if any), and moving the list's head sentinel one place on puts the running thread
 * last. No search, no generic rescheduling: this is the cooperative switch's short path. */
void cv_os_yield(void) {
  uint32_t s = cv_os_irq_save();
  cv_os_thread_t *t = cv_os_cur;
  cv_os_node_t *n = t->rq.next, *h = t->rq.prev;  /* idle: both NULL */
  /* Another thread on its list, and not in a handler (which runs on the thread's stack and
   * cannot switch from there). */
  if ((n != h) & !no_switch) {
    /* last, h, t, n -> last, t, h, n (h is the sentinel: n becomes the head) */
    h->prev->next = &t->rq;
    t->rq.prev = h->prev;
    t->rq.next = h;
    h->prev = &t->rq;
    h->next = n;
    n->prev = h;
    t->slice = slice_ticks;
    cv_os_switches++;
    cv_os_switch(t, CONTAINER(n, cv_os_thread_t, rq));
  }
  cv_os_irq_restore(s);
}

void cv_os_sleep(uint32_t n) {
  if (no_switch) return;
  if (n == 0) {
    cv_os_yield();
    return;
  }
  uint32_t s = cv_os_irq_save();
  block(NULL, n);
  cv_os_irq_restore(s);
}

void cv_os_thread_set_prio(cv_os_thread_t *t, uint32_t prio) {
  if (prio >= CV_OS_PRIOS) return;
  uint32_t s = cv_os_irq_save();
  t->base_prio = (uint8_t)prio;
  set_prio(t, owed_prio(t));
  if (t->state == CV_OS_BLOCKED && t->blocked_mutex) pi_update(t->blocked_mutex);
  sched();
  cv_os_irq_restore(s);
}

void cv_os_thread_suspend(cv_os_thread_t *t) {
  uint32_t s = cv_os_irq_save();
  if (!t) t = cv_os_cur;
  if (t->state == CV_OS_READY && t != &cv_os_idle) {
    ready_del(t);
    t->state = CV_OS_SUSPENDED;
    sched();
  }
  cv_os_irq_restore(s);
}

void cv_os_thread_resume(cv_os_thread_t *t) {
  uint32_t s = cv_os_irq_save();
  if (t->state == CV_OS_SUSPENDED) {
    t->state = CV_OS_READY;
    ready_add_tail(t);
    sched();
  }
  cv_os_irq_restore(s);
}

void cv_os_thread_exit(void) {
  cv_os_irq_save();
  cv_os_thread_t *t = cv_os_cur;
  ready_del(t);
  t->state = CV_OS_DONE;
  sched();
  for (;;) {
  }
}

/* ---- interrupts ---- */

void cv_os_irq_set_handler(uint32_t irq, void (*fn)(void)) {
  if (irq >= 32 || irq == CV_IRQ_M_TIMER) return;
  uint32_t s = cv_os_irq_save();
  cv_os_irq_fn[irq] = fn ? fn : unexpected_irq;
  if (fn) CV_CSR_SET(mie, 1u << irq);
  else CV_CSR_CLEAR(mie, 1u << irq);
  cv_os_irq_restore(s);
}

static void unexpected_irq(void) {
  printf("cv_os: unexpected interrupt %lu\n", (unsigned long)(CV_CSR_READ(mcause) & 31u));
  cv_sim_exit(CV_EXIT_UNEXPECTED_TRAP);
}

static void tick(void) {
  next_cmp += tick_cycles;
  cv_timer_set(next_cmp);
  uint32_t now = ++ticks;
  while (!list_empty(&timers)) {
    cv_os_thread_t *t = CONTAINER(timers.next, cv_os_thread_t, tq);
    if ((int32_t)(now - t->wake_tick) < 0) break;
    wake(t, t->state == CV_OS_SLEEPING ? CV_OS_OK : CV_OS_TIMEOUT);
  }
  cv_os_thread_t *c = cv_os_cur;
  if (slice_ticks && c != &cv_os_idle && c->state == CV_OS_READY && --c->slice == 0) {
    c->slice = slice_ticks;
    if (c->rq.next != c->rq.prev) {  /* round robin: to the back of its list */
      list_remove(&c->rq);
      list_insert_before(&cv_os_ready[c->prio], &c->rq);
    }
  }
}

/* The trap entry (cv_os_switch.S) calls cv_os_irq_fn[cause] itself, with no_switch set; then
 * it clears no_switch and picks the next thread as pick() does, inline: the offsets it uses. */
_Static_assert(offsetof(cv_os_thread_t, rq) == 8, "cv_os_switch.S: RQ");
_Static_assert(CV_OS_PRIOS == 32, "cv_os_switch.S: CV_OS_PRIOS");

/* ---- semaphores ---- */

void cv_os_sem_init(cv_os_sem_t *s, uint32_t count) {
  s->count = count;
  list_init(&s->waiters.head);
}

cv_os_status_t cv_os_sem_wait(cv_os_sem_t *sem, uint32_t timeout) {
  uint32_t s = cv_os_irq_save();
  cv_os_status_t r = CV_OS_OK;
  if (sem->count) {
    sem->count--;
  } else if (timeout == CV_OS_NO_WAIT) {
    r = CV_OS_TIMEOUT;
  } else if (no_switch) {
    r = CV_OS_ERR_CONTEXT;
  } else {
    r = block(&sem->waiters, timeout);
  }
  cv_os_irq_restore(s);
  return r;
}

void cv_os_sem_post(cv_os_sem_t *sem) {
  uint32_t s = cv_os_irq_save();
  cv_os_thread_t *w = waitq_head(&sem->waiters);
  if (w) {
    wake(w, CV_OS_OK);
    sched();
  } else {
    sem->count++;
  }
  cv_os_irq_restore(s);
}

/* ---- mutexes ---- */

void cv_os_mutex_init(cv_os_mutex_t *m) {
  m->owner = NULL;
  m->depth = 0;
  m->next_held = NULL;
  list_init(&m->waiters.head);
}

static void take(cv_os_mutex_t *m, cv_os_thread_t *t) {
  m->owner = t;
  m->depth = 1;
  m->next_held = t->held;
  t->held = m;
}

cv_os_status_t cv_os_mutex_lock(cv_os_mutex_t *m, uint32_t timeout) {
  if (no_switch) return CV_OS_ERR_CONTEXT;
  uint32_t s = cv_os_irq_save();
  cv_os_thread_t *t = cv_os_cur;
  cv_os_status_t r = CV_OS_OK;
  if (!m->owner) {
    take(m, t);
  } else if (m->owner == t) {
    m->depth++;
  } else if (timeout == CV_OS_NO_WAIT) {
    r = CV_OS_TIMEOUT;
  } else {
    t->blocked_mutex = m;
    r = block(&m->waiters, timeout);  /* OK: the unlocker handed the mutex over */
  }
  cv_os_irq_restore(s);
  return r;
}

cv_os_status_t cv_os_mutex_unlock(cv_os_mutex_t *m) {
  uint32_t s = cv_os_irq_save();
  cv_os_thread_t *t = cv_os_cur;
  if (m->owner != t || no_switch) {
    cv_os_irq_restore(s);
    return CV_OS_ERR_OWNER;
  }
  if (--m->depth == 0) {
    cv_os_mutex_t **pp = &t->held;
    while (*pp != m) pp = &(*pp)->next_held;
    *pp = m->next_held;
    m->owner = NULL;
    cv_os_thread_t *w = waitq_head(&m->waiters);
    if (w) {
      w->blocked_mutex = NULL;
      wake(w, CV_OS_OK);
      take(m, w);
      set_prio(w, owed_prio(w));  /* the waiters left behind lend it their priority */
    } else if (t->prio == t->base_prio) {
      /* Short way: nobody woke and nothing was lent, so nothing changes. */
      cv_os_irq_restore(s);
      return CV_OS_OK;
    }
    set_prio(t, owed_prio(t));
    sched();
  }
  cv_os_irq_restore(s);
  return CV_OS_OK;
}

/* The common case of two locks (the drivers take an engine's and the DMA's for every call):
 * both free on the way in, both held once with nobody waiting on the way out. */
cv_os_status_t cv_os_mutex_lock2(cv_os_mutex_t *a, cv_os_mutex_t *b, uint32_t timeout) {
  if (no_switch) return CV_OS_ERR_CONTEXT;
  uint32_t s = cv_os_irq_save();
  if (!a->owner && !b->owner) {
    cv_os_thread_t *t = cv_os_cur;
    take(a, t);
    take(b, t);
    cv_os_irq_restore(s);
    return CV_OS_OK;
  }
  cv_os_irq_restore(s);
  cv_os_status_t r = cv_os_mutex_lock(a, timeout);
  if (r != CV_OS_OK) return r;
  r = cv_os_mutex_lock(b, timeout);
  if (r != CV_OS_OK) (void)cv_os_mutex_unlock(a);
  return r;
}

cv_os_status_t cv_os_mutex_unlock2(cv_os_mutex_t *a, cv_os_mutex_t *b) {
  uint32_t s = cv_os_irq_save();
  cv_os_thread_t *t = cv_os_cur;
  /* b on top of a on the held list, each held once, nobody waiting, nothing lent: popping the
   * two is all there is to do (no wake, no priority change, no switch). */
  if (!no_switch && t->held == b && b->next_held == a && a->owner == t && b->owner == t &&
      (a->depth | b->depth) == 1 && list_empty(&a->waiters.head) &&
      list_empty(&b->waiters.head) && t->prio == t->base_prio) {
    t->held = a->next_held;
    a->owner = b->owner = NULL;
    a->depth = b->depth = 0;
    cv_os_irq_restore(s);
    return CV_OS_OK;
  }
  cv_os_irq_restore(s);
  const cv_os_status_t r = cv_os_mutex_unlock(b);
  const cv_os_status_t r2 = cv_os_mutex_unlock(a);
  return r != CV_OS_OK ? r : r2;
}

/* ---- message queues ---- */

static inline void copy_words(void *dst, const void *src, uint32_t n) {
  uint32_t *d = dst;
  const uint32_t *p = src;
  for (uint32_t i = 0; i < n / 4u; i++) d[i] = p[i];
}

cv_os_status_t cv_os_queue_init(cv_os_queue_t *q, void *buf, uint32_t msg_size,
                                uint32_t capacity) {
  if (!msg_size || (msg_size & 3u) || !capacity || ((uint32_t)buf & 3u)) return CV_OS_ERR_PARAM;
  q->buf = buf;
  q->msg_size = msg_size;
  q->capacity = capacity;
  q->count = q->head = 0;
  list_init(&q->senders.head);
  list_init(&q->receivers.head);
  return CV_OS_OK;
}

static inline uint8_t *slot(cv_os_queue_t *q, uint32_t i) {
  if (i >= q->capacity) i -= q->capacity;
  return q->buf + i * q->msg_size;
}

cv_os_status_t cv_os_queue_send(cv_os_queue_t *q, const void *msg, uint32_t timeout) {
  uint32_t s = cv_os_irq_save();
  cv_os_status_t r = CV_OS_OK;
  cv_os_thread_t *w = waitq_head(&q->receivers);
  if (w) {  /* receivers wait only on an empty queue: hand the message over */
    copy_words(w->msg, msg, q->msg_size);
    wake(w, CV_OS_OK);
    sched();
  } else if (q->count < q->capacity) {
    copy_words(slot(q, q->head + q->count), msg, q->msg_size);
    q->count++;
  } else if (timeout == CV_OS_NO_WAIT) {
    r = CV_OS_TIMEOUT;
  } else if (no_switch) {
    r = CV_OS_ERR_CONTEXT;
  } else {
    cv_os_cur->msg = (void *)msg;  /* a receiver copies it when a slot frees */
    r = block(&q->senders, timeout);
  }
  cv_os_irq_restore(s);
  return r;
}

cv_os_status_t cv_os_queue_recv(cv_os_queue_t *q, void *msg, uint32_t timeout) {
  uint32_t s = cv_os_irq_save();
  cv_os_status_t r = CV_OS_OK;
  if (q->count) {
    copy_words(msg, slot(q, q->head), q->msg_size);
    q->head = q->head + 1 == q->capacity ? 0 : q->head + 1;
    q->count--;
    cv_os_thread_t *w = waitq_head(&q->senders);
    if (w) {  /* senders wait only on a full queue: its message takes the freed slot */
      copy_words(slot(q, q->head + q->count), w->msg, q->msg_size);
      q->count++;
      wake(w, CV_OS_OK);
      sched();
    }
  } else if (timeout == CV_OS_NO_WAIT) {
    r = CV_OS_TIMEOUT;
  } else if (no_switch) {
    r = CV_OS_ERR_CONTEXT;
  } else {
    cv_os_cur->msg = msg;
    r = block(&q->receivers, timeout);
  }
  cv_os_irq_restore(s);
  return r;
}

uint32_t cv_os_queue_count(const cv_os_queue_t *q) { return q->count; }

/* ---- memory pools ---- */

cv_os_status_t cv_os_pool_init(cv_os_pool_t *p, void *mem, uint32_t block_size,
                               uint32_t nblocks) {
  if (block_size < 4 || (block_size & 3u) || !nblocks || ((uint32_t)mem & 3u))
    return CV_OS_ERR_PARAM;
  p->start = mem;
  p->end = (uint8_t *)mem + block_size * nblocks;
  p->block_size = block_size;
  p->nfree = nblocks;
  p->free = NULL;
  for (uint32_t i = nblocks; i-- > 0;) {  /* the free list in address order */
    void **b = (void **)(p->start + i * block_size);
    *b = p->free;
    p->free = b;
  }
  list_init(&p->waiters.head);
  return CV_OS_OK;
}

cv_os_status_t cv_os_pool_alloc(cv_os_pool_t *p, void **out, uint32_t timeout) {
  uint32_t s = cv_os_irq_save();
  cv_os_status_t r = CV_OS_OK;
  if (p->free) {
    void **b = p->free;
    p->free = *b;
    p->nfree--;
    *out = b;
  } else if (timeout == CV_OS_NO_WAIT || no_switch) {
    *out = NULL;
    r = timeout == CV_OS_NO_WAIT ? CV_OS_TIMEOUT : CV_OS_ERR_CONTEXT;
  } else {
    *out = NULL;
    cv_os_cur->msg = out;  /* the freeing thread writes the block here */
    r = block(&p->waiters, timeout);
  }
  cv_os_irq_restore(s);
  return r;
}

cv_os_status_t cv_os_pool_free(cv_os_pool_t *p, void *block) {
  uint8_t *b = block;
  if (b < p->start || b >= p->end || (uint32_t)(b - p->start) % p->block_size)
    return CV_OS_ERR_PARAM;
  uint32_t s = cv_os_irq_save();
  cv_os_thread_t *w = waitq_head(&p->waiters);
  if (w) {
    *(void **)w->msg = block;
    wake(w, CV_OS_OK);
    sched();
  } else {
    *(void **)block = p->free;
    p->free = block;
    p->nfree++;
  }
  cv_os_irq_restore(s);
  return CV_OS_OK;
}

uint32_t cv_os_pool_nfree(const cv_os_pool_t *p) { return p->nfree; }

/* ---- self-check (tests) ---- */

static int on_list(const cv_os_node_t *head, const cv_os_node_t *n) {
  for (const cv_os_node_t *p = head->next; p != head; p = p->next)
    if (p == n) return 1;
  return 0;
}

uint32_t cv_os_check(void) {
  uint32_t s = cv_os_irq_save();
  uint32_t err = 0;
  for (uint32_t p = 0; p < CV_OS_PRIOS && !err; p++) {
    if (!list_empty(&cv_os_ready[p]) != !!(ready_mask & (1u << p))) err = 1;
    for (cv_os_node_t *n = cv_os_ready[p].next; n != &cv_os_ready[p] && !err; n = n->next) {
      cv_os_thread_t *t = CONTAINER(n, cv_os_thread_t, rq);
      if (t->state != CV_OS_READY || t->prio != p) err = 2;
    }
  }
  if (!err && cv_os_top != (ready_mask ? ctz32(ready_mask) : CV_OS_PRIOS)) err = 14;
  if (!err && cv_os_cur != pick()) err = 3;
  if (!err && cv_os_cur != &cv_os_idle && cv_os_cur->rq.prev != &cv_os_ready[cv_os_cur->prio])
    err = 13;
  uint32_t prev = 0;
  for (cv_os_node_t *n = timers.next; n != &timers && !err; n = n->next) {
    cv_os_thread_t *t = CONTAINER(n, cv_os_thread_t, tq);
    if (n != timers.next && (int32_t)(t->wake_tick - prev) < 0) err = 4;
    if (t->state != CV_OS_BLOCKED && t->state != CV_OS_SLEEPING) err = 5;
    prev = t->wake_tick;
  }
  for (cv_os_thread_t *t = all; t && !err; t = t->next_all) {
    if (t->prio != owed_prio(t)) err = 6;
    else if (t->state == CV_OS_READY && !on_list(&cv_os_ready[t->prio], &t->rq)) err = 7;
    else if (t->state == CV_OS_BLOCKED) {
      if (!t->waiting_on || !on_list(&t->waiting_on->head, &t->rq)) err = 8;
      cv_os_node_t *h = &t->waiting_on->head;
      for (cv_os_node_t *n = h->next; !err && n != h && n->next != h; n = n->next)
        if (CONTAINER(n, cv_os_thread_t, rq)->prio > CONTAINER(n->next, cv_os_thread_t, rq)->prio)
          err = 9;
    } else if (t->state == CV_OS_SLEEPING && !t->tq.next) err = 10;
    else if ((t->state == CV_OS_SUSPENDED || t->state == CV_OS_DONE) && (t->rq.next || t->tq.next))
      err = 11;
    for (cv_os_mutex_t *m = t->held; m && !err; m = m->next_held)
      if (m->owner != t || !m->depth) err = 12;
  }
  cv_os_irq_restore(s);
  return err;
}
