// SPDX-License-Identifier: Apache-2.0
/* cv_gcm_sw.h: software AES-GCM (NIST SP 800-38D) on the T-table AES of cv_aes_sw.h, with
 * GHASH by 8-bit tables (Shoup's method): one-shot and streaming (start/aad/update/finish). */
#ifndef CV_GCM_SW_H
#define CV_GCM_SW_H

#include <stddef.h>
#include <stdint.h>

#include "cv_aes_sw.h"
#include "cv_status.h"

#define CV_GCM_TAG_MAX 16
#define CV_GCM_MAX_MSG_BYTES ((1ull << 36) - 32)  /* SP 800-38D: 2^39 - 256 bits */

typedef struct cv_gcm_sw_ctx {
  cv_aes_sw_ctx aes;
  uint32_t htab[256][4];  /* b * H for every byte b (b's MSB is x^0), as GCM byte strings read
                             as little-endian words; 4 KiB per key (isa: H and its Karatsuba
                             half sum in the first 8 words, the rest unused) */
  /* one message (start .. finish) */
  uint32_t y[4];          /* GHASH accumulator (byte string as little-endian words) */
  uint8_t ekj0[16];       /* E(K, J0): the tag mask */
  uint8_t ctr[16];        /* counter block; bytes 12..15 are rewritten from cnt before use */
  uint8_t ks[16];         /* keystream of the current block */
  uint64_t aad_len;       /* bytes of AAD so far */
  uint64_t msg_len;       /* bytes of text so far */
  uint32_t cnt;           /* inc32 counter of the next keystream block */
  uint32_t ks_pos;        /* bytes of ks used (16 = none left) */
  uint32_t y_pos;         /* bytes XORed into y since its last multiplication */
  cv_dir_t dir;
  int tag_len;
  int phase;              /* 0 no message, 1 AAD, 2 text, 3 done */
} cv_gcm_sw_ctx;

/* Key setup: AES key expansion (16, 24 or 32 bytes, else CV_ERR_KEYLEN) and the GHASH table of
 * H = E(K, 0^128). The context may then carry any number of messages. */
cv_status_t cv_gcm_sw_init(cv_gcm_sw_ctx *ctx, const uint8_t *key, size_t key_len);
/* The isa version: the AES on Zkne (cv_aes_sw_init_isa) and GHASH by carry-less multiplication
 * on Zbkc, no table; the same results. CV_ERR_HW in a build without CV_ZK (FW_ZK=1). */
cv_status_t cv_gcm_sw_init_isa(cv_gcm_sw_ctx *ctx, const uint8_t *key, size_t key_len);

/* One-shot. iv_len >= 1 (12 is the fast and recommended case; others go through GHASH), else
 * CV_ERR_ARG. tag_len 16, 15, 14, 13, 12, 8 or 4, else CV_ERR_OUTLEN. len > 2^36 - 32:
 * CV_ERR_LENGTH. Errors write nothing. in == out is allowed. decrypt returns CV_ERR_AUTH when
 * the tag (compared in constant time) does not match, and then zeroes out[0..len). */
cv_status_t cv_gcm_sw_encrypt(cv_gcm_sw_ctx *ctx, const uint8_t *iv, size_t iv_len,
                              const uint8_t *aad, size_t aad_len, const uint8_t *in,
                              uint8_t *out, size_t len, uint8_t *tag, size_t tag_len);
cv_status_t cv_gcm_sw_decrypt(cv_gcm_sw_ctx *ctx, const uint8_t *iv, size_t iv_len,
                              const uint8_t *aad, size_t aad_len, const uint8_t *in,
                              uint8_t *out, size_t len, const uint8_t *tag, size_t tag_len);

/* Streaming: start, then aad (any number of calls, any lengths), then update (any number,
 * any lengths), then finish (encryption: writes the tag) or verify (decryption: CV_OK or
 * CV_ERR_AUTH). aad after update, or a call out of this order, returns CV_ERR_ARG. Streaming
 * decryption releases plaintext at each update: nothing of it may be used before verify
 * returns CV_OK. */
cv_status_t cv_gcm_sw_start(cv_gcm_sw_ctx *ctx, cv_dir_t dir, const uint8_t *iv, size_t iv_len,
                            size_t tag_len);
cv_status_t cv_gcm_sw_aad(cv_gcm_sw_ctx *ctx, const uint8_t *aad, size_t len);
cv_status_t cv_gcm_sw_update(cv_gcm_sw_ctx *ctx, const uint8_t *in, uint8_t *out, size_t len);
cv_status_t cv_gcm_sw_finish(cv_gcm_sw_ctx *ctx, uint8_t *tag);
cv_status_t cv_gcm_sw_verify(cv_gcm_sw_ctx *ctx, const uint8_t *tag);

/* GHASH_H(y) step: y = (y ^ block) * H on byte strings (exposed for tests and benchmarks). */
void cv_gcm_sw_ghash_block(const cv_gcm_sw_ctx *ctx, uint8_t y[16], const uint8_t block[16]);

#endif /* CV_GCM_SW_H */
