// SPDX-License-Identifier: Apache-2.0
/* cv_drv_os.c: the drivers under the RTOS (fw/drivers/README.md, "Under the RTOS"). Compiled
 * empty unless CV_DRV_OS is defined (fw/common.mk: a program that links `drivers` and `rtos`).
 *
 * Engine locks. Each engine (AES, PRINCE, PRESENT, ChaCha, SHA-3) and the DMA has a recursive
 * cv_os_mutex_t with priority inheritance. The API calls are wrapped at link time: fw/common.mk
 * passes -Wl,--wrap for each __wrap_ function of cv_drv_os_<driver>.c, so every reference to
 * cv_aes_cbc becomes one to __wrap_cv_aes_cbc, which calls the driver's own as __real_cv_aes_cbc;
 * no driver source changes and a bare-metal program links the drivers alone. A call on a hardware
 * backend holds its engine's lock for the call (the key owner test and a key reload happen under
 * it, so contexts of several threads alternate like contexts of one) and the DMA's, taken after
 * the engine's (always in that order: no cycle); every hardware backend takes the DMA's, since
 * the coupling hub refuses the other engines' cpi and mmio traffic while a DMA job runs. A zeroize
 * holds both on every backend (it clears the engine and may stop a job). The sw backend takes no
 * lock.
 * Two rules of the drivers last beyond one call, and so do their locks:
 *  - an AES background job (cv_aes_start on a DMA backend) holds the AES and DMA locks until
 *    its context's cv_aes_wait, which the starting thread must call; meanwhile that thread's
 *    own calls of other engines try their lock without waiting (CV_ERR_BUSY if another thread
 *    has it, as the drivers answer during a job anyway), so it never waits while it holds the
 *    DMA;
 *  - a SHA-3 message on a hardware backend holds the SHA-3 lock from its init to its final or
 *    zeroize (another thread's hardware init waits for it instead of taking the message over).
 * Calls from an interrupt handler, or before cv_os_start, take no lock (the bare-metal rules).
 *
 * DMA completion. cv_drv_os_dma_sleep (the drivers' CV_DRV_DMA_SLEEP hook, cv_drv_hook.h) blocks
 * the calling thread on a semaphore that cv_drv_os_dma_irq posts from the external interrupt
 * of the DMA's line (IE.DONE and IE.ERR enabled by cv_drv_os_init), instead of polling; the
 * driver's polled wait then reads the final STATUS. A job shorter than the polling threshold
 * (input LEN below CV_DRV_OS_DMA_POLL_BYTES, cv_drv_os_dma_poll_below) is polled instead: it
 * ends before a sleep would have paid for its two switches. */
#ifdef CV_DRV_OS
#include "cv_drv_os.h"

#include "cv_cpl.h"
#include "cv_drv_os_wrap.h"
#include "cv_os.h"
#include "cv_trap.h"

static cv_os_mutex_t lk[L_N];
static cv_os_sem_t dma_done;
static int ready;
static uint32_t poll_below = CV_DRV_OS_DMA_POLL_BYTES;
cv_os_thread_t *cv_drv_os_job_thread;
static cv_drv_os_stats_t stats;

void cv_drv_os_init(void) {
  for (int i = 0; i < L_N; i++) cv_os_mutex_init(&lk[i]);
  cv_os_sem_init(&dma_done, 0);
  cv_drv_os_job_thread = NULL;
  cv_dma_irq_ack();
  CV_REG32(CV_INTC_PENDING_ADDR) = 1u << CV_IRQ_DMA;
  cv_dma_irq_enable(CV_DMA_IE_DONE_MASK | CV_DMA_IE_ERR_MASK);
  CV_REG32(CV_INTC_ENABLE_ADDR) |= 1u << CV_IRQ_DMA;
  cv_os_irq_set_handler(CV_IRQ_M_EXT, cv_drv_os_ext_irq);
  ready = 1;
}

void cv_drv_os_dma_irq(void) {
  if (CV_REG32(CV_INTC_ACTIVE_ADDR) & (1u << CV_IRQ_DMA)) {
    cv_dma_irq_ack();  /* the source first, then the latched pending bit */
    CV_REG32(CV_INTC_PENDING_ADDR) = 1u << CV_IRQ_DMA;
    stats.dma_irqs++;
    cv_os_sem_post(&dma_done);
  }
}

void cv_drv_os_ext_irq(void) { cv_drv_os_dma_irq(); }

const cv_drv_os_stats_t *cv_drv_os_stats(void) { return &stats; }

int cv_drv_os_threads(void) { return ready && !cv_os_in_isr(); }
static inline int dma_busy(void) {
  return (CV_REG32(CV_DMA_STATUS_ADDR) & CV_DMA_STATUS_BUSY_MASK) != 0;
}

void cv_drv_os_dma_poll_below(uint32_t bytes) { poll_below = bytes; }

void cv_drv_os_dma_sleep(void) {
  if (!cv_drv_os_threads()) return;
  if (CV_REG32(CV_DMA_LEN_ADDR) < poll_below) {  /* a short job: the driver's wait polls */
    stats.dma_polls++;
    return;
  }
  uint32_t s = cv_os_irq_save();
  if (!dma_busy()) {
    cv_os_irq_restore(s);
    return;
  }
  /* Posts of earlier jobs that nobody waited for are dropped while the DMA is still busy with
   * this one, whose own completion can then only come after (interrupts are off here). */
  dma_done.count = 0;
  cv_os_irq_restore(s);
  while (dma_busy()) {
    /* A lost interrupt (IE cleared behind our back) ends in the driver's polled wait. */
    if (cv_os_sem_wait(&dma_done, CV_DRV_OS_DMA_TIMEOUT) != CV_OS_OK) return;
    stats.dma_sleeps++;
  }
}

/* Locks what flags name (an engine L_*, F_DMA); returns the locks taken, or ~0u when a lock
 * is held by another thread and the caller, which holds an AES job, must not wait. An engine
 * with the DMA, every hardware call's pair, is one cv_os_mutex_lock2 (and one unlock2 in
 * give): on the common way, both locks free, a single short step instead of two calls.
 * take_locks is the way that takes them, apart so that the short way of cv_drv_os_take (the
 * locks held already) saves no registers. */
static __attribute__((noinline)) uint32_t take_locks(uint32_t flags, cv_os_thread_t *self) {
  if (!cv_drv_os_threads()) return 0;
  const uint32_t e = flags & 0xffu;
  cv_os_mutex_t *m = &lk[e];
  const uint32_t to = self == cv_drv_os_job_thread ? CV_OS_NO_WAIT : CV_OS_FOREVER;
  if (m->owner && m->owner != self) stats.contended++;
  if (flags & F_DMA) {
    if (lk[L_DMA].owner && lk[L_DMA].owner != self) stats.contended++;
    if (cv_os_mutex_lock2(m, &lk[L_DMA], to) != CV_OS_OK) return ~0u;
    return (1u << e) | (1u << L_DMA);
  }
  if (cv_os_mutex_lock(m, to) != CV_OS_OK) return ~0u;
  return 1u << e;
}
uint32_t cv_drv_os_take(uint32_t flags) {
  cv_os_thread_t *const self = cv_os_self();
  const cv_os_mutex_t *m = &lk[flags & 0xffu];
  /* Held already by this thread (cv_drv_os_hold_aes, a job): nothing to take or give. Asked
   * first, as the short way; a handler finds the interrupted thread's locks so, and takes no
   * lock either way. */
  if (m->owner == self && (!(flags & F_DMA) || lk[L_DMA].owner == self)) return 0;
  return take_locks(flags, self);
}
void cv_drv_os_give(uint32_t held) {
  if (!held) return;
  if (held & (1u << L_DMA)) {
    held &= ~(1u << L_DMA);
    if (held && !(held & (held - 1u))) {  /* one engine and the DMA: the pair of take */
      uint32_t e = 0;
      while (!((held >> e) & 1u)) e++;
      (void)cv_os_mutex_unlock2(&lk[e], &lk[L_DMA]);
      return;
    }
    (void)cv_os_mutex_unlock(&lk[L_DMA]);
  }
  for (int i = 0; i < L_DMA; i++)
    if (held & (1u << i)) (void)cv_os_mutex_unlock(&lk[i]);
}
void cv_drv_os_release(uint32_t held) { cv_drv_os_give(held); }

void cv_drv_os_stat_contended(void) { stats.contended++; }
#endif /* CV_DRV_OS */
