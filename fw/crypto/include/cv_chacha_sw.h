// SPDX-License-Identifier: Apache-2.0
/* cv_chacha_sw.h: software ChaCha (8/12/20 rounds, 256/128-bit keys), original layout (64-bit
 * nonce, 64-bit counter) and RFC 8439 (96-bit nonce, 32-bit counter). */
#ifndef CV_CHACHA_SW_H
#define CV_CHACHA_SW_H

#include <stddef.h>
#include <stdint.h>

#include "cv_status.h"

#define CV_CHACHA_BLOCK_BYTES 64

/* Layouts, chosen by the nonce length given to init. */
#define CV_CHACHA_LAYOUT_ORIG 0  /* nonce_len 8: words 12-13 counter (low, high), 14-15 nonce */
#define CV_CHACHA_LAYOUT_IETF 1  /* nonce_len 12: word 12 counter, words 13-15 nonce */

typedef struct cv_chacha_sw_ctx {
  uint32_t state[16];  /* input block; the counter words hold the NEXT block to generate */
  uint8_t ks[64];      /* keystream of the block before, for a partial-block continuation */
  uint32_t ks_pos;     /* bytes of ks already used (64 = none left) */
  int rounds;          /* 8, 12 or 20 */
  int layout;          /* CV_CHACHA_LAYOUT_* */
} cv_chacha_sw_ctx;

/* key_len 32 or 16 (16: "expand 16-byte k", key repeated) else CV_ERR_KEYLEN; nonce_len 8 or 12
 * else CV_ERR_ARG; rounds 8, 12 or 20 else CV_ERR_ROUNDS. The counter starts at 0. */
cv_status_t cv_chacha_sw_init(cv_chacha_sw_ctx *ctx, const uint8_t *key,
                              size_t key_len, const uint8_t *nonce, size_t nonce_len,
                              int rounds);
/* Set/get the block counter (next block to generate); a set drops leftover keystream.
 * In the RFC 8439 layout only the low 32 bits are used. */
void     cv_chacha_sw_set_counter(cv_chacha_sw_ctx *ctx, uint64_t counter);
uint64_t cv_chacha_sw_get_counter(const cv_chacha_sw_ctx *ctx);

/* Keystream and XOR-encrypt (= decrypt) over any length. Calls continue seamlessly: leftover
 * keystream bytes of a partial block are used first by the next call. The original layout
 * carries the counter across 2^32 into word 13; RFC 8439 wraps its 32-bit counter mod 2^32. */
cv_status_t cv_chacha_sw_keystream(cv_chacha_sw_ctx *ctx, uint8_t *out, size_t len);
cv_status_t cv_chacha_sw_xor(cv_chacha_sw_ctx *ctx, const uint8_t *in, uint8_t *out,
                             size_t len);

/* One block function: out = ChaCha_rounds(in) + in (64 bytes, little-endian words). */
void cv_chacha_sw_block(const uint32_t in[16], int rounds, uint8_t out[64]);

#endif /* CV_CHACHA_SW_H */
