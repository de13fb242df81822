// SPDX-License-Identifier: Apache-2.0
/* cv_ccm_sw.c: software AES-CCM (SP 800-38C) and CCM* for RV32IM: CBC-MAC and counter mode
 * under one key, in one pass over the data. */
#include "cv_ccm_sw.h"
#include "cv_bytes.h"

static void enc(const cv_ccm_sw_ctx *ctx, const uint32_t in[4], uint32_t out[4]) {
  cv_aes_sw_encrypt_block(&ctx->aes, (const uint8_t *)in, (uint8_t *)out);
}

/* Writes i into the counter block's last bytes. The message is shorter than 2^(8q) bytes, so
 * i < 2^(8q - 4) and never needs more than min(q, 4) bytes. */
static void set_ctr(cv_ccm_sw_ctx *ctx, uint32_t i) {
  int n = ctx->q < 4 ? ctx->q : 4;
  for (int j = 0; j < n; j++) ctx->ctr[15 - j] = (uint8_t)(i >> (8 * j));
}

static void next_ks(cv_ccm_sw_ctx *ctx) {
  set_ctr(ctx, ctx->cnt++);
  cv_aes_sw_encrypt_block(&ctx->aes, ctx->ctr, ctx->ks);
  ctx->ks_pos = 0;
}

/* CBC-MAC over bytes: XOR into x, encrypt at each completed block. */
static void mac_bytes(cv_ccm_sw_ctx *ctx, const uint8_t *p, size_t n) {
  uint8_t *xb = (uint8_t *)ctx->x;
  uint32_t pos = ctx->x_pos;
  while (n && pos) {
    xb[pos++] ^= *p++;
    n--;
    if (pos == 16) {
      enc(ctx, ctx->x, ctx->x);
      pos = 0;
    }
  }
  for (; n >= 16; n -= 16, p += 16) {
    for (int i = 0; i < 4; i++) ctx->x[i] ^= ld32(p + 4 * i);
    enc(ctx, ctx->x, ctx->x);
  }
  while (n--) xb[pos++] ^= *p++;
  ctx->x_pos = pos;
}

static void mac_pad(cv_ccm_sw_ctx *ctx) {
  if (ctx->x_pos) {
    enc(ctx, ctx->x, ctx->x);
    ctx->x_pos = 0;
  }
}

/* impl: 0 the T-table AES, 1 the bitsliced one, 2 the isa one */
static cv_status_t init(cv_ccm_sw_ctx *ctx, const uint8_t *key, size_t key_len, int impl) {
  if (!ctx || !key) return CV_ERR_ARG;
  cv_status_t rc = impl == 2 ? cv_aes_sw_init_isa(&ctx->aes, key, key_len)
                  : impl     ? cv_aes_sw_init_ct(&ctx->aes, key, key_len)
                             : cv_aes_sw_init(&ctx->aes, key, key_len);
  ctx->phase = 0;
  return rc;
}

cv_status_t cv_ccm_sw_init(cv_ccm_sw_ctx *ctx, const uint8_t *key, size_t key_len) {
  return init(ctx, key, key_len, 0);
}

cv_status_t cv_ccm_sw_init_ct(cv_ccm_sw_ctx *ctx, const uint8_t *key, size_t key_len) {
  return init(ctx, key, key_len, 1);
}

cv_status_t cv_ccm_sw_init_isa(cv_ccm_sw_ctx *ctx, const uint8_t *key, size_t key_len) {
  return init(ctx, key, key_len, 2);
}

static int tag_len_ok(size_t t) { return t == 0 || (t >= 4 && t <= 16 && (t & 1) == 0); }

cv_status_t cv_ccm_sw_start(cv_ccm_sw_ctx *ctx, cv_dir_t dir, const uint8_t *nonce,
                            size_t nonce_len, size_t aad_len, size_t msg_len, size_t tag_len) {
  if (!ctx || !nonce || nonce_len < 7 || nonce_len > 13) return CV_ERR_ARG;
  if (dir != CV_ENCRYPT && dir != CV_DECRYPT) return CV_ERR_ARG;
  if (!tag_len_ok(tag_len)) return CV_ERR_OUTLEN;
  int q = 15 - (int)nonce_len;
  if (q < 8 && (uint64_t)msg_len >> (8 * q)) return CV_ERR_LENGTH;
  ctx->q = q;
  ctx->dir = dir;
  ctx->tag_len = (int)tag_len;
  ctx->aad_total = tag_len ? aad_len : 0;  /* CCM*: no MAC, so no use for the AAD */
  ctx->msg_total = msg_len;
  ctx->aad_done = ctx->msg_done = 0;
  /* A_0 = flags (q - 1) || N || 0 */
  ctx->ctr[0] = (uint8_t)(q - 1);
  for (size_t i = 0; i < nonce_len; i++) ctx->ctr[1 + i] = nonce[i];
  for (int i = 1 + (int)nonce_len; i < 16; i++) ctx->ctr[i] = 0;
  ctx->ks_pos = 16;
  ctx->x_pos = 0;
  ctx->cnt = 1;
  if (tag_len) {
    uint8_t *xb = (uint8_t *)ctx->x;
    cv_aes_sw_encrypt_block(&ctx->aes, ctx->ctr, ctx->s0);
    /* B_0 = flags (Adata, (t - 2) / 2, q - 1) || N || Q */
    xb[0] = (uint8_t)((aad_len ? 64 : 0) | ((tag_len - 2) / 2) << 3 | (size_t)(q - 1));
    for (size_t i = 0; i < nonce_len; i++) xb[1 + i] = nonce[i];
    uint64_t m = msg_len;
    for (int i = 15; i > (int)nonce_len; i--, m >>= 8) xb[i] = (uint8_t)m;
    enc(ctx, ctx->x, ctx->x);
    if (aad_len) {  /* the AAD's length, in 2, 2 + 4 or 2 + 8 bytes */
      uint8_t a[10];
      uint64_t al = aad_len;
      int n;
      if (al < 0xff00u) {
        a[0] = (uint8_t)(al >> 8), a[1] = (uint8_t)al, n = 2;
      } else {
        int w = al >> 32 ? 8 : 4;
        a[0] = 0xff, a[1] = w == 8 ? 0xff : 0xfe, n = 2 + w;
        for (int i = 0; i < w; i++) a[n - 1 - i] = (uint8_t)(al >> (8 * i));
      }
      mac_bytes(ctx, a, (size_t)n);
    }
  }
  ctx->phase = 1;
  return CV_OK;
}

cv_status_t cv_ccm_sw_aad(cv_ccm_sw_ctx *ctx, const uint8_t *aad, size_t len) {
  if (!ctx || ctx->phase != 1 || (len && !aad)) return CV_ERR_ARG;
  if (!ctx->tag_len) return CV_OK;
  if ((uint64_t)len > ctx->aad_total - ctx->aad_done) return CV_ERR_LENGTH;
  mac_bytes(ctx, aad, len);
  ctx->aad_done += len;
  return CV_OK;
}

/* One byte of text when a keystream or MAC block is partly used. */
static void text_byte(cv_ccm_sw_ctx *ctx, const uint8_t *in, uint8_t *out) {
  if (ctx->ks_pos == 16) next_ks(ctx);
  uint8_t c = *in, o = (uint8_t)(c ^ ctx->ks[ctx->ks_pos++]);
  *out = o;
  if (ctx->tag_len) {
    ((uint8_t *)ctx->x)[ctx->x_pos++] ^= ctx->dir == CV_ENCRYPT ? c : o;
    if (ctx->x_pos == 16) {
      enc(ctx, ctx->x, ctx->x);
      ctx->x_pos = 0;
    }
  }
}

#ifndef CV_CRYPTO_SMALL
/* Whole blocks from a block boundary. With the bitsliced AES, an encrypted block's MAC input
 * X ^ P_i and counter block A_i are independent, so one 32-byte ECB call encrypts both in one
 * bitsliced pass. The T-table AES gains nothing from pairing and takes two direct calls; so does
 * decryption, which needs P_i = C_i ^ E(A_i) before the MAC.
 * Instantiated once for aligned and once for unaligned buffers: with both kinds of load in one
 * loop GCC may hoist a word load above the alignment test, and this core traps on misaligned
 * loads. */
static inline __attribute__((always_inline)) void blocks_body(cv_ccm_sw_ctx *ctx,
                                                              const uint8_t *in, uint8_t *out,
                                                              size_t nblk, const int aligned) {
  uint32_t b[8], p[4];
  const int mac = ctx->tag_len != 0, enc_mac = mac && ctx->dir == CV_ENCRYPT;
  const int pair = enc_mac && ctx->aes.impl == CV_AES_SW_IMPL_CT;
  for (; nblk; nblk--, in += 16, out += 16) {
    if (aligned) {
      const cv_word_t *q = (const cv_word_t *)(const void *)in;
      p[0] = q[0], p[1] = q[1], p[2] = q[2], p[3] = q[3];
    } else {
      for (int i = 0; i < 4; i++) p[i] = ld32(in + 4 * i);
    }
    set_ctr(ctx, ctx->cnt++);
    if (pair) {
      for (int i = 0; i < 4; i++) {
        b[i] = ctx->x[i] ^ p[i];
        b[4 + i] = ld32(ctx->ctr + 4 * i);
      }
      cv_aes_sw_ecb(&ctx->aes, CV_ENCRYPT, (const uint8_t *)b, (uint8_t *)b, 32);
      for (int i = 0; i < 4; i++) {
        ctx->x[i] = b[i];
        p[i] ^= b[4 + i];
      }
    } else {
      if (enc_mac) {
        for (int i = 0; i < 4; i++) ctx->x[i] ^= p[i];
        enc(ctx, ctx->x, ctx->x);
      }
      cv_aes_sw_encrypt_block(&ctx->aes, ctx->ctr, (uint8_t *)b);
      for (int i = 0; i < 4; i++) p[i] ^= b[i];
      if (mac && !enc_mac) {
        for (int i = 0; i < 4; i++) ctx->x[i] ^= p[i];
        enc(ctx, ctx->x, ctx->x);
      }
    }
    if (aligned) {
      cv_word_t *o = (cv_word_t *)(void *)out;
      o[0] = p[0], o[1] = p[1], o[2] = p[2], o[3] = p[3];
    } else {
      for (int i = 0; i < 4; i++) st32(out + 4 * i, p[i]);
    }
  }
}

static void text_blocks(cv_ccm_sw_ctx *ctx, const uint8_t *in, uint8_t *out, size_t nblk) {
  if ((((uintptr_t)in | (uintptr_t)out) & 3u) == 0)
    blocks_body(ctx, in, out, nblk, 1);
  else
    blocks_body(ctx, in, out, nblk, 0);
}
#endif

cv_status_t cv_ccm_sw_update(cv_ccm_sw_ctx *ctx, const uint8_t *in, uint8_t *out, size_t len) {
  if (!ctx || (len && (!in || !out))) return CV_ERR_ARG;
  if (ctx->phase != 1 && ctx->phase != 2) return CV_ERR_ARG;
  if (ctx->aad_done != ctx->aad_total) return CV_ERR_LENGTH;
  if ((uint64_t)len > ctx->msg_total - ctx->msg_done) return CV_ERR_LENGTH;
  if (ctx->phase == 1) {
    mac_pad(ctx);
    ctx->phase = 2;
  }
  ctx->msg_done += len;
#ifdef CV_CRYPTO_SMALL
  /* -DCV_CRYPTO_SMALL (size-bound programs such as the console): byte by byte, one copy of
   * the code */
  for (; len; len--) text_byte(ctx, in++, out++);
#else
  while (len && ctx->ks_pos != 16) {
    text_byte(ctx, in++, out++);
    len--;
  }
  /* here the keystream and the MAC are both at a block boundary */
  text_blocks(ctx, in, out, len / 16);
  in += len & ~(size_t)15;
  out += len & ~(size_t)15;
  for (len &= 15; len; len--) text_byte(ctx, in++, out++);
#endif
  return CV_OK;
}

/* The full tag into t[16]; ends the message. */
static cv_status_t compute_tag(cv_ccm_sw_ctx *ctx, cv_dir_t dir, uint8_t t[16]) {
  if (ctx->dir != dir || (ctx->phase != 1 && ctx->phase != 2)) return CV_ERR_ARG;
  if (ctx->aad_done != ctx->aad_total || ctx->msg_done != ctx->msg_total) return CV_ERR_LENGTH;
  mac_pad(ctx);
  const uint8_t *xb = (const uint8_t *)ctx->x;
  for (int i = 0; i < 16; i++) t[i] = (uint8_t)(xb[i] ^ ctx->s0[i]);
  ctx->phase = 3;
  return CV_OK;
}

cv_status_t cv_ccm_sw_finish(cv_ccm_sw_ctx *ctx, uint8_t *tag) {
  if (!ctx || (!tag && ctx->tag_len)) return CV_ERR_ARG;
  uint8_t t[16];
  cv_status_t rc = compute_tag(ctx, CV_ENCRYPT, t);
  if (rc == CV_OK)
    for (int i = 0; i < ctx->tag_len; i++) tag[i] = t[i];
  return rc;
}

cv_status_t cv_ccm_sw_verify(cv_ccm_sw_ctx *ctx, const uint8_t *tag) {
  if (!ctx || (!tag && ctx->tag_len)) return CV_ERR_ARG;
  uint8_t t[16];
  cv_status_t rc = compute_tag(ctx, CV_DECRYPT, t);
  if (rc != CV_OK) return rc;
  /* constant-time comparison: the time depends on the tag length only */
  uint32_t d = 0;
  for (int i = 0; i < ctx->tag_len; i++) d |= (uint32_t)(t[i] ^ tag[i]);
  return d ? CV_ERR_AUTH : CV_OK;
}

cv_status_t cv_ccm_sw_encrypt(cv_ccm_sw_ctx *ctx, const uint8_t *nonce, size_t nonce_len,
                              const uint8_t *aad, size_t aad_len, const uint8_t *in,
                              uint8_t *out, size_t len, uint8_t *tag, size_t tag_len) {
  if (!ctx || (!tag && tag_len) || (aad_len && !aad) || (len && (!in || !out)))
    return CV_ERR_ARG;
  cv_status_t rc = cv_ccm_sw_start(ctx, CV_ENCRYPT, nonce, nonce_len, aad_len, len, tag_len);
  if (rc == CV_OK) rc = cv_ccm_sw_aad(ctx, aad, aad_len);
  if (rc == CV_OK) rc = cv_ccm_sw_update(ctx, in, out, len);
  if (rc == CV_OK) rc = cv_ccm_sw_finish(ctx, tag);
  return rc;
}

/* CBC-MAC is over the plaintext, so decryption must come first; a mismatch wipes it. */
cv_status_t cv_ccm_sw_decrypt(cv_ccm_sw_ctx *ctx, const uint8_t *nonce, size_t nonce_len,
                              const uint8_t *aad, size_t aad_len, const uint8_t *in,
                              uint8_t *out, size_t len, const uint8_t *tag, size_t tag_len) {
  if (!ctx || (!tag && tag_len) || (aad_len && !aad) || (len && (!in || !out)))
    return CV_ERR_ARG;
  cv_status_t rc = cv_ccm_sw_start(ctx, CV_DECRYPT, nonce, nonce_len, aad_len, len, tag_len);
  if (rc == CV_OK) rc = cv_ccm_sw_aad(ctx, aad, aad_len);
  if (rc == CV_OK) rc = cv_ccm_sw_update(ctx, in, out, len);
  if (rc == CV_OK) rc = cv_ccm_sw_verify(ctx, tag);
  if (rc == CV_ERR_AUTH)
    for (size_t i = 0; i < len; i++) out[i] = 0;
  return rc;
}
