// SPDX-License-Identifier: Apache-2.0
/* cv_prince_sw.h: software PRINCE (64-bit block, 128-bit key k0 || k1). */
#ifndef CV_PRINCE_SW_H
#define CV_PRINCE_SW_H

#include <stddef.h>
#include <stdint.h>

#include "cv_status.h"

#define CV_PRINCE_BLOCK_BYTES 8

/* Round keys with k0, k0' = (k0 >>> 1) ^ (k0 >> 63), k1 and the round constants folded in, as
 * (bits 63..32, bits 31..0) pairs, for each direction (decryption = encryption with k0 and k0'
 * swapped and k1 ^ alpha). */
typedef struct cv_prince_sw_ctx {
  uint32_t rke[24];
  uint32_t rkd[24];
} cv_prince_sw_ctx;

/* key = k0 || k1, big-endian bytes as printed in the paper; key_len must be 16. */
cv_status_t cv_prince_sw_init(cv_prince_sw_ctx *ctx, const uint8_t *key,
                              size_t key_len);
void cv_prince_sw_encrypt_block(const cv_prince_sw_ctx *ctx, const uint8_t in[8], uint8_t out[8]);
void cv_prince_sw_decrypt_block(const cv_prince_sw_ctx *ctx, const uint8_t in[8], uint8_t out[8]);

/* ECB: len % 8 != 0 -> CV_ERR_LENGTH, nothing written. */
cv_status_t cv_prince_sw_ecb(const cv_prince_sw_ctx *ctx, cv_dir_t dir,
                             const uint8_t *in, uint8_t *out, size_t len);
/* CTR: any length; the 64-bit counter block is incremented big-endian per block (mod 2^64);
 * a partial last block increments it once and ends the message (as for AES CTR). */
cv_status_t cv_prince_sw_ctr(const cv_prince_sw_ctx *ctx, uint8_t ctr[8],
                             const uint8_t *in, uint8_t *out, size_t len);

#endif /* CV_PRINCE_SW_H */
