// SPDX-License-Identifier: Apache-2.0
/* cv_present_sw.h: software PRESENT-80 and PRESENT-128 (64-bit block). */
#ifndef CV_PRESENT_SW_H
#define CV_PRESENT_SW_H

#include <stddef.h>
#include <stdint.h>

#include "cv_status.h"

#define CV_PRESENT_BLOCK_BYTES 8

typedef struct cv_present_sw_ctx {
  uint32_t rk[64];   /* round keys K1..K32 as (bits 31..0, bits 63..32) pairs */
  uint32_t rkd[64];  /* decryption keys: pLayer^-1 of K1..K32, same layout */
  int key_bits;      /* 80 or 128 */
} cv_present_sw_ctx;

/* key_len 10 (PRESENT-80) or 16 (PRESENT-128), big-endian (k79/k127 first); else CV_ERR_KEYLEN. */
cv_status_t cv_present_sw_init(cv_present_sw_ctx *ctx, const uint8_t *key,
                               size_t key_len);
void cv_present_sw_encrypt_block(const cv_present_sw_ctx *ctx, const uint8_t in[8],
                                 uint8_t out[8]);
void cv_present_sw_decrypt_block(const cv_present_sw_ctx *ctx, const uint8_t in[8],
                                 uint8_t out[8]);

/* ECB: len % 8 != 0 -> CV_ERR_LENGTH, nothing written. */
cv_status_t cv_present_sw_ecb(const cv_present_sw_ctx *ctx, cv_dir_t dir,
                              const uint8_t *in, uint8_t *out, size_t len);
/* CTR: as cv_prince_sw_ctr (64-bit big-endian counter block). */
cv_status_t cv_present_sw_ctr(const cv_present_sw_ctx *ctx, uint8_t ctr[8],
                              const uint8_t *in, uint8_t *out, size_t len);

#endif /* CV_PRESENT_SW_H */
