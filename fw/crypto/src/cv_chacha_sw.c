// SPDX-License-Identifier: Apache-2.0
/* cv_chacha_sw.c: software ChaCha (8/12/20 rounds), original and RFC 8439 layouts. */
#include "cv_chacha_sw.h"
#include "cv_bytes.h"

/* RV32IM has no rotate: each ROTL is slli + srli + or. All 16 words stay in registers (the
 * RV32 register file holds them with room for the round counter and pointers). */
#define ROTL(x, n) (((x) << (n)) | ((x) >> (32 - (n))))
#define QR(a, b, c, d)                  \
  a += b; d ^= a; d = ROTL(d, 16);      \
  c += d; b ^= c; b = ROTL(b, 12);      \
  a += b; d ^= a; d = ROTL(d, 8);       \
  c += d; b ^= c; b = ROTL(b, 7)

#ifdef CV_CRYPTO_SMALL
/* -DCV_CRYPTO_SMALL (size-bound programs such as the console): the block function with the
 * state in an array and one quarter round taking its four words from a table (a column or a
 * diagonal); its four steps alternate a += b, d ^= a, d <<<= r and c += d, b ^= c, b <<<= r. */
static void block_words(const uint32_t in[16], int rounds, uint32_t out[16]) {
  static const uint8_t quarter[8][4] = {{0, 4, 8, 12}, {1, 5, 9, 13}, {2, 6, 10, 14},
                                        {3, 7, 11, 15}, {0, 5, 10, 15}, {1, 6, 11, 12},
                                        {2, 7, 8, 13}, {3, 4, 9, 14}};
  static const uint8_t rot[4] = {16, 12, 8, 7};
  uint32_t x[16];
  for (int i = 0; i < 16; i++) x[i] = in[i];
  for (int i = 0; i < 4 * rounds; i++) {  /* 4 quarter rounds a round: columns, diagonals */
    const uint8_t *q = quarter[i & 7];
    for (int s = 0; s < 4; s++) {
      const int odd = s & 1;
      uint32_t *p = &x[q[2 * odd]], *t = &x[q[odd ? 1 : 3]];
      *p += x[q[2 * odd + 1]];
      *t ^= *p;
      *t = ROTL(*t, rot[s]);
    }
  }
  for (int i = 0; i < 16; i++) out[i] = x[i] + in[i];
}
#else
/* The block function into 16 words (little-endian words = output bytes on RV32). */
static void block_words(const uint32_t in[16], int rounds, uint32_t out[16]) {
  uint32_t x0 = in[0], x1 = in[1], x2 = in[2], x3 = in[3], x4 = in[4], x5 = in[5];
  uint32_t x6 = in[6], x7 = in[7], x8 = in[8], x9 = in[9], x10 = in[10], x11 = in[11];
  uint32_t x12 = in[12], x13 = in[13], x14 = in[14], x15 = in[15];
  for (int i = rounds; i > 0; i -= 2) {
    QR(x0, x4, x8, x12);
    QR(x1, x5, x9, x13);
    QR(x2, x6, x10, x14);
    QR(x3, x7, x11, x15);
    QR(x0, x5, x10, x15);
    QR(x1, x6, x11, x12);
    QR(x2, x7, x8, x13);
    QR(x3, x4, x9, x14);
  }
  out[0] = x0 + in[0]; out[1] = x1 + in[1]; out[2] = x2 + in[2]; out[3] = x3 + in[3];
  out[4] = x4 + in[4]; out[5] = x5 + in[5]; out[6] = x6 + in[6]; out[7] = x7 + in[7];
  out[8] = x8 + in[8]; out[9] = x9 + in[9]; out[10] = x10 + in[10]; out[11] = x11 + in[11];
  out[12] = x12 + in[12]; out[13] = x13 + in[13]; out[14] = x14 + in[14];
  out[15] = x15 + in[15];
}
#endif

void cv_chacha_sw_block(const uint32_t in[16], int rounds, uint8_t out[64]) {
  uint32_t w[16];
  block_words(in, rounds, w);
  for (int i = 0; i < 16; i++) {
    out[4 * i] = (uint8_t)w[i];
    out[4 * i + 1] = (uint8_t)(w[i] >> 8);
    out[4 * i + 2] = (uint8_t)(w[i] >> 16);
    out[4 * i + 3] = (uint8_t)(w[i] >> 24);
  }
}

cv_status_t cv_chacha_sw_init(cv_chacha_sw_ctx *ctx, const uint8_t *key, size_t key_len,
                              const uint8_t *nonce, size_t nonce_len, int rounds) {
  if (!ctx || !key || !nonce) return CV_ERR_ARG;
  if (key_len != 32 && key_len != 16) return CV_ERR_KEYLEN;
  if (nonce_len != 8 && nonce_len != 12) return CV_ERR_ARG;
  if (rounds != 8 && rounds != 12 && rounds != 20) return CV_ERR_ROUNDS;
  /* "expand 32-byte k" or "expand 16-byte k" */
  ctx->state[0] = 0x61707865u;
  ctx->state[1] = key_len == 32 ? 0x3320646eu : 0x3120646eu;
  ctx->state[2] = key_len == 32 ? 0x79622d32u : 0x79622d36u;
  ctx->state[3] = 0x6b206574u;
  for (int i = 0; i < 8; i++) ctx->state[4 + i] = ld32(key + 4 * (key_len == 32 ? i : i & 3));
  ctx->state[12] = 0;
  if (nonce_len == 8) {
    ctx->layout = CV_CHACHA_LAYOUT_ORIG;
    ctx->state[13] = 0;
    ctx->state[14] = ld32(nonce);
    ctx->state[15] = ld32(nonce + 4);
  } else {
    ctx->layout = CV_CHACHA_LAYOUT_IETF;
    ctx->state[13] = ld32(nonce);
    ctx->state[14] = ld32(nonce + 4);
    ctx->state[15] = ld32(nonce + 8);
  }
  ctx->rounds = rounds;
  ctx->ks_pos = 64;
  return CV_OK;
}

void cv_chacha_sw_set_counter(cv_chacha_sw_ctx *ctx, uint64_t counter) {
  ctx->state[12] = (uint32_t)counter;
  if (ctx->layout == CV_CHACHA_LAYOUT_ORIG) ctx->state[13] = (uint32_t)(counter >> 32);
  ctx->ks_pos = 64;
}

uint64_t cv_chacha_sw_get_counter(const cv_chacha_sw_ctx *ctx) {
  uint64_t c = ctx->state[12];
  if (ctx->layout == CV_CHACHA_LAYOUT_ORIG) c |= (uint64_t)ctx->state[13] << 32;
  return c;
}

static void next_block(cv_chacha_sw_ctx *ctx, uint32_t w[16]) {
  block_words(ctx->state, ctx->rounds, w);
  if (++ctx->state[12] == 0 && ctx->layout == CV_CHACHA_LAYOUT_ORIG) ctx->state[13]++;
}

/* in == NULL: plain keystream. */
/* no-tree-loop-distribute-patterns: GCC would turn the keystream's word copy into a call of the
 * C library's memcpy, which costs ~380 cycles more per block than the 16-word loop here. */
__attribute__((optimize("no-tree-loop-distribute-patterns")))
static void crypt(cv_chacha_sw_ctx *ctx, const uint8_t *in, uint8_t *out, size_t len) {
  const uint8_t *ks = ctx->ks;
  while (len && ctx->ks_pos < 64) {
    uint8_t k = ks[ctx->ks_pos++];
    *out++ = in ? (uint8_t)(*in++ ^ k) : k;
    len--;
  }
  uint32_t w[16];
  while (len >= 64) {
    next_block(ctx, w);
    if (((uintptr_t)out & 3u) == 0 && (!in || ((uintptr_t)in & 3u) == 0)) {
      cv_word_t *o = (cv_word_t *)(void *)out;
      if (in) {
        const cv_word_t *p = (const cv_word_t *)(const void *)in;
        for (int i = 0; i < 16; i++) o[i] = p[i] ^ w[i];
      } else {
        for (int i = 0; i < 16; i++) o[i] = w[i];
      }
    } else {
      for (int i = 0; i < 64; i++) {
        uint8_t k = (uint8_t)(w[i >> 2] >> (8 * (i & 3)));
        out[i] = in ? (uint8_t)(in[i] ^ k) : k;
      }
    }
    if (in) in += 64;
    out += 64;
    len -= 64;
  }
  if (len) {
    next_block(ctx, w);
    for (int i = 0; i < 16; i++) {
      ctx->ks[4 * i] = (uint8_t)w[i];
      ctx->ks[4 * i + 1] = (uint8_t)(w[i] >> 8);
      ctx->ks[4 * i + 2] = (uint8_t)(w[i] >> 16);
      ctx->ks[4 * i + 3] = (uint8_t)(w[i] >> 24);
    }
    ctx->ks_pos = 0;
    while (len) {
      uint8_t k = ks[ctx->ks_pos++];
      *out++ = in ? (uint8_t)(*in++ ^ k) : k;
      len--;
    }
  }
}

cv_status_t cv_chacha_sw_keystream(cv_chacha_sw_ctx *ctx, uint8_t *out, size_t len) {
  if (!ctx || (len && !out)) return CV_ERR_ARG;
  crypt(ctx, 0, out, len);
  return CV_OK;
}

cv_status_t cv_chacha_sw_xor(cv_chacha_sw_ctx *ctx, const uint8_t *in, uint8_t *out, size_t len) {
  if (!ctx || (len && (!in || !out))) return CV_ERR_ARG;
  crypt(ctx, in, out, len);
  return CV_OK;
}
