// SPDX-License-Identifier: Apache-2.0
/* cv_drv_os.h: the drivers under the Cipher-V RTOS (fw/rtos). A program that links both
 * `drivers` and `rtos` (fw/common.mk then builds the drivers with CV_DRV_OS and wraps their API
 * calls with the engine locks) calls cv_drv_os_init once after cv_os_init; from then on every
 * driver call may be made from any thread: the calls of several threads on one engine are
 * serialised by the engine's lock (priority inheritance), and a thread that waits for a DMA job
 * sleeps until the DMA's completion interrupt. What each lock covers, and the two rules that
 * hold a lock beyond one call (an AES background job until its wait, a hardware SHA-3 message
 * until its final): fw/drivers/README.md, "Under the RTOS". */
#ifndef CV_DRV_OS_H_PUBLIC
#define CV_DRV_OS_H_PUBLIC

#include <stdint.h>

#include "cv_backend.h"

/* Ticks a DMA wait sleeps before it falls back to polling (an interrupt that never came). */
#define CV_DRV_OS_DMA_TIMEOUT 4u

/* DMA jobs of fewer input bytes than this are polled, not slept on, by default: such a job
 * (an 80-byte AES-256 job runs in a few hundred cycles) ends before sleeping on the semaphore
 * and being woken by the completion interrupt would have given the processor to another thread
 * and back (a switch away, the interrupt, a switch back: about 500 cycles). */
#ifndef CV_DRV_OS_DMA_POLL_BYTES
#define CV_DRV_OS_DMA_POLL_BYTES 256u
#endif

/* Initialises the locks and the DMA semaphore, enables the DMA's DONE and ERR interrupts and
 * its interrupt-controller line, and installs cv_drv_os_ext_irq as the external interrupt's
 * handler. Call after cv_os_init, before the threads use a driver. */
void cv_drv_os_init(void);
/* The external interrupt handler installed by cv_drv_os_init: cv_drv_os_dma_irq alone. A
 * program with other external lines installs its own handler that calls cv_drv_os_dma_irq. */
void cv_drv_os_ext_irq(void);
/* Acknowledges the DMA's line if it is active and wakes the thread waiting for the job. */
void cv_drv_os_dma_irq(void);

/* Sets the polling threshold (input bytes; 0: every wait sleeps). */
void cv_drv_os_dma_poll_below(uint32_t bytes);

/* Holds the locks an AES call on backend b takes (the AES engine's and the DMA's) across
 * several calls of the calling thread, e.g. the decryption and the encryption of one request:
 * the calls in between find them held and take and give none. Returns what to hand to
 * cv_drv_os_release: 0 (nothing held) on sw and isa, in a handler, before the kernel starts,
 * when this thread held them already, or when its AES job forbids the wait. Hold them for as
 * short as a single call would: every other thread's hardware call waits meanwhile. */
uint32_t cv_drv_os_hold_aes(cv_backend_t b);
void cv_drv_os_release(uint32_t held);

typedef struct {
  uint32_t dma_irqs;    /* DMA interrupts taken */
  uint32_t dma_sleeps;  /* DMA waits that slept until the interrupt */
  uint32_t dma_polls;   /* DMA waits of short jobs that polled */
  uint32_t contended;   /* lock requests that found the lock held by another thread */
} cv_drv_os_stats_t;
const cv_drv_os_stats_t *cv_drv_os_stats(void);

#endif /* CV_DRV_OS_H_PUBLIC */
