// SPDX-License-Identifier: Apache-2.0
/* cv_aes.c: the AES API of cv_aes.h on the five backends.
 *
 * sw        fw/crypto's cv_aes_sw_* (T-table implementation).
 * mmio      loads/stores to the AES window (CV_AES_*): KEY, CFG, CTRL, DIN/DINL, DOUT, IV.
 * cpi       custom instructions to target 1 (cv_cpi.h): KEY/KLOADW, IV/IVLOAD/IVRD, START,
 *           DATA/DATAL, RESULT (waits in hardware), STATUS.
 * cpi-dma   key and IV as for cpi, the data through DSEL/DADDR/DRUN/DWAIT (target 7).
 * mmio-dma  key and IV as for mmio, the data through the dma window.
 *
 * Speed: whole aligned blocks move as words (memory-order words, no swapping); two blocks are
 * kept in flight (the unit's staging block and the engine), so loading, computing and storing
 * overlap; the key is reloaded only when another context used the engine (owner id); the IV is
 * read back from the engine after every call so a message continues across calls.
 *
 * Hardware key copy: a hardware context keeps its key words in ctx->sw.ek[0..7] (the software
 * schedule is unused there) to reload the engine when ownership changed. Zeroize (the API's, a
 * failed DMA job that wiped the engine, or the engine reporting NO_KEY) makes the contexts whose
 * key was in the engine fail with CV_ERR_NOKEY until cv_aes_init is called again.
 *
 * The direction and mode enums (cv_dir_t, cv_aes_mode_t) enter the bodies as an int copy
 * (ecb, cbc, cfb128) or as the unsigned int they are compatible with (start): used as enums
 * through the body, they make GCC allocate the fast paths' registers differently, and some
 * calls cost an instruction more. */
#include <string.h>

#include "cv_aes.h"
#include "cv_cpl.h"
#include "cv_light.h"

/* Short copy loops stay loops: a call to memcpy costs more than 4-word copies. */
#pragma GCC optimize("no-tree-loop-distribute-patterns")

_Static_assert(_Generic((cv_dir_t)0, unsigned: 1, default: 0) &&
                   _Generic((cv_aes_mode_t)0, unsigned: 1, default: 0),
               "cv_aes_start takes cv_dir_t and cv_aes_mode_t as unsigned int");

#define AES CV_ENGINE_AES
#define MODE_CMAC ((uint32_t)CV_AES_CFG_MODE_CMAC)
#define KIND_K1 ((uint32_t)CV_AES_CFG_KIND_K1)  /* CMAC: the last block is whole (K1) */
#define KIND_K2 ((uint32_t)CV_AES_CFG_KIND_K2)  /* or padded (K2) */
/* ctx->ksz is CFG.KSZ, computed from the key length: (key bytes - 16) / 8. */
_Static_assert(CV_AES_CFG_KSZ_128 == 0 && CV_AES_CFG_KSZ_192 == 1 && CV_AES_CFG_KSZ_256 == 2,
               "ksz_of: CFG.KSZ = (key bytes - 16) / 8");

/* The engine's own error codes (STATUS.ERR_CODE 1..7) as API results. */
static const int8_t aes_errmap[8] = {
    [CV_AES_STATUS_ERR_CODE_KEY_SIZE] = CV_ERR_KEYLEN,
    [CV_AES_STATUS_ERR_CODE_MODE] = CV_ERR_MODE,
    [CV_AES_STATUS_ERR_CODE_CMAC_KIND] = CV_ERR_MODE,
    [CV_AES_STATUS_ERR_CODE_START_BUSY] = CV_ERR_BUSY,
    [CV_AES_STATUS_ERR_CODE_WRITE_BUSY] = CV_ERR_BUSY,
    [CV_AES_STATUS_ERR_CODE_NO_KEY] = CV_ERR_NOKEY,
    [CV_AES_STATUS_ERR_CODE_KEY_MISMATCH] = CV_ERR_KEYLEN,
};

static uint32_t aes_owner;          /* id of the context whose key is in the engine; 0: none */
static uint32_t aes_valid_from = 1; /* contexts with a smaller id lost their key (zeroize) */

/* The asynchronous DMA job (cv_aes_start .. cv_aes_wait). aes_job_ctx and aes_job_mode are
 * plain small variables (gp-relative: one instruction each) because the start path writes
 * them; the rest is written only by the general start path, for a job that leaves a partial
 * CFB-decryption block to the wait. No job pending: aes_job_ctx is NULL, aes_job.tail_len 0
 * and aes_job.tail_only 0 (cv_aes_wait and cv_aes_zeroize restore that), so the start path
 * needs to write nothing else. */
static cv_aes_ctx *aes_job_ctx; /* NULL: none */
static uint32_t aes_job_mode;
/* The last id handed out. Declared after the start path's words: GCC emits small data in the
 * reverse order of declaration, and the first word of the firmware's small-data area is beyond
 * the linker's gp-relative reach, so this word (not read on the start path) takes it. */
static uint32_t aes_ids;
static struct {
  uint32_t dir;
  const uint8_t *tail_in; /* CFB decrypt with a partial last block: done after the job */
  uint8_t *tail_out;
  uint32_t tail_len;
  int tail_only;          /* no DMA job runs, only the tail is left (a message below a block) */
} aes_job;

/* aes_job_ctx in a SoC built without the AES engine: the engine window's address, where no
 * context can be. The probe at start-up sets it, so a hardware init meets it in the branch it
 * already takes while a job runs and answers CV_ERR_HW before touching the engine (whose
 * window would answer with a bus error); with the engine built, no call pays for the check.
 * Every other path that reads aes_job_ctx is reached only through a context that a hardware
 * init accepted. */
#define AES_NO_ENGINE ((cv_aes_ctx *)(uintptr_t)CV_AES_BASE)

__attribute__((constructor)) static void aes_probe(void) {
  if (!cv_cpl_engine_present(CV_ENGINE_AES)) aes_job_ctx = AES_NO_ENGINE;
}

int cv_aes_available(void) { return cv_cpl_engine_present(CV_ENGINE_AES); }

static inline volatile uint32_t *aes_regs(void) {
  return (volatile uint32_t *)(uintptr_t)CV_AES_BASE;
}
#define R(off) (aes_regs()[(off) / 4])

static inline uint32_t ksz_of(const cv_aes_ctx *ctx) { return ctx->ksz; }
static inline uint32_t cfg_of(const cv_aes_ctx *ctx, uint32_t mode, uint32_t dir) {
  return ksz_of(ctx) | (mode << CV_AES_CFG_MODE_SHIFT) | (dir << CV_AES_CFG_DEC_SHIFT);
}
static inline int is_dma(cv_backend_t b) {
  return b == CV_BACKEND_CPI_DMA || b == CV_BACKEND_MMIO_DMA;
}
static inline int uses_cpi(cv_backend_t b) {
  return b == CV_BACKEND_CPI || b == CV_BACKEND_CPI_DMA;
}

/* Forget the engine's key: every context initialised so far must init again. */
static void aes_key_lost(void) {
  aes_owner = 0;
  aes_valid_from = aes_ids + 1;
}

static inline void copy_words_in(uint32_t *w, const uint8_t *p, unsigned n) {
  if (((uintptr_t)p & 3) == 0) {
    const uint32_t *s = (const uint32_t *)(const void *)p;
    for (unsigned i = 0; i < n; i++) w[i] = s[i];
  } else {
    memcpy(w, p, 4 * n);
  }
}
static inline void copy_words_out(uint8_t *p, const uint32_t *w, unsigned n) {
  if (((uintptr_t)p & 3) == 0) {
    uint32_t *d = (uint32_t *)(void *)p;
    for (unsigned i = 0; i < n; i++) d[i] = w[i];
  } else {
    memcpy(p, w, 4 * n);
  }
}

/* ------------------------------------------------------------------ key */
/* Load ctx's key (ctx->sw.ek) with the backend's own path. Returns CV_OK or CV_ERR_*. */
static int load_key(cv_aes_ctx *ctx) {
  const uint32_t *k = ctx->sw.ek;
  const uint32_t ksz = ksz_of(ctx);
  uint32_t s;
  if (uses_cpi(ctx->backend)) {
    CV_CPI_KEY(AES, k[0], k[1]);
    CV_CPI_KEY(AES, k[2], k[3]);
    if (ctx->key_bytes > 16) CV_CPI_KEY(AES, k[4], k[5]);
    if (ctx->key_bytes > 24) CV_CPI_KEY(AES, k[6], k[7]);
    CV_CPI_CFG(AES, ksz);
    s = CV_CPI_KLOADW(AES);
  } else {
    s = cv_cpl_mmio_key(CV_AES_BASE, ksz, k, (unsigned)ctx->key_bytes / 4);
  }
  int e = cv_cpl_status_err(s, aes_errmap);
  if (e == CV_OK && !(s & CV_CPL_STATUS_KEY_READY_MASK)) e = CV_ERR_HW;
  if (e != CV_OK) {
    aes_owner = 0;
    return e;
  }
  aes_owner = ctx->id;
  return CV_OK;
}

/* The context's key is in the engine (reload it if another context used the engine). */
static __attribute__((noinline)) int reclaim(cv_aes_ctx *ctx) {
  if (ctx->key_bytes == 0 || ctx->id < aes_valid_from || ctx->id > aes_ids) return CV_ERR_NOKEY;
  if (aes_job_ctx && cv_dma_busy()) return CV_ERR_BUSY;
  if (load_key(ctx) == CV_OK) return CV_OK;
  /* a stale unit error (see init_retry): clear it with a zeroize and load again */
  if (uses_cpi(ctx->backend)) CV_CPI_ZERO(AES);
  else cv_cpl_mmio_zeroize(CV_AES_BASE);
  return load_key(ctx);
}
static inline int own(cv_aes_ctx *ctx) {
  if (ctx->id == aes_owner) return CV_OK;
  return reclaim(ctx);
}

/* The key load did not report a clean KEY_READY: the unit's sticky ERR may be stale (a CPU
 * access rejected earlier, e.g. BUSY_DMA during a DMA job, stays flagged until the next START
 * or ZEROIZE). Clear it with a zeroize (the key is being replaced anyway) and load again from
 * the context's copy, this time judging the result strictly. */
static __attribute__((noinline)) int init_retry(cv_aes_ctx *ctx) {
  if (uses_cpi(ctx->backend)) CV_CPI_ZERO(AES);
  else cv_cpl_mmio_zeroize(CV_AES_BASE);
  return load_key(ctx);
}

/* A new context: its backend, key size and id (later ids are the newer keys). Returns the id. */
static inline __attribute__((always_inline)) uint32_t ctx_new(cv_aes_ctx *ctx,
                                                              cv_backend_t backend, uint32_t kx) {
  const uint32_t id = ++aes_ids;
  ctx->backend = backend;
  ctx->key_bytes = (int)(16u + kx);
  ctx->ksz = kx >> 3;
  ctx->id = id;
  return id;
}

/* Key words straight from a word-aligned key into the unit (KEY pairs / KEY registers), then
 * KEYLOAD without a wait (KLOAD / CTRL); the context is written while the engine expands the
 * key (AES-128: a cycle to reach it and Nr + 1 = 11), then STATUS is polled until KEY_READY
 * with no held load (usually at the first look: the poll's exit is the fall-through), or an
 * error. The context's writes fill the expansion's cycles, which KLOADW would spend holding
 * the CPU. */
static inline __attribute__((always_inline)) int init_words(cv_aes_ctx *ctx, int cpi,
                                                             cv_backend_t backend,
                                                             const uint32_t *kw, uint32_t kx) {
  volatile uint32_t *r = aes_regs();
  uint32_t *k = ctx->sw.ek;
  const uint32_t k0 = kw[0], k1 = kw[1], k2 = kw[2], k3 = kw[3];
  if (cpi) {
    CV_CPI_KEY(AES, k0, k1);
    CV_CPI_KEY(AES, k2, k3);
  } else {
    r[CV_CPL_KEY_OFFSET / 4 + 0] = k0;
    r[CV_CPL_KEY_OFFSET / 4 + 1] = k1;
    r[CV_CPL_KEY_OFFSET / 4 + 2] = k2;
    r[CV_CPL_KEY_OFFSET / 4 + 3] = k3;
  }
  if (kx) {  /* 192/256: these words' copies before the KEYLOAD, as they come */
    const uint32_t k4 = kw[4], k5 = kw[5];
    if (cpi) CV_CPI_KEY(AES, k4, k5);
    else {
      r[CV_CPL_KEY_OFFSET / 4 + 4] = k4;
      r[CV_CPL_KEY_OFFSET / 4 + 5] = k5;
    }
    k[4] = k4;
    k[5] = k5;
    if (kx > 8u) {
      const uint32_t k6 = kw[6], k7 = kw[7];
      if (cpi) CV_CPI_KEY(AES, k6, k7);
      else {
        r[CV_CPL_KEY_OFFSET / 4 + 6] = k6;
        r[CV_CPL_KEY_OFFSET / 4 + 7] = k7;
      }
      k[6] = k6;
      k[7] = k7;
    }
  }
  if (cpi) {
    CV_CPI_CFG(AES, kx >> 3);
    CV_CPI_KLOAD(AES);
  } else {
    r[CV_CPL_CFG_OFFSET / 4] = kx >> 3;
    r[CV_CPL_CTRL_OFFSET / 4] = CV_CPL_CTRL_KEYLOAD_MASK;
  }
  __asm__ volatile("" ::: "memory");  /* the context's writes after the KEYLOAD */
  const uint32_t id = ctx_new(ctx, backend, kx);
  k[0] = k0;  /* the context's copy */
  k[1] = k1;
  k[2] = k2;
  k[3] = k3;
  const uint32_t m = CV_CPL_STATUS_BUSY_MASK | CV_CPL_STATUS_KEY_READY_MASK |
                     CV_CPL_STATUS_ERR_MASK;
  uint32_t n = CV_CPL_POLL_LIMIT;
  for (;;) {
    const uint32_t st = cpi ? CV_CPI_STATUS(AES) : r[CV_CPL_STATUS_OFFSET / 4];
    if (__builtin_expect((st & m) == CV_CPL_STATUS_KEY_READY_MASK, 1)) {
      aes_owner = id;
      return CV_OK;
    }
    /* an error, or the poll limit: the stale-error retry (its load_key sets aes_owner) */
    if ((st & CV_CPL_STATUS_ERR_MASK) || !--n) return init_retry(ctx);
  }
}

/* A key that is not word-aligned: the context's copy first, then the general key load. */
static __attribute__((noinline)) int init_bytes(cv_aes_ctx *ctx, cv_backend_t backend,
                                                const uint8_t *key, uint32_t kx) {
  ctx_new(ctx, backend, kx);
  memcpy(ctx->sw.ek, key, 16u + kx);
  return load_key(ctx);
}

/* A hardware init without the engine: CV_ERR_HW, the context left inert as a zeroize leaves it
 * (its calls return CV_ERR_NOKEY and touch no hardware). */
static __attribute__((noinline)) int init_absent(cv_aes_ctx *ctx) {
  ctx->backend = CV_BACKEND_SW;
  ctx->key_bytes = 0;
  ctx->id = 0xFFFFFFFFu;
  return CV_ERR_HW;
}

static __attribute__((noinline)) int init_sw(cv_aes_ctx *ctx, const uint8_t *key,
                                             size_t key_len) {
  ctx->backend = CV_BACKEND_SW;
  ctx->key_bytes = (int)key_len;
  ctx->ksz = ((uint32_t)key_len - 16u) >> 3;
  ctx->id = 0xFFFFFFFFu;
  return cv_aes_sw_init(&ctx->sw, key, key_len);
}

cv_status_t cv_aes_init(cv_aes_ctx *ctx, cv_backend_t backend, const uint8_t *key, size_t key_len) {
  if (!ctx || !key) return CV_ERR_ARG;
  const uint32_t kx = (uint32_t)key_len - 16u;  /* 0, 8, 16 */
  if (kx > 16u || (kx & 7u)) return CV_ERR_KEYLEN;
  if ((unsigned)backend - 1u >= (unsigned)CV_BACKEND_COUNT - 1u) {
    if (backend == CV_BACKEND_SW) return init_sw(ctx, key, key_len);
    return CV_ERR_ARG;
  }
  if (__builtin_expect(aes_job_ctx != NULL, 0)) {
    if (aes_job_ctx == AES_NO_ENGINE) return init_absent(ctx);
    if (cv_dma_busy()) return CV_ERR_BUSY;
  }
  if ((uintptr_t)key & 3) return init_bytes(ctx, backend, key, kx);
  const uint32_t *kw = (const uint32_t *)(const void *)key;
  return uses_cpi(backend) ? init_words(ctx, 1, backend, kw, kx)
                           : init_words(ctx, 0, backend, kw, kx);
}

/* ------------------------------------------------------------------ cpi data path */
#define CPI_PUSH(p, last)                         \
  do {                                            \
    const uint32_t *p_ = (p);                     \
    uint32_t a_ = p_[0], b_ = p_[1];              \
    uint32_t c_ = p_[2], d_ = p_[3];              \
    CV_CPI_DATA(AES, a_, b_);                     \
    if (last) CV_CPI_DATAL(AES, c_, d_);          \
    else CV_CPI_DATA(AES, c_, d_);                \
  } while (0)
/* RESULT x4, each word stored one instruction after it arrives (no stall). RESULT carries a
 * "memory" clobber here so the compiler keeps the loads of the next input block after it. */
#define CPI_RESULT_M()                                                          \
  __extension__({                                                               \
    uint32_t r_;                                                                \
    __asm__ volatile(CV_CPI_INSN_ "%1, %2, %0, zero, zero"                      \
                     : "=r"(r_)                                                 \
                     : "i"(CV_CPI_F3_RESULT), "i"(CV_CPI_F7(AES, CV_CPI_OP_RESULT)) \
                     : "memory");                                               \
    r_;                                                                         \
  })
#define CPI_POP(q)                                \
  do {                                            \
    uint32_t *q_ = (q);                           \
    uint32_t a_ = CV_CPI_RESULT(AES);             \
    uint32_t b_ = CV_CPI_RESULT(AES);             \
    q_[0] = a_;                                   \
    uint32_t c_ = CV_CPI_RESULT(AES);             \
    q_[1] = b_;                                   \
    uint32_t d_ = CV_CPI_RESULT(AES);             \
    q_[2] = c_;                                   \
    q_[3] = d_;                                   \
  } while (0)

/* n >= 1 whole blocks, word-aligned, one message with cfg. Blocks i+1 waits in the unit's
 * staging register while block i computes; block i+2 is sent once block i's output is read
 * (then block i+1 has entered the engine and the staging register is free). */
static inline __attribute__((always_inline)) void cpi_msg(uint32_t cfg, const uint32_t *in,
                                                          uint32_t *out, size_t n) {
  CV_CPI_START(AES, cfg);
  if (n == 1) {
    CPI_PUSH(in, 1);
    CPI_POP(out);
    return;
  }
  CPI_PUSH(in, 0);
  CPI_PUSH(in + 4, n == 2);
  for (size_t i = 2; i < n; i++) {
    /* output block i-2 out, input block i in: each RESULT's word is stored two instructions
     * later, with a load of the next input in between (no stall) */
    const uint32_t *p = in + 4 * i;
    uint32_t a = CPI_RESULT_M(), x0 = p[0];
    out[0] = a;
    uint32_t b = CPI_RESULT_M(), x1 = p[1];
    out[1] = b;
    uint32_t c = CPI_RESULT_M(), x2 = p[2];
    out[2] = c;
    uint32_t d = CPI_RESULT_M(), x3 = p[3];
    out[3] = d;
    out += 4;
    CV_CPI_DATA(AES, x0, x1);
    if (i + 1 == n) CV_CPI_DATAL(AES, x2, x3);
    else CV_CPI_DATA(AES, x2, x3);
  }
  CPI_POP(out);
  CPI_POP(out + 4);
}

/* ------------------------------------------------------------------ mmio data path */
#define MMIO_PUSH(r, p, last)                                    \
  do {                                                           \
    const uint32_t *p_ = (p);                                    \
    uint32_t a_ = p_[0], b_ = p_[1], c_ = p_[2], d_ = p_[3];     \
    (r)[CV_CPL_DIN_OFFSET / 4 + 0] = a_;                         \
    (r)[CV_CPL_DIN_OFFSET / 4 + 1] = b_;                         \
    (r)[CV_CPL_DIN_OFFSET / 4 + 2] = c_;                         \
    if (last) (r)[CV_CPL_DINL_OFFSET / 4 + 3] = d_;              \
    else (r)[CV_CPL_DIN_OFFSET / 4 + 3] = d_;                    \
  } while (0)
#define MMIO_POP(r, q)                                           \
  do {                                                           \
    uint32_t *q_ = (q);                                          \
    uint32_t a_ = (r)[CV_CPL_DOUT_OFFSET / 4 + 0];               \
    uint32_t b_ = (r)[CV_CPL_DOUT_OFFSET / 4 + 1];               \
    q_[0] = a_;                                                  \
    uint32_t c_ = (r)[CV_CPL_DOUT_OFFSET / 4 + 2];               \
    q_[1] = b_;                                                  \
    uint32_t d_ = (r)[CV_CPL_DOUT_OFFSET / 4 + 3];               \
    q_[2] = c_;                                                  \
    q_[3] = d_;                                                  \
  } while (0)

static inline __attribute__((always_inline)) int mmio_msg(uint32_t cfg, const uint32_t *in,
                                                          uint32_t *out, size_t n) {
  volatile uint32_t *r = aes_regs();
  uint32_t s;
  r[CV_CPL_CFG_OFFSET / 4] = cfg;
  r[CV_CPL_CTRL_OFFSET / 4] = CV_CPL_CTRL_START_MASK;
  MMIO_PUSH(r, in, n == 1);
  if (n > 1) MMIO_PUSH(r, in + 4, n == 2);
  /* every block but the last computes while the CPU moves the one before it */
  for (size_t i = 2; i < n; i++) {
    if ((s = cv_cpl_mmio_wait_out_likely(r)) != 0) return (int)s;
    MMIO_POP(r, out);
    out += 4;
    MMIO_PUSH(r, in + 4 * i, i + 1 == n);
  }
  if (n > 1) {
    if ((s = cv_cpl_mmio_wait_out_likely(r)) != 0) return (int)s;
    MMIO_POP(r, out);
    out += 4;
  }
  if ((s = cv_cpl_mmio_wait_out(r)) != 0) return (int)s;  /* the last block */
  MMIO_POP(r, out);
  return 0;
}

/* IV words in and out of the engine (v32 word-aligned). */
#define IV_IN(cpi, r, v32)                                        \
  do {                                                            \
    uint32_t a_ = (v32)[0], b_ = (v32)[1], c_ = (v32)[2], d_ = (v32)[3]; \
    if (cpi) {                                                    \
      CV_CPI_IV(AES, a_, b_);                                     \
      CV_CPI_IV(AES, c_, d_);                                     \
      CV_CPI_IVLOAD(AES);                                         \
    } else {                                                      \
      (r)[CV_CPL_IV_OFFSET / 4 + 0] = a_;                         \
      (r)[CV_CPL_IV_OFFSET / 4 + 1] = b_;                         \
      (r)[CV_CPL_IV_OFFSET / 4 + 2] = c_;                         \
      (r)[CV_CPL_IV_OFFSET / 4 + 3] = d_;                         \
      (r)[CV_CPL_CTRL_OFFSET / 4] = CV_CPL_CTRL_IVLOAD_MASK;      \
    }                                                             \
  } while (0)
#define IV_OUT(cpi, r, v32)                                       \
  do {                                                            \
    uint32_t *v_ = (v32);                                         \
    uint32_t a_ = (cpi) ? CV_CPI_IVRD(AES, 0) : (r)[CV_CPL_IV_OFFSET / 4 + 0]; \
    uint32_t b_ = (cpi) ? CV_CPI_IVRD(AES, 1) : (r)[CV_CPL_IV_OFFSET / 4 + 1]; \
    v_[0] = a_;                                                   \
    uint32_t c_ = (cpi) ? CV_CPI_IVRD(AES, 2) : (r)[CV_CPL_IV_OFFSET / 4 + 2]; \
    v_[1] = b_;                                                   \
    uint32_t d_ = (cpi) ? CV_CPI_IVRD(AES, 3) : (r)[CV_CPL_IV_OFFSET / 4 + 3]; \
    v_[2] = c_;                                                   \
    v_[3] = d_;                                                   \
  } while (0)

/* An engine error in the middle of a message: report it and leave the engine idle. */
static __attribute__((noinline)) int hw_fail(const cv_aes_ctx *ctx, uint32_t status) {
  int e = cv_cpl_status_err(status, aes_errmap);
  if (e == CV_OK) e = CV_ERR_HW;
  if (uses_cpi(ctx->backend)) CV_CPI_ZERO(AES);
  else cv_cpl_mmio_zeroize(CV_AES_BASE);
  if (e == CV_ERR_NOKEY) aes_key_lost();
  else aes_owner = 0;  /* zeroized: the next call reloads the key */
  return e;
}

/* One message of n whole blocks through the cpi or mmio path. Returns CV_OK or CV_ERR_*. */
static inline int pio_msg(cv_aes_ctx *ctx, uint32_t cfg, const uint32_t *in, uint32_t *out,
                          size_t n) {
  if (ctx->backend == CV_BACKEND_CPI || ctx->backend == CV_BACKEND_CPI_DMA) {
    cpi_msg(cfg, in, out, n);
    return CV_OK;
  }
  uint32_t s = (uint32_t)mmio_msg(cfg, in, out, n);
  return s ? hw_fail(ctx, s) : CV_OK;
}

static inline void pio_iv_load(const cv_aes_ctx *ctx, const uint8_t *iv) {
  uint32_t w[4];
  const uint32_t *v = (const uint32_t *)(const void *)iv;
  if ((uintptr_t)iv & 3) {
    memcpy(w, iv, 16);
    v = w;
  }
  volatile uint32_t *r = aes_regs();
  if (uses_cpi(ctx->backend)) IV_IN(1, r, v);
  else IV_IN(0, r, v);
}

static inline void pio_iv_read(const cv_aes_ctx *ctx, uint8_t *iv) {
  uint32_t w[4];
  uint32_t *v = ((uintptr_t)iv & 3) ? w : (uint32_t *)(void *)iv;
  volatile uint32_t *r = aes_regs();
  if (uses_cpi(ctx->backend)) IV_OUT(1, r, v);
  else IV_OUT(0, r, v);
  if (v == w) memcpy(iv, w, 16);
}

/* The partial last block (1..15 bytes) of a CFB/OFB/CTR message as its own message: zero
 * padded input, truncated output. CFB decryption: the engine's IV would be the padded
 * ciphertext; the continuing value (sw semantics) is the ciphertext bytes followed by the
 * unused keystream bytes, which the zero padding left in the output block. */
static int pio_tail(cv_aes_ctx *ctx, uint32_t cfg, int cfb_dec, const uint8_t *in, uint8_t *out,
                    size_t n, uint8_t *iv) {
  uint32_t ib[4] = {0, 0, 0, 0}, ob[4];
  memcpy(ib, in, n);
  int e = pio_msg(ctx, cfg, ib, ob, 1);
  if (e) return e;
  memcpy(out, ob, n);
  if (iv) {
    if (cfb_dec) {
      memcpy(iv, ib, n);
      memcpy(iv + n, (uint8_t *)ob + n, 16 - n);
    } else {
      pio_iv_read(ctx, iv);
    }
  }
  return CV_OK;
}

/* Whole blocks and an optional tail through the cpi/mmio path, any alignment. */
static int pio_cipher(cv_aes_ctx *ctx, uint32_t mode, uint32_t dir, uint8_t *iv,
                      const uint8_t *in, uint8_t *out, size_t len) {
  int e = own(ctx);
  if (e) return e;
  if (iv) pio_iv_load(ctx, iv);
  const uint32_t cfg = cfg_of(ctx, mode, dir);
  size_t nb = len >> 4;
  if (nb) {
    if ((((uintptr_t)in | (uintptr_t)out) & 3) == 0) {
      e = pio_msg(ctx, cfg, (const uint32_t *)(const void *)in, (uint32_t *)(void *)out, nb);
      if (e) return e;
    } else {
      uint32_t buf[16];
      for (size_t i = 0; i < nb;) {
        size_t k = nb - i < 4 ? nb - i : 4;
        memcpy(buf, in + 16 * i, 16 * k);
        e = pio_msg(ctx, cfg, buf, buf, k);
        if (e) return e;
        memcpy(out + 16 * i, buf, 16 * k);
        i += k;
      }
    }
  }
  size_t rem = len & 15;
  if (rem) return pio_tail(ctx, cfg, mode == CV_AES_MODE_CFB128 && dir, in + 16 * nb,
                           out + 16 * nb, rem, iv);
  if (iv && nb) pio_iv_read(ctx, iv);
  return CV_OK;
}

/* ------------------------------------------------------------------ DMA data path */
static inline void dma_go(const cv_aes_ctx *ctx, uint32_t engine, uint32_t cfg, const void *in,
                          void *out, size_t len, size_t outlen) {
  if (ctx->backend == CV_BACKEND_CPI_DMA) {
    CV_CPI_DSEL(engine, cfg);
    CV_CPI_DADDR((uint32_t)(uintptr_t)in, (uint32_t)(uintptr_t)out);
    CV_CPI_DRUN(len, outlen);
  } else {
    cv_dma_mmio_start(engine, cfg, (uintptr_t)in, (uintptr_t)out, (uint32_t)len,
                      (uint32_t)outlen);
  }
}

static inline uint32_t dma_wait(const cv_aes_ctx *ctx) {
  return ctx->backend == CV_BACKEND_CPI_DMA ? CV_CPI_DWAIT() : cv_dma_mmio_wait();
}

/* A failed DMA job: map the code; if the engine lost its key (the hardware zeroizes the engine
 * when a job fails after it started), every context must init again. */
static __attribute__((noinline)) int dma_fail(uint32_t dstatus) {
  uint32_t us = CV_REG32(CV_AES_STATUS_ADDR);
  int e = cv_dma_status_err(dstatus, us, aes_errmap);
  if (!(us & CV_CPL_STATUS_KEY_READY_MASK)) aes_key_lost();
  if (e == CV_OK) e = CV_ERR_HW;
  return e;
}

static int dma_cipher(cv_aes_ctx *ctx, uint32_t mode, uint32_t dir, uint8_t *iv,
                      const uint8_t *in, uint8_t *out, size_t len, int async) {
  if (cv_dma_bad(in, len, out, len, CV_AES_DMA_ALIGN)) return CV_ERR_DMA;
  if (aes_job_ctx) {
    if (cv_dma_busy()) return CV_ERR_BUSY;
  }
  int e = own(ctx);
  if (e) return e;
  if (len == 0) return CV_OK;
  if (iv) pio_iv_load(ctx, iv);
  const uint32_t cfg = cfg_of(ctx, mode, dir);
  size_t dlen = len, rem = 0;
  if (mode == CV_AES_MODE_CFB128 && dir && (len & 15)) {
    rem = len & 15;  /* done through the cpi/mmio path after the job (see pio_tail) */
    dlen = len - rem;
  }
  if (async) {
    aes_job_ctx = ctx;
    cv_light_drop_owners();
    aes_job_mode = mode;
    aes_job.dir = dir;
    aes_job.tail_in = in + dlen;
    aes_job.tail_out = out + dlen;
    aes_job.tail_len = (uint32_t)rem;
    aes_job.tail_only = dlen == 0;
    if (dlen) dma_go(ctx, CV_ENGINE_AES, cfg, in, out, dlen, 0);
    return CV_OK;
  }
  if (dlen) {
    dma_go(ctx, CV_ENGINE_AES, cfg, in, out, dlen, 0);
    uint32_t s = dma_wait(ctx);
    if (!cv_dma_status_ok(s)) return dma_fail(s);
  }
  if (rem) return pio_tail(ctx, cfg, 1, in + dlen, out + dlen, rem, iv);
  if (iv) pio_iv_read(ctx, iv);
  return CV_OK;
}

/* ------------------------------------------------------------------ CMAC */
/* Zero IV (the CMAC chaining value starts at 0), straight to the unit. */
static inline void iv_zero(const cv_aes_ctx *ctx) {
  if (uses_cpi(ctx->backend)) {
    CV_CPI_IV(AES, 0, 0);
    CV_CPI_IV(AES, 0, 0);
    CV_CPI_IVLOAD(AES);
  } else {
    volatile uint32_t *r = aes_regs();
    r[CV_CPL_IV_OFFSET / 4 + 0] = 0;
    r[CV_CPL_IV_OFFSET / 4 + 1] = 0;
    r[CV_CPL_IV_OFFSET / 4 + 2] = 0;
    r[CV_CPL_IV_OFFSET / 4 + 3] = 0;
    r[CV_CPL_CTRL_OFFSET / 4] = CV_CPL_CTRL_IVLOAD_MASK;
  }
}

/* CMAC's blocks before the last (n >= 1) into the unit: block 0 at once, each later one when
 * the staging block is free. aligned: words straight from msg, else through a bounce block. */
static inline __attribute__((always_inline)) int cmac_blocks(cv_aes_ctx *ctx, int cpi,
                                                              int aligned, const uint8_t *msg,
                                                              size_t n) {
  volatile uint32_t *r = aes_regs();
  const uint8_t *const end = msg + 16 * n;
  for (;;) {
    uint32_t b[4];
    const uint32_t *p = (const uint32_t *)(const void *)msg;
    if (!aligned) {
      memcpy(b, msg, 16);
      p = b;
    }
    if (cpi) CPI_PUSH(p, 0);
    else MMIO_PUSH(r, p, 0);
    msg += 16;
    if (msg == end) return CV_OK;
    const uint32_t s =
        cv_cpl_wait_on_likely(cpi, AES, CV_AES_BASE, CV_CPL_STATUS_IN_READY_MASK);
    if (s & CV_CPL_STATUS_ERR_MASK) return hw_fail(ctx, s);
  }
}

static int pio_cmac(cv_aes_ctx *ctx, const uint8_t *msg, size_t len, uint8_t tag[16]) {
  int e = own(ctx);
  if (e) return e;
  iv_zero(ctx);
  const int cpi = uses_cpi(ctx->backend);
  volatile uint32_t *r = aes_regs();
  size_t nfull, rem;
  uint32_t kind;
  if (len && (len & 15) == 0) {
    nfull = len / 16 - 1;  /* blocks before the last */
    rem = 16;
    kind = KIND_K1;
  } else {
    nfull = len / 16;
    rem = len & 15;
    kind = KIND_K2;
  }
  const uint32_t cfg = cfg_of(ctx, MODE_CMAC, 0) | (kind << CV_AES_CFG_KIND_SHIFT);
  const int aligned = ((uintptr_t)msg & 3) == 0;
  /* The last block: the message's own words when whole and aligned, else padded 10*. */
  uint32_t last[4] = {0, 0, 0, 0}, t[4];
  const uint32_t *lp = last;
  if (kind == KIND_K1 && aligned) {
    lp = (const uint32_t *)(const void *)(msg + 16 * nfull);
  } else {
    uint8_t *lb = (uint8_t *)last;
    const uint8_t *m = msg + 16 * nfull;
    for (size_t i = 0; i < rem; i++) lb[i] = m[i];
    if (kind == KIND_K2) lb[rem] = 0x80;
  }
  uint32_t s;
  if (cpi) {
    CV_CPI_START(AES, cfg);
  } else {
    r[CV_CPL_CFG_OFFSET / 4] = cfg;
    r[CV_CPL_CTRL_OFFSET / 4] = CV_CPL_CTRL_START_MASK;
  }
  /* No output per block: wait until the staging block is free before each one but the first
   * (usually at the first look: the engine took the block before while the CPU loaded this
   * one). One loop per coupling for word-aligned messages, with no test in it but the wait's
   * and its end (a general loop's per-block tests would cost more than the engine's 11
   * cycles a block). */
  if (nfull) {
    e = !aligned ? cmac_blocks(ctx, cpi, 0, msg, nfull)
        : cpi    ? cmac_blocks(ctx, 1, 1, msg, nfull)
                 : cmac_blocks(ctx, 0, 1, msg, nfull);
    if (e != CV_OK) return e;
  }
  if (cpi) {
    if (nfull) {
      s = cv_cpl_cpi_wait_likely(AES, CV_CPL_STATUS_IN_READY_MASK);
      if (s & CV_CPL_STATUS_ERR_MASK) return hw_fail(ctx, s);
    }
    CPI_PUSH(lp, 1);
  } else {
    if (nfull) {
      s = cv_cpl_mmio_wait_likely(CV_AES_BASE, CV_CPL_STATUS_IN_READY_MASK);
      if (s & CV_CPL_STATUS_ERR_MASK) return hw_fail(ctx, s);
    }
    MMIO_PUSH(r, lp, 1);
  }
  if (cpi) {
    CPI_POP(t);
  } else {
    if ((s = cv_cpl_mmio_wait_out(r)) != 0) return hw_fail(ctx, s);
    MMIO_POP(r, t);
  }
  copy_words_out(tag, t, 4);
  return CV_OK;
}

static __attribute__((noinline)) int dma_cmac(cv_aes_ctx *ctx, const uint8_t *msg, size_t len,
                                              uint8_t tag[16]) {
  static uint32_t tagbuf[4] __attribute__((aligned(CV_AES_DMA_ALIGN)));
  uint8_t *dst = cv_dma_bad(tag, 16, tag, 16, CV_AES_DMA_ALIGN) ? (uint8_t *)tagbuf : tag;
  const uint8_t *src = len ? msg : dst;  /* an empty message still names a valid source */
  if (cv_dma_bad(src, len, dst, 16, CV_AES_DMA_ALIGN)) return CV_ERR_DMA;
  if (aes_job_ctx && cv_dma_busy()) return CV_ERR_BUSY;
  int e = own(ctx);
  if (e) return e;
  iv_zero(ctx);
  const uint32_t kind = (len && (len & 15) == 0) ? KIND_K1 : KIND_K2;
  const uint32_t cfg = cfg_of(ctx, MODE_CMAC, 0) | (kind << CV_AES_CFG_KIND_SHIFT);
  const uint32_t eng = CV_ENGINE_AES | (kind == KIND_K2 ? CV_DMA_ENGINE_PAD_MASK : 0);
  dma_go(ctx, eng, cfg, src, dst, len, 16);
  uint32_t s = dma_wait(ctx);
  if (!cv_dma_status_ok(s)) return dma_fail(s);
  if (dst != tag) memcpy(tag, dst, 16);
  return CV_OK;
}

#if !defined(__OPTIMIZE_SIZE__)
/* CMAC on a DMA backend, the usual case straight to one job (dma_cmac's frame, its two buffer
 * checks and its key-ownership call cost about 100 cycles a call): the key owned, no
 * job pending, the message (any length; none: the tag names the source) and the tag 16-byte
 * aligned, the tag inside data memory (checked here: dma_cmac bounces a tag the DMA cannot
 * write, so a refusal of it would leave the DMA's STATUS.ERR set on a call that succeeds). The
 * message's range and its overlap with the tag are the DMA's checks, made before anything
 * moves; a refused job goes to dma_cmac, which names the error, as dma_fast does. Arguments in
 * cv_aes_cmac's registers, no frame. */
static __attribute__((noinline)) int dma_cmac_fast(cv_aes_ctx *ctx, const uint8_t *msg,
                                                   size_t len, uint8_t tag[16]) {
  const uintptr_t t = (uintptr_t)tag - CV_DMEM_BASE;
  const uintptr_t none = (uintptr_t)0 - (uintptr_t)(len == 0);  /* all ones for len == 0 */
  const uintptr_t src = ((uintptr_t)msg & ~none) | ((uintptr_t)tag & none);
  const uint32_t bad = (ctx->id ^ aes_owner) | (uint32_t)(aes_job_ctx != NULL) |
                       (uint32_t)((src | t) & (CV_AES_DMA_ALIGN - 1)) |
                       (uint32_t)(t > CV_DMEM_SIZE - 16u);
  if (__builtin_expect(bad == 0, 1)) {
    const uint32_t k2 = (uint32_t)((len & 15) != 0) | (uint32_t)(len == 0);  /* padded last */
    const uint32_t cfg = cfg_of(ctx, MODE_CMAC, 0) | ((KIND_K1 + k2) << CV_AES_CFG_KIND_SHIFT);
    const uint32_t eng = CV_ENGINE_AES | (k2 ? CV_DMA_ENGINE_PAD_MASK : 0);
    uint32_t s;
    if (__builtin_expect(ctx->backend == CV_BACKEND_CPI_DMA, 1)) {
      iv_zero(ctx);
      cv_dma_cpi_start(eng, cfg, src, (uintptr_t)tag, (uint32_t)len, 16);
      s = cv_dma_cpi_wait();
    } else {
      iv_zero(ctx);
      cv_dma_mmio_start(eng, cfg, src, (uintptr_t)tag, (uint32_t)len, 16);
      s = cv_dma_mmio_wait();
    }
    if (__builtin_expect(cv_dma_status_clean(s), 1) || cv_dma_status_ok(s)) return CV_OK;
    if (!cv_dma_refused(s)) return dma_fail(s);
  }
  return dma_cmac(ctx, msg, len, tag);
}
#else
#define dma_cmac_fast dma_cmac
#endif

/* ------------------------------------------------------------------ API */
static inline int check_common(const cv_aes_ctx *ctx, int dir, const void *in, const void *out,
                               size_t len) {
  if (!ctx || (unsigned)dir > 1u || (len && (!in || !out))) return CV_ERR_ARG;
  return CV_OK;
}

/* One DMA job of the fast path (the DMA backends): IV in, the job, IV out. len may end in a
 * partial block where the job takes one (CTR, OFB, CFB encryption; hw_cipher). Returns 1 when
 * it handled the call (*rc set), 0 to take the general path. */
static inline __attribute__((always_inline)) int dma_fast(cv_backend_t b, uint32_t mode,
                                                          uint32_t cfg, uint32_t *v32,
                                                          const uint8_t *in, uint8_t *out,
                                                          size_t len, int *rc) {
  /* range and overlap are the hardware's checks (made before anything moves). These two tests
   * stay as they are: written as one OR, or each marked unlikely, they cost a register move
   * (+1 cycle) on the cpi/mmio paths of CBC/CFB/OFB/CTR, through GCC's register allocation
   * of the shared function. */
  if ((((uintptr_t)in | (uintptr_t)out) & (CV_AES_DMA_ALIGN - 1)) || aes_job_ctx) return 0;
  volatile uint32_t *r = aes_regs();
  const int cpi = b == CV_BACKEND_CPI_DMA;
  uint32_t s;
  if (cpi) {
    if (mode != CV_AES_MODE_ECB) IV_IN(1, r, v32);
    CV_CPI_DSEL(CV_ENGINE_AES, cfg);
    CV_CPI_DADDR((uint32_t)(uintptr_t)in, (uint32_t)(uintptr_t)out);
    CV_CPI_DRUN(len, 0);
    s = CV_CPI_DWAIT();
  } else {
    if (mode != CV_AES_MODE_ECB) IV_IN(0, r, v32);
    cv_dma_mmio_start(CV_ENGINE_AES, cfg, (uintptr_t)in, (uintptr_t)out, (uint32_t)len, 0);
    s = cv_dma_mmio_wait();
  }
  /* a failed job marked unlikely: the success path falls through (a taken forward branch
   * costs 3 cycles on this core) */
  if (__builtin_expect(!cv_dma_status_ok(s), 0)) {
    if (cv_dma_refused(s)) return 0;  /* the general path names the error */
    *rc = dma_fail(s);
    return 1;
  }
  if (mode != CV_AES_MODE_ECB) {
    if (cpi) IV_OUT(1, r, v32);
    else IV_OUT(0, r, v32);
  }
  *rc = CV_OK;
  return 1;
}

#if !defined(__OPTIMIZE_SIZE__)
/* A DMA message of CTR, OFB or CFB encryption ending in a partial block, which the job takes
 * (fast() sends only whole blocks, so these calls reach hw_cipher): dma_fast when the key is
 * in and the buffers are aligned, else the general DMA path. Not in size-optimised builds. */
static __attribute__((noinline)) int dma_partial(cv_aes_ctx *ctx, uint32_t mode, uint8_t *iv,
                                                 const uint8_t *in, uint8_t *out, size_t len) {
  int rc;
  if (ctx->id == aes_owner && !((uintptr_t)iv & 3) &&
      dma_fast(ctx->backend, mode, cfg_of(ctx, mode, 0), (uint32_t *)(void *)iv, in, out, len,
               &rc))
    return rc;
  return dma_cipher(ctx, mode, 0, iv, in, out, len, 0);
}
#endif

static __attribute__((noinline)) int hw_cipher(cv_aes_ctx *ctx, uint32_t mode, uint32_t dir,
                                               uint8_t *iv, const uint8_t *in, uint8_t *out,
                                               size_t len) {
  if (is_dma(ctx->backend)) {
#if !defined(__OPTIMIZE_SIZE__)
    if ((len & 15) && !(mode == CV_AES_MODE_CFB128 && dir))
      return dma_partial(ctx, mode, iv, in, out, len);
#endif
    return dma_cipher(ctx, mode, dir, iv, in, out, len, 0);
  }
  if ((unsigned)ctx->backend >= CV_BACKEND_COUNT) return CV_ERR_ARG;
  return pio_cipher(ctx, mode, dir, iv, in, out, len);
}


#define ALIGNED4(a, b, c) (((((uintptr_t)(a)) | ((uintptr_t)(b)) | ((uintptr_t)(c))) & 3u) == 0)

/* The fast path of every cipher call: cpi or mmio backend, the context's key in the engine,
 * word-aligned buffers, whole blocks. Straight-line: IV in, one message, IV out. Returns 1 when
 * it handled the call (*rc set), 0 to take the general path. Size-optimised builds (the console)
 * have none: inlined in each of the six mode functions it cost ~1 KiB of program memory each. */
#if defined(__OPTIMIZE_SIZE__)
#define fast(ctx, mode, dir, iv, in, out, len, rc) 0
#else
static inline __attribute__((always_inline)) int fast(cv_aes_ctx *ctx, uint32_t mode,
                                                      uint32_t dir, uint8_t *iv,
                                                      const uint8_t *in, uint8_t *out,
                                                      size_t len, int *rc) {
  const cv_backend_t b = ctx->backend;
  if (ctx->id != aes_owner || (len & 15) || !len || dir > 1u || !in || !out ||
      !ALIGNED4(in, out, iv) || (mode != CV_AES_MODE_ECB && !iv))
    return 0;
  const uint32_t cfg =
      ctx->ksz | (mode << CV_AES_CFG_MODE_SHIFT) | (dir << CV_AES_CFG_DEC_SHIFT);
  const uint32_t *i32 = (const uint32_t *)(const void *)in;
  uint32_t *o32 = (uint32_t *)(void *)out;
  uint32_t *v32 = (uint32_t *)(void *)iv;
  if (b == CV_BACKEND_CPI) {
    if (mode != CV_AES_MODE_ECB) IV_IN(1, aes_regs(), v32);
    cpi_msg(cfg, i32, o32, len >> 4);
    if (mode != CV_AES_MODE_ECB) IV_OUT(1, aes_regs(), v32);
    *rc = CV_OK;
    return 1;
  }
  if (b == CV_BACKEND_MMIO) {
    volatile uint32_t *r = aes_regs();
    if (mode != CV_AES_MODE_ECB) IV_IN(0, r, v32);
    uint32_t s = (uint32_t)mmio_msg(cfg, i32, o32, len >> 4);
    if (s) {
      *rc = hw_fail(ctx, s);
      return 1;
    }
    if (mode != CV_AES_MODE_ECB) IV_OUT(0, r, v32);
    *rc = CV_OK;
    return 1;
  }
  if (__builtin_expect(b == CV_BACKEND_CPI_DMA || b == CV_BACKEND_MMIO_DMA, 1))
    return dma_fast(b, mode, cfg, v32, in, out, len, rc);
  return 0;
}
#endif

cv_status_t cv_aes_ecb(cv_aes_ctx *ctx, cv_dir_t d, const uint8_t *in, uint8_t *out, size_t len) {
  const int dir = (int)d;
  int e;
  if (ctx && fast(ctx, CV_AES_MODE_ECB, (uint32_t)dir, NULL, in, out, len, &e)) return e;
  e = check_common(ctx, dir, in, out, len);
  if (e) return e;
  if (len & 15) return CV_ERR_LENGTH;
  if (ctx->backend == CV_BACKEND_SW)
    return !ctx->key_bytes ? CV_ERR_NOKEY : cv_aes_sw_ecb(&ctx->sw, dir, in, out, len);
  if (len == 0) return CV_OK;
  return hw_cipher(ctx, CV_AES_MODE_ECB, (uint32_t)dir, NULL, in, out, len);
}

cv_status_t cv_aes_cbc(cv_aes_ctx *ctx, cv_dir_t d, uint8_t iv[16], const uint8_t *in,
                       uint8_t *out, size_t len) {
  const int dir = (int)d;
  int e;
  if (ctx && fast(ctx, CV_AES_MODE_CBC, (uint32_t)dir, iv, in, out, len, &e)) return e;
  e = check_common(ctx, dir, in, out, len);
  if (e) return e;
  if (!iv) return CV_ERR_ARG;
  if (len & 15) return CV_ERR_LENGTH;
  if (ctx->backend == CV_BACKEND_SW)
    return !ctx->key_bytes ? CV_ERR_NOKEY : cv_aes_sw_cbc(&ctx->sw, dir, iv, in, out, len);
  if (len == 0) return CV_OK;
  return hw_cipher(ctx, CV_AES_MODE_CBC, (uint32_t)dir, iv, in, out, len);
}

cv_status_t cv_aes_cfb128(cv_aes_ctx *ctx, cv_dir_t d, uint8_t iv[16], const uint8_t *in,
                          uint8_t *out, size_t len) {
  const int dir = (int)d;
  int e;
  if (ctx && fast(ctx, CV_AES_MODE_CFB128, (uint32_t)dir, iv, in, out, len, &e)) return e;
  e = check_common(ctx, dir, in, out, len);
  if (e) return e;
  if (!iv) return CV_ERR_ARG;
  if (ctx->backend == CV_BACKEND_SW)
    return !ctx->key_bytes ? CV_ERR_NOKEY : cv_aes_sw_cfb128(&ctx->sw, dir, iv, in, out, len);
  if (len == 0) return CV_OK;
  return hw_cipher(ctx, CV_AES_MODE_CFB128, (uint32_t)dir, iv, in, out, len);
}

cv_status_t cv_aes_ofb(cv_aes_ctx *ctx, uint8_t iv[16], const uint8_t *in, uint8_t *out,
                       size_t len) {
  int e;
  if (ctx && fast(ctx, CV_AES_MODE_OFB, 0, iv, in, out, len, &e)) return e;
  e = check_common(ctx, 0, in, out, len);
  if (e) return e;
  if (!iv) return CV_ERR_ARG;
  if (ctx->backend == CV_BACKEND_SW)
    return !ctx->key_bytes ? CV_ERR_NOKEY : cv_aes_sw_ofb(&ctx->sw, iv, in, out, len);
  if (len == 0) return CV_OK;
  return hw_cipher(ctx, CV_AES_MODE_OFB, 0, iv, in, out, len);
}

cv_status_t cv_aes_ctr(cv_aes_ctx *ctx, uint8_t ctr[16], const uint8_t *in, uint8_t *out,
                       size_t len) {
  int e;
  if (ctx && fast(ctx, CV_AES_MODE_CTR, 0, ctr, in, out, len, &e)) return e;
  e = check_common(ctx, 0, in, out, len);
  if (e) return e;
  if (!ctr) return CV_ERR_ARG;
  if (ctx->backend == CV_BACKEND_SW)
    return !ctx->key_bytes ? CV_ERR_NOKEY : cv_aes_sw_ctr(&ctx->sw, ctr, in, out, len);
  if (len == 0) return CV_OK;
  return hw_cipher(ctx, CV_AES_MODE_CTR, 0, ctr, in, out, len);
}

cv_status_t cv_aes_cmac(cv_aes_ctx *ctx, const uint8_t *msg, size_t len, uint8_t tag[16]) {
  if (!ctx || !tag || (len && !msg)) return CV_ERR_ARG;
  if (ctx->backend == CV_BACKEND_SW)
    return !ctx->key_bytes ? CV_ERR_NOKEY : cv_aes_sw_cmac(&ctx->sw, msg, len, tag);
  if (is_dma(ctx->backend)) return dma_cmac_fast(ctx, msg, len, tag);
  if ((unsigned)ctx->backend >= CV_BACKEND_COUNT) return CV_ERR_ARG;
  return pio_cmac(ctx, msg, len, tag);
}

void cv_aes_zeroize(cv_aes_ctx *ctx) {
  if (!ctx) return;
  if (ctx->backend != CV_BACKEND_SW && (unsigned)ctx->backend < CV_BACKEND_COUNT) {
    if (uses_cpi(ctx->backend)) CV_CPI_ZERO(AES);
    else cv_cpl_mmio_zeroize(CV_AES_BASE);
    if (aes_job_ctx) {
      (void)cv_dma_mmio_wait();  /* the job stops: the unit was zeroized under it */
      aes_job_ctx = NULL;
      aes_job.tail_len = 0;
      aes_job.tail_only = 0;
    }
    aes_owner = 0;  /* the engine holds no key now */
  }
  cv_cpl_wipe(&ctx->sw, sizeof ctx->sw);
  ctx->key_bytes = 0;
  ctx->id = 0xFFFFFFFFu;  /* never the owner (0 is "no owner") */
}

/* ------------------------------------------------------------------ asynchronous DMA jobs */
/* Every start the fast path below does not take: the argument checks in the order the API
 * documents, the buffer checks in software, key ownership, a job left pending, a partial
 * CFB-decryption block (done by the wait). */
static __attribute__((noinline, cold)) int start_general(cv_aes_ctx *ctx, unsigned mode,
                                                         unsigned dir, uint8_t *iv,
                                                         const uint8_t *in, uint8_t *out,
                                                         size_t len) {
  int e = check_common(ctx, (int)dir, in, out, len);
  if (e) return e;
  if (!is_dma(ctx->backend)) return CV_ERR_MODE;
  if (mode > CV_AES_MODE_CTR) return CV_ERR_MODE;
  if (mode != CV_AES_MODE_ECB && !iv) return CV_ERR_ARG;
  if ((mode == CV_AES_MODE_ECB || mode == CV_AES_MODE_CBC) && (len & 15)) return CV_ERR_LENGTH;
  if (mode != CV_AES_MODE_CFB128 && mode != CV_AES_MODE_ECB && mode != CV_AES_MODE_CBC) dir = 0;
  return dma_cipher(ctx, (uint32_t)mode, (uint32_t)dir, mode == CV_AES_MODE_ECB ? NULL : iv, in,
                    out, len, 1);
}

/* The start path: validate, IV into the unit (fire-and-forget: IV x2 + IVLOAD, or the IV
 * registers and CTRL.IVLOAD), program and start the DMA (DSEL, DADDR, DRUN, or the dma
 * window's registers and CTRL.START), return. Nothing is read back from the hardware: the
 * buffers' alignment, range and overlap are the DMA's own checks, made before anything moves;
 * a refused job ends at once and cv_aes_wait returns its error (CV_ERR_DMA), with nothing
 * written and the caller's IV unchanged. Taken when the context's key is in the engine, no job
 * is pending, the arguments are valid, the message is not empty and, when it ends in a partial
 * block, the DMA takes it (CFB-128 encryption, OFB, CTR: mode >= 2 + dir), the IV
 * word-aligned. DEC is ignored by OFB and CTR, so dir enters CFG as given. */
cv_status_t cv_aes_start(cv_aes_ctx *ctx, unsigned mode, unsigned dir, uint8_t iv[16],
                         const uint8_t *in, uint8_t *out, size_t len) {
  if (__builtin_expect(ctx != NULL, 1)) {
    /* the four words first, tested together: the key is in the engine, no job is pending */
    const uint32_t owner = aes_owner, id = ctx->id;
    const uintptr_t job = (uintptr_t)aes_job_ctx;
    const uint32_t b = (uint32_t)ctx->backend;
    const uintptr_t io = (uintptr_t)in | (uintptr_t)out;
    if (__builtin_expect(((id ^ owner) | job) == 0 && mode <= CV_AES_MODE_CTR && dir <= 1u &&
                             in && out && len && !(io & (CV_AES_DMA_ALIGN - 1)) &&
                             (!(len & 15) || mode >= 2u + dir),
                         1)) {
      const uint32_t *v32 = (const uint32_t *)(const void *)iv;
      _Static_assert(CV_AES_CFG_DEC_SHIFT - CV_AES_CFG_MODE_SHIFT == 3, "cfg: DEC 3 above MODE");
      const uint32_t cfg = ctx->ksz | ((mode + (dir << 3)) << CV_AES_CFG_MODE_SHIFT);
      if (__builtin_expect(b == CV_BACKEND_CPI_DMA, 1)) {
        if (mode != CV_AES_MODE_ECB) {
          if (__builtin_expect(!iv || ((uintptr_t)iv & 3), 0)) goto general;
          IV_IN(1, aes_regs(), v32);
        }
        aes_job_ctx = ctx;
        cv_light_drop_owners();
        aes_job_mode = mode;
        CV_CPI_DSEL(CV_ENGINE_AES, cfg);
        CV_CPI_DADDR((uint32_t)(uintptr_t)in, (uint32_t)(uintptr_t)out);
        /* DRUN len, zero (OUTLEN 0 = LEN) */
        __asm__ volatile(CV_CPI_INSN_ "%0, %1, zero, %2, zero"
                         : : "i"(CV_CPI_F3_DRUN), "i"(CV_CPI_F7(CV_CPI_TARGET_DMA, CV_CPI_OP_DRUN)),
                           "r"((uint32_t)len) : "memory");
        return CV_OK;
      }
      if (__builtin_expect(b == CV_BACKEND_MMIO_DMA, 1)) {
        if (mode != CV_AES_MODE_ECB) {
          if (__builtin_expect(!iv || ((uintptr_t)iv & 3), 0)) goto general;
          IV_IN(0, aes_regs(), v32);
        }
        aes_job_ctx = ctx;
        cv_light_drop_owners();
        aes_job_mode = mode;
        cv_dma_mmio_start(CV_ENGINE_AES, cfg, (uintptr_t)in, (uintptr_t)out, (uint32_t)len, 0);
        return CV_OK;
      }
    }
  }
general:
  return start_general(ctx, mode, dir, iv, in, out, len);
}

int cv_aes_busy(const cv_aes_ctx *ctx) {
  (void)ctx;
  return aes_job_ctx && cv_dma_busy();
}

cv_status_t cv_aes_wait(cv_aes_ctx *ctx, uint8_t iv[16]) {
  if (!ctx) return CV_ERR_ARG;
  if (aes_job_ctx != ctx) return CV_OK;  /* nothing pending for this context */
  aes_job_ctx = NULL;
  const uint32_t mode = aes_job_mode;
  const uint32_t tail_len = aes_job.tail_len;
  const int tail_only = aes_job.tail_only;
  aes_job.tail_len = 0;
  aes_job.tail_only = 0;
  if (!tail_only) {
    uint32_t s = dma_wait(ctx);
    if (!cv_dma_status_ok(s)) return dma_fail(s);
  }
  uint8_t *v = mode == CV_AES_MODE_ECB ? NULL : iv;
  if (tail_len)
    return pio_tail(ctx, cfg_of(ctx, mode, aes_job.dir), 1, aes_job.tail_in, aes_job.tail_out,
                    tail_len, v);
  if (v) pio_iv_read(ctx, v);
  return CV_OK;
}
