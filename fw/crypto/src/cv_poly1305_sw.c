// SPDX-License-Identifier: Apache-2.0
/* cv_poly1305_sw.c: Poly1305 (RFC 8439) for RV32IM in radix 2^26.
 *
 * h and r are held in five 26-bit limbs, so each of the 25 limb products fits 52 bits and a
 * column of five fits 64 bits; RV32IM forms a 32x32 -> 64 product with mul + mulhu. Reduction
 * mod p = 2^130 - 5 folds limb products of weight >= 2^130 back with a factor 5, premultiplied
 * into s_i = 5 r_i. After a block, one carry pass leaves every limb a little above 26 bits,
 * which the next block's products tolerate; the full reduction happens once, in finish.
 * No branch or address depends on the key or the data. */
#include "cv_poly1305_sw.h"
#include "cv_bytes.h"

#define M26 0x3ffffffu

#ifdef CV_CRYPTO_SMALL
/* -DCV_CRYPTO_SMALL (size-bound programs such as the console): the same arithmetic as below as
 * loops, with byte loads at any alignment. Limb k of a block is its bits 26k..26k+25: bytes
 * 3k.. shifted right by 2k (k < 4), and limb 4 bytes 13..15 with the 2^128 bit. Column i of
 * the product takes h_j r_(i-j) for j <= i and h_j 5 r_(i-j+5) above. */
static void blocks(cv_poly1305_sw_ctx *ctx, const uint8_t *m, size_t nblk, uint32_t hibit) {
  uint32_t *h = ctx->h;
  for (; nblk; nblk--, m += 16) {
    for (int k = 0; k < 4; k++) h[k] += ld32(m + 3 * k) >> (2 * k) & M26;
    h[4] += ld32(m + 12) >> 8 | hibit;
    uint64_t d[5];
    for (int i = 0; i < 5; i++) {
      d[i] = 0;
      for (int j = 0; j < 5; j++)
        d[i] += (uint64_t)h[j] * (j <= i ? ctx->r[i - j] : ctx->r[i - j + 5] * 5);
    }
    uint32_t c = 0;
    for (int i = 0; i < 5; i++) {
      d[i] += c;
      c = (uint32_t)(d[i] >> 26);
      h[i] = (uint32_t)d[i] & M26;
    }
    h[0] += c * 5;
    h[1] += h[0] >> 26;
    h[0] &= M26;
  }
}
#else
/* h = (h + m_i + hibit * 2^128) * r for each 16-byte block m_i. Instantiated once for aligned
 * and once for unaligned messages: with both kinds of load in one loop GCC may hoist a word load
 * above the alignment test, and this core traps on misaligned loads. */
static inline __attribute__((always_inline)) void blocks_body(cv_poly1305_sw_ctx *ctx,
                                                              const uint8_t *m, size_t nblk,
                                                              uint32_t hibit, const int aligned) {
  const uint32_t r0 = ctx->r[0], r1 = ctx->r[1], r2 = ctx->r[2], r3 = ctx->r[3], r4 = ctx->r[4];
  const uint32_t s1 = r1 * 5, s2 = r2 * 5, s3 = r3 * 5, s4 = r4 * 5;
  uint32_t h0 = ctx->h[0], h1 = ctx->h[1], h2 = ctx->h[2], h3 = ctx->h[3], h4 = ctx->h[4];
  for (; nblk; nblk--, m += 16) {
    uint32_t t0, t1, t2, t3;
    if (aligned) {
      const cv_word_t *q = (const cv_word_t *)(const void *)m;
      t0 = q[0], t1 = q[1], t2 = q[2], t3 = q[3];
    } else {
      t0 = ld32(m), t1 = ld32(m + 4), t2 = ld32(m + 8), t3 = ld32(m + 12);
    }
    h0 += t0 & M26;
    h1 += (t0 >> 26 | t1 << 6) & M26;
    h2 += (t1 >> 20 | t2 << 12) & M26;
    h3 += (t2 >> 14 | t3 << 18) & M26;
    h4 += t3 >> 8 | hibit;
    uint64_t d0 = (uint64_t)h0 * r0 + (uint64_t)h1 * s4 + (uint64_t)h2 * s3 +
                  (uint64_t)h3 * s2 + (uint64_t)h4 * s1;
    uint64_t d1 = (uint64_t)h0 * r1 + (uint64_t)h1 * r0 + (uint64_t)h2 * s4 +
                  (uint64_t)h3 * s3 + (uint64_t)h4 * s2;
    uint64_t d2 = (uint64_t)h0 * r2 + (uint64_t)h1 * r1 + (uint64_t)h2 * r0 +
                  (uint64_t)h3 * s4 + (uint64_t)h4 * s3;
    uint64_t d3 = (uint64_t)h0 * r3 + (uint64_t)h1 * r2 + (uint64_t)h2 * r1 +
                  (uint64_t)h3 * r0 + (uint64_t)h4 * s4;
    uint64_t d4 = (uint64_t)h0 * r4 + (uint64_t)h1 * r3 + (uint64_t)h2 * r2 +
                  (uint64_t)h3 * r1 + (uint64_t)h4 * r0;
    uint32_t c;
    c = (uint32_t)(d0 >> 26), h0 = (uint32_t)d0 & M26;
    d1 += c, c = (uint32_t)(d1 >> 26), h1 = (uint32_t)d1 & M26;
    d2 += c, c = (uint32_t)(d2 >> 26), h2 = (uint32_t)d2 & M26;
    d3 += c, c = (uint32_t)(d3 >> 26), h3 = (uint32_t)d3 & M26;
    d4 += c, c = (uint32_t)(d4 >> 26), h4 = (uint32_t)d4 & M26;
    h0 += c * 5, c = h0 >> 26, h0 &= M26;
    h1 += c;
  }
  ctx->h[0] = h0, ctx->h[1] = h1, ctx->h[2] = h2, ctx->h[3] = h3, ctx->h[4] = h4;
}

static void blocks(cv_poly1305_sw_ctx *ctx, const uint8_t *m, size_t nblk, uint32_t hibit) {
  if (((uintptr_t)m & 3u) == 0)
    blocks_body(ctx, m, nblk, hibit, 1);
  else
    blocks_body(ctx, m, nblk, hibit, 0);
}
#endif

cv_status_t cv_poly1305_sw_init(cv_poly1305_sw_ctx *ctx, const uint8_t key[32]) {
  if (!ctx || !key) return CV_ERR_ARG;
  /* r clamped as RFC 8439 2.5.1, then cut into 26-bit limbs */
  uint32_t w0 = ld32(key) & 0x0fffffffu, w1 = ld32(key + 4) & 0x0ffffffcu;
  uint32_t w2 = ld32(key + 8) & 0x0ffffffcu, w3 = ld32(key + 12) & 0x0ffffffcu;
  ctx->r[0] = w0 & M26;
  ctx->r[1] = (w0 >> 26 | w1 << 6) & M26;
  ctx->r[2] = (w1 >> 20 | w2 << 12) & M26;
  ctx->r[3] = (w2 >> 14 | w3 << 18) & M26;
  ctx->r[4] = w3 >> 8;
  for (int i = 0; i < 4; i++) ctx->s[i] = ld32(key + 16 + 4 * i);
  for (int i = 0; i < 5; i++) ctx->h[i] = 0;
  ctx->buf_len = 0;
  return CV_OK;
}

cv_status_t cv_poly1305_sw_update(cv_poly1305_sw_ctx *ctx, const uint8_t *msg, size_t len) {
  if (!ctx || (len && !msg)) return CV_ERR_ARG;
  if (ctx->buf_len) {
    while (len && ctx->buf_len < 16) {
      ctx->buf[ctx->buf_len++] = *msg++;
      len--;
    }
    if (ctx->buf_len < 16) return CV_OK;
    blocks(ctx, ctx->buf, 1, 1u << 24);
    ctx->buf_len = 0;
  }
  blocks(ctx, msg, len / 16, 1u << 24);
  msg += len & ~(size_t)15;
  for (len &= 15; len; len--) ctx->buf[ctx->buf_len++] = *msg++;
  return CV_OK;
}

cv_status_t cv_poly1305_sw_finish(cv_poly1305_sw_ctx *ctx, uint8_t tag[16]) {
  if (!ctx || !tag) return CV_ERR_ARG;
  if (ctx->buf_len) {  /* last partial block: a 1 byte after the message, no 2^128 bit */
    ctx->buf[ctx->buf_len] = 1;
    for (uint32_t i = ctx->buf_len + 1; i < 16; i++) ctx->buf[i] = 0;
    blocks(ctx, ctx->buf, 1, 0);
    ctx->buf_len = 0;
  }
  uint32_t h0 = ctx->h[0], h1 = ctx->h[1], h2 = ctx->h[2], h3 = ctx->h[3], h4 = ctx->h[4];
  uint32_t c;
  c = h1 >> 26, h1 &= M26, h2 += c;
  c = h2 >> 26, h2 &= M26, h3 += c;
  c = h3 >> 26, h3 &= M26, h4 += c;
  c = h4 >> 26, h4 &= M26, h0 += c * 5;
  c = h0 >> 26, h0 &= M26, h1 += c;
  /* g = h + 5 - 2^130; take g when it is not negative (h >= p), without a branch */
  uint32_t g0 = h0 + 5;
  c = g0 >> 26, g0 &= M26;
  uint32_t g1 = h1 + c;
  c = g1 >> 26, g1 &= M26;
  uint32_t g2 = h2 + c;
  c = g2 >> 26, g2 &= M26;
  uint32_t g3 = h3 + c;
  c = g3 >> 26, g3 &= M26;
  uint32_t g4 = h4 + c - (1u << 26);
  uint32_t take_g = (g4 >> 31) - 1u;  /* all ones when g >= 0 */
  h0 = (h0 & ~take_g) | (g0 & take_g);
  h1 = (h1 & ~take_g) | (g1 & take_g);
  h2 = (h2 & ~take_g) | (g2 & take_g);
  h3 = (h3 & ~take_g) | (g3 & take_g);
  h4 = (h4 & ~take_g) | (g4 & take_g);
  /* h mod 2^128 as four words, plus s mod 2^128 */
  uint32_t f[4] = {h0 | h1 << 26, h1 >> 6 | h2 << 20, h2 >> 12 | h3 << 14, h3 >> 18 | h4 << 8};
  uint64_t acc = 0;
  for (int i = 0; i < 4; i++) {
    acc += (uint64_t)f[i] + ctx->s[i];
    uint32_t v = (uint32_t)acc;
    tag[4 * i] = (uint8_t)v;
    tag[4 * i + 1] = (uint8_t)(v >> 8);
    tag[4 * i + 2] = (uint8_t)(v >> 16);
    tag[4 * i + 3] = (uint8_t)(v >> 24);
    acc >>= 32;
  }
  for (int i = 0; i < 5; i++) ctx->h[i] = 0;
  return CV_OK;
}

cv_status_t cv_poly1305_sw_mac(const uint8_t key[32], const uint8_t *msg, size_t len,
                               uint8_t tag[16]) {
  cv_poly1305_sw_ctx c;
  cv_status_t rc = cv_poly1305_sw_init(&c, key);
  if (rc == CV_OK) rc = cv_poly1305_sw_update(&c, msg, len);
  if (rc == CV_OK) rc = cv_poly1305_sw_finish(&c, tag);
  return rc;
}
