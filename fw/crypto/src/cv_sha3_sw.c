// SPDX-License-Identifier: Apache-2.0
/* cv_sha3_sw.c: software SHA-3 / SHAKE (FIPS 202) with a bit-interleaved Keccak-f[1600].
 *
 * Each 64-bit lane is kept as two 32-bit words, its even bits and its odd bits, so that every
 * 64-bit lane rotation becomes two 32-bit rotations (3 RV32IM instructions each) with no carries
 * between halves. The round is generated unrolled (tools/gen_tables.py) and works plane by
 * plane: theta, rho and pi feed five lanes into registers, chi and iota write them out to a
 * second state, and the two states swap roles each round (24 is even, so the result lands back
 * in the caller's state). Six lanes are kept inverted during the permutation ("lane
 * complementing"), so that chi needs 1 NOT per plane half instead of 5 (no and-not on RV32IM). */
#include "cv_sha3_sw.h"
#include "cv_bytes.h"

#define ROTL32(x, n) (((x) << (n)) | ((x) >> (32 - (n))))

#include "cv_sha3_sw_tables.h"

#ifdef CV_CRYPTO_SMALL
/* -DCV_CRYPTO_SMALL (size-bound programs such as the console): the round as loops, on the same
 * interleaved lanes (lane x + 5y in words 2(x + 5y), even bits, and 2(x + 5y) + 1, odd bits)
 * and without lane complementing. A 64-bit rotation by 2k is a rotation of both halves by k;
 * by 2k + 1 it swaps them, the odd half rotated by k + 1 becoming the even one. */
static inline void round_unused(void) { (void)keccak_round, (void)keccak_complement; }

static uint32_t rotl(uint32_t x, unsigned n) { return n ? ROTL32(x, n) : x; }

void cv_sha3_sw_keccakf(uint32_t s[50]) {
  /* rho's rotation of lane x + 5y (FIPS 202 table 2), pi's destination y + 5 (2x + 3y mod 5),
   * and x mod 5 for x < 10: no division in the loops (RV32IM's takes tens of cycles) */
  static const uint8_t rho[25] = {0,  1,  62, 28, 27, 36, 44, 6,  55, 20, 3,  10, 43,
                                  25, 39, 41, 45, 15, 21, 8,  18, 2,  61, 56, 14};
  static const uint8_t pi[25] = {0, 10, 20, 5,  15, 16, 1, 11, 21, 6,  7, 17, 2,
                                 12, 22, 23, 8, 18, 3,  13, 14, 24, 9, 19, 4};
  static const uint8_t mod5[10] = {0, 1, 2, 3, 4, 0, 1, 2, 3, 4};
  uint32_t c[10], b[50];
  for (int r = 0; r < 24; r++) {
    for (int i = 0; i < 10; i++) c[i] = s[i] ^ s[i + 10] ^ s[i + 20] ^ s[i + 30] ^ s[i + 40];
    for (int x = 0; x < 5; x++) {  /* theta: D[x] = C[x - 1] ^ rot(C[x + 1], 1) */
      const int xm = 2 * mod5[x + 4], xp = 2 * mod5[x + 1];
      const uint32_t de = c[xm] ^ rotl(c[xp + 1], 1), dodd = c[xm + 1] ^ c[xp];
      for (int y = 0; y < 50; y += 10) {
        s[2 * x + y] ^= de;
        s[2 * x + y + 1] ^= dodd;
      }
    }
    for (int l = 0; l < 25; l++) {  /* rho and pi: B[y, 2x + 3y] = rot(A[x, y], rho) */
      const unsigned n = rho[l], odd = n & 1u, d = 2u * pi[l];
      b[d] = rotl(s[2 * l + odd], (n + odd) / 2);
      b[d + 1] = rotl(s[2 * l + 1 - odd], n / 2);
    }
    for (int y = 0; y < 50; y += 10)  /* chi: A[x] = B[x] ^ (~B[x + 1] & B[x + 2]), per half */
      for (int x = 0; x < 5; x++)
        for (int h = 0; h < 2; h++)
          s[y + 2 * x + h] = b[y + 2 * x + h] ^
                             (~b[y + 2 * mod5[x + 1] + h] & b[y + 2 * mod5[x + 2] + h]);
    s[0] ^= cv_sha3_rc[2 * r];  /* iota */
    s[1] ^= cv_sha3_rc[2 * r + 1];
  }
}
#else
void cv_sha3_sw_keccakf(uint32_t s[50]) {
  uint32_t t[50];
  keccak_complement(s);
  for (int r = 0; r < 24; r += 2) {
    keccak_round(s, t, cv_sha3_rc + 2 * r);
    keccak_round(t, s, cv_sha3_rc + 2 * r + 2);
  }
  keccak_complement(s);
}
#endif

cv_status_t cv_sha3_sw_init(cv_sha3_sw_ctx *ctx, int alg) {
  static const uint8_t md[6] = {28, 32, 48, 64, 0, 0};
  static const uint8_t rate[6] = {144, 136, 104, 72, 168, 136};
  if (!ctx || alg < CV_SHA3_224 || alg > CV_SHAKE256) return CV_ERR_ARG;
  for (int i = 0; i < 50; i++) {
    ctx->s[i] = 0;
    __asm__ volatile("" : : "r"(ctx) : "memory");  /* stay a word loop, not a byte memset */
  }
  ctx->rate = rate[alg];
  ctx->md_len = md[alg];
  ctx->pos = 0;
  ctx->alg = alg;
  ctx->squeezing = 0;
  return CV_OK;
}

/* XOR one byte into position pos of the rate: byte k of lane l owns interleaved bits 4k..4k+3
 * of both halves; cv_sha3_ilv8 splits the byte into its even and odd nibbles. */
static void xor_byte(uint32_t *s, uint32_t pos, uint8_t b) {
  uint32_t v = cv_sha3_ilv8[b];
  uint32_t sh = 4 * (pos & 7);
  uint32_t *w = s + 2 * (pos >> 3);
  w[0] ^= (v & 0xf) << sh;
  w[1] ^= (v >> 4) << sh;
}

static uint8_t get_byte(const uint32_t *s, uint32_t pos) {
  uint32_t sh = 4 * (pos & 7);
  const uint32_t *w = s + 2 * (pos >> 3);
  return cv_sha3_dei8[((w[0] >> sh) & 0xf) | ((w[1] >> sh) & 0xf) << 4];
}

/* Whole 8-byte lane: split 32-bit words into even/odd halves with the classic bit unshuffle. */
static uint32_t unshuffle(uint32_t x) {
  uint32_t t;
  t = (x ^ (x >> 1)) & 0x22222222u; x ^= t ^ (t << 1);
  t = (x ^ (x >> 2)) & 0x0c0c0c0cu; x ^= t ^ (t << 2);
  t = (x ^ (x >> 4)) & 0x00f000f0u; x ^= t ^ (t << 4);
  t = (x ^ (x >> 8)) & 0x0000ff00u; x ^= t ^ (t << 8);
  return x;  /* even bits in 15..0, odd bits in 31..16 */
}

static void xor_lane(uint32_t *w, const uint8_t *p) {
  uint32_t lo, hi;
  if (((uintptr_t)p & 3u) == 0) {  /* RV32 and the test host are little-endian */
    lo = ((const cv_word_t *)(const void *)p)[0];
    hi = ((const cv_word_t *)(const void *)p)[1];
  } else {
    lo = (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
    hi = (uint32_t)p[4] | (uint32_t)p[5] << 8 | (uint32_t)p[6] << 16 | (uint32_t)p[7] << 24;
  }
  lo = unshuffle(lo);
  hi = unshuffle(hi);
  w[0] ^= (lo & 0xffffu) | (hi << 16);
  w[1] ^= (lo >> 16) | (hi & 0xffff0000u);
}

cv_status_t cv_sha3_sw_update(cv_sha3_sw_ctx *ctx, const uint8_t *data, size_t len) {
  if (!ctx || (len && !data) || ctx->squeezing) return CV_ERR_ARG;
  uint32_t pos = ctx->pos;
  const uint32_t rate = ctx->rate;
  while (len) {
    if (pos == 0 && len >= rate) {
      /* whole blocks: lanes straight from the buffer (every rate is a multiple of 8) */
      for (uint32_t l = 0; l < rate / 8; l++) xor_lane(ctx->s + 2 * l, data + 8 * l);
      cv_sha3_sw_keccakf(ctx->s);
      data += rate;
      len -= rate;
      continue;
    }
    if ((pos & 7) == 0 && len >= 8) {
      xor_lane(ctx->s + 2 * (pos >> 3), data);
      data += 8;
      len -= 8;
      pos += 8;
    } else {
      xor_byte(ctx->s, pos++, *data++);
      len--;
    }
    if (pos == rate) {
      cv_sha3_sw_keccakf(ctx->s);
      pos = 0;
    }
  }
  ctx->pos = pos;
  return CV_OK;
}

static void pad(cv_sha3_sw_ctx *ctx) {
  /* SHA3: suffix 01 then pad10*1 -> 0x06 ... 0x80; SHAKE: suffix 1111 -> 0x1f ... 0x80. */
  xor_byte(ctx->s, ctx->pos, ctx->md_len ? 0x06 : 0x1f);
  xor_byte(ctx->s, ctx->rate - 1, 0x80);
  cv_sha3_sw_keccakf(ctx->s);
  ctx->pos = 0;
  ctx->squeezing = 1;
}

/* Inverse of unshuffle: the same four delta swaps in reverse order. */
static uint32_t shuffle(uint32_t x) {
  uint32_t t;
  t = (x ^ (x >> 8)) & 0x0000ff00u; x ^= t ^ (t << 8);
  t = (x ^ (x >> 4)) & 0x00f000f0u; x ^= t ^ (t << 4);
  t = (x ^ (x >> 2)) & 0x0c0c0c0cu; x ^= t ^ (t << 2);
  t = (x ^ (x >> 1)) & 0x22222222u; x ^= t ^ (t << 1);
  return x;
}

static void squeeze(cv_sha3_sw_ctx *ctx, uint8_t *out, size_t len) {
  while (len) {
    if (ctx->pos == ctx->rate) {
      cv_sha3_sw_keccakf(ctx->s);
      ctx->pos = 0;
    }
    if ((ctx->pos & 7) == 0 && len >= 8) {  /* a whole lane at once */
      const uint32_t *w = ctx->s + 2 * (ctx->pos >> 3);
      uint32_t lo = shuffle((w[0] & 0xffffu) | (w[1] << 16));
      uint32_t hi = shuffle((w[0] >> 16) | (w[1] & 0xffff0000u));
      for (int i = 0; i < 4; i++) {
        out[i] = (uint8_t)(lo >> (8 * i));
        out[4 + i] = (uint8_t)(hi >> (8 * i));
      }
      out += 8;
      len -= 8;
      ctx->pos += 8;
    } else {
      *out++ = get_byte(ctx->s, ctx->pos++);
      len--;
    }
  }
}

cv_status_t cv_sha3_sw_final(cv_sha3_sw_ctx *ctx, uint8_t *out, size_t out_len) {
  if (!ctx || (out_len && !out)) return CV_ERR_ARG;
  if (ctx->md_len) {
    if (out_len != ctx->md_len) return CV_ERR_OUTLEN;
    if (ctx->squeezing) return CV_ERR_ARG;
  }
  if (!ctx->squeezing) pad(ctx);
  squeeze(ctx, out, out_len);
  return CV_OK;
}

cv_status_t cv_sha3_sw_squeeze(cv_sha3_sw_ctx *ctx, uint8_t *out, size_t out_len) {
  if (!ctx || (out_len && !out)) return CV_ERR_ARG;
  if (ctx->md_len) return CV_ERR_MODE;
  if (!ctx->squeezing) pad(ctx);
  squeeze(ctx, out, out_len);
  return CV_OK;
}

cv_status_t cv_sha3_sw_hash(int alg, const uint8_t *msg, size_t len, uint8_t *out, size_t out_len) {
  cv_sha3_sw_ctx ctx;
  int rc = cv_sha3_sw_init(&ctx, alg);
  if (rc == CV_OK) rc = cv_sha3_sw_update(&ctx, msg, len);
  if (rc == CV_OK) rc = cv_sha3_sw_final(&ctx, out, out_len);
  return rc;
}
