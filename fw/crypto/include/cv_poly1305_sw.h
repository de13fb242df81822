// SPDX-License-Identifier: Apache-2.0
/* cv_poly1305_sw.h: software Poly1305 one-time authenticator (RFC 8439), radix 2^26. */
#ifndef CV_POLY1305_SW_H
#define CV_POLY1305_SW_H

#include <stddef.h>
#include <stdint.h>

#include "cv_status.h"

#define CV_POLY1305_KEY_BYTES 32
#define CV_POLY1305_TAG_BYTES 16

typedef struct cv_poly1305_sw_ctx {
  uint32_t r[5];     /* clamped r in five 26-bit limbs */
  uint32_t h[5];     /* accumulator, 26-bit limbs (partly reduced) */
  uint32_t s[4];     /* the key's second half, added at the end */
  uint8_t buf[16];   /* a partial block */
  uint32_t buf_len;
} cv_poly1305_sw_ctx;

/* key: 32 bytes (r || s), used for one message only. */
cv_status_t cv_poly1305_sw_init(cv_poly1305_sw_ctx *ctx, const uint8_t key[32]);
/* Any lengths; calls continue the message. */
cv_status_t cv_poly1305_sw_update(cv_poly1305_sw_ctx *ctx, const uint8_t *msg, size_t len);
/* Writes the 16-byte tag; the context then holds no message. */
cv_status_t cv_poly1305_sw_finish(cv_poly1305_sw_ctx *ctx, uint8_t tag[16]);
/* One-shot. */
cv_status_t cv_poly1305_sw_mac(const uint8_t key[32], const uint8_t *msg, size_t len,
                               uint8_t tag[16]);

#endif /* CV_POLY1305_SW_H */
