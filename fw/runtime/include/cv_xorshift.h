// SPDX-License-Identifier: Apache-2.0
/* cv_xorshift.h: xorshift32 (Marsaglia's 13/17/5 triple), the reproducible data of the tests,
 * the campaigns and the benchmark (bench/run.py replays the same generator on the host). */
#ifndef CV_XORSHIFT_H
#define CV_XORSHIFT_H

#include <stddef.h>
#include <stdint.h>

/* The next output; *s is the state (never 0). */
static inline uint32_t cv_xorshift32(uint32_t *s) {
  uint32_t x = *s;
  x ^= x << 13;
  x ^= x >> 17;
  x ^= x << 5;
  return *s = x;
}

/* n bytes, each the low byte of the next output. */
static inline void cv_xorshift32_bytes(uint32_t *s, uint8_t *p, size_t n) {
  for (size_t i = 0; i < n; i++) p[i] = (uint8_t)cv_xorshift32(s);
}

#endif /* CV_XORSHIFT_H */
