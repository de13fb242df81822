// SPDX-License-Identifier: Apache-2.0
/* cv_csr.h: CSR access macros and cycle/instret counters for Cipher-V firmware. */
#ifndef CV_CSR_H
#define CV_CSR_H

#include <stdint.h>

/* csr is a name the assembler knows (mstatus, mcycle, 0x7c0, ...). */
#define CV_CSR_READ(csr) __extension__({                        \
    uint32_t v_;                                                \
    __asm__ volatile("csrr %0, " #csr : "=r"(v_));              \
    v_; })
#define CV_CSR_WRITE(csr, v) __asm__ volatile("csrw " #csr ", %0" ::"rK"((uint32_t)(v)))
#define CV_CSR_SET(csr, v)   __asm__ volatile("csrs " #csr ", %0" ::"rK"((uint32_t)(v)))
#define CV_CSR_CLEAR(csr, v) __asm__ volatile("csrc " #csr ", %0" ::"rK"((uint32_t)(v)))

#define CV_MSTATUS_MIE  (1u << 3)
#define CV_MSTATUS_MPIE (1u << 7)
#define CV_MIE_MSIE     (1u << 3)
#define CV_MIE_MTIE     (1u << 7)
#define CV_MIE_MEIE     (1u << 11)

/* Low words: what a benchmark brackets an API call with (differences are exact modulo 2^32). */
static inline uint32_t cv_mcycle(void) { return CV_CSR_READ(mcycle); }
static inline uint32_t cv_minstret(void) { return CV_CSR_READ(minstret); }

/* Full 64-bit values: read high, low, high again until the high word is stable. */
static inline uint64_t cv_mcycle64(void) {
  uint32_t hi, lo;
  do {
    hi = CV_CSR_READ(mcycleh);
    lo = CV_CSR_READ(mcycle);
  } while (hi != CV_CSR_READ(mcycleh));
  return ((uint64_t)hi << 32) | lo;
}

static inline uint64_t cv_minstret64(void) {
  uint32_t hi, lo;
  do {
    hi = CV_CSR_READ(minstreth);
    lo = CV_CSR_READ(minstret);
  } while (hi != CV_CSR_READ(minstreth));
  return ((uint64_t)hi << 32) | lo;
}

static inline void cv_irq_enable(void) { CV_CSR_SET(mstatus, CV_MSTATUS_MIE); }
static inline void cv_irq_disable(void) { CV_CSR_CLEAR(mstatus, CV_MSTATUS_MIE); }

#endif /* CV_CSR_H */
