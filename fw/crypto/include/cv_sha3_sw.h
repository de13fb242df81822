// SPDX-License-Identifier: Apache-2.0
/* cv_sha3_sw.h: software SHA3-224/256/384/512 and SHAKE128/256 (FIPS 202) with a 32-bit
 * bit-interleaved Keccak-f[1600]. */
#ifndef CV_SHA3_SW_H
#define CV_SHA3_SW_H

#include <stddef.h>
#include <stdint.h>

#include "cv_status.h"

/* Algorithms. */
#define CV_SHA3_224  0
#define CV_SHA3_256  1
#define CV_SHA3_384  2
#define CV_SHA3_512  3
#define CV_SHAKE128  4
#define CV_SHAKE256  5

typedef struct cv_sha3_sw_ctx {
  uint32_t s[50];    /* 25 lanes, bit-interleaved: s[2i] even bits, s[2i+1] odd bits */
  uint32_t rate;     /* bytes */
  uint32_t pos;      /* bytes absorbed into / squeezed from the current block */
  uint32_t md_len;   /* digest bytes for SHA3-*, 0 for SHAKE */
  int alg;           /* CV_SHA3_* / CV_SHAKE* */
  int squeezing;     /* 0 while absorbing, 1 after padding */
} cv_sha3_sw_ctx;

cv_status_t cv_sha3_sw_init(cv_sha3_sw_ctx *ctx, int alg);  /* unknown alg -> CV_ERR_ARG */
/* Absorb any number of bytes; after final/squeeze started -> CV_ERR_ARG. */
cv_status_t cv_sha3_sw_update(cv_sha3_sw_ctx *ctx, const uint8_t *data, size_t len);
/* SHA3-*: out_len must be the digest size (28/32/48/64) else CV_ERR_OUTLEN; may be called once.
 * SHAKE: any out_len (0 allowed), and further output is squeezed by cv_sha3_sw_squeeze. */
cv_status_t cv_sha3_sw_final(cv_sha3_sw_ctx *ctx, uint8_t *out, size_t out_len);
/* SHAKE only (else CV_ERR_MODE): pads on first use, then continues the output stream. */
cv_status_t cv_sha3_sw_squeeze(cv_sha3_sw_ctx *ctx, uint8_t *out, size_t out_len);

/* One-shot: init + update + final. */
cv_status_t cv_sha3_sw_hash(int alg, const uint8_t *msg, size_t len, uint8_t *out,
                            size_t out_len);

/* The permutation itself on the interleaved state (for tests and benchmarks). */
void cv_sha3_sw_keccakf(uint32_t s[50]);

#endif /* CV_SHA3_SW_H */
