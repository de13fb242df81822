// SPDX-License-Identifier: Apache-2.0
/* cv_sha2_sw.c: SHA-256, SHA-512 and HMAC-SHA-256, plain RV32IM C and on the scalar-crypto
 * instructions (cv_zk.h, with CV_ZK). One compression body per hash, expanded twice with the
 * primitives of each version, so the two differ only in how sigma/Sigma, the big-endian loads
 * and Ch are computed. No branch or address depends on the data: a fixed instruction count per
 * block. */
#include "cv_sha2_sw.h"

#include <string.h>

#include "cv_bytes.h"

#if defined(CV_ZK)
#include "cv_zk.h"
#endif

/* shared with cv_sha256_zk.S, whose last round loads one word past K[63]: the 0 */
extern const uint32_t cv_sha256_k[65];
const uint32_t cv_sha256_k[65] = {
  0x428a2f98u, 0x71374491u, 0xb5c0fbcfu, 0xe9b5dba5u, 0x3956c25bu, 0x59f111f1u, 0x923f82a4u,
  0xab1c5ed5u, 0xd807aa98u, 0x12835b01u, 0x243185beu, 0x550c7dc3u, 0x72be5d74u, 0x80deb1feu,
  0x9bdc06a7u, 0xc19bf174u, 0xe49b69c1u, 0xefbe4786u, 0x0fc19dc6u, 0x240ca1ccu, 0x2de92c6fu,
  0x4a7484aau, 0x5cb0a9dcu, 0x76f988dau, 0x983e5152u, 0xa831c66du, 0xb00327c8u, 0xbf597fc7u,
  0xc6e00bf3u, 0xd5a79147u, 0x06ca6351u, 0x14292967u, 0x27b70a85u, 0x2e1b2138u, 0x4d2c6dfcu,
  0x53380d13u, 0x650a7354u, 0x766a0abbu, 0x81c2c92eu, 0x92722c85u, 0xa2bfe8a1u, 0xa81a664bu,
  0xc24b8b70u, 0xc76c51a3u, 0xd192e819u, 0xd6990624u, 0xf40e3585u, 0x106aa070u, 0x19a4c116u,
  0x1e376c08u, 0x2748774cu, 0x34b0bcb5u, 0x391c0cb3u, 0x4ed8aa4au, 0x5b9cca4fu, 0x682e6ff3u,
  0x748f82eeu, 0x78a5636fu, 0x84c87814u, 0x8cc70208u, 0x90befffau, 0xa4506cebu, 0xbef9a3f7u,
  0xc67178f2u, 0u};

static const uint64_t K512[80] = {
  0x428a2f98d728ae22ull, 0x7137449123ef65cdull, 0xb5c0fbcfec4d3b2full, 0xe9b5dba58189dbbcull,
  0x3956c25bf348b538ull, 0x59f111f1b605d019ull, 0x923f82a4af194f9bull, 0xab1c5ed5da6d8118ull,
  0xd807aa98a3030242ull, 0x12835b0145706fbeull, 0x243185be4ee4b28cull, 0x550c7dc3d5ffb4e2ull,
  0x72be5d74f27b896full, 0x80deb1fe3b1696b1ull, 0x9bdc06a725c71235ull, 0xc19bf174cf692694ull,
  0xe49b69c19ef14ad2ull, 0xefbe4786384f25e3ull, 0x0fc19dc68b8cd5b5ull, 0x240ca1cc77ac9c65ull,
  0x2de92c6f592b0275ull, 0x4a7484aa6ea6e483ull, 0x5cb0a9dcbd41fbd4ull, 0x76f988da831153b5ull,
  0x983e5152ee66dfabull, 0xa831c66d2db43210ull, 0xb00327c898fb213full, 0xbf597fc7beef0ee4ull,
  0xc6e00bf33da88fc2ull, 0xd5a79147930aa725ull, 0x06ca6351e003826full, 0x142929670a0e6e70ull,
  0x27b70a8546d22ffcull, 0x2e1b21385c26c926ull, 0x4d2c6dfc5ac42aedull, 0x53380d139d95b3dfull,
  0x650a73548baf63deull, 0x766a0abb3c77b2a8ull, 0x81c2c92e47edaee6ull, 0x92722c851482353bull,
  0xa2bfe8a14cf10364ull, 0xa81a664bbc423001ull, 0xc24b8b70d0f89791ull, 0xc76c51a30654be30ull,
  0xd192e819d6ef5218ull, 0xd69906245565a910ull, 0xf40e35855771202aull, 0x106aa07032bbd1b8ull,
  0x19a4c116b8d2d0c8ull, 0x1e376c085141ab53ull, 0x2748774cdf8eeb99ull, 0x34b0bcb5e19b48a8ull,
  0x391c0cb3c5c95a63ull, 0x4ed8aa4ae3418acbull, 0x5b9cca4f7763e373ull, 0x682e6ff3d6b2b8a3ull,
  0x748f82ee5defb2fcull, 0x78a5636f43172f60ull, 0x84c87814a1f0ab72ull, 0x8cc702081a6439ecull,
  0x90befffa23631e28ull, 0xa4506cebde82bde9ull, 0xbef9a3f7b2c67915ull, 0xc67178f2e372532bull,
  0xca273eceea26619cull, 0xd186b8c721c0c207ull, 0xeada7dd6cde0eb1eull, 0xf57d4f7fee6ed178ull,
  0x06f067aa72176fbaull, 0x0a637dc5a2c898a6ull, 0x113f9804bef90daeull, 0x1b710b35131c471bull,
  0x28db77f523047d84ull, 0x32caab7b40c72493ull, 0x3c9ebe0a15c9bebcull, 0x431d67c49c100d4cull,
  0x4cc5d4becb3e42b6ull, 0x597f299cfc657e2aull, 0x5fcb6fab3ad6faecull, 0x6c44198c4a475817ull};

static const uint32_t IV256[8] = {0x6a09e667u, 0xbb67ae85u, 0x3c6ef372u, 0xa54ff53au,
                                  0x510e527fu, 0x9b05688cu, 0x1f83d9abu, 0x5be0cd19u};
static const uint64_t IV512[8] = {
  0x6a09e667f3bcc908ull, 0xbb67ae8584caa73bull, 0x3c6ef372fe94f82bull, 0xa54ff53a5f1d36f1ull,
  0x510e527fade682d1ull, 0x9b05688c2b3e6c1full, 0x1f83d9abfb41bd6bull, 0x5be0cd19137e2179ull};

/* ---- primitives of the plain version ------------------------------------------------------ */
static inline uint32_t ror32(uint32_t x, unsigned n) { return (x >> n) | (x << (32 - n)); }
static inline uint64_t ror64(uint64_t x, unsigned n) { return (x >> n) | (x << (64 - n)); }
static inline uint32_t be32(const uint8_t *p) {
  return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}
#define SW_SUM0(x) (ror32(x, 2) ^ ror32(x, 13) ^ ror32(x, 22))
#define SW_SUM1(x) (ror32(x, 6) ^ ror32(x, 11) ^ ror32(x, 25))
#define SW_SIG0(x) (ror32(x, 7) ^ ror32(x, 18) ^ ((x) >> 3))
#define SW_SIG1(x) (ror32(x, 17) ^ ror32(x, 19) ^ ((x) >> 10))
#define SW_LD(p, i) be32((p) + 4 * (i))
#define SW_LOAD16(w, p) \
  for (int i_ = 0; i_ < 16; i_++) w[i_] = SW_LD(p, i_)
#define SW_CH(e, f, g) ((g) ^ ((e) & ((f) ^ (g))))
#define SW_SUM0_64(x) (ror64(x, 28) ^ ror64(x, 34) ^ ror64(x, 39))
#define SW_SUM1_64(x) (ror64(x, 14) ^ ror64(x, 18) ^ ror64(x, 41))
#define SW_SIG0_64(x) (ror64(x, 1) ^ ror64(x, 8) ^ ((x) >> 7))
#define SW_SIG1_64(x) (ror64(x, 19) ^ ror64(x, 61) ^ ((x) >> 6))
#define SW_LD64(p, i) ((uint64_t)be32((p) + 8 * (i)) << 32 | be32((p) + 8 * (i) + 4))
#define SW_LOAD16_64(w, p) \
  for (int i_ = 0; i_ < 16; i_++) w[i_] = SW_LD64(p, i_)
#define SW_CH64(e, f, g) ((g) ^ ((e) & ((f) ^ (g))))

/* ---- SHA-256: 16 rounds unrolled, the message schedule in a 16-word ring ------------------ */
/* Maj(a, b, c) = ((a ^ b) & (b ^ c)) ^ b, and this round's b ^ c is the last round's a ^ b
 * (kept in bc): three instructions. */
#define R256(a, b, c, d, e, f, g, h, i, SUM0, SUM1, CH)          \
  do {                                                           \
    const uint32_t ab_ = a ^ b;                                  \
    h += SUM1(e) + CH(e, f, g) + k[i] + w[i];                    \
    d += h;                                                      \
    h += SUM0(a) + ((ab_ & bc) ^ b);                             \
    bc = ab_;                                                    \
  } while (0)
#define W256(i, SIG0, SIG1) \
  (w[i] += SIG1(w[((i) + 14) & 15]) + w[((i) + 9) & 15] + SIG0(w[((i) + 1) & 15]))
#define ROUNDS16(SUM0, SUM1, CH)                                   \
  R256(a, b, c, d, e, f, g, h, 0, SUM0, SUM1, CH);                \
  R256(h, a, b, c, d, e, f, g, 1, SUM0, SUM1, CH);                \
  R256(g, h, a, b, c, d, e, f, 2, SUM0, SUM1, CH);                \
  R256(f, g, h, a, b, c, d, e, 3, SUM0, SUM1, CH);                \
  R256(e, f, g, h, a, b, c, d, 4, SUM0, SUM1, CH);                \
  R256(d, e, f, g, h, a, b, c, 5, SUM0, SUM1, CH);                \
  R256(c, d, e, f, g, h, a, b, 6, SUM0, SUM1, CH);                \
  R256(b, c, d, e, f, g, h, a, 7, SUM0, SUM1, CH);                \
  R256(a, b, c, d, e, f, g, h, 8, SUM0, SUM1, CH);                \
  R256(h, a, b, c, d, e, f, g, 9, SUM0, SUM1, CH);                \
  R256(g, h, a, b, c, d, e, f, 10, SUM0, SUM1, CH);               \
  R256(f, g, h, a, b, c, d, e, 11, SUM0, SUM1, CH);               \
  R256(e, f, g, h, a, b, c, d, 12, SUM0, SUM1, CH);               \
  R256(d, e, f, g, h, a, b, c, 13, SUM0, SUM1, CH);               \
  R256(c, d, e, f, g, h, a, b, 14, SUM0, SUM1, CH);               \
  R256(b, c, d, e, f, g, h, a, 15, SUM0, SUM1, CH)
#define SCHED16(SIG0, SIG1)                                                                  \
  W256(0, SIG0, SIG1); W256(1, SIG0, SIG1); W256(2, SIG0, SIG1); W256(3, SIG0, SIG1);        \
  W256(4, SIG0, SIG1); W256(5, SIG0, SIG1); W256(6, SIG0, SIG1); W256(7, SIG0, SIG1);        \
  W256(8, SIG0, SIG1); W256(9, SIG0, SIG1); W256(10, SIG0, SIG1); W256(11, SIG0, SIG1);      \
  W256(12, SIG0, SIG1); W256(13, SIG0, SIG1); W256(14, SIG0, SIG1); W256(15, SIG0, SIG1)

#define SHA256_BLOCKS(SUM0, SUM1, SIG0, SIG1, LOAD16, CH)                                    \
  while (nblk--) {                                                                           \
    uint32_t w[16];                                                                          \
    uint32_t a = h0[0], b = h0[1], c = h0[2], d = h0[3];                                     \
    uint32_t e = h0[4], f = h0[5], g = h0[6], h = h0[7], bc = b ^ c;                         \
    LOAD16(w, blk);                                                                          \
    const uint32_t *k = cv_sha256_k;                                                         \
    /* an opaque pointer: otherwise GCC folds k[i] into immediates (two instructions each)   \
     * and, short of registers, spills them */                                               \
    __asm__("" : "+r"(k));                                                                   \
    ROUNDS16(SUM0, SUM1, CH);                                                                \
    for (int j = 0; j < 3; j++) {                                                            \
      k += 16;                                                                               \
      __asm__("" : "+r"(k));                                                                 \
      SCHED16(SIG0, SIG1);                                                                   \
      ROUNDS16(SUM0, SUM1, CH);                                                              \
    }                                                                                        \
    h0[0] += a; h0[1] += b; h0[2] += c; h0[3] += d;                                          \
    h0[4] += e; h0[5] += f; h0[6] += g; h0[7] += h;                                          \
    blk += 64;                                                                               \
  }

/* ---- SHA-512: the 80-word schedule first, then 8 rounds per loop pass --------------------- */
#define R512(a, b, c, d, e, f, g, h, i, SUM0, SUM1, CH)     \
  do {                                                      \
    const uint64_t ab_ = a ^ b;                             \
    h += SUM1(e) + CH(e, f, g) + K512[t + (i)] + w[t + (i)]; \
    d += h;                                                 \
    h += SUM0(a) + ((ab_ & bc) ^ b);                        \
    bc = ab_;                                               \
  } while (0)
#define SHA512_BLOCKS(SUM0, SUM1, SIG0, SIG1, LOAD16, CH)                                    \
  while (nblk--) {                                                                           \
    uint64_t w[80];                                                                          \
    LOAD16(w, blk);                                                                          \
    for (int i = 16; i < 80; i++)                                                            \
      w[i] = SIG1(w[i - 2]) + w[i - 7] + SIG0(w[i - 15]) + w[i - 16];                        \
    uint64_t a = h0[0], b = h0[1], c = h0[2], d = h0[3];                                     \
    uint64_t e = h0[4], f = h0[5], g = h0[6], h = h0[7], bc = b ^ c;                         \
    for (int t = 0; t < 80; t += 8) {                                                        \
      R512(a, b, c, d, e, f, g, h, 0, SUM0, SUM1, CH);                                       \
      R512(h, a, b, c, d, e, f, g, 1, SUM0, SUM1, CH);                                       \
      R512(g, h, a, b, c, d, e, f, 2, SUM0, SUM1, CH);                                       \
      R512(f, g, h, a, b, c, d, e, 3, SUM0, SUM1, CH);                                       \
      R512(e, f, g, h, a, b, c, d, 4, SUM0, SUM1, CH);                                       \
      R512(d, e, f, g, h, a, b, c, 5, SUM0, SUM1, CH);                                       \
      R512(c, d, e, f, g, h, a, b, 6, SUM0, SUM1, CH);                                       \
      R512(b, c, d, e, f, g, h, a, 7, SUM0, SUM1, CH);                                       \
    }                                                                                        \
    h0[0] += a; h0[1] += b; h0[2] += c; h0[3] += d;                                          \
    h0[4] += e; h0[5] += f; h0[6] += g; h0[7] += h;                                          \
    blk += 128;                                                                              \
  }

void cv_sha256_sw_blocks(uint32_t h0[8], const uint8_t *blk, size_t nblk) {
  SHA256_BLOCKS(SW_SUM0, SW_SUM1, SW_SIG0, SW_SIG1, SW_LOAD16, SW_CH)
}

void cv_sha512_sw_blocks(uint64_t h0[8], const uint8_t *blk, size_t nblk) {
  SHA512_BLOCKS(SW_SUM0_64, SW_SUM1_64, SW_SIG0_64, SW_SIG1_64, SW_LOAD16_64, SW_CH64)
}

#if defined(CV_ZK)
/* ---- primitives of the isa version --------------------------------------------------------
 * A 64-bit value is a register pair: each RV32 SHA-512 instruction gives one half of sigma or
 * Sigma from both halves. An aligned block is read with lw and rev8; alignment is the buffer's
 * address, never the data, so the count stays fixed for a given buffer. */
/* 16 words: lw and rev8 each from an aligned block, else byte by byte */
#define ISA_LOAD16(w, p)                                                            \
  do {                                                                              \
    if (((uintptr_t)(p) & 3u) == 0) {                                               \
      const cv_word_t *q_ = (const cv_word_t *)(const void *)(p);                   \
      for (int i_ = 0; i_ < 16; i_++) w[i_] = cv_rev8(q_[i_]);                      \
    } else {                                                                        \
      for (int i_ = 0; i_ < 16; i_++) w[i_] = be32((p) + 4 * i_);                   \
    }                                                                               \
  } while (0)
#define ISA_CH(e, f, g) (((e) & (f)) ^ cv_andn(g, e))
static inline uint64_t isa_pair(uint32_t hi, uint32_t lo) { return (uint64_t)hi << 32 | lo; }
#define HI(x) ((uint32_t)((x) >> 32))
#define LO(x) ((uint32_t)(x))
static inline uint64_t isa_sum0(uint64_t x) {
  return isa_pair(cv_sha512sum0r(HI(x), LO(x)), cv_sha512sum0r(LO(x), HI(x)));
}
static inline uint64_t isa_sum1(uint64_t x) {
  return isa_pair(cv_sha512sum1r(HI(x), LO(x)), cv_sha512sum1r(LO(x), HI(x)));
}
static inline uint64_t isa_sig0(uint64_t x) {
  return isa_pair(cv_sha512sig0h(HI(x), LO(x)), cv_sha512sig0l(LO(x), HI(x)));
}
static inline uint64_t isa_sig1(uint64_t x) {
  return isa_pair(cv_sha512sig1h(HI(x), LO(x)), cv_sha512sig1l(LO(x), HI(x)));
}
#define ISA_LOAD16_64(w, p)                                                              \
  do {                                                                                   \
    if (((uintptr_t)(p) & 3u) == 0) {                                                    \
      const cv_word_t *q_ = (const cv_word_t *)(const void *)(p);                        \
      for (int i_ = 0; i_ < 16; i_++)                                                    \
        w[i_] = isa_pair(cv_rev8(q_[2 * i_]), cv_rev8(q_[2 * i_ + 1]));                  \
    } else {                                                                             \
      for (int i_ = 0; i_ < 16; i_++) w[i_] = SW_LD64(p, i_);                            \
    }                                                                                    \
  } while (0)
static inline uint64_t isa_ch64(uint64_t e, uint64_t f, uint64_t g) {
  return isa_pair((HI(e) & HI(f)) ^ cv_andn(HI(g), HI(e)), (LO(e) & LO(f)) ^ cv_andn(LO(g), LO(e)));
}

#if defined(__riscv)
/* cv_sha256_zk.S: the compression scheduled by hand (aligned blocks only) */
void cv_sha256_zk_blocks(uint32_t h0[8], const uint8_t *blk, size_t nblk);

void cv_sha256_isa_blocks(uint32_t h0[8], const uint8_t *blk, size_t nblk) {
  if (((uintptr_t)blk & 3u) == 0) {
    cv_sha256_zk_blocks(h0, blk, nblk);
    return;
  }
  uint32_t w[16];
  for (; nblk; nblk--, blk += 64) {
    memcpy(w, blk, 64);
    cv_sha256_zk_blocks(h0, (const uint8_t *)w, 1);
  }
}
#else
void cv_sha256_isa_blocks(uint32_t h0[8], const uint8_t *blk, size_t nblk) {
  SHA256_BLOCKS(cv_sha256sum0, cv_sha256sum1, cv_sha256sig0, cv_sha256sig1, ISA_LOAD16, ISA_CH)
}
#endif

void cv_sha512_isa_blocks(uint64_t h0[8], const uint8_t *blk, size_t nblk) {
  SHA512_BLOCKS(isa_sum0, isa_sum1, isa_sig0, isa_sig1, ISA_LOAD16_64, isa_ch64)
}
#endif

int cv_sha2_sw_isa_built(void) {
#if defined(CV_ZK)
  return 1;
#else
  return 0;
#endif
}

/* ---- streaming ---------------------------------------------------------------------------- */
/* n zero bytes at p, a word at a time where aligned (the picolibc memset of the firmware goes a
 * byte at a time, four instructions a byte); the barrier keeps GCC from turning the loop back
 * into a memset call, and the wipes of keys and states from being dropped */
static void zero(void *p, size_t n) {
  uint8_t *b = (uint8_t *)p;
  for (; n && ((uintptr_t)b & 3u); n--) *b++ = 0;
  for (; n >= 4; n -= 4, b += 4) {
    *(cv_word_t *)(void *)b = 0;
    __asm__ volatile("" : : "r"(b) : "memory");
  }
  for (; n; n--) *b++ = 0;
}

static void blocks(cv_sha2_sw_ctx *ctx, const uint8_t *p, size_t n) {
#if defined(CV_ZK)
  if (ctx->impl == CV_SHA2_IMPL_ISA) {
    if (ctx->alg == CV_SHA2_256) cv_sha256_isa_blocks(ctx->h.h32, p, n);
    else cv_sha512_isa_blocks(ctx->h.h64, p, n);
    return;
  }
#endif
  if (ctx->alg == CV_SHA2_256) cv_sha256_sw_blocks(ctx->h.h32, p, n);
  else cv_sha512_sw_blocks(ctx->h.h64, p, n);
}

static uint32_t block_len(const cv_sha2_sw_ctx *ctx) {
  return ctx->alg == CV_SHA2_256 ? 64u : 128u;
}

cv_status_t cv_sha2_sw_init(cv_sha2_sw_ctx *ctx, int alg, int impl) {
  if (!ctx || (alg != CV_SHA2_256 && alg != CV_SHA2_512)) return CV_ERR_ARG;
  if (impl != CV_SHA2_IMPL_SW && impl != CV_SHA2_IMPL_ISA) return CV_ERR_ARG;
  if (impl == CV_SHA2_IMPL_ISA && !cv_sha2_sw_isa_built()) return CV_ERR_HW;
  zero(ctx, sizeof *ctx);
  ctx->alg = alg;
  ctx->impl = impl;
  for (int i = 0; i < 8; i++) {
    if (alg == CV_SHA2_256) ctx->h.h32[i] = IV256[i];
    else ctx->h.h64[i] = IV512[i];
  }
  return CV_OK;
}

cv_status_t cv_sha2_sw_update(cv_sha2_sw_ctx *ctx, const uint8_t *data, size_t len) {
  if (!ctx || (!data && len) || ctx->done) return CV_ERR_ARG;
  const uint32_t bl = block_len(ctx);
  ctx->len += len;
  if (ctx->pos) {
    size_t n = bl - ctx->pos;
    if (n > len) n = len;
    memcpy(ctx->buf + ctx->pos, data, n);
    ctx->pos += (uint32_t)n;
    data += n;
    len -= n;
    if (ctx->pos < bl) return CV_OK;
    blocks(ctx, ctx->buf, 1);
    ctx->pos = 0;
  }
  if (len >= bl) {
    size_t nb = len / bl;
    blocks(ctx, data, nb);
    data += nb * bl;
    len -= nb * bl;
  }
  if (len) {
    memcpy(ctx->buf, data, len);
    ctx->pos = (uint32_t)len;
  }
  return CV_OK;
}

static void put_be32(uint8_t *p, uint32_t v) {
  p[0] = (uint8_t)(v >> 24); p[1] = (uint8_t)(v >> 16); p[2] = (uint8_t)(v >> 8); p[3] = (uint8_t)v;
}

cv_status_t cv_sha2_sw_final(cv_sha2_sw_ctx *ctx, uint8_t *out, size_t out_len) {
  if (!ctx || !out || ctx->done) return CV_ERR_ARG;
  const uint32_t bl = block_len(ctx);
  const size_t md = ctx->alg == CV_SHA2_256 ? CV_SHA256_DIGEST : CV_SHA512_DIGEST;
  if (out_len != md) return CV_ERR_OUTLEN;
  /* 0x80, zeros, then the bit length big-endian in the last 8 bytes (SHA-512's 128-bit length
   * field: its upper 8 bytes are zero for any message this library can take). */
  uint32_t p = ctx->pos;
  ctx->buf[p++] = 0x80;
  if (p > bl - (ctx->alg == CV_SHA2_256 ? 8u : 16u)) {
    zero(ctx->buf + p, bl - p);
    blocks(ctx, ctx->buf, 1);
    p = 0;
  }
  zero(ctx->buf + p, bl - 8 - p);   /* SHA-512: the length field's upper half too */
  const uint64_t bits = ctx->len << 3;
  put_be32(ctx->buf + bl - 8, (uint32_t)(bits >> 32));
  put_be32(ctx->buf + bl - 4, (uint32_t)bits);
  blocks(ctx, ctx->buf, 1);
  if (ctx->alg == CV_SHA2_256) {
    for (int i = 0; i < 8; i++) put_be32(out + 4 * i, ctx->h.h32[i]);
  } else {
    for (int i = 0; i < 8; i++) {
      put_be32(out + 8 * i, (uint32_t)(ctx->h.h64[i] >> 32));
      put_be32(out + 8 * i + 4, (uint32_t)ctx->h.h64[i]);
    }
  }
  const int alg = ctx->alg, impl = ctx->impl;
  zero(ctx, sizeof *ctx);
  ctx->alg = alg;
  ctx->impl = impl;
  ctx->done = 1;
  return CV_OK;
}

cv_status_t cv_sha2_sw_hash(int alg, int impl, const uint8_t *msg, size_t len, uint8_t *out,
                            size_t out_len) {
  cv_sha2_sw_ctx ctx;
  cv_status_t st = cv_sha2_sw_init(&ctx, alg, impl);
  if (st == CV_OK) st = cv_sha2_sw_update(&ctx, msg, len);
  if (st == CV_OK) st = cv_sha2_sw_final(&ctx, out, out_len);
  return st;
}

/* ---- HMAC-SHA-256 -------------------------------------------------------------------------- */
cv_status_t cv_hmac_sha256_sw_init(cv_hmac_sha256_sw_ctx *ctx, int impl, const uint8_t *key,
                                   size_t key_len) {
  if (!ctx || (!key && key_len)) return CV_ERR_ARG;
  uint32_t kb[16];
  zero(kb, sizeof kb);
  cv_status_t st;
  if (key_len > 64) {
    st = cv_sha2_sw_hash(CV_SHA2_256, impl, key, key_len, (uint8_t *)kb, 32);
    if (st != CV_OK) return st;
  } else {
    if (key_len) memcpy(kb, key, key_len);
  }
  st = cv_sha2_sw_init(&ctx->inner, CV_SHA2_256, impl);
  if (st != CV_OK) return st;
  uint32_t ik[16];
  for (int i = 0; i < 16; i++) {
    ik[i] = kb[i] ^ 0x36363636u;
    ctx->okey[i] = kb[i] ^ 0x5c5c5c5cu;
  }
  st = cv_sha2_sw_update(&ctx->inner, (const uint8_t *)ik, 64);
  zero(kb, sizeof kb);
  zero(ik, sizeof ik);
  return st;
}

cv_status_t cv_hmac_sha256_sw_update(cv_hmac_sha256_sw_ctx *ctx, const uint8_t *data,
                                     size_t len) {
  if (!ctx) return CV_ERR_ARG;
  return cv_sha2_sw_update(&ctx->inner, data, len);
}

cv_status_t cv_hmac_sha256_sw_final(cv_hmac_sha256_sw_ctx *ctx, uint8_t *mac, size_t mac_len) {
  if (!ctx || !mac || ctx->inner.done || ctx->inner.alg != CV_SHA2_256) return CV_ERR_ARG;
  if (mac_len < 1 || mac_len > CV_SHA256_DIGEST) return CV_ERR_OUTLEN;
  uint32_t md[8];
  const int impl = ctx->inner.impl;
  cv_status_t st = cv_sha2_sw_final(&ctx->inner, (uint8_t *)md, sizeof md);
  cv_sha2_sw_ctx outer;
  if (st == CV_OK) st = cv_sha2_sw_init(&outer, CV_SHA2_256, impl);
  if (st == CV_OK) st = cv_sha2_sw_update(&outer, (const uint8_t *)ctx->okey, 64);
  if (st == CV_OK) st = cv_sha2_sw_update(&outer, (const uint8_t *)md, sizeof md);
  if (st == CV_OK) st = cv_sha2_sw_final(&outer, (uint8_t *)md, sizeof md);
  if (st == CV_OK) memcpy(mac, md, mac_len);
  zero(md, sizeof md);
  zero(ctx->okey, sizeof ctx->okey);
  return st;
}

cv_status_t cv_hmac_sha256_sw(int impl, const uint8_t *key, size_t key_len, const uint8_t *msg,
                              size_t len, uint8_t *mac, size_t mac_len) {
  if (!mac) return CV_ERR_ARG;
  if (mac_len < 1 || mac_len > CV_SHA256_DIGEST) return CV_ERR_OUTLEN;
  cv_hmac_sha256_sw_ctx ctx;
  cv_status_t st = cv_hmac_sha256_sw_init(&ctx, impl, key, key_len);
  if (st == CV_OK) st = cv_hmac_sha256_sw_update(&ctx, msg, len);
  if (st == CV_OK) st = cv_hmac_sha256_sw_final(&ctx, mac, mac_len);
  return st;
}
