// SPDX-License-Identifier: Apache-2.0
/* cv_os.h: the Cipher-V RTOS, a small preemptive kernel for one RV32IM hart in machine mode.
 *
 * Threads have a priority 0..31 (0 is the most urgent) and run round-robin within a priority,
 * one time slice (cv_os_set_slice, default CV_OS_SLICE ticks) each. The tick comes from the
 * machine timer (mtimecmp); any interrupt can make a more urgent thread ready and the switch
 * happens on the way out of the interrupt. Blocking calls take a timeout in ticks:
 * CV_OS_NO_WAIT returns at once, CV_OS_FOREVER waits without limit. Calls marked "ISR-safe"
 * may be made from an interrupt handler (registered with cv_os_irq_set_handler) with
 * CV_OS_NO_WAIT; no other call may. Before cv_os_start the same holds as in a handler: objects
 * and threads can be set up, nothing can block.
 *
 * Objects (threads, semaphores, ...) live in memory the caller provides; the kernel never
 * allocates. fw/rtos/README.md describes the design and how its cycle costs are measured. */
#ifndef CV_OS_H
#define CV_OS_H

#include <stddef.h>
#include <stdint.h>

/* Results of the blocking calls. */
typedef enum {
  CV_OS_OK = 0,
  CV_OS_TIMEOUT = 1,     /* the timeout expired (or CV_OS_NO_WAIT and the object was busy) */
  CV_OS_ERR_PARAM = 2,   /* a bad argument (size, priority, an object in the wrong state) */
  CV_OS_ERR_OWNER = 3,   /* a mutex unlocked by a thread that does not own it */
  CV_OS_ERR_CONTEXT = 4, /* a blocking call from an interrupt handler */
} cv_os_status_t;

#define CV_OS_PRIOS     32u
#define CV_OS_NO_WAIT   0u
#define CV_OS_FOREVER   0xffffffffu
#define CV_OS_SLICE     1u      /* the default of cv_os_set_slice */
/* The smallest stack a thread can have: a trap frame plus the kernel's and a handler's calls. */
#define CV_OS_STACK_MIN 512u

typedef struct cv_os_thread cv_os_thread_t;

/* A doubly-linked list node; the kernel's lists are circular with a sentinel head. */
typedef struct cv_os_node {
  struct cv_os_node *next, *prev;
} cv_os_node_t;

/* A list of threads waiting for an object, most urgent first, FIFO within a priority. */
typedef struct {
  cv_os_node_t head;
} cv_os_waitq_t;

typedef enum {
  CV_OS_READY = 0,
  CV_OS_BLOCKED = 1,    /* on an object's wait list, and on the timer list unless FOREVER */
  CV_OS_SLEEPING = 2,   /* on the timer list only */
  CV_OS_SUSPENDED = 3,  /* on no list until cv_os_thread_resume */
  CV_OS_DONE = 4,       /* returned from its entry function */
} cv_os_state_t;

typedef struct cv_os_mutex cv_os_mutex_t;

struct cv_os_thread {
  uint32_t sp;                 /* saved stack pointer (offset 0: the switch code uses it) */
  uint8_t prio;                /* effective priority: base, or inherited through a mutex */
  uint8_t base_prio;
  uint8_t state;               /* cv_os_state_t */
  uint8_t wake_status;         /* cv_os_status_t the blocking call returns */
  cv_os_node_t rq;             /* ready list or an object's wait list */
  cv_os_node_t tq;             /* timer list */
  uint32_t wake_tick;
  cv_os_waitq_t *waiting_on;   /* the wait list the thread is on while BLOCKED */
  cv_os_mutex_t *blocked_mutex;/* the mutex it waits for (priority inheritance follows it) */
  cv_os_mutex_t *held;         /* mutexes it owns, linked through cv_os_mutex_t.next_held */
  void *msg;                   /* a queue's message buffer during a direct hand-over */
  uint32_t slice;              /* ticks left of its time slice */
  const char *name;
  cv_os_thread_t *next_all;    /* every thread, for cv_os_check */
};

typedef struct {
  uint32_t count;
  cv_os_waitq_t waiters;
} cv_os_sem_t;

struct cv_os_mutex {
  cv_os_thread_t *owner;
  uint32_t depth;               /* recursive lock count of the owner */
  cv_os_waitq_t waiters;
  cv_os_mutex_t *next_held;
};

typedef struct {
  uint8_t *buf;
  uint32_t msg_size, capacity, count, head;
  cv_os_waitq_t senders, receivers;
} cv_os_queue_t;

typedef struct {
  void *free;                   /* singly-linked free blocks */
  uint8_t *start, *end;
  uint32_t block_size, nfree;
  cv_os_waitq_t waiters;
} cv_os_pool_t;

/* ---- kernel ---- */

/* Prepares the kernel (call once, before any other call). */
void cv_os_init(void);
/* Starts scheduling with a tick every tick_cycles clock cycles; never returns. main's stack
 * becomes the idle thread's (it sleeps with wfi when nothing is ready). */
__attribute__((noreturn)) void cv_os_start(uint32_t tick_cycles);
/* Round robin: a thread runs n ticks before the next ready thread of its priority gets its
 * turn (counted in ticks: a thread that started late in a tick has less); 0 turns time slicing
 * off (equal-priority threads then change only when one blocks or yields). */
void cv_os_set_slice(uint32_t n);
/* Ticks since cv_os_start (wraps after 2^32). */
uint32_t cv_os_ticks(void);
/* Clock cycles per tick as given to cv_os_start. */
uint32_t cv_os_tick_cycles(void);

/* ---- threads ---- */

/* Creates a ready thread running entry(arg) on stack[0..stack_size) at priority prio. Returning
 * from entry ends the thread. May be called before cv_os_start and from threads. */
cv_os_status_t cv_os_thread_create(cv_os_thread_t *t, const char *name, void (*entry)(void *),
                                   void *arg, void *stack, size_t stack_size, uint32_t prio);
/* The running thread (the kernel's cv_os_cur, read inline: the drivers' lock path asks on every
 * call). */
extern cv_os_thread_t *cv_os_cur;
static inline cv_os_thread_t *cv_os_self(void) { return cv_os_cur; }
/* Gives the processor to the next ready thread of the same priority, if any. */
void cv_os_yield(void);
/* Blocks the caller for ticks ticks (0: a yield). It wakes on the ticks-th tick from now.
 * Neither call does anything from an interrupt handler. */
void cv_os_sleep(uint32_t ticks);
/* Changes a thread's base priority (an inherited one stays while it holds the mutex). */
void cv_os_thread_set_prio(cv_os_thread_t *t, uint32_t prio);
/* Suspends a thread (the caller itself when t is NULL) until cv_os_thread_resume. ISR-safe. */
void cv_os_thread_suspend(cv_os_thread_t *t);
/* Makes a suspended thread ready; no effect on a thread in another state. ISR-safe. */
void cv_os_thread_resume(cv_os_thread_t *t);
/* Ends the calling thread (as returning from its entry does). */
__attribute__((noreturn)) void cv_os_thread_exit(void);

/* Context switches since cv_os_init (from threads and from interrupts). */
uint32_t cv_os_switch_count(void);
/* The kernel's invariants (fw/rtos/src/cv_os.c), for tests: 0 when they hold, else the number
 * of the first one found broken. Walks every list: slow. */
uint32_t cv_os_check(void);

/* ---- interrupts ---- */

/* Handler for machine interrupt irq (CV_IRQ_M_SOFT or CV_IRQ_M_EXT; the timer is the kernel's)
 * and enables it in mie. The handler runs with interrupts off on the interrupted thread's stack;
 * it may call the ISR-safe functions, and the most urgent ready thread runs after it. */
void cv_os_irq_set_handler(uint32_t irq, void (*fn)(void));
/* Non-zero inside an interrupt handler. */
int cv_os_in_isr(void);

/* ---- semaphores (counting) ---- */

void cv_os_sem_init(cv_os_sem_t *s, uint32_t count);
cv_os_status_t cv_os_sem_wait(cv_os_sem_t *s, uint32_t timeout);
/* ISR-safe. Wakes the most urgent waiter, or counts. */
void cv_os_sem_post(cv_os_sem_t *s);

/* ---- mutexes (recursive, priority inheritance) ---- */

void cv_os_mutex_init(cv_os_mutex_t *m);
/* While a thread waits, the owner runs at the waiter's priority if that is more urgent (and so
 * on along a chain of owners that wait for other mutexes). */
cv_os_status_t cv_os_mutex_lock(cv_os_mutex_t *m, uint32_t timeout);
cv_os_status_t cv_os_mutex_unlock(cv_os_mutex_t *m);
/* Two mutexes, always in this order (a, then b): what lock(a) and lock(b) do, and unlock(b)
 * and unlock(a), in one call each. When both are free (lock2) or held once by the caller with
 * nobody waiting and no priority lent (unlock2), it is one short step with interrupts off;
 * otherwise the two calls, in that order. lock2 that fails on b leaves a unlocked again. */
cv_os_status_t cv_os_mutex_lock2(cv_os_mutex_t *a, cv_os_mutex_t *b, uint32_t timeout);
cv_os_status_t cv_os_mutex_unlock2(cv_os_mutex_t *a, cv_os_mutex_t *b);

/* ---- message queues (fixed-size messages, copied) ---- */

/* buf holds capacity messages of msg_size bytes (msg_size a multiple of 4). */
cv_os_status_t cv_os_queue_init(cv_os_queue_t *q, void *buf, uint32_t msg_size,
                                uint32_t capacity);
/* ISR-safe with CV_OS_NO_WAIT. */
cv_os_status_t cv_os_queue_send(cv_os_queue_t *q, const void *msg, uint32_t timeout);
/* ISR-safe with CV_OS_NO_WAIT. */
cv_os_status_t cv_os_queue_recv(cv_os_queue_t *q, void *msg, uint32_t timeout);
uint32_t cv_os_queue_count(const cv_os_queue_t *q);

/* ---- fixed-block memory pools ---- */

/* mem holds blocks of block_size bytes (a multiple of 4, at least 4); mem is 4-byte aligned. */
cv_os_status_t cv_os_pool_init(cv_os_pool_t *p, void *mem, uint32_t block_size,
                               uint32_t nblocks);
/* *block gets a block, or NULL with CV_OS_TIMEOUT. ISR-safe with CV_OS_NO_WAIT. */
cv_os_status_t cv_os_pool_alloc(cv_os_pool_t *p, void **block, uint32_t timeout);
/* ISR-safe. A block that is not the pool's gives CV_OS_ERR_PARAM. */
cv_os_status_t cv_os_pool_free(cv_os_pool_t *p, void *block);
uint32_t cv_os_pool_nfree(const cv_os_pool_t *p);

/* ---- critical sections ---- */

/* Interrupts off; returns the previous state for cv_os_irq_restore. Nestable. */
static inline uint32_t cv_os_irq_save(void) {
  uint32_t v;
  __asm__ volatile("csrrci %0, mstatus, 8" : "=r"(v)::"memory");
  return v;
}
static inline void cv_os_irq_restore(uint32_t v) {
  __asm__ volatile("csrs mstatus, %0" ::"r"(v & 8u) : "memory");
}

/* The cycle-cost measurements' stamp, written when the kernel is built with -DCV_OS_STAMP:
 * mcycle at the trap entry's third instruction. */
extern volatile uint32_t cv_os_stamp_irq;

#endif /* CV_OS_H */
