// SPDX-License-Identifier: Apache-2.0
/* cv_gcm_sw.c: software AES-GCM (SP 800-38D) for RV32IM: the T-table AES of cv_aes_sw.c in
 * counter mode and GHASH by Shoup's method with 8-bit tables; or, the isa version (CV_ZK), the
 * AES on Zkne and GHASH by carry-less multiplication (Zbkc). */
#include "cv_gcm_sw.h"
#include "cv_bytes.h"

#include <string.h>

#ifndef CV_CRYPTO_SMALL
#include "cv_gcm_sw_tables.h"
#endif
#if defined(CV_ZK)
#include "cv_zk.h"
#endif

/* ------------------------------------------------------------------------------------------ */
/* GHASH                                                                                      */
#ifdef CV_CRYPTO_SMALL
/* -DCV_CRYPTO_SMALL (size-bound programs such as the console): no tables. X * H bit by bit
 * (SP 800-38D algorithm 1) on big-endian words, where GCM's x^0 is the MSB of word 0 and a
 * multiplication by x a right shift of the 128 bits, reduced by x^128 = 1 + x + x^2 + x^7
 * (0xe1 in the top byte). Masks instead of branches: the time depends on nothing secret. H is
 * kept as big-endian words in htab[0]; the rest of the table is unused. */
static uint32_t bswap32(uint32_t x) {
  return x << 24 | (x & 0xff00u) << 8 | (x >> 8 & 0xff00u) | x >> 24;
}

/* y = y * H */
static void gmul(const uint32_t htab[256][4], uint32_t y[4]) {
  uint32_t v[4], z[4] = {0, 0, 0, 0}, x[4];
  for (int i = 0; i < 4; i++) {
    v[i] = htab[0][i];
    x[i] = bswap32(y[i]);
  }
  for (int i = 0; i < 128; i++) {
    const uint32_t m = 0u - (x[i >> 5] >> (31 - (i & 31)) & 1u);
    const uint32_t c = 0u - (v[3] & 1u);
    for (int j = 0; j < 4; j++) z[j] ^= v[j] & m;
    for (int j = 3; j > 0; j--) v[j] = v[j] >> 1 | v[j - 1] << 31;
    v[0] = v[0] >> 1 ^ (0xe1000000u & c);
  }
  for (int i = 0; i < 4; i++) y[i] = bswap32(z[i]);
}
#else
/*
 * GCM reads a block as a polynomial with the MSB of byte 0 as x^0 and the LSB of byte 15 as
 * x^127, so multiplying by x^8 moves byte k to byte k + 1; byte 15 falls out and comes back,
 * reduced by x^128 = 1 + x + x^2 + x^7, as a 16-bit value in bytes 0-1 (cv_gcm_reduce, one
 * entry per dropped byte). X * H is then Horner's rule over the bytes of X from the last:
 *   Z = htab[X15];  Z = Z * x^8 ^ htab[X_k]  for k = 14 .. 0,
 * with htab[b] = b * H precomputed per key. The blocks stay in memory order and are read as
 * little-endian words (no byte swapping): "move byte k to k + 1" is then a left shift of each
 * word by 8 with the top byte carried into the next word, and a table index is one shift and
 * one mask of a data word (the byte already scaled by 16): about 26 instructions a step. The
 * table lookups are indexed by secret data: fixed-time on this SoC, which has no data cache
 * (README). */
#define TB(tab, off) ((const uint32_t *)(const void *)((const uint8_t *)(tab) + (off)))
#define RED(off) (*(const uint32_t *)(const void *)((const uint8_t *)cv_gcm_reduce + (off)))
#define GSTEP(off)                                  \
  do {                                              \
    uint32_t r_ = (z3 >> 22) & 0x3fcu;              \
    const uint32_t *e_ = TB(htab, off);             \
    z3 = (z3 << 8 | z2 >> 24) ^ e_[3];              \
    z2 = (z2 << 8 | z1 >> 24) ^ e_[2];              \
    z1 = (z1 << 8 | z0 >> 24) ^ e_[1];              \
    z0 = (z0 << 8) ^ RED(r_) ^ e_[0];               \
  } while (0)
#define GWORD(w)                       \
  GSTEP(((w) >> 20) & 0xff0u);         \
  GSTEP(((w) >> 12) & 0xff0u);         \
  GSTEP(((w) >> 4) & 0xff0u);          \
  GSTEP(((w) << 4) & 0xff0u)

/* y = y * H */
static void gmul(const uint32_t htab[256][4], uint32_t y[4]) {
  uint32_t w0 = y[0], w1 = y[1], w2 = y[2], w3 = y[3];
  const uint32_t *e = TB(htab, (w3 >> 20) & 0xff0u);  /* byte 15 */
  uint32_t z0 = e[0], z1 = e[1], z2 = e[2], z3 = e[3];
  GSTEP((w3 >> 12) & 0xff0u);
  GSTEP((w3 >> 4) & 0xff0u);
  GSTEP((w3 << 4) & 0xff0u);
  GWORD(w2);
  GWORD(w1);
  GWORD(w0);
  y[0] = z0;
  y[1] = z1;
  y[2] = z2;
  y[3] = z3;
}
#endif

#if defined(CV_ZK)
/* GHASH on Zbkc. brev8 reverses the bits of each byte, so a block read as little-endian words
 * and passed through brev8 is the polynomial in natural order: bit i of word m is the
 * coefficient of x^(32m + i). The product of two such 128-bit polynomials is Karatsuba on
 * 64-bit halves, (A1 x^64 + A0)(B1 x^64 + B0) = A1B1 x^128 + ((A0 + A1)(B0 + B1) + A0B0 +
 * A1B1) x^64 + A0B0, each 64 x 64 product four clmul and four clmulh; B is H, whose half sum
 * is computed once per key. The 256-bit product is reduced by x^128 = x^7 + x^2 + x + 1
 * (0x87) word by word from the top: word 4 + j times 0x87 is added at word j (clmul) and its
 * carry at word j + 1 (clmulh, at most 7 bits), the top word's carry landing in word 4, which
 * is reduced last. No table, no branch: every instruction takes one cycle whatever its
 * operands (Zkt). In the context, htab[0] holds H in natural order and htab[1][0..1] its half
 * sum; the rest of the table is unused. */
#define CLMUL64(a0, a1, b0, b1, r0, r1, r2, r3)                           \
  r0 = cv_clmul(a0, b0);                                                  \
  r1 = cv_clmulh(a0, b0) ^ cv_clmul(a0, b1) ^ cv_clmul(a1, b0);          \
  r2 = cv_clmulh(a0, b1) ^ cv_clmulh(a1, b0) ^ cv_clmul(a1, b1);         \
  r3 = cv_clmulh(a1, b1)

/* (v0..v3) = (v0..v3) * H, both in natural order; H and its half sum in h0..h5, pr = 0x87 */
#define ISA_GMUL()                                                                          \
  do {                                                                                      \
    uint32_t l0, l1, l2, l3, u0, u1, u2, u3, m0, m1, m2, m3;                                \
    CLMUL64(v0, v1, h0, h1, l0, l1, l2, l3);                                                \
    CLMUL64(v2, v3, h2, h3, u0, u1, u2, u3);                                                \
    CLMUL64(v0 ^ v2, v1 ^ v3, h4, h5, m0, m1, m2, m3);                                      \
    m0 ^= l0 ^ u0;                                                                          \
    m1 ^= l1 ^ u1;                                                                          \
    m2 ^= l2 ^ u2;                                                                          \
    m3 ^= l3 ^ u3;                                                                          \
    uint32_t z4 = u0 ^ m2;                                                                  \
    const uint32_t z5 = u1 ^ m3;                                                            \
    v3 = l3 ^ m1 ^ cv_clmul(u3, pr) ^ cv_clmulh(u2, pr);                                      \
    z4 ^= cv_clmulh(u3, pr);                                                                 \
    v2 = l2 ^ m0 ^ cv_clmul(u2, pr) ^ cv_clmulh(z5, pr);                                      \
    v1 = l1 ^ cv_clmul(z5, pr) ^ cv_clmulh(z4, pr);                                           \
    v0 = l0 ^ cv_clmul(z4, pr);                                                              \
  } while (0)

static int is_isa(const cv_gcm_sw_ctx *ctx) { return ctx->aes.impl == CV_AES_SW_IMPL_ISA; }
/* H and its half sum: the first 8 words of the (otherwise unused) table */
static const uint32_t *isa_h(const cv_gcm_sw_ctx *ctx) {
  return (const uint32_t *)(const void *)ctx->htab;
}

/* y (a byte string as little-endian words) ^= n whole blocks at p, multiplying by H after each;
 * y is kept in natural order across the blocks, H in registers. A misaligned block is copied
 * first (one loop, one copy of the multiplication: the program memory is small). */
static __attribute__((noinline)) void isa_ghash(const cv_gcm_sw_ctx *ctx, uint32_t y[4],
                                                const uint8_t *p, size_t n) {
  const uint32_t *h = isa_h(ctx);
  const uint32_t h0 = h[0], h1 = h[1], h2 = h[2], h3 = h[3], h4 = h[4], h5 = h[5], pr = 0x87u;
  const int aligned = ((uintptr_t)p & 3u) == 0;
  uint32_t v0 = cv_brev8(y[0]), v1 = cv_brev8(y[1]), v2 = cv_brev8(y[2]), v3 = cv_brev8(y[3]);
  uint32_t b[4];
  for (; n; n--, p += 16) {
    const uint32_t *q = (const cv_word_t *)(const void *)p;
    if (!aligned) {
      memcpy(b, p, 16);
      q = b;
    }
    v0 ^= cv_brev8(q[0]);
    v1 ^= cv_brev8(q[1]);
    v2 ^= cv_brev8(q[2]);
    v3 ^= cv_brev8(q[3]);
    ISA_GMUL();
  }
  y[0] = cv_brev8(v0);
  y[1] = cv_brev8(v1);
  y[2] = cv_brev8(v2);
  y[3] = cv_brev8(v3);
}

static const uint8_t isa_zero_block[16] __attribute__((aligned(4)));
#endif

/* y = y * H on the context's accumulator (or another byte string) */
static void gmul_ctx(const cv_gcm_sw_ctx *ctx, uint32_t y[4]) {
#if defined(CV_ZK)
  if (is_isa(ctx)) {
    isa_ghash(ctx, y, isa_zero_block, 1);
    return;
  }
#endif
  gmul(ctx->htab, y);
}

/* XOR n bytes into the accumulator, multiplying at each completed block. */
static void ghash_bytes(cv_gcm_sw_ctx *ctx, const uint8_t *p, size_t n) {
  uint8_t *yb = (uint8_t *)ctx->y;
  uint32_t pos = ctx->y_pos;
#ifdef CV_CRYPTO_SMALL
  for (; n; n--) {  /* byte by byte: one copy of the code */
    yb[pos++] ^= *p++;
    if (pos == 16) {
      gmul_ctx(ctx, ctx->y);
      pos = 0;
    }
  }
#else
  while (n && pos) {
    yb[pos++] ^= *p++;
    n--;
    if (pos == 16) {
      gmul_ctx(ctx, ctx->y);
      pos = 0;
    }
  }
#if defined(CV_ZK)
  if (is_isa(ctx)) {
    isa_ghash(ctx, ctx->y, p, n / 16);
    p += n & ~(size_t)15;
    n &= 15;
  }
#endif
  if (((uintptr_t)p & 3u) == 0) {
    for (; n >= 16; n -= 16, p += 16) {
      const cv_word_t *q = (const cv_word_t *)(const void *)p;
      ctx->y[0] ^= q[0];
      ctx->y[1] ^= q[1];
      ctx->y[2] ^= q[2];
      ctx->y[3] ^= q[3];
      gmul_ctx(ctx, ctx->y);
    }
  } else {
    for (; n >= 16; n -= 16, p += 16) {
      ctx->y[0] ^= ld32(p);
      ctx->y[1] ^= ld32(p + 4);
      ctx->y[2] ^= ld32(p + 8);
      ctx->y[3] ^= ld32(p + 12);
      gmul_ctx(ctx, ctx->y);
    }
  }
  while (n--) yb[pos++] ^= *p++;
#endif
  ctx->y_pos = pos;
}

/* Zero padding to a block boundary: the pending bytes are already XORed in, so multiply. */
static void ghash_pad(cv_gcm_sw_ctx *ctx) {
  if (ctx->y_pos) {
    gmul_ctx(ctx, ctx->y);
    ctx->y_pos = 0;
  }
}

/* The block [a]_64 || [b]_64 (big-endian bit counts) */
static void ghash_lengths(cv_gcm_sw_ctx *ctx, uint64_t a_bytes, uint64_t b_bytes) {
  uint8_t *yb = (uint8_t *)ctx->y;
  uint64_t a = a_bytes << 3, b = b_bytes << 3;
  for (int i = 0; i < 8; i++) {
    yb[7 - i] ^= (uint8_t)(a >> (8 * i));
    yb[15 - i] ^= (uint8_t)(b >> (8 * i));
  }
  gmul_ctx(ctx, ctx->y);
}

void cv_gcm_sw_ghash_block(const cv_gcm_sw_ctx *ctx, uint8_t y[16], const uint8_t block[16]) {
  uint32_t w[4];
  for (int i = 0; i < 4; i++) w[i] = ld32(y + 4 * i) ^ ld32(block + 4 * i);
  gmul_ctx(ctx, w);
  for (int i = 0; i < 4; i++) st32(y + 4 * i, w[i]);
}

/* ------------------------------------------------------------------------------------------ */
/* Counter mode with inc32 (only the last 32 bits of the counter block count, mod 2^32)       */

static void next_ks(cv_gcm_sw_ctx *ctx, uint32_t k[4]) {
  uint32_t c = ctx->cnt++;
  ctx->ctr[12] = (uint8_t)(c >> 24);
  ctx->ctr[13] = (uint8_t)(c >> 16);
  ctx->ctr[14] = (uint8_t)(c >> 8);
  ctx->ctr[15] = (uint8_t)c;
  cv_aes_sw_encrypt_block(&ctx->aes, ctx->ctr, (uint8_t *)k);
}

#if defined(CV_ZK) && !defined(CV_CRYPTO_SMALL)
/* isa, aligned in and out: n whole blocks, the counter blocks built as words (the counter
 * word is rev8 of cnt) four at a time and encrypted by one ECB call, which runs the isa AES on
 * the words in place */
static void isa_ctr_blocks(cv_gcm_sw_ctx *ctx, const uint8_t *in, uint8_t *out, size_t n) {
  uint32_t ks[16], c[3];
  memcpy(c, ctx->ctr, 12);
  const cv_word_t *p = (const cv_word_t *)(const void *)in;
  cv_word_t *o = (cv_word_t *)(void *)out;
  while (n) {
    const size_t nb = n < 4 ? n : 4;
    for (size_t b = 0; b < nb; b++) {
      ks[4 * b] = c[0];
      ks[4 * b + 1] = c[1];
      ks[4 * b + 2] = c[2];
      ks[4 * b + 3] = cv_rev8(ctx->cnt++);
    }
    (void)cv_aes_sw_ecb(&ctx->aes, CV_ENCRYPT, (const uint8_t *)ks, (uint8_t *)ks, 16 * nb);
    for (size_t i = 0; i < 4 * nb; i++) o[i] = p[i] ^ ks[i];
    p += 4 * nb;
    o += 4 * nb;
    n -= nb;
  }
  for (int i = 0; i < 16; i++) {
    ks[i] = 0;
    __asm__ volatile("" : : "r"(ks) : "memory");
  }
}
#endif

static void ctr_xor(cv_gcm_sw_ctx *ctx, const uint8_t *in, uint8_t *out, size_t n) {
  uint32_t pos = ctx->ks_pos;
  uint32_t k[4];
#ifdef CV_CRYPTO_SMALL
  for (; n; n--) {  /* byte by byte: one copy of the code */
    if (pos == 16) {
      next_ks(ctx, k);
      for (int i = 0; i < 4; i++) st32(ctx->ks + 4 * i, k[i]);
      pos = 0;
    }
    *out++ = (uint8_t)(*in++ ^ ctx->ks[pos++]);
  }
#else
  while (n && pos < 16) {
    *out++ = (uint8_t)(*in++ ^ ctx->ks[pos++]);
    n--;
  }
  if ((((uintptr_t)in | (uintptr_t)out) & 3u) == 0) {
#if defined(CV_ZK)
    if (is_isa(ctx) && n >= 16) {
      isa_ctr_blocks(ctx, in, out, n / 16);
      in += n & ~(size_t)15;
      out += n & ~(size_t)15;
      n &= 15;
    }
#endif
    for (; n >= 16; n -= 16, in += 16, out += 16) {
      const cv_word_t *p = (const cv_word_t *)(const void *)in;
      cv_word_t *o = (cv_word_t *)(void *)out;
      next_ks(ctx, k);
      o[0] = p[0] ^ k[0];
      o[1] = p[1] ^ k[1];
      o[2] = p[2] ^ k[2];
      o[3] = p[3] ^ k[3];
    }
  } else {
    for (; n >= 16; n -= 16, in += 16, out += 16) {
      next_ks(ctx, k);
      for (int i = 0; i < 4; i++) st32(out + 4 * i, ld32(in + 4 * i) ^ k[i]);
    }
  }
  if (n) {
    next_ks(ctx, k);
    for (int i = 0; i < 4; i++) st32(ctx->ks + 4 * i, k[i]);
    pos = 0;
    while (n--) *out++ = (uint8_t)(*in++ ^ ctx->ks[pos++]);
  }
#endif
  ctx->ks_pos = pos;
}

/* ------------------------------------------------------------------------------------------ */
/* API                                                                                        */

cv_status_t cv_gcm_sw_init(cv_gcm_sw_ctx *ctx, const uint8_t *key, size_t key_len) {
  if (!ctx || !key) return CV_ERR_ARG;
  cv_status_t rc = cv_aes_sw_init(&ctx->aes, key, key_len);
  if (rc != CV_OK) return rc;
  uint8_t *t = (uint8_t *)ctx->htab;
#ifdef CV_CRYPTO_SMALL
  for (int i = 0; i < 16; i++) t[i] = 0;
  cv_aes_sw_encrypt_block(&ctx->aes, t, t);              /* H, then as big-endian words */
  for (int i = 0; i < 4; i++) ctx->htab[0][i] = bswap32(ctx->htab[0][i]);
  ctx->phase = 0;
  return CV_OK;
#endif
  for (int i = 0; i < 16; i++) t[i] = 0;                 /* htab[0] = 0 */
  cv_aes_sw_encrypt_block(&ctx->aes, t, t + 16 * 0x80);  /* htab[0x80] = x^0 * H = H */
  for (int j = 0x40; j; j >>= 1) {                       /* htab[j] = htab[2j] * x */
    const uint8_t *s = t + 32 * j;
    uint8_t *d = t + 16 * j;
    uint8_t carry = 0;
    for (int i = 0; i < 16; i++) {
      d[i] = (uint8_t)(s[i] >> 1 | carry);
      carry = (uint8_t)(s[i] << 7);
    }
    d[0] ^= (uint8_t)(0xe1u & (0u - (uint32_t)(carry >> 7)));
  }
  for (int i = 2; i < 256; i <<= 1)
    for (int j = 1; j < i; j++)
      for (int w = 0; w < 4; w++) ctx->htab[i + j][w] = ctx->htab[i][w] ^ ctx->htab[j][w];
  ctx->phase = 0;
  return CV_OK;
}

cv_status_t cv_gcm_sw_init_isa(cv_gcm_sw_ctx *ctx, const uint8_t *key, size_t key_len) {
  if (!ctx || !key) return CV_ERR_ARG;
#if defined(CV_ZK)
  cv_status_t rc = cv_aes_sw_init_isa(&ctx->aes, key, key_len);
  if (rc != CV_OK) return rc;
  uint32_t *h = (uint32_t *)(void *)ctx->htab;
  uint32_t z[4] = {0, 0, 0, 0};
  cv_aes_sw_encrypt_block(&ctx->aes, (const uint8_t *)z, (uint8_t *)z);
  for (int i = 0; i < 4; i++) h[i] = cv_brev8(z[i]);
  h[4] = h[0] ^ h[2];
  h[5] = h[1] ^ h[3];
  h[6] = h[7] = 0;
  ctx->phase = 0;
  return CV_OK;
#else
  if (key_len != 16 && key_len != 24 && key_len != 32) return CV_ERR_KEYLEN;
  return CV_ERR_HW;
#endif
}

static int tag_len_ok(size_t t) {
  return t == 16 || t == 15 || t == 14 || t == 13 || t == 12 || t == 8 || t == 4;
}

cv_status_t cv_gcm_sw_start(cv_gcm_sw_ctx *ctx, cv_dir_t dir, const uint8_t *iv, size_t iv_len,
                            size_t tag_len) {
  if (!ctx || !iv || !iv_len) return CV_ERR_ARG;
  if (dir != CV_ENCRYPT && dir != CV_DECRYPT) return CV_ERR_ARG;
  if (!tag_len_ok(tag_len)) return CV_ERR_OUTLEN;
  for (int i = 0; i < 4; i++) ctx->y[i] = 0;
  ctx->y_pos = 0;
  if (iv_len == 12) {  /* J0 = IV || 0^31 || 1 */
    for (int i = 0; i < 12; i++) ctx->ctr[i] = iv[i];
    ctx->ctr[12] = ctx->ctr[13] = ctx->ctr[14] = 0;
    ctx->ctr[15] = 1;
  } else {             /* J0 = GHASH(IV || 0^s || 0^64 || [len(IV)]_64) */
    ghash_bytes(ctx, iv, iv_len);
    ghash_pad(ctx);
    ghash_lengths(ctx, 0, iv_len);
    const uint8_t *yb = (const uint8_t *)ctx->y;
    for (int i = 0; i < 16; i++) ctx->ctr[i] = yb[i];
    for (int i = 0; i < 4; i++) ctx->y[i] = 0;
  }
  cv_aes_sw_encrypt_block(&ctx->aes, ctx->ctr, ctx->ekj0);
  ctx->cnt = ((uint32_t)ctx->ctr[12] << 24 | (uint32_t)ctx->ctr[13] << 16 |
              (uint32_t)ctx->ctr[14] << 8 | ctx->ctr[15]) + 1u;
  ctx->ks_pos = 16;
  ctx->aad_len = ctx->msg_len = 0;
  ctx->dir = dir;
  ctx->tag_len = (int)tag_len;
  ctx->phase = 1;
  return CV_OK;
}

cv_status_t cv_gcm_sw_aad(cv_gcm_sw_ctx *ctx, const uint8_t *aad, size_t len) {
  if (!ctx || ctx->phase != 1 || (len && !aad)) return CV_ERR_ARG;
  if ((uint64_t)len > (1ull << 61) - 1 - ctx->aad_len) return CV_ERR_LENGTH;
  ghash_bytes(ctx, aad, len);
  ctx->aad_len += len;
  return CV_OK;
}

/* Checks for update and for the one-shot text: moves from the AAD to the text phase. */
static cv_status_t text_begin(cv_gcm_sw_ctx *ctx, size_t len) {
  if (ctx->phase != 1 && ctx->phase != 2) return CV_ERR_ARG;
  if ((uint64_t)len > CV_GCM_MAX_MSG_BYTES - ctx->msg_len) return CV_ERR_LENGTH;
  if (ctx->phase == 1) {
    ghash_pad(ctx);
    ctx->phase = 2;
  }
  ctx->msg_len += len;
  return CV_OK;
}

cv_status_t cv_gcm_sw_update(cv_gcm_sw_ctx *ctx, const uint8_t *in, uint8_t *out, size_t len) {
  if (!ctx || (len && (!in || !out))) return CV_ERR_ARG;
  cv_status_t rc = text_begin(ctx, len);
  if (rc != CV_OK) return rc;
  if (ctx->dir == CV_DECRYPT) ghash_bytes(ctx, in, len);  /* in may be out: hash it first */
  ctr_xor(ctx, in, out, len);
  if (ctx->dir == CV_ENCRYPT) ghash_bytes(ctx, out, len);
  return CV_OK;
}

/* The full tag into t[16]; ends the message. */
static void compute_tag(cv_gcm_sw_ctx *ctx, uint8_t t[16]) {
  ghash_pad(ctx);
  ghash_lengths(ctx, ctx->aad_len, ctx->msg_len);
  const uint8_t *yb = (const uint8_t *)ctx->y;
  for (int i = 0; i < 16; i++) t[i] = (uint8_t)(yb[i] ^ ctx->ekj0[i]);
  ctx->phase = 3;
}

cv_status_t cv_gcm_sw_finish(cv_gcm_sw_ctx *ctx, uint8_t *tag) {
  if (!ctx || !tag || ctx->dir != CV_ENCRYPT || (ctx->phase != 1 && ctx->phase != 2))
    return CV_ERR_ARG;
  uint8_t t[16];
  compute_tag(ctx, t);
  for (int i = 0; i < ctx->tag_len; i++) tag[i] = t[i];
  return CV_OK;
}

/* Constant-time comparison: the time depends on n only, never on where the bytes differ. */
static cv_status_t tag_check(const uint8_t *a, const uint8_t *b, int n) {
  uint32_t d = 0;
  for (int i = 0; i < n; i++) d |= (uint32_t)(a[i] ^ b[i]);
  return d ? CV_ERR_AUTH : CV_OK;
}

cv_status_t cv_gcm_sw_verify(cv_gcm_sw_ctx *ctx, const uint8_t *tag) {
  if (!ctx || !tag || ctx->dir != CV_DECRYPT || (ctx->phase != 1 && ctx->phase != 2))
    return CV_ERR_ARG;
  uint8_t t[16];
  compute_tag(ctx, t);
  return tag_check(t, tag, ctx->tag_len);
}

cv_status_t cv_gcm_sw_encrypt(cv_gcm_sw_ctx *ctx, const uint8_t *iv, size_t iv_len,
                              const uint8_t *aad, size_t aad_len, const uint8_t *in,
                              uint8_t *out, size_t len, uint8_t *tag, size_t tag_len) {
  if (!ctx || !tag || (aad_len && !aad) || (len && (!in || !out))) return CV_ERR_ARG;
  cv_status_t rc = cv_gcm_sw_start(ctx, CV_ENCRYPT, iv, iv_len, tag_len);
  if (rc == CV_OK) rc = cv_gcm_sw_aad(ctx, aad, aad_len);
  if (rc == CV_OK) rc = cv_gcm_sw_update(ctx, in, out, len);
  if (rc == CV_OK) rc = cv_gcm_sw_finish(ctx, tag);
  return rc;
}

/* The whole ciphertext is authenticated before any of it is decrypted: GHASH and the counter
 * mode are independent passes, so this costs nothing and a forgery never reaches out. */
cv_status_t cv_gcm_sw_decrypt(cv_gcm_sw_ctx *ctx, const uint8_t *iv, size_t iv_len,
                              const uint8_t *aad, size_t aad_len, const uint8_t *in,
                              uint8_t *out, size_t len, const uint8_t *tag, size_t tag_len) {
  if (!ctx || !tag || (aad_len && !aad) || (len && (!in || !out))) return CV_ERR_ARG;
  cv_status_t rc = cv_gcm_sw_start(ctx, CV_DECRYPT, iv, iv_len, tag_len);
  if (rc == CV_OK) rc = cv_gcm_sw_aad(ctx, aad, aad_len);
  if (rc == CV_OK) rc = text_begin(ctx, len);
  if (rc != CV_OK) return rc;
  ghash_bytes(ctx, in, len);
  uint8_t t[16];
  compute_tag(ctx, t);
  rc = tag_check(t, tag, (int)tag_len);
  if (rc == CV_OK) {
    ctr_xor(ctx, in, out, len);
  } else {
    for (size_t i = 0; i < len; i++) out[i] = 0;
  }
  return rc;
}
