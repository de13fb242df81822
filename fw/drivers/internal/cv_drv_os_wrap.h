// SPDX-License-Identifier: Apache-2.0
/* cv_drv_os_wrap.h: what the link-time wrappers of the API calls share (fw/drivers/src/
 * cv_drv_os.c; one wrapper file per driver, cv_drv_os_<driver>.c, so a program pulls in only
 * the drivers it calls). RTOS builds only (CV_DRV_OS). */
#ifndef CV_DRV_OS_WRAP_H
#define CV_DRV_OS_WRAP_H

#include <stdint.h>

#include "cv_backend.h"
#include "cv_drv_os.h"
#include "cv_os.h"
#include "cv_status.h"

/* The locks: one per engine, and the DMA's. */
enum { L_AES, L_PRINCE, L_PRESENT, L_CHACHA, L_SHA3, L_DMA, L_N };
#define F_DMA 0x100u      /* with an engine: take the DMA's lock too */
#define F_NONE 0xffu      /* no lock (the sw backend) */
#define TAKE_REFUSED (~0u)

/* Non-zero when threads run and the caller is one (not a handler, not before cv_os_start). */
int cv_drv_os_threads(void);
/* Locks the engine flags & 0xff, and the DMA with F_DMA (after the engine); returns the locks
 * taken (a bit per L_*; 0 when no thread runs), or TAKE_REFUSED when one is another thread's
 * and the caller, which holds an AES background job, must not wait for it. */
uint32_t cv_drv_os_take(uint32_t flags);
void cv_drv_os_give(uint32_t held);
/* The thread whose AES background job holds the AES and DMA locks until its wait. */
extern cv_os_thread_t *cv_drv_os_job_thread;

/* The locks a call on backend b needs: none for sw and isa (the core's own instructions, the
 * state in the caller's context); the engine's and the DMA's for every coupling backend (while
 * a DMA job runs, the coupling hub refuses the other engines' cpi and mmio traffic with BUSY,
 * so the DMA's lock covers the hub). */
#define NO_LOCK(b) ((b) == CV_BACKEND_SW || (b) == CV_BACKEND_ISA)
#define NEEDS(eng, b) (NO_LOCK(b) ? F_NONE : (uint32_t)(eng) | F_DMA)
#define BACKEND(ctx) ((ctx) ? (ctx)->backend : CV_BACKEND_SW)

/* One wrapped call with a status: lock, the driver's own call, unlock. */
#define LOCKED(flags, call)                     \
  do {                                          \
    const uint32_t f_ = (flags);                \
    uint32_t h_ = 0;                            \
    if (f_ != F_NONE) {                         \
      h_ = cv_drv_os_take(f_);                  \
      if (h_ == TAKE_REFUSED) return CV_ERR_BUSY; \
    }                                           \
    const cv_status_t st_ = call;               \
    cv_drv_os_give(h_);                         \
    return st_;                                 \
  } while (0)
/* A call without a status (zeroize, the ChaCha counter): always waits for its locks. */
#define LOCKED_VOID(flags, call)                    \
  do {                                              \
    cv_os_thread_t *j_ = cv_drv_os_job_thread;      \
    cv_drv_os_job_thread = NULL;                    \
    const uint32_t h_ = cv_drv_os_take(flags);      \
    cv_drv_os_job_thread = j_;                      \
    call;                                           \
    cv_drv_os_give(h_);                             \
  } while (0)

#endif /* CV_DRV_OS_WRAP_H */
