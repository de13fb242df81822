/* SPDX-License-Identifier: Apache-2.0 */
/* soc_timing.h: cycle counts of calls in the SoC firmware tests of fw/crypto (fw_kat, fw_aead).
 * soc_mcycle_overhead() is the cost of two back-to-back mcycle reads, best of 3; TIME_N prints
 * "cycles <name> <n>", the best of `runs` runs of `call` less that overhead (a variable named
 * `overhead` in scope). No caches on this SoC: the first run warms only the branch predictor. */
#ifndef SOC_TIMING_H
#define SOC_TIMING_H

#include <stdint.h>
#include <stdio.h>

#include "cv_csr.h"

static inline uint32_t soc_mcycle_overhead(void) {
  uint32_t best = 0xffffffffu;
  for (int r = 0; r < 3; r++) {
    uint32_t t0 = cv_mcycle();
    __asm__ volatile("");
    uint32_t t1 = cv_mcycle();
    if (t1 - t0 < best) best = t1 - t0;
  }
  return best;
}

#define TIME_N(name, runs, call)                                        \
  do {                                                                  \
    uint32_t best_ = 0xffffffffu;                                       \
    for (int r_ = 0; r_ < (runs); r_++) {                               \
      uint32_t t0_ = cv_mcycle();                                       \
      call;                                                             \
      uint32_t t1_ = cv_mcycle();                                       \
      if (t1_ - t0_ < best_) best_ = t1_ - t0_;                         \
    }                                                                   \
    printf("cycles %s %lu\n", name, (unsigned long)(best_ - overhead)); \
  } while (0)

#endif
