// SPDX-License-Identifier: Apache-2.0
/* cv_bytes.h: access to caller byte buffers, shared by the software ciphers of this folder.
 *
 * cv_word_t: a word load or store on a byte buffer, used only after an alignment check (this core
 * traps on misaligned loads and stores); may_alias tells GCC that these accesses may touch
 * uint8_t objects, so strict aliasing cannot reorder them around byte accesses.
 * ld32 / st32: a little-endian word at any address, a byte at a time. cv_invert8: below. */
#ifndef CV_BYTES_H
#define CV_BYTES_H

#include <stdint.h>

typedef uint32_t cv_word_t __attribute__((may_alias));

static __attribute__((unused)) uint32_t ld32(const uint8_t *p) {
  return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static __attribute__((unused)) void st32(uint8_t *p, uint32_t v) {
  p[0] = (uint8_t)v;
  p[1] = (uint8_t)(v >> 8);
  p[2] = (uint8_t)(v >> 16);
  p[3] = (uint8_t)(v >> 24);
}

/* inv = the inverse of the byte permutation sb: size-bound builds (CV_CRYPTO_SMALL) compute
 * their inverse S-boxes into data memory instead of keeping them in program memory. */
static __attribute__((unused)) void cv_invert8(const uint8_t sb[256], uint8_t inv[256]) {
  for (int i = 0; i < 256; i++) inv[sb[i]] = (uint8_t)i;
}

#endif /* CV_BYTES_H */
