// SPDX-License-Identifier: Apache-2.0
/* cv_chacha.c: the ChaCha API of cv_chacha.h. sw: fw/crypto's cv_chacha_sw_*. Hardware
 * (engine 4, 64-byte blocks): the key (8 words; a 128-bit key in words 0..3) is loaded at init
 * and on ownership changes, with the context's configuration (CFG.ROUNDS | K128 | RFC, its
 * hw.kcfg, recorded with the owner: cv_light_kcfg); every call loads the IV (state words 12..15
 * = counter, nonce) from the context and advances the context's counter by the blocks produced
 * (the engine does the same), so no read-back is needed. Whole blocks run in XOR mode
 * (CFG.XOR) straight from in to out: two blocks in flight on cpi/mmio, one job on the DMA
 * backends. A partial last block is a keystream block kept in the context (its unused bytes
 * start the next call).
 *
 * Every call is three steps, one path per backend (run): the API function's validation with the
 * key owner test; whole blocks between buffers the backend takes as they are (word-aligned in
 * data memory, the same or apart; the DMA's: 16-byte aligned, the DMA checking them), no
 * keystream left over: the blocks (one block inline on cpi), the counter advanced. Anything else
 * takes a tail call: slow (an error to name, the sw backend, a key to reload, then the call
 * again) or any_len (leftover keystream, a partial last block, buffers the path cannot take:
 * the buffers' rules tested exactly, then the same block operations in pieces). */
#include <string.h>

#include "cv_chacha.h"
#include "cv_light.h"

#pragma GCC optimize("no-tree-loop-distribute-patterns")

#define ENG CV_ENGINE_CHACHA
#define XOR CV_CHACHA_CFG_XOR_MASK
#define CHACHA_MAGIC 0xC4AC4A20u

/* The engine's own error codes as API results (CFG: a round count it does not run). */
static const int8_t chacha_errmap[8] = {
    [CV_CHACHA_STATUS_ERR_CODE_CFG] = CV_ERR_ROUNDS,
    [CV_CHACHA_STATUS_ERR_CODE_BUSY] = CV_ERR_BUSY,
    [CV_CHACHA_STATUS_ERR_CODE_NOKEY] = CV_ERR_NOKEY,
};
/* CFG.ROUNDS holds the round count itself, so init writes the caller's rounds there. */
_Static_assert(CV_CHACHA_CFG_ROUNDS_8 == 8 && CV_CHACHA_CFG_ROUNDS_12 == 12 &&
                   CV_CHACHA_CFG_ROUNDS_20 == 20 && CV_CHACHA_CFG_ROUNDS_SHIFT == 0,
               "CFG.ROUNDS = the round count");

int cv_chacha_available(void) { return cv_cpl_engine_present(ENG); }

/* The check word: backend, id, configuration; on the sw backend the library's round count and
 * layout (they steer its loops). The keystream offsets (ks_pos, the library's too) are not in
 * it: every value of them is safe (64 or more: nothing left over). */
static inline uint32_t seal(const cv_chacha_ctx *ctx) {
  const int sw = ctx->backend == CV_BACKEND_SW;
  return cv_light_seal(CHACHA_MAGIC, ctx->backend, &ctx->hw,
                       sw ? (uint32_t)ctx->sw.rounds : 0, sw ? (uint32_t)ctx->sw.layout : 0);
}
static inline int sealed(const cv_chacha_ctx *ctx) { return ctx->hw.chk == seal(ctx); }

cv_status_t cv_chacha_init(cv_chacha_ctx *ctx, cv_backend_t backend, const uint8_t *key,
                           size_t key_len, const uint8_t *nonce, size_t nonce_len, int rounds) {
  if (!ctx || !key || !nonce || (unsigned)backend >= CV_BACKEND_COUNT) return CV_ERR_ARG;
  if (key_len != 16 && key_len != 32) return CV_ERR_KEYLEN;
  if (nonce_len != 8 && nonce_len != 12) return CV_ERR_ARG;
  if (rounds != 8 && rounds != 12 && rounds != 20) return CV_ERR_ROUNDS;
  if (cv_buf_rd_bad(key, key_len) | cv_buf_rd_bad(nonce, nonce_len)) return CV_ERR_ARG;
  const int rfc = nonce_len == 12;
  const uint32_t kcfg = (uint32_t)rounds | (key_len == 16 ? CV_CHACHA_CFG_K128_MASK : 0) |
                        (rfc ? CV_CHACHA_CFG_RFC_MASK : 0);
  if (backend == CV_BACKEND_SW) {
    ctx->backend = backend;
    ctx->hw.kcfg = kcfg;
    ctx->hw.id = 0;
    const int e = cv_chacha_sw_init(&ctx->sw, key, key_len, nonce, nonce_len, rounds);
    ctx->hw.chk = seal(ctx);
    return e;
  }
  /* the engine and its coupling free before the context is written: a refused init changes
   * nothing */
  if (__builtin_expect(cv_light_taken(backend), 0)) return CV_ERR_BUSY;
  ctx->backend = backend;
  ctx->hw.kcfg = kcfg;
  /* counter 0, then the nonce (a loop: the library's memset/memcpy cost more for 16 bytes) */
  ctx->iv[0] = ctx->iv[1] = ctx->iv[2] = ctx->iv[3] = 0;
  uint8_t *ivb = (uint8_t *)ctx->iv + (rfc ? 4 : 8);
  for (size_t i = 0; i < nonce_len; i++) ivb[i] = nonce[i];
  ctx->ks_pos = 64;
  ctx->hw.id = cv_light_new_id(ENG);
  ctx->hw.chk = seal(ctx);
  cv_light_set_key(&ctx->hw, key, key_len);
  return cv_light_claim_new(ENG, backend, &ctx->hw, 8, chacha_errmap);
}

/* The counter calls change nothing of a context that is none (its check word does not match):
 * set does nothing, get answers 0. */
void cv_chacha_set_counter(cv_chacha_ctx *ctx, uint64_t counter) {
  if (!ctx || !sealed(ctx)) return;
  if (ctx->backend == CV_BACKEND_SW) {
    cv_chacha_sw_set_counter(&ctx->sw, counter);
    return;
  }
  ctx->iv[0] = (uint32_t)counter;
  if (!(ctx->hw.kcfg & CV_CHACHA_CFG_RFC_MASK)) ctx->iv[1] = (uint32_t)(counter >> 32);
  ctx->ks_pos = 64;
}

uint64_t cv_chacha_get_counter(const cv_chacha_ctx *ctx) {
  if (!ctx || !sealed(ctx)) return 0;
  if (ctx->backend == CV_BACKEND_SW) return cv_chacha_sw_get_counter(&ctx->sw);
  if (ctx->hw.kcfg & CV_CHACHA_CFG_RFC_MASK) return ctx->iv[0];
  return (uint64_t)ctx->iv[1] << 32 | ctx->iv[0];
}

/* The counter advanced by nb blocks; cfg (the owner's configuration) says the layout. */
static inline void advance(cv_chacha_ctx *ctx, uint32_t cfg, size_t nb) {
  const uint32_t lo = ctx->iv[0] + (uint32_t)nb;
  /* the carry into word 1 only in the original layout (RFC 8439: word 1 is nonce), without a
   * branch */
  const uint32_t orig = ((cfg & CV_CHACHA_CFG_RFC_MASK) == 0);
  ctx->iv[1] += (uint32_t)(lo < ctx->iv[0]) & orig;
  ctx->iv[0] = lo;
}

/* ------------------------------------------------------------------ cpi */
#define PUSH16(p, last)                                        \
  do {                                                         \
    const uint32_t *p_ = (p);                                  \
    CV_CPI_DATA(ENG, p_[0], p_[1]);                            \
    CV_CPI_DATA(ENG, p_[2], p_[3]);                            \
    CV_CPI_DATA(ENG, p_[4], p_[5]);                            \
    CV_CPI_DATA(ENG, p_[6], p_[7]);                            \
    CV_CPI_DATA(ENG, p_[8], p_[9]);                            \
    CV_CPI_DATA(ENG, p_[10], p_[11]);                          \
    CV_CPI_DATA(ENG, p_[12], p_[13]);                          \
    if (last) CV_CPI_DATAL(ENG, p_[14], p_[15]);               \
    else CV_CPI_DATA(ENG, p_[14], p_[15]);                     \
  } while (0)
/* Keystream mode: the engine ignores the input, the unit only needs a complete block. */
#define PUSH0(last)                                            \
  do {                                                         \
    for (int k_ = 0; k_ < 7; k_++) CV_CPI_DATA(ENG, 0, 0);     \
    if (last) CV_CPI_DATAL(ENG, 0, 0);                         \
    else CV_CPI_DATA(ENG, 0, 0);                               \
  } while (0)
#if defined(__OPTIMIZE_SIZE__)
/* Size-optimised builds (-Os, e.g. the console): one out-of-line push, zeros for keystream. */
static __attribute__((noinline)) void cpi_push(const uint32_t *p, int last) {
  static const uint32_t zero[16];
  if (!p) p = zero;
  for (int k = 0; k < 14; k += 2) CV_CPI_DATA(ENG, p[k], p[k + 1]);
  if (last) CV_CPI_DATAL(ENG, p[14], p[15]);
  else CV_CPI_DATA(ENG, p[14], p[15]);
}
#define PUSH(p, last) cpi_push(in ? (p) : NULL, last)
#else
#define PUSH(p, last)            \
  do {                           \
    if (in) PUSH16(p, last);     \
    else PUSH0(last);            \
  } while (0)
#endif
/* RESULT x16 unrolled (a looped POP16 costs ~30 cycles more per block on cpi), except in
 * size-optimised builds. */
#if defined(__OPTIMIZE_SIZE__)
#define POP16_UNROLL
#else
#define POP16_UNROLL _Pragma("GCC unroll 8")
#endif
#define POP16(q)                                               \
  do {                                                         \
    uint32_t *q_ = (q);                                        \
    POP16_UNROLL                                               \
    for (int k_ = 0; k_ < 16; k_ += 2) {                       \
      uint32_t a_ = CV_CPI_RESULT(ENG);                        \
      uint32_t b_ = CV_CPI_RESULT(ENG);                        \
      q_[k_] = a_;                                             \
      q_[k_ + 1] = b_;                                         \
    }                                                          \
  } while (0)

/* The start of a message on cpi: counter and nonce, then the configuration. */
static inline __attribute__((always_inline)) void cpi_open(const uint32_t *iv, uint32_t cfg) {
  CV_CPI_IV(ENG, iv[0], iv[1]);
  CV_CPI_IV(ENG, iv[2], iv[3]);
  CV_CPI_IVLOAD(ENG);
  CV_CPI_START(ENG, cfg);
}

/* n blocks, word-aligned; in NULL: keystream. The engine takes an input block only once its
 * keystream block is computed (20 rounds after the IV load for the first), and the unit drops
 * input written while a block waits for it (OVERRUN): block 1 waits for IN_READY. Later blocks
 * are sent after the output two blocks back was read, by when the engine (which computes the
 * next keystream block ahead) has taken the one before. */
static void cpi_msg(const uint32_t *iv, uint32_t cfg, const uint32_t *in, uint32_t *out,
                    size_t n) {
  cpi_open(iv, cfg);
  PUSH(in, n == 1);
  if (n > 1) {
    (void)cv_cpl_cpi_wait(ENG, CV_CPL_STATUS_IN_READY_MASK);
    PUSH(in + 16, n == 2);
  }
  for (size_t i = 2; i < n; i++) {
    POP16(out);
    out += 16;
    __asm__ volatile("" ::: "memory");
    PUSH(in + 16 * i, i + 1 == n);
  }
  POP16(out);
  if (n > 1) POP16(out + 16);
}

/* n blocks through b's cpi or mmio coupling, word-aligned buffers, key owned; in NULL:
 * keystream; cfg the owner's configuration with XOR for in. */
static int pio_msg(cv_chacha_ctx *ctx, cv_backend_t b, uint32_t cfg, const uint32_t *in,
                   uint32_t *out, size_t n) {
  if (cv_light_uses_cpi(b)) {
    cpi_msg(ctx->iv, cfg, in, out, n);
  } else {
    cv_cpl_mmio_iv_load(CV_CHACHA_BASE, ctx->iv, 4);
    uint32_t s = cv_light_mmio_msg16(CV_CHACHA_BASE, cfg, in ? in : out, out, n, !in);
    if (s) return cv_light_hw_fail(ENG, b, s, chacha_errmap);
  }
  advance(ctx, cfg, n);
  return CV_OK;
}

/* The context's counter and nonce into the unit (IV, IVLOAD) through b's coupling before a DMA
 * job. */
static inline __attribute__((always_inline)) void dma_iv_load(const cv_chacha_ctx *ctx,
                                                              cv_backend_t b) {
  if (cv_light_uses_cpi(b)) {
    CV_CPI_IV(ENG, ctx->iv[0], ctx->iv[1]);
    CV_CPI_IV(ENG, ctx->iv[2], ctx->iv[3]);
    CV_CPI_IVLOAD(ENG);
  } else {
    cv_cpl_mmio_iv_load(CV_CHACHA_BASE, ctx->iv, 4);
  }
}

/* n whole blocks from buffers that keep the rules, any alignment, any backend: one DMA job
 * where the DMA takes the buffers (16-byte aligned in data memory), else through b's cpi or
 * mmio coupling (unaligned: through a local buffer). */
static int blocks(cv_chacha_ctx *ctx, cv_backend_t b, uint32_t cfg, const uint8_t *in,
                  uint8_t *out, size_t n) {
  const uint8_t *src = in ? in : out;  /* keystream: the DMA reads nothing, src is out */
  if (cv_light_is_dma(b) && cv_dma_fits16(src, out, 64 * n)) {
    dma_iv_load(ctx, b);
    int e = cv_light_dma(ENG, b, cfg, src, out, 64 * n, 0, chacha_errmap);
    if (e == CV_OK) advance(ctx, cfg, n);
    return e;
  }
  if ((((uintptr_t)in | (uintptr_t)out) & 3) == 0)
    return pio_msg(ctx, b, cfg, (const uint32_t *)(const void *)in, (uint32_t *)(void *)out, n);
  uint32_t buf[64];
  for (size_t i = 0; i < n;) {
    size_t k = n - i < 4 ? n - i : 4;
    if (in) memcpy(buf, in + 64 * i, 64 * k);
    int e = pio_msg(ctx, b, cfg, in ? buf : NULL, buf, k);
    if (e) return e;
    memcpy(out + 64 * i, buf, 64 * k);
    i += k;
  }
  return CV_OK;
}

/* The owner's call for buffers that keep the rules (a DMA backend's aligned): an idle DMA on a
 * DMA backend (a job running owns the coupling hub: CV_ERR_BUSY), then the keystream left over
 * from the last call, the whole blocks (blocks), a partial last block from a keystream block
 * kept in the context. XOR (in != NULL) or keystream (in == NULL). */
static __attribute__((noinline, cold)) int any_body(cv_chacha_ctx *ctx, cv_backend_t b,
                                                    uint32_t cfg, const uint8_t *in,
                                                    uint8_t *out, size_t len) {
  if (cv_light_is_dma(b) && cv_dma_busy()) return CV_ERR_BUSY;
  const uint8_t *ks = (const uint8_t *)ctx->ks;
  if (ctx->ks_pos < 64) {  /* the rest of the last partial block first */
    size_t k = 64 - ctx->ks_pos < len ? 64 - ctx->ks_pos : len;
    for (size_t i = 0; i < k; i++) out[i] = (in ? in[i] : 0) ^ ks[ctx->ks_pos + i];
    ctx->ks_pos += (uint32_t)k;
    out += k;
    if (in) in += k;
    len -= k;
  }
  size_t nb = len >> 6, rem = len & 63;
  int e;
  if (nb) {
    e = blocks(ctx, b, cfg, in, out, nb);
    if (e) return e;
  }
  if (rem) {
    e = pio_msg(ctx, b, cfg & ~XOR, NULL, ctx->ks, 1);
    if (e) return e;
    out += 64 * nb;
    if (in) in += 64 * nb;
    for (size_t i = 0; i < rem; i++) out[i] = (in ? in[i] : 0) ^ ks[i];
    ctx->ks_pos = (uint32_t)rem;
  }
  return CV_OK;
}

#if !defined(__OPTIMIZE_SIZE__)
/* The owner's call that its straight path cannot take: the buffers' rules tested exactly
 * (CV_ERR_ARG), a DMA backend's alignment (CV_ERR_DMA), then any_body. */
static __attribute__((noinline, cold)) int any_len(cv_chacha_ctx *ctx, cv_backend_t b,
                                                   uint32_t cfg, const uint8_t *in, uint8_t *out,
                                                   size_t len) {
  if (in ? cv_buf_io_bad(in, out, len) : cv_buf_wr_bad(out, len)) return CV_ERR_ARG;
  if (cv_light_is_dma(b) && (((uintptr_t)in | (uintptr_t)out) & (CV_LIGHT_DMA_ALIGN - 1)))
    return CV_ERR_DMA;
  return any_body(ctx, b, cfg, in, out, len);
}
#endif

/* Every call that is not its owner's straight path: the error named (the order the API
 * documents: CV_ERR_ARG for NULL and the buffers' rules, CV_ERR_NOKEY, an empty call CV_OK,
 * CV_ERR_DMA for a DMA backend's alignment), the sw backend, or the key claimed and the call
 * made again (it now finds the context the owner; every refusal of its straight path is one of
 * these tests or any_len's, so it never comes back here). In size-optimised builds every call
 * comes here, and any_body completes it. */
static __attribute__((noinline, cold)) int slow(cv_chacha_ctx *ctx, const uint8_t *in,
                                                uint8_t *out, size_t len, int xor_mode) {
  if (!ctx || (len && (!out || (xor_mode && !in)))) return CV_ERR_ARG;
  if (len && (xor_mode ? cv_buf_io_bad(in, out, len) : cv_buf_wr_bad(out, len)))
    return CV_ERR_ARG;
  if (!sealed(ctx)) return CV_ERR_NOKEY;
  if (len == 0) return CV_OK;
  const cv_backend_t b = ctx->backend;
  if (b == CV_BACKEND_SW)
    return xor_mode ? cv_chacha_sw_xor(&ctx->sw, in, out, len)
                    : cv_chacha_sw_keystream(&ctx->sw, out, len);
  if (cv_light_is_dma(b) && (((uintptr_t)in | (uintptr_t)out) & (CV_LIGHT_DMA_ALIGN - 1)))
    return CV_ERR_DMA;
  const int e = cv_light_claim(ENG, b, &ctx->hw, 8, chacha_errmap);
  if (e) return e;
#if defined(__OPTIMIZE_SIZE__)
  return any_body(ctx, b, ctx->hw.kcfg | (xor_mode ? XOR : 0), in, out, len);
#else
  return xor_mode ? cv_chacha_xor(ctx, in, out, len) : cv_chacha_keystream(ctx, out, len);
#endif
}

#if !defined(__OPTIMIZE_SIZE__)
/* A DMA job that did not end clean (STATUS s): a job that ended well all the same (a command
 * refused while it ran), or the counter put back (no keystream was delivered) and the error
 * named. Out of line, so the clean end is the path's fall-through. */
static __attribute__((noinline, cold)) int dma_end(cv_chacha_ctx *ctx, uint32_t s, uint32_t c0,
                                                   uint32_t c1) {
  if (cv_dma_status_ok(s)) return CV_OK;
  ctx->iv[0] = c0;
  ctx->iv[1] = c1;
  return cv_light_dma_fail(ENG, s, chacha_errmap);
}

/* IV and one job through b, the counter advanced while the job runs; the job's DMA STATUS. */
static inline __attribute__((always_inline)) uint32_t dma_job_advancing(
    cv_chacha_ctx *ctx, cv_backend_t b, uint32_t cfg, const uint8_t *src, uint8_t *out,
    size_t len) {
  dma_iv_load(ctx, b);
  cv_light_dma_issue(ENG, b, cfg, src, out, len, 0);
  advance(ctx, cfg, len >> 6);
  return cv_light_dma_wait(b);
}
#endif

#if !defined(__OPTIMIZE_SIZE__)
/* The owner's call on a DMA backend (out of line, one copy for keystream and XOR): whole blocks
 * between 16-byte aligned buffers, the input in data memory (the DMA checks the rest), nothing
 * left over, the DMA idle: IV, the job, the counter advanced while it runs (put back if it
 * fails); anything else through any_len. */
static __attribute__((noinline)) int dma_run(cv_chacha_ctx *ctx, cv_backend_t b, uint32_t cfg,
                                             const uint8_t *in, uint8_t *out, size_t len) {
  /* keystream: the DMA reads nothing, src is out (selected without a branch) */
  const uintptr_t ks = (uintptr_t)0 - (uintptr_t)(in == NULL);
  const uint8_t *src = (const uint8_t *)((uintptr_t)in | ((uintptr_t)out & ks));
  const uint32_t odd = (uint32_t)(len & 63) | (uint32_t)(ctx->ks_pos < 64) |
                       ((uint32_t)((uintptr_t)in | (uintptr_t)out) & (CV_LIGHT_DMA_ALIGN - 1)) |
                       (uint32_t)cv_buf_in_prog(src);
  if (__builtin_expect(odd != 0, 0) || __builtin_expect(cv_dma_busy(), 0))
    return any_len(ctx, b, cfg, in, out, len);
  const uint32_t c0 = ctx->iv[0], c1 = ctx->iv[1];
  /* one dispatch on the backend: each branch is the whole sequence for a constant backend */
  const uint32_t s = __builtin_expect(b == CV_BACKEND_CPI_DMA, 1)
                         ? dma_job_advancing(ctx, CV_BACKEND_CPI_DMA, cfg, src, out, len)
                         : dma_job_advancing(ctx, CV_BACKEND_MMIO_DMA, cfg, src, out, len);
  if (__builtin_expect(!cv_dma_status_clean(s), 0)) return dma_end(ctx, s, c0, c1);
  return CV_OK;
}
#endif

/* The owner's call (validated: len > 0, buffers not NULL) on backend b. The straight path takes
 * whole blocks with nothing left over: on cpi and mmio between word-aligned buffers in data
 * memory, the same or apart (one block inline on cpi, the counter advanced while the engine
 * computes); on the DMA backends between 16-byte aligned buffers, the input in data memory (the
 * DMA checks the rest), the DMA idle: IV, the job, the counter advanced while it runs (put back
 * if it fails). Anything else: any_len; a backend that is none (a context changed since its
 * key was loaded): slow, which names it. */
#if !defined(__OPTIMIZE_SIZE__)
static inline __attribute__((always_inline)) int run(cv_chacha_ctx *ctx, cv_backend_t b,
                                                     const uint8_t *in, uint8_t *out,
                                                     size_t len) {
  const uint32_t cfg = cv_light_kcfg[ENG] | (in ? XOR : 0);
  const uint32_t part = (uint32_t)(len & 63) | (uint32_t)(ctx->ks_pos < 64);
  if (__builtin_expect((unsigned)b - CV_BACKEND_MMIO <= CV_BACKEND_CPI - CV_BACKEND_MMIO, 1)) {
    const uint32_t odd = part | (in ? cv_buf_io_dmem_bad(in, out, len) : cv_buf_wr_bad(out, len)) |
                         ((uint32_t)((uintptr_t)in | (uintptr_t)out) & 3u);
    if (__builtin_expect(odd != 0, 0)) return any_len(ctx, b, cfg, in, out, len);
#if !defined(__OPTIMIZE_SIZE__)
    if (__builtin_expect(b == CV_BACKEND_CPI, 1)) {
      if (len == 64) {  /* one block, inline */
        cpi_open(ctx->iv, cfg);
        PUSH((const uint32_t *)(const void *)in, 1);
        advance(ctx, cfg, 1);  /* while the engine computes */
        POP16((uint32_t *)(void *)out);
        return CV_OK;
      }
    }
#endif
    return pio_msg(ctx, b, cfg, (const uint32_t *)(const void *)in, (uint32_t *)(void *)out,
                   len >> 6);
  }
  if (__builtin_expect(cv_light_is_dma(b), 1)) return dma_run(ctx, b, cfg, in, out, len);
  return slow(ctx, in, out, len, in != NULL);
}
#endif

cv_status_t cv_chacha_keystream(cv_chacha_ctx *ctx, uint8_t *out, size_t len) {
#if defined(__OPTIMIZE_SIZE__)
  return slow(ctx, NULL, out, len, 0);
#else
  if (__builtin_expect(ctx == NULL, 0)) return CV_ERR_ARG;
  const cv_backend_t b = ctx->backend;
  const uint32_t bad = (ctx->hw.id ^ cv_light_owner[ENG]) | (uint32_t)(len == 0) |
                       (uint32_t)(out == NULL);
  if (__builtin_expect(bad != 0, 0)) return slow(ctx, NULL, out, len, 0);
  return run(ctx, b, NULL, out, len);
#endif
}

cv_status_t cv_chacha_xor(cv_chacha_ctx *ctx, const uint8_t *in, uint8_t *out, size_t len) {
#if defined(__OPTIMIZE_SIZE__)
  return slow(ctx, in, out, len, 1);
#else
  if (__builtin_expect(ctx == NULL, 0)) return CV_ERR_ARG;
  const cv_backend_t b = ctx->backend;
  const uint32_t bad = (ctx->hw.id ^ cv_light_owner[ENG]) | (uint32_t)(len == 0) |
                       (uint32_t)(in == NULL) | (uint32_t)(out == NULL);
  if (__builtin_expect(bad != 0, 0)) return slow(ctx, in, out, len, 1);
  return run(ctx, b, in, out, len);
#endif
}

void cv_chacha_zeroize(cv_chacha_ctx *ctx) {
  if (!ctx) return;
  if (ctx->backend != CV_BACKEND_SW && (unsigned)ctx->backend < CV_BACKEND_COUNT &&
      !cv_light_absent(ENG))
    cv_light_zeroize(ENG, ctx->backend);
  cv_cpl_wipe(ctx, sizeof *ctx);
}
