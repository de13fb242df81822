// SPDX-License-Identifier: Apache-2.0
/* cv_present_sw.c: software PRESENT-80/128 (Bogdanov et al., CHES 2007).
 *
 * The state is two 32-bit words (lo = bits 31..0, hi = bits 63..32). One round of sBoxLayer and
 * pLayer costs eight 1 KiB-table lookups: the pLayer maps byte k onto the same bit pattern as
 * byte 0 shifted by 2k, so a single table serves all eight bytes (see tools/gen_tables.py).
 * Decryption runs in the pLayer^-1 domain so that S^-1 and P^-1 also fuse into one table. */
#include "cv_present_sw.h"
#include "cv_bytes.h"

#include "cv_present_sw_tables.h"
#ifdef CV_CRYPTO_SMALL
static uint8_t small_inv_sbox8[256];  /* S^-1, computed by init (cv_invert8) */
#endif

#define TL(t, off) (*(const uint32_t *)(const void *)((const uint8_t *)(t) + (off)))
#define I0(x) (((x) << 2) & 0x3fcu)
#define I1(x) (((x) >> 6) & 0x3fcu)
#define I2(x) (((x) >> 14) & 0x3fcu)
#define I3(x) (((x) >> 22) & 0x3fcu)

static uint32_t ld32be(const uint8_t *p) {
  return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | (uint32_t)p[3];
}

static void st32be(uint8_t *p, uint32_t v) {
  p[0] = (uint8_t)(v >> 24);
  p[1] = (uint8_t)(v >> 16);
  p[2] = (uint8_t)(v >> 8);
  p[3] = (uint8_t)v;
}

/* The table address as an opaque value: keeps it in one register across the unrolled code
 * instead of a "lui + addi" per lookup. */
static const uint32_t *opaque(const uint32_t *p) {
  __asm__("" : "+r"(p));
  return p;
}

/* P^-1(S^-1(x)) of the 64-bit value, byte-wise through cv_present_ip (passed as t). */
static inline __attribute__((always_inline)) void ip_layer(uint32_t *lo, uint32_t *hi,
                                                          const uint32_t *t) {
  const uint32_t l = *lo, h = *hi;
  *lo = TL(t, I0(l)) ^ TL(t, I2(l)) << 1 ^ TL(t, I0(h)) << 2 ^ TL(t, I2(h)) << 3;
  *hi = TL(t, I1(l)) ^ TL(t, I3(l)) << 1 ^ TL(t, I1(h)) << 2 ^ TL(t, I3(h)) << 3;
}

static uint32_t sbox_word(uint32_t w, const uint8_t *sb) {
  return (uint32_t)sb[w & 0xff] | (uint32_t)sb[(w >> 8) & 0xff] << 8 |
         (uint32_t)sb[(w >> 16) & 0xff] << 16 | (uint32_t)sb[w >> 24] << 24;
}

cv_status_t cv_present_sw_init(cv_present_sw_ctx *ctx, const uint8_t *key, size_t key_len) {
  if (!ctx || !key) return CV_ERR_ARG;
  if (key_len != 10 && key_len != 16) return CV_ERR_KEYLEN;
  uint64_t hi = 0, lo = 0;  /* 80: hi = k79..k64 (16 bits); 128: hi = k127..k64 */
  const size_t nh = key_len - 8;
  for (size_t i = 0; i < nh; i++) hi = hi << 8 | key[i];
  for (size_t i = 0; i < 8; i++) lo = lo << 8 | key[nh + i];
  ctx->key_bits = (int)key_len * 8;
  for (uint32_t i = 1; i <= 32; i++) {
    uint64_t rk = key_len == 10 ? (hi << 48 | lo >> 16) : hi;  /* the leftmost 64 bits */
    ctx->rk[2 * i - 2] = (uint32_t)rk;
    ctx->rk[2 * i - 1] = (uint32_t)(rk >> 32);
    if (i == 32) break;
    if (key_len == 10) {
      /* rotate the 80-bit register left by 61 (= right by 19), S-box on k79..k76,
       * round counter into k19..k15 */
      uint64_t nlo = lo >> 19 | hi << 45 | lo << 61;
      uint64_t nhi = (lo >> 3) & 0xffffu;
      nhi = (nhi & 0x0fffu) | (uint64_t)(cv_present_sbox8[nhi >> 12] & 0xf) << 12;
      lo = nlo ^ (uint64_t)i << 15;
      hi = nhi;
    } else {
      /* rotate left by 61, S-box on k127..k124 and k123..k120, counter into k66..k62 */
      uint64_t nhi = hi << 61 | lo >> 3;
      uint64_t nlo = lo << 61 | hi >> 3;
      nhi = (nhi & 0x00ffffffffffffffull) | (uint64_t)cv_present_sbox8[nhi >> 56] << 56;
      lo = nlo ^ (uint64_t)i << 62;
      hi = nhi ^ (uint64_t)(i >> 2);
    }
  }
#ifndef CV_CRYPTO_SMALL
  for (int i = 0; i < 32; i++) {
    uint32_t l = sbox_word(ctx->rk[2 * i], cv_present_sbox8);
    uint32_t h = sbox_word(ctx->rk[2 * i + 1], cv_present_sbox8);
    ip_layer(&l, &h, cv_present_ip);  /* S then P^-1 S^-1 = P^-1 */
    ctx->rkd[2 * i] = l;
    ctx->rkd[2 * i + 1] = h;
  }
#else
  cv_invert8(cv_present_sbox8, small_inv_sbox8);
#endif
  return CV_OK;
}

#ifdef CV_CRYPTO_SMALL
/* -DCV_CRYPTO_SMALL (size-bound programs such as the console): no sp/ip tables. sBoxLayer
 * through the byte S-box, pLayer by masks and shifts (bit i moves to bit 16 i mod 63, bit 63
 * stays: bit 4a + b to bit 16b + a); decryption runs the rounds backwards with the inverses
 * (pLayer's is pLayer twice). rkd is not used. */
static inline void tables_unused(void) {
  (void)cv_present_sp, (void)cv_present_ip, (void)cv_present_inv_sbox8, (void)opaque;
}

/* bits 0, 4, .., 28 of x into bits 0..7 */
static uint32_t gather4(uint32_t x) {
  x &= 0x11111111u;
  x = (x | x >> 3) & 0x03030303u;
  x = (x | x >> 6) & 0x000f000fu;
  return (x | x >> 12) & 0xffu;
}

/* pLayer, n times: the bits 4a + b (a = 0..15) of the state become bits 16b .. 16b + 15. Bit i
 * goes to 16 i mod 63, so three times is the identity, and twice the inverse. */
static void p_layer(uint32_t *lo, uint32_t *hi, int n) {
  for (; n; n--) {
    const uint32_t l = *lo, h = *hi;
    uint32_t o[2] = {0, 0};
    for (unsigned b = 0; b < 4; b++)
      o[b >> 1] |= (gather4(l >> b) | gather4(h >> b) << 8) << (16 * (b & 1));
    *lo = o[0];
    *hi = o[1];
  }
}

static void enc(const cv_present_sw_ctx *ctx, uint32_t *plo, uint32_t *phi) {
  uint32_t lo = *plo, hi = *phi;
  for (int i = 0; i < 31; i++) {
    lo = sbox_word(lo ^ ctx->rk[2 * i], cv_present_sbox8);
    hi = sbox_word(hi ^ ctx->rk[2 * i + 1], cv_present_sbox8);
    p_layer(&lo, &hi, 1);
  }
  *plo = lo ^ ctx->rk[62];
  *phi = hi ^ ctx->rk[63];
}

static void dec(const cv_present_sw_ctx *ctx, uint32_t *plo, uint32_t *phi) {
  uint32_t lo = *plo ^ ctx->rk[62], hi = *phi ^ ctx->rk[63];
  for (int i = 30; i >= 0; i--) {
    p_layer(&lo, &hi, 2);
    lo = sbox_word(lo, small_inv_sbox8) ^ ctx->rk[2 * i];
    hi = sbox_word(hi, small_inv_sbox8) ^ ctx->rk[2 * i + 1];
  }
  *plo = lo;
  *phi = hi;
}
#else

static void enc(const cv_present_sw_ctx *ctx, uint32_t *plo, uint32_t *phi) {
  const uint32_t *rk = ctx->rk;
  uint32_t lo = *plo ^ rk[0], hi = *phi ^ rk[1];
  for (int i = 1; i < 32; i++) {
    uint32_t a = TL(cv_present_sp, I0(lo)) ^ TL(cv_present_sp, I1(lo)) << 2 ^
                 TL(cv_present_sp, I2(lo)) << 4 ^ TL(cv_present_sp, I3(lo)) << 6;
    uint32_t b = TL(cv_present_sp, I0(hi)) ^ TL(cv_present_sp, I1(hi)) << 2 ^
                 TL(cv_present_sp, I2(hi)) << 4 ^ TL(cv_present_sp, I3(hi)) << 6;
    lo = ((a & 0x00ff00ffu) | (b & 0x00ff00ffu) << 8) ^ rk[2 * i];
    hi = ((a >> 8 & 0x00ff00ffu) | (b & 0xff00ff00u)) ^ rk[2 * i + 1];
  }
  *plo = lo;
  *phi = hi;
}

static void dec(const cv_present_sw_ctx *ctx, uint32_t *plo, uint32_t *phi) {
  const uint32_t *t = opaque(cv_present_ip);
  uint32_t lo = sbox_word(*plo ^ ctx->rk[62], cv_present_sbox8);
  uint32_t hi = sbox_word(*phi ^ ctx->rk[63], cv_present_sbox8);
  ip_layer(&lo, &hi, t);  /* = P^-1(c ^ K32) */
  for (int i = 30; i >= 1; i--) {
    ip_layer(&lo, &hi, t);
    lo ^= ctx->rkd[2 * i];
    hi ^= ctx->rkd[2 * i + 1];
  }
  *plo = sbox_word(lo, cv_present_inv_sbox8) ^ ctx->rk[0];
  *phi = sbox_word(hi, cv_present_inv_sbox8) ^ ctx->rk[1];
}
#endif

void cv_present_sw_encrypt_block(const cv_present_sw_ctx *ctx, const uint8_t in[8],
                                 uint8_t out[8]) {
  uint32_t hi = ld32be(in), lo = ld32be(in + 4);
  enc(ctx, &lo, &hi);
  st32be(out, hi);
  st32be(out + 4, lo);
}

void cv_present_sw_decrypt_block(const cv_present_sw_ctx *ctx, const uint8_t in[8],
                                 uint8_t out[8]) {
  uint32_t hi = ld32be(in), lo = ld32be(in + 4);
  dec(ctx, &lo, &hi);
  st32be(out, hi);
  st32be(out + 4, lo);
}

cv_status_t cv_present_sw_ecb(const cv_present_sw_ctx *ctx, cv_dir_t dir, const uint8_t *in,
                              uint8_t *out, size_t len) {
  if (!ctx || (len && (!in || !out))) return CV_ERR_ARG;
  if (dir != CV_ENCRYPT && dir != CV_DECRYPT) return CV_ERR_ARG;
  if (len % 8) return CV_ERR_LENGTH;
  for (size_t off = 0; off < len; off += 8) {
    if (dir == CV_ENCRYPT)
      cv_present_sw_encrypt_block(ctx, in + off, out + off);
    else
      cv_present_sw_decrypt_block(ctx, in + off, out + off);
  }
  return CV_OK;
}

cv_status_t cv_present_sw_ctr(const cv_present_sw_ctx *ctx, uint8_t ctr[8], const uint8_t *in,
                              uint8_t *out, size_t len) {
  if (!ctx || !ctr || (len && (!in || !out))) return CV_ERR_ARG;
  uint32_t chi = ld32be(ctr), clo = ld32be(ctr + 4);
  for (size_t off = 0; off < len; off += 8) {
    uint32_t lo = clo, hi = chi;
    uint8_t ks[8];
    enc(ctx, &lo, &hi);
    st32be(ks, hi);
    st32be(ks + 4, lo);
    if (++clo == 0) chi++;
    for (size_t i = 0; i < 8 && off + i < len; i++) out[off + i] = (uint8_t)(in[off + i] ^ ks[i]);
  }
  st32be(ctr, chi);
  st32be(ctr + 4, clo);
  return CV_OK;
}
