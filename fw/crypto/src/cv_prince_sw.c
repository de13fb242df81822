// SPDX-License-Identifier: Apache-2.0
/* cv_prince_sw.c: software PRINCE (Borghoff et al., ASIACRYPT 2012).
 *
 * A round S -> M' -> SR costs 16 table lookups (4 RV32IM instructions + 1 XOR each): the state is
 * kept "before SR" (u = SR^-1(x)), so that M'(S(SR(u))) is a sum of one 16-entry table per input
 * nibble (tools/gen_tables.py, prince_f); the backward half uses the same trick with
 * M'(S^-1(SR^-1(z))) (prince_h) by keeping the state before its S^-1 layer. The round keys are
 * moved into those domains at init (SR^-1 and M' are linear). */
#include "cv_prince_sw.h"
#include "cv_bytes.h"

#define TL(t, off) (*(const uint32_t *)(const void *)((const uint8_t *)(t) + (off)))

#include "cv_prince_sw_tables.h"

/* The round tables are passed as opaque pointers: with a constant address GCC rematerialises
 * "lui + addi" for each of the 16 sub-tables instead of using one base register and the lw
 * offset, which costs 2 instructions a lookup. */
static const uint32_t *opaque(const uint32_t *p) {
  __asm__("" : "+r"(p));
  return p;
}

static uint32_t ld32be(const uint8_t *p) {
  return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | (uint32_t)p[3];
}

static void st32be(uint8_t *p, uint32_t v) {
  p[0] = (uint8_t)(v >> 24);
  p[1] = (uint8_t)(v >> 16);
  p[2] = (uint8_t)(v >> 8);
  p[3] = (uint8_t)v;
}

/* SR^-1 on the 4x4 nibble matrix (columns = 16-bit chunks, chunk 0 on top): row r of chunk c
 * comes from chunk c - r, i.e. the row is rotated right by 16 r bits across the 64-bit value. */
static void sr_inv(uint32_t *ph, uint32_t *pl) {
  const uint32_t h = *ph, l = *pl;
  uint32_t h1 = h & 0x0f000f00u, l1 = l & 0x0f000f00u;
  uint32_t h2 = h & 0x00f000f0u, l2 = l & 0x00f000f0u;
  uint32_t h3 = h & 0x000f000fu, l3 = l & 0x000f000fu;
  *ph = (h & 0xf000f000u) | (h1 >> 16 | l1 << 16) | l2 | (h3 << 16 | l3 >> 16);
  *pl = (l & 0xf000f000u) | (l1 >> 16 | h1 << 16) | h2 | (l3 << 16 | h3 >> 16);
}

static uint32_t sub_word(uint32_t w, const uint8_t *sb) {
  return (uint32_t)sb[w & 0xff] | (uint32_t)sb[(w >> 8) & 0xff] << 8 |
         (uint32_t)sb[(w >> 16) & 0xff] << 16 | (uint32_t)sb[w >> 24] << 24;
}

#ifdef CV_CRYPTO_SMALL
/* -DCV_CRYPTO_SMALL (size-bound programs such as the console): no round tables. The rounds as
 * the paper writes them, S, M' and SR on the state itself (SR as SR^-1 three times: SR^4 = 1),
 * and round keys k1 ^ RC_i with the whitening keys folded into the first and the last, in no
 * other domain. M'-hat on a 16-bit chunk: output nibble r is the XOR of the four input nibbles
 * with, at each bit k (k = 0 the nibble's MSB), input nibble (k - r - first) mod 4 left out. */
static inline void tables_unused(void) {
  (void)cv_prince_f, (void)cv_prince_h, (void)cv_prince_inv_sbox8, (void)opaque;
}
static uint8_t small_inv_sbox8[256];  /* S^-1, computed by init (cv_invert8) */

static uint32_t mhat(uint32_t v, unsigned first) {
  const uint32_t p = (v ^ v >> 4 ^ v >> 8 ^ v >> 12) & 0xfu;
  uint32_t out = 0;
  for (unsigned r = 0; r < 4; r++) {
    uint32_t o = p;
    for (unsigned k = 0; k < 4; k++) o ^= v >> (12 - 4 * ((k - r - first) & 3u)) & (8u >> k);
    out |= o << (12 - 4 * r);
  }
  return out;
}

/* M' = (M0-hat, M1-hat, M1-hat, M0-hat) on the 16-bit chunks from the top */
static void m_prime(uint32_t *h, uint32_t *l) {
  *h = mhat(*h >> 16, 0) << 16 | mhat(*h & 0xffffu, 1);
  *l = mhat(*l >> 16, 1) << 16 | mhat(*l & 0xffffu, 0);
}

static void sub2(uint32_t *h, uint32_t *l, const uint8_t *sb) {
  *h = sub_word(*h, sb);
  *l = sub_word(*l, sb);
}
#else
/* M'(SR^-1(v)) = F(SR^-1(S^-1(SR^-1(v)))), since F(y) = M'(S(SR(y))) and S commutes with SR. */
static void msr_inv(uint32_t *h, uint32_t *l) {
  sr_inv(h, l);
  *h = sub_word(*h, cv_prince_inv_sbox8);
  *l = sub_word(*l, cv_prince_inv_sbox8);
  sr_inv(h, l);
  prince_f(h, l, cv_prince_f);
}
#endif

static void schedule(uint32_t *rk, uint64_t wa, uint64_t wb, uint64_t kk) {
  for (int i = 0; i < 12; i++) {
    uint64_t k = kk ^ ((uint64_t)cv_prince_rc[2 * i] << 32 | cv_prince_rc[2 * i + 1]);
    if (i == 0) k ^= wa;
    if (i == 11) k ^= wb;
    uint32_t h = (uint32_t)(k >> 32), l = (uint32_t)k;
#ifndef CV_CRYPTO_SMALL
    if (i <= 5) sr_inv(&h, &l);
    else if (i <= 10) msr_inv(&h, &l);
#endif
    rk[2 * i] = h;
    rk[2 * i + 1] = l;
  }
}

cv_status_t cv_prince_sw_init(cv_prince_sw_ctx *ctx, const uint8_t *key, size_t key_len) {
  if (!ctx || !key) return CV_ERR_ARG;
  if (key_len != 16) return CV_ERR_KEYLEN;
  uint64_t k0 = (uint64_t)ld32be(key) << 32 | ld32be(key + 4);
  uint64_t k1 = (uint64_t)ld32be(key + 8) << 32 | ld32be(key + 12);
  uint64_t k0p = (k0 >> 1 | k0 << 63) ^ (k0 >> 63);
  uint64_t alpha = (uint64_t)cv_prince_rc[22] << 32 | cv_prince_rc[23];
#ifdef CV_CRYPTO_SMALL
  cv_invert8(cv_prince_sbox8, small_inv_sbox8);
#endif
  schedule(ctx->rke, k0, k0p, k1);
  schedule(ctx->rkd, k0p, k0, k1 ^ alpha);
  return CV_OK;
}

#ifdef CV_CRYPTO_SMALL
static void crypt(const uint32_t *rk, uint32_t *ph, uint32_t *pl) {
  uint32_t h = *ph ^ rk[0], l = *pl ^ rk[1];
  for (int i = 1; i <= 5; i++) {
    sub2(&h, &l, cv_prince_sbox8);
    m_prime(&h, &l);
    for (int j = 0; j < 3; j++) sr_inv(&h, &l);
    h ^= rk[2 * i];
    l ^= rk[2 * i + 1];
  }
  sub2(&h, &l, cv_prince_sbox8);  /* middle: S, M', S^-1 */
  m_prime(&h, &l);
  sub2(&h, &l, small_inv_sbox8);
  for (int i = 6; i <= 10; i++) {
    h ^= rk[2 * i];
    l ^= rk[2 * i + 1];
    sr_inv(&h, &l);
    m_prime(&h, &l);
    sub2(&h, &l, small_inv_sbox8);
  }
  *ph = h ^ rk[22];
  *pl = l ^ rk[23];
}
#else
static void crypt(const uint32_t *rk, uint32_t *ph, uint32_t *pl) {
  const uint32_t *tf = opaque(cv_prince_f), *th = opaque(cv_prince_h);
  uint32_t h = *ph, l = *pl;
  sr_inv(&h, &l);
  h ^= rk[0];
  l ^= rk[1];
  for (int i = 1; i <= 5; i++) {
    prince_f(&h, &l, tf);
    h ^= rk[2 * i];
    l ^= rk[2 * i + 1];
  }
  prince_f(&h, &l, tf);  /* middle: S, M' (S^-1 deferred into prince_h) */
  for (int i = 6; i <= 10; i++) {
    prince_h(&h, &l, th);
    h ^= rk[2 * i];
    l ^= rk[2 * i + 1];
  }
  *ph = sub_word(h, cv_prince_inv_sbox8) ^ rk[22];
  *pl = sub_word(l, cv_prince_inv_sbox8) ^ rk[23];
}
#endif

void cv_prince_sw_encrypt_block(const cv_prince_sw_ctx *ctx, const uint8_t in[8],
                                uint8_t out[8]) {
  uint32_t h = ld32be(in), l = ld32be(in + 4);
  crypt(ctx->rke, &h, &l);
  st32be(out, h);
  st32be(out + 4, l);
}

void cv_prince_sw_decrypt_block(const cv_prince_sw_ctx *ctx, const uint8_t in[8],
                                uint8_t out[8]) {
  uint32_t h = ld32be(in), l = ld32be(in + 4);
  crypt(ctx->rkd, &h, &l);
  st32be(out, h);
  st32be(out + 4, l);
}

cv_status_t cv_prince_sw_ecb(const cv_prince_sw_ctx *ctx, cv_dir_t dir, const uint8_t *in,
                             uint8_t *out, size_t len) {
  if (!ctx || (len && (!in || !out))) return CV_ERR_ARG;
  if (dir != CV_ENCRYPT && dir != CV_DECRYPT) return CV_ERR_ARG;
  if (len % 8) return CV_ERR_LENGTH;
  const uint32_t *rk = dir == CV_ENCRYPT ? ctx->rke : ctx->rkd;
  for (size_t off = 0; off < len; off += 8) {
    uint32_t h = ld32be(in + off), l = ld32be(in + off + 4);
    crypt(rk, &h, &l);
    st32be(out + off, h);
    st32be(out + off + 4, l);
  }
  return CV_OK;
}

cv_status_t cv_prince_sw_ctr(const cv_prince_sw_ctx *ctx, uint8_t ctr[8], const uint8_t *in,
                             uint8_t *out, size_t len) {
  if (!ctx || !ctr || (len && (!in || !out))) return CV_ERR_ARG;
  uint32_t ch = ld32be(ctr), cl = ld32be(ctr + 4);
  for (size_t off = 0; off < len; off += 8) {
    uint32_t h = ch, l = cl;
    uint8_t ks[8];
    crypt(ctx->rke, &h, &l);
    st32be(ks, h);
    st32be(ks + 4, l);
    if (++cl == 0) ch++;
    for (size_t i = 0; i < 8 && off + i < len; i++) out[off + i] = (uint8_t)(in[off + i] ^ ks[i]);
  }
  st32be(ctr, ch);
  st32be(ctr + 4, cl);
  return CV_OK;
}
