// SPDX-License-Identifier: Apache-2.0
/* cv_chachapoly_sw.c: ChaCha20-Poly1305 (RFC 8439 2.8): the one-time Poly1305 key is the first
 * half of ChaCha20 block 0, the text is encrypted from block 1, and the tag is Poly1305 over
 * AAD || pad16 || ciphertext || pad16 || le64(AAD bytes) || le64(ciphertext bytes). */
#include "cv_chachapoly_sw.h"

static const uint8_t zeros[16];

cv_status_t cv_chachapoly_sw_init(cv_chachapoly_sw_ctx *ctx, const uint8_t *key,
                                  size_t key_len) {
  if (!ctx || !key) return CV_ERR_ARG;
  if (key_len != 32) return CV_ERR_KEYLEN;
  for (int i = 0; i < 32; i++) ctx->key[i] = key[i];
  ctx->phase = 0;
  return CV_OK;
}

cv_status_t cv_chachapoly_sw_start(cv_chachapoly_sw_ctx *ctx, cv_dir_t dir,
                                   const uint8_t *nonce, size_t nonce_len) {
  if (!ctx || !nonce || nonce_len != 12) return CV_ERR_ARG;
  if (dir != CV_ENCRYPT && dir != CV_DECRYPT) return CV_ERR_ARG;
  uint8_t otk[64];
  cv_chacha_sw_init(&ctx->chacha, ctx->key, 32, nonce, 12, 20);
  cv_chacha_sw_keystream(&ctx->chacha, otk, 64);  /* block 0; the text starts at block 1 */
  cv_poly1305_sw_init(&ctx->poly, otk);
  for (int i = 0; i < 64; i++) {
    otk[i] = 0;
    __asm__ volatile("" : : "r"(otk) : "memory");  /* the one-time key is not left behind */
  }
  ctx->aad_len = ctx->msg_len = 0;
  ctx->dir = dir;
  ctx->phase = 1;
  return CV_OK;
}

cv_status_t cv_chachapoly_sw_aad(cv_chachapoly_sw_ctx *ctx, const uint8_t *aad, size_t len) {
  if (!ctx || ctx->phase != 1 || (len && !aad)) return CV_ERR_ARG;
  cv_poly1305_sw_update(&ctx->poly, aad, len);
  ctx->aad_len += len;
  return CV_OK;
}

static void pad16(cv_chachapoly_sw_ctx *ctx) {
  if (ctx->poly.buf_len) cv_poly1305_sw_update(&ctx->poly, zeros, 16 - ctx->poly.buf_len);
}

static cv_status_t text_begin(cv_chachapoly_sw_ctx *ctx, size_t len) {
  if (ctx->phase != 1 && ctx->phase != 2) return CV_ERR_ARG;
  if ((uint64_t)len > CV_CHACHAPOLY_MAX_MSG_BYTES - ctx->msg_len) return CV_ERR_LENGTH;
  if (ctx->phase == 1) {
    pad16(ctx);
    ctx->phase = 2;
  }
  ctx->msg_len += len;
  return CV_OK;
}

cv_status_t cv_chachapoly_sw_update(cv_chachapoly_sw_ctx *ctx, const uint8_t *in, uint8_t *out,
                                    size_t len) {
  if (!ctx || (len && (!in || !out))) return CV_ERR_ARG;
  cv_status_t rc = text_begin(ctx, len);
  if (rc != CV_OK) return rc;
  if (ctx->dir == CV_DECRYPT) cv_poly1305_sw_update(&ctx->poly, in, len);  /* before in == out */
  cv_chacha_sw_xor(&ctx->chacha, in, out, len);
  if (ctx->dir == CV_ENCRYPT) cv_poly1305_sw_update(&ctx->poly, out, len);
  return CV_OK;
}

static void compute_tag(cv_chachapoly_sw_ctx *ctx, uint8_t t[16]) {
  uint8_t lens[16];
  pad16(ctx);
  for (int i = 0; i < 8; i++) {
    lens[i] = (uint8_t)(ctx->aad_len >> (8 * i));
    lens[8 + i] = (uint8_t)(ctx->msg_len >> (8 * i));
  }
  cv_poly1305_sw_update(&ctx->poly, lens, 16);
  cv_poly1305_sw_finish(&ctx->poly, t);
  ctx->phase = 3;
}

cv_status_t cv_chachapoly_sw_finish(cv_chachapoly_sw_ctx *ctx, uint8_t tag[16]) {
  if (!ctx || !tag || ctx->dir != CV_ENCRYPT || (ctx->phase != 1 && ctx->phase != 2))
    return CV_ERR_ARG;
  compute_tag(ctx, tag);
  return CV_OK;
}

/* Constant-time comparison of the 16-byte tags. */
static cv_status_t tag_check(const uint8_t *a, const uint8_t *b) {
  uint32_t d = 0;
  for (int i = 0; i < 16; i++) d |= (uint32_t)(a[i] ^ b[i]);
  return d ? CV_ERR_AUTH : CV_OK;
}

cv_status_t cv_chachapoly_sw_verify(cv_chachapoly_sw_ctx *ctx, const uint8_t tag[16]) {
  if (!ctx || !tag || ctx->dir != CV_DECRYPT || (ctx->phase != 1 && ctx->phase != 2))
    return CV_ERR_ARG;
  uint8_t t[16];
  compute_tag(ctx, t);
  return tag_check(t, tag);
}

static cv_status_t one_shot_checks(const cv_chachapoly_sw_ctx *ctx, const uint8_t *aad,
                                   size_t aad_len, const uint8_t *in, const uint8_t *out,
                                   size_t len, const uint8_t *tag, size_t tag_len) {
  if (!ctx || !tag || (aad_len && !aad) || (len && (!in || !out))) return CV_ERR_ARG;
  if (tag_len != 16) return CV_ERR_OUTLEN;
  return CV_OK;
}

cv_status_t cv_chachapoly_sw_encrypt(cv_chachapoly_sw_ctx *ctx, const uint8_t *nonce,
                                     size_t nonce_len, const uint8_t *aad, size_t aad_len,
                                     const uint8_t *in, uint8_t *out, size_t len, uint8_t *tag,
                                     size_t tag_len) {
  cv_status_t rc = one_shot_checks(ctx, aad, aad_len, in, out, len, tag, tag_len);
  if (rc == CV_OK) rc = cv_chachapoly_sw_start(ctx, CV_ENCRYPT, nonce, nonce_len);
  if (rc == CV_OK) rc = cv_chachapoly_sw_aad(ctx, aad, aad_len);
  if (rc == CV_OK) rc = cv_chachapoly_sw_update(ctx, in, out, len);
  if (rc == CV_OK) rc = cv_chachapoly_sw_finish(ctx, tag);
  return rc;
}

cv_status_t cv_chachapoly_sw_decrypt(cv_chachapoly_sw_ctx *ctx, const uint8_t *nonce,
                                     size_t nonce_len, const uint8_t *aad, size_t aad_len,
                                     const uint8_t *in, uint8_t *out, size_t len,
                                     const uint8_t *tag, size_t tag_len) {
  cv_status_t rc = one_shot_checks(ctx, aad, aad_len, in, out, len, tag, tag_len);
  if (rc == CV_OK) rc = cv_chachapoly_sw_start(ctx, CV_DECRYPT, nonce, nonce_len);
  if (rc == CV_OK) rc = cv_chachapoly_sw_aad(ctx, aad, aad_len);
  if (rc == CV_OK) rc = text_begin(ctx, len);
  if (rc != CV_OK) return rc;
  cv_poly1305_sw_update(&ctx->poly, in, len);
  uint8_t t[16];
  compute_tag(ctx, t);
  rc = tag_check(t, tag);
  if (rc == CV_OK) {
    cv_chacha_sw_xor(&ctx->chacha, in, out, len);
  } else {
    for (size_t i = 0; i < len; i++) out[i] = 0;
  }
  return rc;
}
