// SPDX-License-Identifier: Apache-2.0
/* cv_timer.h: the machine timer (mtime/mtimecmp, soc/memmap.toml TIMER) for interrupt tests and
 * timing. mtime counts clock cycles; the timer interrupt line is level: it stays raised while
 * mtime >= mtimecmp, so a handler acknowledges by moving mtimecmp (cv_timer_set(UINT64_MAX)
 * disables it). */
#ifndef CV_TIMER_H
#define CV_TIMER_H

#include <stdint.h>

#include "cv_memmap.h"

/* Reading LO latches HI, so the pair is consistent across a carry. */
static inline uint64_t cv_timer_now(void) {
  uint32_t lo = CV_REG32(CV_TIMER_MTIME_LO_ADDR);
  uint32_t hi = CV_REG32(CV_TIMER_MTIME_HI_ADDR);
  return ((uint64_t)hi << 32) | lo;
}

/* HI first to all ones: no spurious match while the halves are updated. */
static inline void cv_timer_set(uint64_t t) {
  CV_REG32(CV_TIMER_MTIMECMP_HI_ADDR) = 0xffffffffu;
  CV_REG32(CV_TIMER_MTIMECMP_LO_ADDR) = (uint32_t)t;
  CV_REG32(CV_TIMER_MTIMECMP_HI_ADDR) = (uint32_t)(t >> 32);
}

#endif /* CV_TIMER_H */
