// SPDX-License-Identifier: Apache-2.0
/* cv_chachapoly_sw.h: software ChaCha20-Poly1305 AEAD (RFC 8439) on cv_chacha_sw.h and
 * cv_poly1305_sw.h: one-shot and streaming. */
#ifndef CV_CHACHAPOLY_SW_H
#define CV_CHACHAPOLY_SW_H

#include <stddef.h>
#include <stdint.h>

#include "cv_chacha_sw.h"
#include "cv_poly1305_sw.h"
#include "cv_status.h"

#define CV_CHACHAPOLY_TAG_BYTES 16
#define CV_CHACHAPOLY_MAX_MSG_BYTES ((1ull << 38) - 64)  /* 2^32 - 1 blocks after block 0 */

typedef struct cv_chachapoly_sw_ctx {
  uint8_t key[32];
  /* one message (start .. finish) */
  cv_chacha_sw_ctx chacha;
  cv_poly1305_sw_ctx poly;
  uint64_t aad_len, msg_len;
  cv_dir_t dir;
  int phase;  /* 0 no message, 1 AAD, 2 text, 3 done */
} cv_chachapoly_sw_ctx;

/* key_len 32, else CV_ERR_KEYLEN. */
cv_status_t cv_chachapoly_sw_init(cv_chachapoly_sw_ctx *ctx, const uint8_t *key,
                                  size_t key_len);

/* One-shot. nonce_len 12 (else CV_ERR_ARG), tag_len 16 (else CV_ERR_OUTLEN), len <= 2^38 - 64
 * (else CV_ERR_LENGTH); errors write nothing. in == out is allowed. decrypt authenticates the
 * whole ciphertext before decrypting: on a mismatch (constant-time comparison) it returns
 * CV_ERR_AUTH and zeroes out[0..len). */
cv_status_t cv_chachapoly_sw_encrypt(cv_chachapoly_sw_ctx *ctx, const uint8_t *nonce,
                                     size_t nonce_len, const uint8_t *aad, size_t aad_len,
                                     const uint8_t *in, uint8_t *out, size_t len, uint8_t *tag,
                                     size_t tag_len);
cv_status_t cv_chachapoly_sw_decrypt(cv_chachapoly_sw_ctx *ctx, const uint8_t *nonce,
                                     size_t nonce_len, const uint8_t *aad, size_t aad_len,
                                     const uint8_t *in, uint8_t *out, size_t len,
                                     const uint8_t *tag, size_t tag_len);

/* Streaming, as cv_gcm_sw.h: start, aad (any number), update (any number), then finish
 * (encryption, writes 16 bytes) or verify (decryption: CV_OK or CV_ERR_AUTH). Streaming
 * decryption releases plaintext at each update: nothing of it may be used before verify
 * returns CV_OK. */
cv_status_t cv_chachapoly_sw_start(cv_chachapoly_sw_ctx *ctx, cv_dir_t dir,
                                   const uint8_t *nonce, size_t nonce_len);
cv_status_t cv_chachapoly_sw_aad(cv_chachapoly_sw_ctx *ctx, const uint8_t *aad, size_t len);
cv_status_t cv_chachapoly_sw_update(cv_chachapoly_sw_ctx *ctx, const uint8_t *in, uint8_t *out,
                                    size_t len);
cv_status_t cv_chachapoly_sw_finish(cv_chachapoly_sw_ctx *ctx, uint8_t tag[16]);
cv_status_t cv_chachapoly_sw_verify(cv_chachapoly_sw_ctx *ctx, const uint8_t tag[16]);

#endif /* CV_CHACHAPOLY_SW_H */
