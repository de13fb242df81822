// SPDX-License-Identifier: Apache-2.0
/* cv_aes.c: the AES API of cv_aes.h on the five backends.
 *
 * sw        fw/crypto's cv_aes_sw_* (T-table implementation).
 * mmio      loads/stores to the AES window (CV_AES_*): KEY, CFG, CTRL, DIN/DINL, DOUT, IV.
 * cpi       custom instructions to target 1 (cv_cpi.h): KEY/KLOAD, IV/IVLOAD/IVRD, START,
 *           DATA/DATAL, RESULT (waits in hardware), STATUS.
 * cpi-dma   key and IV as for cpi, the data through DSEL/DADDR/DRUN/DWAIT (target 7).
 * mmio-dma  key and IV as for mmio, the data through the dma window.
 *
 * Every call (aes_call) is three steps, one path per backend:
 *   validate  one function for every mode and backend (validate): the arguments in the order
 *             the API documents; the context (its check word, or its holding the engine) and
 *             the buffers' rules (cv_cpl.h: memories, overlap) where each backend hands them
 *             on: sw_op and the pio path in software, the DMA's own checks for in and out on a
 *             DMA backend (made before anything moves), which need them aligned and in data
 *             memory (an input in program memory takes the backend's cpi or mmio coupling);
 *   operate   one function per backend: sw_op (the software library), pio_run (cpi, mmio: IV
 *             in, the whole blocks as one message, two blocks in flight), dma_run (cpi-dma,
 *             mmio-dma: IV in, one job), after the engine is claimed (claim: the key is
 *             reloaded only when another context used the engine, owner id; no background job
 *             pending);
 *   complete  complete(): the partial last block through the unit, the IV/counter read back
 *             (a message continues across calls); cv_aes_wait ends a background job with it.
 * Word-aligned buffers move as words (memory-order words, no swapping), others through a
 * local buffer. aes_call is inlined in each API function (and in one start per mode) with its
 * mode a constant, so the per-mode tests fold away and each call runs straight-line for its
 * backend.
 *
 * Hardware key copy: a hardware context keeps its key words in ctx->sw.ek[0..7] (the software
 * schedule is unused there) to reload the engine when ownership changed. Zeroize (the API's, a
 * failed DMA job that wiped the engine, or the engine reporting NO_KEY) makes the contexts whose
 * key was in the engine fail with CV_ERR_NOKEY until cv_aes_init is called again.
 *
 * The direction and mode enums (cv_dir_t, cv_aes_mode_t) enter aes_call as uint32_t (start
 * takes them as the unsigned int they are compatible with). */
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
/* CFG.KSZ, computed from the key length: (key bytes - 16) / 8. */
_Static_assert(CV_AES_CFG_KSZ_128 == 0 && CV_AES_CFG_KSZ_192 == 1 && CV_AES_CFG_KSZ_256 == 2,
               "ksz_of: CFG.KSZ = (key bytes - 16) / 8");


/* Context ids: 1, 2, ... in order of init; AES_NO_ID (0) for a context that holds no key in the
 * engine (sw, zeroized, never initialised: a zero-filled context), which is never the owner,
 * so the one test of claim (owned) sends it to the checks of reclaim. */
#define AES_NO_ID 0u
/* The check word (cv_seal, cv_cpl.h): init writes ctx->chk = aes_seal(ctx), zeroize clears it. A
 * call trusts a context whose check word matches, or, on a hardware backend, one that holds the
 * engine (ctx->id == aes_owner): the call then takes the key size from aes_ksz, recorded with
 * the owner when its key was loaded, and its backend field can only choose between the
 * couplings of the engine that holds its key (any other value is CV_ERR_NOKEY). A context never
 * initialised (zero-filled, or garbage) gets CV_ERR_NOKEY. */
#define AES_MAGIC 0xC5AE5C7Bu
#define AES_NO_OWNER CV_CPL_NO_OWNER
#define aes_owner cv_aes_owner /* id of the context whose key is in the engine (cv_light.h) */
static uint32_t aes_valid_from = 1; /* contexts with a smaller id lost their key (zeroize) */

/* The asynchronous DMA job (cv_aes_start .. cv_aes_wait). aes_job_ctx and aes_job_mode are
 * plain small variables (gp-relative: one instruction each) because every start writes them
 * (job_open); the rest is written only for a job that leaves a partial CFB-decryption block to
 * the wait (job_tail). No job pending: aes_job_ctx is NULL, aes_job.tail_len 0 and
 * aes_job.tail_only 0 (cv_aes_wait and cv_aes_zeroize restore that), so a start needs to write
 * nothing else. aes_job_ctx is cv_light.h's cv_aes_job: the job holds the DMA until its wait,
 * and the other engines' drivers refuse DMA work while it is set (cv_light_dma_held). */
#define aes_job_ctx cv_aes_job /* NULL: none */
static uint32_t aes_job_mode;
static uint32_t aes_ksz;  /* CFG.KSZ of the key in the engine (aes_owner's) */
/* The last id handed out. Declared after the job's words: GCC emits small data in the reverse
 * order of declaration, and the first word of the firmware's small-data area is beyond the
 * linker's gp-relative reach, so this word (not read on a call's path) takes it. */
static uint32_t aes_ids;
static struct {
  uint32_t dir;
  const uint8_t *tail_in; /* CFB decrypt with a partial last block: done after the job */
  uint8_t *tail_out;
  uint32_t tail_len;
  int tail_only;          /* no DMA job runs, only the tail is left (a message below a block) */
  int ran;                /* the job ran at its start (input in program memory): its result is
                             st, its IV or counter iv */
  int st;
  uint32_t iv[4];
} aes_job;

/* aes_job_ctx in a SoC built without the AES engine: the engine window's address, where no
 * context can be. The probe at start-up sets it, so a hardware init meets it in the branch it
 * already takes while a job runs and answers CV_ERR_HW before touching the engine (whose
 * window would answer with a bus error); with the engine built, no call pays for the check.
 * Every other path that reads aes_job_ctx is reached only through a context that a hardware
 * init accepted. */
#define AES_NO_ENGINE CV_LIGHT_NO_AES

__attribute__((constructor)) static void aes_probe(void) {
  if (!cv_cpl_engine_present(CV_ENGINE_AES)) aes_job_ctx = AES_NO_ENGINE;
}

int cv_aes_available(void) { return cv_cpl_engine_present(CV_ENGINE_AES); }

static inline volatile uint32_t *aes_regs(void) {
  return (volatile uint32_t *)(uintptr_t)CV_AES_BASE;
}
#define R(off) (aes_regs()[(off) / 4])

/* The configuration of a message: the key size of the engine's key, mode and direction. */
static inline uint32_t cfg_of(uint32_t mode, uint32_t dir) {
  return aes_ksz | (mode << CV_AES_CFG_MODE_SHIFT) | (dir << CV_AES_CFG_DEC_SHIFT);
}

/* The check word of a context: its backend, key length and id; on the sw backend also the
 * round count and implementation of the software schedule, which steer its loops (a hardware
 * context's words there are its key copy's). */
static inline uint32_t aes_seal_of(uint32_t backend, uint32_t key_bytes, uint32_t id,
                                   uint32_t rounds, uint32_t impl) {
  return cv_seal(AES_MAGIC, backend, key_bytes, id, rounds, impl);
}
static inline uint32_t aes_seal(const cv_aes_ctx *ctx) {
  const int sw = ctx->backend == CV_BACKEND_SW;
  return aes_seal_of((uint32_t)ctx->backend, (uint32_t)ctx->key_bytes, ctx->id,
                     sw ? (uint32_t)ctx->sw.rounds : 0, sw ? (uint32_t)ctx->sw.impl : 0);
}
/* CFG.KSZ of a context's key. */
static inline uint32_t ksz_of(const cv_aes_ctx *ctx) {
  return ((uint32_t)ctx->key_bytes - 16u) >> 3;
}
static inline int aes_sealed(const cv_aes_ctx *ctx) { return ctx->chk == aes_seal(ctx); }
static inline int is_dma(cv_backend_t b) {
  return b == CV_BACKEND_CPI_DMA || b == CV_BACKEND_MMIO_DMA;
}
static inline int uses_cpi(cv_backend_t b) {
  return b == CV_BACKEND_CPI || b == CV_BACKEND_CPI_DMA;
}

/* Forget the engine's key: every context initialised so far must init again. */
static void aes_key_lost(void) {
  aes_owner = AES_NO_OWNER;
  aes_valid_from = aes_ids + 1;
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
  int e = cv_cpl_status_err(s, cv_aes_errmap);
  if (e == CV_OK && !(s & CV_CPL_STATUS_KEY_READY_MASK)) e = CV_ERR_HW;
  if (e != CV_OK) {
    aes_owner = AES_NO_OWNER;
    return e;
  }
  aes_owner = ctx->id;
  aes_ksz = ksz;
  return CV_OK;
}

/* The context's key is in the engine (reload it if another context used the engine). The
 * context's check word matched (check), so its key length and size are its own. */
static __attribute__((noinline)) int reclaim(cv_aes_ctx *ctx) {
  if (ctx->key_bytes == 0 || ctx->id < aes_valid_from || ctx->id > aes_ids) return CV_ERR_NOKEY;
  if (load_key(ctx) == CV_OK) return CV_OK;
  /* a stale unit error (see init_retry): clear it with a zeroize and load again */
  if (uses_cpi(ctx->backend)) CV_CPI_ZERO(AES);
  else cv_cpl_mmio_zeroize(CV_AES_BASE);
  return load_key(ctx);
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
  ctx->id = id;
  ctx->chk = aes_seal_of((uint32_t)backend, 16u + kx, id, 0, 0);
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
  /* The engine expands the key in the background: the call does not wait for KEY_READY. The
   * slot holds the next START (of any backend, a DMA job's too) until the schedule is ready, so
   * the first block waits only if it comes before the schedule ends. One STATUS read catches a
   * stale unit error, which the retry clears (its load_key waits for KEY_READY and sets
   * aes_owner). */
  const uint32_t st = cpi ? CV_CPI_STATUS(AES) : r[CV_CPL_STATUS_OFFSET / 4];
  if (__builtin_expect(st & CV_CPL_STATUS_ERR_MASK, 0)) return init_retry(ctx);
  aes_owner = id;
  aes_ksz = kx >> 3;
  return CV_OK;
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
  ctx->chk = 0;
  ctx->id = AES_NO_ID;
  return CV_ERR_HW;
}

/* sw and isa: the library's schedule, the table version (sw) or the scalar-crypto one (isa).
 * An isa context is a sw context whose library implementation is CV_AES_SW_IMPL_ISA (sealed
 * with it): every later call takes the sw path and the library's block functions pick the
 * instructions. Without them in the build (FW_ZK) isa is CV_ERR_HW, the context left inert. */
static __attribute__((noinline)) int init_sw(cv_aes_ctx *ctx, const uint8_t *key,
                                             size_t key_len, int isa) {
  /* the context of a pending background job stays the job's until its wait (a hardware init
   * of any context is refused then too): its wait returns the job's result or its end */
  if (__builtin_expect(ctx == aes_job_ctx, 0)) return CV_ERR_BUSY;
  ctx->backend = CV_BACKEND_SW;
  ctx->key_bytes = (int)key_len;
  ctx->id = AES_NO_ID;
  const int e = isa ? cv_aes_sw_init_isa(&ctx->sw, key, key_len)
                    : cv_aes_sw_init(&ctx->sw, key, key_len);
  if (e != CV_OK) {
    ctx->key_bytes = 0;
    ctx->chk = 0;
    return e;
  }
  ctx->chk = aes_seal(ctx);
  return e;
}

/* A key length AES does not take: CV_ERR_KEYLEN, after CV_ERR_ARG for an unknown backend (the
 * order of every init). Out of line, so the valid init's layout does not depend on it. */
static __attribute__((noinline, cold)) int init_keylen(cv_backend_t backend) {
  return (unsigned)backend >= CV_BACKEND_COUNT && backend != CV_BACKEND_ISA ? CV_ERR_ARG
                                                                            : CV_ERR_KEYLEN;
}

cv_status_t cv_aes_init(cv_aes_ctx *ctx, cv_backend_t backend, const uint8_t *key, size_t key_len) {
  if (!ctx || !key) return CV_ERR_ARG;
  const uint32_t kx = (uint32_t)key_len - 16u;  /* 0, 8, 16 */
  if (kx > 16u || (kx & 7u)) return init_keylen(backend);
  if (cv_buf_rd_off(key) + 15u + kx >= CV_DMEM_SIZE) return CV_ERR_ARG;  /* cv_buf_rd_bad */
  if ((unsigned)backend - 1u >= (unsigned)CV_BACKEND_COUNT - 1u) {
    if (backend == CV_BACKEND_SW) return init_sw(ctx, key, key_len, 0);
    if (backend == CV_BACKEND_ISA) return init_sw(ctx, key, key_len, 1);
    return CV_ERR_ARG;
  }
  /* no engine; or a background job holds it until its wait (or a zeroize) */
  if (__builtin_expect(aes_job_ctx != NULL, 0))
    return aes_job_ctx == AES_NO_ENGINE ? init_absent(ctx) : CV_ERR_BUSY;
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
  /* output block i-2 out, input block i in: each RESULT's word is stored two instructions
   * later, with a load of the next input in between (no stall). The last input block (DATAL)
   * after the loop, so the loop's one branch is its backward one (a second branch in the loop
   * could share its slot in the branch target buffer and cost its prediction every block). */
#define CPI_STEP(last)                                                                      \
  do {                                                                                      \
    const uint32_t *p = in + 4 * i;                                                         \
    uint32_t a = CPI_RESULT_M(), x0 = p[0];                                                 \
    out[0] = a;                                                                             \
    uint32_t b = CPI_RESULT_M(), x1 = p[1];                                                 \
    out[1] = b;                                                                             \
    uint32_t c = CPI_RESULT_M(), x2 = p[2];                                                 \
    out[2] = c;                                                                             \
    uint32_t d = CPI_RESULT_M(), x3 = p[3];                                                 \
    out[3] = d;                                                                             \
    out += 4;                                                                               \
    CV_CPI_DATA(AES, x0, x1);                                                               \
    if (last) CV_CPI_DATAL(AES, x2, x3);                                                    \
    else CV_CPI_DATA(AES, x2, x3);                                                          \
  } while (0)
  size_t i = 2;
  for (; i + 1 < n; i++) CPI_STEP(0);
  if (i < n) CPI_STEP(1);
#undef CPI_STEP
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

/* ------------------------------------------------------------------ errors */
/* An engine error in the middle of a message: report it and leave the engine idle. */
static __attribute__((noinline)) int hw_fail(const cv_aes_ctx *ctx, uint32_t status) {
  int e = cv_cpl_status_err(status, cv_aes_errmap);
  if (e == CV_OK) e = CV_ERR_HW;
  if (uses_cpi(ctx->backend)) CV_CPI_ZERO(AES);
  else cv_cpl_mmio_zeroize(CV_AES_BASE);
  if (e == CV_ERR_NOKEY) aes_key_lost();
  else aes_owner = AES_NO_OWNER;  /* zeroized: the next call reloads the key */
  return e;
}

/* A DMA job that did not end clean: CV_OK for a command refused while it ran (cv_dma_status_ok),
 * else the mapped code; if the engine lost its key (the hardware zeroizes the engine when a job
 * fails after it started), every context must init again. A job the DMA refused before
 * anything moved, for buffers that break the API's rules (outside data memory, overlapping
 * other than in place: the DMA makes these checks for the driver), is CV_ERR_ARG. */
static __attribute__((noinline)) int dma_fail(uint32_t dstatus) {
  if (cv_dma_status_ok(dstatus)) return CV_OK;
  uint32_t us = CV_REG32(CV_AES_STATUS_ADDR);
  int e = cv_dma_status_err(dstatus, us, cv_aes_errmap);
  if (!(us & CV_CPL_STATUS_KEY_READY_MASK)) aes_key_lost();
  if (e == CV_OK) e = CV_ERR_HW;
  return e;
}

/* ------------------------------------------------------------------ cpi/mmio messages */
/* Whole blocks of words through the unit: 0, or the STATUS of an engine error (mmio). */
static inline __attribute__((always_inline)) uint32_t msg(int cpi, uint32_t cfg,
                                                          const uint32_t *in, uint32_t *out,
                                                          size_t n) {
  if (cpi) {
    cpi_msg(cfg, in, out, n);
    return 0;
  }
  return (uint32_t)mmio_msg(cfg, in, out, n);
}
static __attribute__((noinline)) uint32_t msg_any(int cpi, uint32_t cfg, const uint32_t *in,
                                                  uint32_t *out, size_t n) {
  return cpi ? msg(1, cfg, in, out, n) : msg(0, cfg, in, out, n);
}

/* ------------------------------------------------------------------ completion */
/* The partial last block (1..15 bytes) of a CFB/OFB/CTR message as its own message: zero
 * padded input, truncated output. CFB decryption: the engine's IV would be the padded
 * ciphertext; the continuing value (sw semantics) is the ciphertext bytes followed by the
 * unused keystream bytes, which the zero padding left in the output block. */
static __attribute__((noinline)) int tail(cv_aes_ctx *ctx, uint32_t cfg, int cfb_dec,
                                          const uint8_t *in, uint8_t *out, size_t n,
                                          uint8_t *iv) {
  const int cpi = uses_cpi(ctx->backend);
  uint32_t ib[4] = {0, 0, 0, 0}, ob[4];
  memcpy(ib, in, n);
  const uint32_t s = msg_any(cpi, cfg, ib, ob, 1);
  if (s) return hw_fail(ctx, s);
  memcpy(out, ob, n);
  if (cfb_dec) {
    memcpy(iv, ib, n);
    memcpy(iv + n, (uint8_t *)ob + n, 16 - n);
  } else if (cpi) {
    IV_OUT(1, aes_regs(), (uint32_t *)(void *)iv);
  } else {
    IV_OUT(0, aes_regs(), (uint32_t *)(void *)iv);
  }
  return CV_OK;
}

/* Every hardware call ends here once its blocks have gone through: the partial last block
 * (rem bytes at in/out), then the IV/counter that continues the message back to the caller. */
static inline __attribute__((always_inline)) int complete(cv_aes_ctx *ctx, int cpi, uint32_t cfg,
                                                          uint32_t mode, uint32_t dir,
                                                          uint8_t *iv, const uint8_t *in,
                                                          uint8_t *out, size_t rem) {
  if (rem) return tail(ctx, cfg, mode == CV_AES_MODE_CFB128 && dir, in, out, rem, iv);
  if (mode != CV_AES_MODE_ECB) IV_OUT(cpi, aes_regs(), (uint32_t *)(void *)iv);
  return CV_OK;
}

/* The same after a DMA job whose STATUS s is not clean (cv_dma_status_clean), and for the
 * background job's wait (s: its STATUS, 0 when no job ran): the error of a failed job, else
 * complete(). */
static __attribute__((noinline)) int complete_slow(cv_aes_ctx *ctx, uint32_t s, uint32_t mode,
                                                   uint32_t dir, uint8_t *iv, const uint8_t *in,
                                                   uint8_t *out, size_t rem) {
  if (!cv_dma_status_clean(s)) {
    const int e = dma_fail(s);
    if (e) return e;
  }
  return complete(ctx, uses_cpi(ctx->backend), cfg_of(mode, dir), mode, dir, iv, in, out, rem);
}

/* ------------------------------------------------------------------ validate */
/* What a call is: a blocking cipher call, an asynchronous start, or CMAC (iv is the tag). */
enum { OP_CIPHER, OP_START, OP_CMAC };

/* The buffers of a call against the rules of every driver (cv_cpl.h; CV_ERR_ARG): 1 when they
 * break one. A cipher call (len > 0) reads len bytes at in and writes len bytes at out, the same
 * or apart, and reads and writes the IV (but ECB); CMAC reads the message (len bytes at in) and
 * writes the tag (iv), apart or at the same start. Inlined on the call paths (op and mode
 * constants: a few ALU instructions, no branch); one copy in size-optimised builds and for the
 * rare paths (bufs_bad_any). */
#if defined(__OPTIMIZE_SIZE__)
#define AES_BUFS static __attribute__((noinline))
#else
#define AES_BUFS static inline __attribute__((always_inline))
#endif
AES_BUFS uint32_t bufs_bad(int op, uint32_t mode, const void *iv, const void *in,
                           const void *out, size_t len) {
  if (op == OP_CMAC)
    return cv_buf_wr_bad(iv, 16) |
           (len ? cv_buf_rd_bad(in, len) | cv_buf_overlap(in, len, iv, 16) : 0u);
  return cv_buf_io_bad(in, out, len) | (mode != CV_AES_MODE_ECB ? cv_buf_wr_bad(iv, 16) : 0u);
}
#if defined(__OPTIMIZE_SIZE__)
#define bufs_bad_any bufs_bad
#else
static __attribute__((noinline)) uint32_t bufs_bad_any(int op, uint32_t mode, const void *iv,
                                                       const void *in, const void *out,
                                                       size_t len) {
  return bufs_bad(op, mode, iv, in, out, len);
}
#endif

/* Every check of a call, in the order the API documents: the error, EMPTY for a valid call with
 * nothing to do (an empty message), CV_OK for a call that goes on. Run for the calls validate
 * flags and for those that must claim the engine first (claim_run), out of line. */
#define EMPTY 1
static __attribute__((noinline, cold)) int check(const cv_aes_ctx *ctx, int op, uint32_t mode,
                                                 uint32_t dir, const void *iv, const void *in,
                                                 const void *out, size_t len) {
  if (op == OP_CMAC) {
    if (!iv || (len && !in)) return CV_ERR_ARG;
  } else {
    if (dir > 1u || (len && (!in || !out))) return CV_ERR_ARG;
    if (op == OP_START && mode > CV_AES_MODE_CTR) return CV_ERR_MODE;
    if (mode != CV_AES_MODE_ECB && !iv) return CV_ERR_ARG;
  }
  if ((op == OP_CMAC || len) && bufs_bad_any(op, mode, iv, in, out, len)) return CV_ERR_ARG;
  if ((mode == CV_AES_MODE_ECB || mode == CV_AES_MODE_CBC) && (len & 15)) return CV_ERR_LENGTH;
  /* the context: its check word (the backend, key size and id are its own from here on) */
  if (!aes_sealed(ctx) || ctx->key_bytes == 0) return CV_ERR_NOKEY;
  if (op == OP_START && !is_dma(ctx->backend)) return CV_ERR_MODE;
  if (op != OP_CMAC && len == 0) return EMPTY;
  const uintptr_t io = (uintptr_t)in | (op == OP_CMAC ? 0 : (uintptr_t)out);
  if (is_dma(ctx->backend) && len && (io & (CV_AES_DMA_ALIGN - 1))) return CV_ERR_DMA;
  return CV_OK;
}

/* A call validate flagged: its result. */
static __attribute__((noinline, cold)) int refuse(const cv_aes_ctx *ctx, int op, uint32_t mode,
                                                  uint32_t dir, const void *iv, const void *in,
                                                  const void *out, size_t len) {
  const int e = check(ctx, op, mode, dir, iv, in, out, len);
  return e == EMPTY ? CV_OK : e;
}

/* The arguments of every call, one rule for all modes and backends: 0 when the call goes on,
 * else 1 (refuse then gives the call's result). Each test is a forward branch that a
 * valid call falls through (1 cycle; a taken one costs more, core/README.md "Costs"), all to
 * one tail call of refuse, which names the error (check). The buffers are each backend's
 * check, made where it hands them on: their memories and overlap (bufs_bad) by sw_op and
 * pio_run, and for in and out on the DMA backends by the DMA before anything moves (dma_fail
 * names it CV_ERR_ARG), which needs them aligned to CV_AES_DMA_ALIGN and cannot read program
 * memory (dma_run). The context and its key are claim's (sw_op checks a sw context). */
static inline __attribute__((always_inline)) int validate(int op, uint32_t mode, uint32_t dir,
                                                          const void *iv, const void *in,
                                                          const void *out, size_t len) {
  if (op == OP_CMAC) return iv == NULL || (len && in == NULL);
  if (__builtin_expect(len == 0, 0)) return 1;
  if (__builtin_expect(dir > 1u, 0)) return 1;
  if (__builtin_expect(in == NULL, 0)) return 1;
  if (__builtin_expect(out == NULL, 0)) return 1;
  if (!__builtin_constant_p(mode)) {
    /* the start's mode is a run-time value: its three tests in one branch */
    _Static_assert(CV_AES_MODE_ECB == 0 && CV_AES_MODE_CBC == 1, "ECB, CBC: the modes below 2");
    const uint32_t bad = (uint32_t)(mode > CV_AES_MODE_CTR) |
                         ((uint32_t)(mode != CV_AES_MODE_ECB) & (uint32_t)(iv == NULL)) |
                         ((uint32_t)(mode < 2u) & (uint32_t)((len & 15) != 0));
    return __builtin_expect(bad != 0, 0);
  }
  if (mode != CV_AES_MODE_ECB && __builtin_expect(iv == NULL, 0)) return 1;
  if ((mode == CV_AES_MODE_ECB || mode == CV_AES_MODE_CBC) && __builtin_expect(len & 15, 0))
    return 1;
  return 0;
}

/* The engine becomes the context's (its check word matched): no background job pending (the
 * engine, and the IV its wait reads back, belong to the job until its wait or a zeroize), its
 * key loaded (reloaded when another context used the engine). */
static int claim(cv_aes_ctx *ctx) {
  if (aes_job_ctx) return CV_ERR_BUSY;
  if (ctx->id == aes_owner) return CV_OK;
  return reclaim(ctx);
}

/* ------------------------------------------------------------------ the backends */
/* sw: the software library, for a context whose check word matches (its round count and
 * implementation steer the library's loops), the buffers checked. One function per mode, out
 * of line: a program links the library's modes it calls and no other, and the checks' registers
 * give no API function a stack frame (the hardware paths have none). */
static inline __attribute__((always_inline)) uint32_t sw_bad(const cv_aes_ctx *ctx, int op,
                                                             uint32_t mode, const void *iv,
                                                             const void *in, const void *out,
                                                             size_t len) {
  return (ctx->chk != aes_seal(ctx)) | bufs_bad(op, mode, iv, in, out, len);
}
#if defined(__OPTIMIZE_SIZE__)
/* size-optimised builds: one function for every mode, called once check passed (claim_run,
 * claim_cmac) */
static __attribute__((noinline)) int sw_op(cv_aes_ctx *ctx, uint32_t mode, uint32_t dir,
                                           uint8_t *iv, const uint8_t *in, uint8_t *out,
                                           size_t len) {
  const cv_aes_sw_ctx *k = &ctx->sw;
  switch (mode) {
    case CV_AES_MODE_ECB: return cv_aes_sw_ecb(k, (cv_dir_t)dir, in, out, len);
    case CV_AES_MODE_CBC: return cv_aes_sw_cbc(k, (cv_dir_t)dir, iv, in, out, len);
    case CV_AES_MODE_CFB128: return cv_aes_sw_cfb128(k, (cv_dir_t)dir, iv, in, out, len);
    case CV_AES_MODE_OFB: return cv_aes_sw_ofb(k, iv, in, out, len);
    case CV_AES_MODE_CTR: return cv_aes_sw_ctr(k, iv, in, out, len);
    default: return cv_aes_sw_cmac(k, in, len, iv);
  }
}
#else
#define SW_FN(name, op, mode, call)                                                          \
  static __attribute__((noinline)) int name(cv_aes_ctx *ctx, uint32_t dir, uint8_t *iv,      \
                                            const uint8_t *in, uint8_t *out, size_t len) {   \
    const cv_aes_sw_ctx *k = &ctx->sw;                                                       \
    if (__builtin_expect(sw_bad(ctx, op, mode, iv, in, out, len), 0))                        \
      return refuse(ctx, op, mode, dir, iv, in, out, len);                                   \
    return call;                                                                             \
  }
SW_FN(sw_ecb, OP_CIPHER, CV_AES_MODE_ECB, cv_aes_sw_ecb(k, (cv_dir_t)dir, in, out, len))
SW_FN(sw_cbc, OP_CIPHER, CV_AES_MODE_CBC, cv_aes_sw_cbc(k, (cv_dir_t)dir, iv, in, out, len))
SW_FN(sw_cfb, OP_CIPHER, CV_AES_MODE_CFB128, cv_aes_sw_cfb128(k, (cv_dir_t)dir, iv, in, out, len))
SW_FN(sw_ofb, OP_CIPHER, CV_AES_MODE_OFB, cv_aes_sw_ofb(k, iv, in, out, len))
SW_FN(sw_ctr, OP_CIPHER, CV_AES_MODE_CTR, cv_aes_sw_ctr(k, iv, in, out, len))
SW_FN(sw_cmac, OP_CMAC, MODE_CMAC, cv_aes_sw_cmac(k, in, len, iv))
#undef SW_FN
static inline __attribute__((always_inline)) int sw_op(cv_aes_ctx *ctx, uint32_t mode,
                                                       uint32_t dir, uint8_t *iv,
                                                       const uint8_t *in, uint8_t *out,
                                                       size_t len) {
  switch (mode) {
    case CV_AES_MODE_ECB: return sw_ecb(ctx, dir, iv, in, out, len);
    case CV_AES_MODE_CBC: return sw_cbc(ctx, dir, iv, in, out, len);
    case CV_AES_MODE_CFB128: return sw_cfb(ctx, dir, iv, in, out, len);
    case CV_AES_MODE_OFB: return sw_ofb(ctx, dir, iv, in, out, len);
    case CV_AES_MODE_CTR: return sw_ctr(ctx, dir, iv, in, out, len);
    default: return sw_cmac(ctx, dir, iv, in, out, len);
  }
}
#endif

/* Zero IV (the CMAC chaining value starts at 0), straight to the unit. */
static inline __attribute__((always_inline)) void iv_zero(int cpi) {
  if (cpi) {
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
                                                              int aligned, const uint8_t *m,
                                                              size_t n) {
  volatile uint32_t *r = aes_regs();
  const uint8_t *const end = m + 16 * n;
  for (;;) {
    uint32_t b[4];
    const uint32_t *p = (const uint32_t *)(const void *)m;
    if (!aligned) {
      memcpy(b, m, 16);
      p = b;
    }
    if (cpi) CPI_PUSH(p, 0);
    else MMIO_PUSH(r, p, 0);
    m += 16;
    if (m == end) return CV_OK;
    const uint32_t s =
        cv_cpl_wait_on_likely(cpi, AES, CV_AES_BASE, CV_CPL_STATUS_IN_READY_MASK);
    if (s & CV_CPL_STATUS_ERR_MASK) return hw_fail(ctx, s);
  }
}

/* CMAC on cpi or mmio: the unit gives no output per block; the feeder waits for IN_READY
 * before each block but the first and pads a partial or empty last block with 10* itself. */
static __attribute__((noinline)) int pio_cmac(cv_aes_ctx *ctx, const uint8_t *m, size_t len,
                                              uint8_t tag[16]) {
#if !defined(__OPTIMIZE_SIZE__) /* size-optimised builds come here only through check */
  if (__builtin_expect(bufs_bad(OP_CMAC, MODE_CMAC, tag, m, NULL, len), 0))
    return refuse(ctx, OP_CMAC, MODE_CMAC, 0, tag, m, NULL, len);
#endif
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
  const uint32_t cfg = cfg_of(MODE_CMAC, 0) | (kind << CV_AES_CFG_KIND_SHIFT);
  const int aligned = ((uintptr_t)m & 3) == 0;
  /* The last block: the message's own words when whole and aligned, else padded 10*. */
  uint32_t last[4] = {0, 0, 0, 0}, t[4];
  const uint32_t *lp = last;
  if (kind == KIND_K1 && aligned) {
    lp = (const uint32_t *)(const void *)(m + 16 * nfull);
  } else {
    uint8_t *lb = (uint8_t *)last;
    const uint8_t *p = m + 16 * nfull;
    for (size_t i = 0; i < rem; i++) lb[i] = p[i];
    if (kind == KIND_K2) lb[rem] = 0x80;
  }
  uint32_t s;
  int e;
  iv_zero(cpi);
  if (cpi) {
    CV_CPI_START(AES, cfg);
  } else {
    r[CV_CPL_CFG_OFFSET / 4] = cfg;
    r[CV_CPL_CTRL_OFFSET / 4] = CV_CPL_CTRL_START_MASK;
  }
  /* One loop per coupling for word-aligned messages, with no test in it but the wait's and
   * its end (a general loop's per-block tests would cost more than the engine's 11 cycles a
   * block). */
  if (nfull) {
    e = !aligned ? cmac_blocks(ctx, cpi, 0, m, nfull)
        : cpi    ? cmac_blocks(ctx, 1, 1, m, nfull)
                 : cmac_blocks(ctx, 0, 1, m, nfull);
    if (e != CV_OK) return e;
  }
  if (cpi) {
    if (nfull) {
      s = cv_cpl_cpi_wait_likely(AES, CV_CPL_STATUS_IN_READY_MASK);
      if (s & CV_CPL_STATUS_ERR_MASK) return hw_fail(ctx, s);
    }
    CPI_PUSH(lp, 1);
    CPI_POP(t);
  } else {
    if (nfull) {
      s = cv_cpl_mmio_wait_likely(CV_AES_BASE, CV_CPL_STATUS_IN_READY_MASK);
      if (s & CV_CPL_STATUS_ERR_MASK) return hw_fail(ctx, s);
    }
    MMIO_PUSH(r, lp, 1);
    if ((s = cv_cpl_mmio_wait_out(r)) != 0) return hw_fail(ctx, s);
    MMIO_POP(r, t);
  }
  copy_words_out(tag, t, 4);
  return CV_OK;
}

/* Buffers or an IV that are not word-aligned or not in data memory (cpi, mmio; the DMA
 * backends: an IV): the buffers' rules tested exactly, then through local words, the message in
 * pieces of four blocks (each piece a call of run_any; the IV continues from one to the next, a
 * partial last block ends the last one). */
static int unaligned(cv_aes_ctx *ctx, cv_backend_t b, int op, uint32_t mode, uint32_t dir,
                     uint8_t *iv,
                     const uint8_t *in, uint8_t *out, size_t len);

/* pio (cpi, mmio) for a coupling cpi known at compile time, the buffers checked (pio_ok): IV
 * in, the whole blocks as one message (two blocks in flight), completion. */
static inline __attribute__((always_inline)) int pio_run(cv_aes_ctx *ctx, int cpi,
                                                         uint32_t mode, uint32_t dir,
                                                         uint8_t *iv, const uint8_t *in,
                                                         uint8_t *out, size_t len) {
  const uint32_t cfg = cfg_of(mode, dir);
  const size_t nb = len >> 4;
  const size_t rem = (mode == CV_AES_MODE_ECB || mode == CV_AES_MODE_CBC) ? 0 : len & 15;
  if (mode != CV_AES_MODE_ECB) IV_IN(cpi, aes_regs(), (const uint32_t *)(const void *)iv);
  if ((mode == CV_AES_MODE_ECB || mode == CV_AES_MODE_CBC) && nb == 0)
    __builtin_unreachable(); /* validate: whole blocks, not empty */
  if (nb) {
#if defined(__OPTIMIZE_SIZE__)
    const uint32_t s =
        msg_any(cpi, cfg, (const uint32_t *)(const void *)in, (uint32_t *)(void *)out, nb);
#else
    const uint32_t s =
        msg(cpi, cfg, (const uint32_t *)(const void *)in, (uint32_t *)(void *)out, nb);
#endif
    if (s) return hw_fail(ctx, s);
  }
  return complete(ctx, cpi, cfg, mode, dir, iv, in + 16 * nb, out + 16 * nb, rem);
}

/* The DMA job on either coupling (outlen 0: as long as the input). */
static inline __attribute__((always_inline)) void dma_go(int cpi, uint32_t eng, uint32_t cfg,
                                                         const void *src, void *dst, size_t len,
                                                         size_t outlen) {
  if (cpi) {
    CV_CPI_DSEL(eng, cfg);
    CV_CPI_DADDR((uint32_t)(uintptr_t)src, (uint32_t)(uintptr_t)dst);
    if (__builtin_constant_p(outlen) && outlen == 0)  /* DRUN len, zero: no register for 0 */
      __asm__ volatile(CV_CPI_INSN_ "%0, %1, zero, %2, zero"
                       : : "i"(CV_CPI_F3_DRUN), "i"(CV_CPI_F7(CV_CPI_TARGET_DMA, CV_CPI_OP_DRUN)),
                         "r"((uint32_t)len) : "memory");
    else
      CV_CPI_DRUN(len, outlen);
  } else {
    cv_dma_mmio_start(eng, cfg, (uintptr_t)src, (uintptr_t)dst, (uint32_t)len,
                      (uint32_t)outlen);
  }
}
static inline __attribute__((always_inline)) uint32_t dma_wait(int cpi) {
  return cpi ? cv_dma_cpi_wait() : cv_dma_mmio_wait();
}

/* A background job starts: its context and mode are recorded (the wait completes it), and the
 * lightweight engines' key ownership is dropped (cv_light_drop_owners). */
static inline __attribute__((always_inline)) void job_open(cv_aes_ctx *ctx, uint32_t mode) {
  aes_job_ctx = ctx;
  cv_light_drop_owners();
  aes_job_mode = mode;
}
/* The context's own record of its job (cv_aes_wait: a job gone before its wait was aborted).
 * dma_run writes it before the job is issued, while the id is still in a register (the custom
 * instructions that issue it clobber memory); the rare paths with job_open. */
static inline __attribute__((always_inline)) void job_mark(cv_aes_ctx *ctx) {
  ctx->job = ctx->id;
}

/* A CFB decryption ending in a partial block on a DMA backend: the whole blocks are one job,
 * the partial block goes through the unit after it (complete: the engine's IV after a
 * zero-padded block is not the continuing value). The DMA checks only the job's buffers, so
 * the whole message's are checked here. */
static __attribute__((noinline)) int dma_split(cv_aes_ctx *ctx, uint32_t dir, uint8_t *iv,
                                               const uint8_t *in, uint8_t *out, size_t len,
                                               int async) {
  const uint32_t mode = CV_AES_MODE_CFB128;
  const int cpi = ctx->backend == CV_BACKEND_CPI_DMA;
  const size_t rem = len & 15, dlen = len - rem;
#if !defined(__OPTIMIZE_SIZE__) /* size-optimised builds come here only through check */
  if (bufs_bad_any(OP_CIPHER, mode, iv, in, out, len))
    return refuse(ctx, async ? OP_START : OP_CIPHER, mode, dir, iv, in, out, len);
#endif
  if (cpi) IV_IN(1, aes_regs(), (const uint32_t *)(const void *)iv);
  else IV_IN(0, aes_regs(), (const uint32_t *)(const void *)iv);
  const uint32_t cfg = cfg_of(mode, dir);
  if (dlen) {
    if (cpi) dma_go(1, CV_ENGINE_AES, cfg, in, out, dlen, 0);
    else dma_go(0, CV_ENGINE_AES, cfg, in, out, dlen, 0);
  }
  if (async) {
    job_open(ctx, mode);
    job_mark(ctx);
    aes_job.dir = dir;
    aes_job.tail_in = in + dlen;
    aes_job.tail_out = out + dlen;
    aes_job.tail_len = (uint32_t)rem;
    aes_job.tail_only = dlen == 0;
    return CV_OK;
  }
  const uint32_t s = !dlen ? 0 : dma_wait(cpi);
  return complete_slow(ctx, s, mode, dir, iv, in + dlen, out + dlen, rem);
}

/* Input in program memory on a DMA backend, which the DMA cannot read: the buffers' rules tested
 * exactly, then the call runs through the backend's own coupling (cpi for cpi-dma, mmio for
 * mmio-dma), as on cpi and mmio. A start
 * runs the whole message now, the IV or counter in the job's own words, and leaves the job to
 * its wait, which returns them. */
static int run_b(cv_aes_ctx *ctx, cv_backend_t b, int op, uint32_t mode, uint32_t dir,
                 uint8_t *iv, const uint8_t *in, uint8_t *out, size_t len);
static __attribute__((noinline)) int prog_in(cv_aes_ctx *ctx, int op, uint32_t mode,
                                             uint32_t dir, uint8_t *iv, const uint8_t *in,
                                             uint8_t *out, size_t len) {
#if !defined(__OPTIMIZE_SIZE__) /* size-optimised builds come here only through check */
  /* the buffers' rules, exactly: no DMA checks them on this path */
  if (bufs_bad_any(op == OP_START ? OP_CIPHER : op, mode, iv, in, out, len))
    return refuse(ctx, op, mode, dir, iv, in, out, len);
#endif
  const cv_backend_t b = ctx->backend == CV_BACKEND_CPI_DMA ? CV_BACKEND_CPI : CV_BACKEND_MMIO;
  if (op != OP_START) return run_b(ctx, b, op, mode, dir, iv, in, out, len);
  uint8_t *v = NULL;
  if (mode != CV_AES_MODE_ECB) {
    v = (uint8_t *)aes_job.iv;
    memcpy(v, iv, 16);
  }
  const int e = run_b(ctx, b, OP_CIPHER, mode, dir, v, in, out, len);
  if (e) return e;
  job_open(ctx, mode);
  job_mark(ctx);
  aes_job.ran = 1;
  return CV_OK;
}

/* dma (cpi-dma, mmio-dma) for a coupling cpi known at compile time, the buffers checked
 * (dma_ok): IV in, one job, then the completion (blocking) or return at once (async:
 * cv_aes_wait completes). The job takes a partial last block in CTR, OFB and CFB encryption
 * (dma_split: CFB decryption). */
static inline __attribute__((always_inline)) int dma_run(cv_aes_ctx *ctx, int cpi, int op,
                                                         uint32_t mode, uint32_t dir,
                                                         uint8_t *iv, const uint8_t *in,
                                                         uint8_t *out, size_t len) {
  const int async = op == OP_START;
  const uint32_t cfg = cfg_of(mode, dir);
  if (async) job_mark(ctx);
  if (mode != CV_AES_MODE_ECB) IV_IN(cpi, aes_regs(), (const uint32_t *)(const void *)iv);
  dma_go(cpi, CV_ENGINE_AES, cfg, in, out, len, 0);
  if (async) {
    job_open(ctx, mode);
    return CV_OK;
  }
  const uint32_t s = dma_wait(cpi);
  if (__builtin_expect(!cv_dma_status_clean(s), 0))
    return complete_slow(ctx, s, mode, dir, iv, in, out, 0);
  return complete(ctx, cpi, cfg, mode, dir, iv, in, out, 0);
}

/* CMAC on a DMA backend: one job, the unit pads the last block (ENGINE.PAD). The buffers' rules
 * (bufs_bad), the message aligned to CV_AES_DMA_ALIGN, in data memory (else, in program memory,
 * the backend's cpi or mmio path: pio_cmac). A tag the DMA cannot write (not 16-byte aligned)
 * goes through a bounce block, so that no refused job is left behind a call that succeeds. */
static __attribute__((noinline)) int dma_cmac(cv_aes_ctx *ctx, const uint8_t *m, size_t len,
                                              uint8_t tag[16]) {
  static uint32_t tagbuf[4] __attribute__((aligned(CV_AES_DMA_ALIGN)));
#if !defined(__OPTIMIZE_SIZE__) /* size-optimised builds come here only through check */
  if (__builtin_expect(bufs_bad(OP_CMAC, MODE_CMAC, tag, m, NULL, len), 0))
    return refuse(ctx, OP_CMAC, MODE_CMAC, 0, tag, m, NULL, len);
#endif
  if (len && ((uintptr_t)m & (CV_AES_DMA_ALIGN - 1))) return CV_ERR_DMA;
  if (len && cv_buf_in_prog(m)) return pio_cmac(ctx, m, len, tag);
  uint8_t *dst = tag;
  if (__builtin_expect((uintptr_t)tag & (CV_AES_DMA_ALIGN - 1), 0)) dst = (uint8_t *)tagbuf;
  const uint8_t *src = len ? m : dst;  /* an empty message still names a valid source */
  const uint32_t k2 = (uint32_t)((len & 15) != 0) | (uint32_t)(len == 0);  /* padded last */
  const uint32_t cfg = cfg_of(MODE_CMAC, 0) | ((KIND_K1 + k2) << CV_AES_CFG_KIND_SHIFT);
  const uint32_t eng = CV_ENGINE_AES | (k2 ? CV_DMA_ENGINE_PAD_MASK : 0);
  uint32_t s;
  if (__builtin_expect(ctx->backend == CV_BACKEND_CPI_DMA, 1)) {
    iv_zero(1);
    dma_go(1, eng, cfg, src, dst, len, 16);
    s = dma_wait(1);
  } else {
    iv_zero(0);
    dma_go(0, eng, cfg, src, dst, len, 16);
    s = dma_wait(0);
  }
  if (__builtin_expect(!cv_dma_status_clean(s), 0)) {
    const int e = dma_fail(s);
    if (e) return e;
  }
  if (dst != tag) memcpy(tag, dst, 16);
  return CV_OK;
}

/* dma (cpi-dma, mmio-dma): in and out aligned to CV_AES_DMA_ALIGN (their memories and overlap
 * are the DMA's checks), the IV word-aligned in data memory (unaligned: through local words),
 * the input in data memory (prog_in: program memory), a CFB decryption ending in a partial block
 * split (dma_split); then the job (dma_run). */
static inline __attribute__((always_inline)) int dma_call(cv_aes_ctx *ctx, int cpi, int op,
                                                          uint32_t mode, uint32_t dir,
                                                          uint8_t *iv, const uint8_t *in,
                                                          uint8_t *out, size_t len) {
  if (__builtin_expect((((uintptr_t)in | (uintptr_t)out) & (CV_AES_DMA_ALIGN - 1)) != 0, 0))
    return refuse(ctx, op, mode, dir, iv, in, out, len); /* CV_ERR_DMA, or the rules' ARG */
  if (mode != CV_AES_MODE_ECB &&
      __builtin_expect(((uintptr_t)iv & 3) | cv_buf_wr_bad(iv, 16), 0))
    return unaligned(ctx, cpi ? CV_BACKEND_CPI_DMA : CV_BACKEND_MMIO_DMA, op, mode, dir, iv, in,
                     out, len);
  if (__builtin_expect(cv_buf_in_prog(in), 0)) return prog_in(ctx, op, mode, dir, iv, in, out, len);
  if (mode == CV_AES_MODE_CFB128 && __builtin_expect(dir && (len & 15), 0))
    return dma_split(ctx, dir, iv, in, out, len, op == OP_START);
  return dma_run(ctx, cpi, op, mode, dir, iv, in, out, len);
}

/* ------------------------------------------------------------------ every call */
/* The backend operation of a validated call whose context owns the engine. One copy in
 * size-optimised builds. */
#if defined(__OPTIMIZE_SIZE__)
#define AES_RUN static __attribute__((noinline))
#else
#define AES_RUN static inline __attribute__((always_inline))
#endif
AES_RUN int run(cv_aes_ctx *ctx, cv_backend_t b, int op, uint32_t mode,
                                                     uint32_t dir, uint8_t *iv,
                                                     const uint8_t *in, uint8_t *out,
                                                     size_t len) {
  /* a backend field that is none of the hardware backends: a context changed after init (the
   * one that holds the engine: its id matches), CV_ERR_NOKEY after the argument checks (refuse) */
  if (op == OP_CMAC) {
    if (is_dma(b)) return dma_cmac(ctx, in, len, iv);
    return (unsigned)b - CV_BACKEND_MMIO <= CV_BACKEND_CPI - CV_BACKEND_MMIO
               ? pio_cmac(ctx, in, len, iv) : refuse(ctx, op, mode, dir, iv, in, out, len);
  }
  /* pio: word-aligned buffers in data memory, in and out the same or apart, straight; anything
   * else through unaligned, which tests the buffers' rules exactly (bufs_bad: an input in
   * program memory is fine) and moves them through local words */
  if (op != OP_START &&
      __builtin_expect((unsigned)b - CV_BACKEND_MMIO <= CV_BACKEND_CPI - CV_BACKEND_MMIO, 1)) {
    const uintptr_t a =
        (uintptr_t)in | (uintptr_t)out | (mode != CV_AES_MODE_ECB ? (uintptr_t)iv : 0);
#if defined(__OPTIMIZE_SIZE__) /* check passed: only what the straight path cannot take */
    const uint32_t odd = (uint32_t)(a & 3u) | (uint32_t)cv_buf_in_prog(in);
#else
    const uint32_t odd = cv_buf_io_dmem_bad(in, out, len) | (uint32_t)(a & 3u) |
                         (mode != CV_AES_MODE_ECB ? cv_buf_wr_bad(iv, 16) : 0u);
#endif
    if (__builtin_expect(odd != 0, 0)) return unaligned(ctx, b, op, mode, dir, iv, in, out, len);
#if defined(__OPTIMIZE_SIZE__)
    return pio_run(ctx, b == CV_BACKEND_CPI, mode, dir, iv, in, out, len);
#else
    if (__builtin_expect(b == CV_BACKEND_CPI, 1))
      return pio_run(ctx, 1, mode, dir, iv, in, out, len);
    return pio_run(ctx, 0, mode, dir, iv, in, out, len);
#endif
  }
#if defined(__OPTIMIZE_SIZE__)
  if (is_dma(b)) return dma_call(ctx, b == CV_BACKEND_CPI_DMA, op, mode, dir, iv, in, out, len);
#else
  if (__builtin_expect(b == CV_BACKEND_CPI_DMA, 1))
    return dma_call(ctx, 1, op, mode, dir, iv, in, out, len);
  if (__builtin_expect(b == CV_BACKEND_MMIO_DMA, 1))
    return dma_call(ctx, 0, op, mode, dir, iv, in, out, len);
#endif
  /* a start on cpi or mmio (CV_ERR_MODE), or a backend field that is none of the hardware
   * backends (a context changed after init: CV_ERR_NOKEY): every check of the call, so that an
   * argument that breaks the rules answers first, in the documented order */
  return refuse(ctx, op, mode, dir, iv, in, out, len);
}

/* One copy of run for any mode: after a key reload, for unaligned buffers (run_any), and for
 * input in program memory on a DMA backend (prog_in: b its cpi or mmio coupling). */
static __attribute__((noinline)) int run_b(cv_aes_ctx *ctx, cv_backend_t b, int op,
                                           uint32_t mode, uint32_t dir, uint8_t *iv,
                                           const uint8_t *in, uint8_t *out, size_t len) {
  if (op == OP_CMAC) __builtin_unreachable(); /* CMAC: claim_cmac */
  return run(ctx, b, op, mode, dir, iv, in, out, len);
}
static int run_any(cv_aes_ctx *ctx, int op, uint32_t mode, uint32_t dir, uint8_t *iv,
                   const uint8_t *in, uint8_t *out, size_t len) {
  return run_b(ctx, ctx->backend, op, mode, dir, iv, in, out, len);
}

/* b is the backend whose path the call takes (a DMA backend's context runs its cpi or mmio path
 * for an input in program memory: prog_in). */
static __attribute__((noinline)) int unaligned(cv_aes_ctx *ctx, cv_backend_t b, int op,
                                               uint32_t mode, uint32_t dir, uint8_t *iv,
                                               const uint8_t *in, uint8_t *out, size_t len) {
  /* the buffers' rules, exactly (on a DMA backend only the IV can break them here: in and out
   * are the DMA's checks, made when the job runs) */
#if !defined(__OPTIMIZE_SIZE__) /* size-optimised builds come here only through check */
  if (is_dma(b) ? mode != CV_AES_MODE_ECB && cv_buf_wr_bad(iv, 16)
                : bufs_bad_any(op, mode, iv, in, out, len))
    return refuse(ctx, op, mode, dir, iv, in, out, len);
#endif
  uint32_t v[4], buf[16];
  uint8_t *const vp = mode == CV_AES_MODE_ECB ? NULL : (uint8_t *)v;
  if (vp) memcpy(v, iv, 16);
  int e = CV_OK;
  if (is_dma(b)) {
    e = run_b(ctx, b, op, mode, dir, vp, in, out, len);  /* only the IV was unaligned */
  } else {
    for (size_t off = 0; off < len && e == CV_OK; off += sizeof buf) {
      const size_t n = len - off < sizeof buf ? len - off : sizeof buf;
      memcpy(buf, in + off, n);
      e = run_b(ctx, b, op, mode, dir, vp, (const uint8_t *)buf, (uint8_t *)buf, n);
      if (e == CV_OK) memcpy(out + off, buf, n);
    }
  }
  if (e == CV_OK && vp && op != OP_START) memcpy(iv, v, 16);
  return e;
}

/* A context that does not own the engine: every check (the key's too: a context without one
 * gets CV_ERR_NOKEY), the claim (the key reloaded), then the operation. CMAC has its own, so
 * that a program without CMAC links none of its code. */
static __attribute__((noinline)) int claim_run(cv_aes_ctx *ctx, int op, uint32_t mode,
                                               uint32_t dir, uint8_t *iv, const uint8_t *in,
                                               uint8_t *out, size_t len) {
  int e = check(ctx, op, mode, dir, iv, in, out, len);
  if (e) return e == EMPTY ? CV_OK : e;
#if defined(__OPTIMIZE_SIZE__)
  if (op != OP_START && ctx->backend == CV_BACKEND_SW)
    return sw_op(ctx, mode, dir, iv, in, out, len);
#endif
  e = claim(ctx);
  if (e) return e;
  return run_any(ctx, op, mode, dir, iv, in, out, len);
}
static __attribute__((noinline)) int claim_cmac(cv_aes_ctx *ctx, const uint8_t *m, size_t len,
                                                uint8_t *tag) {
  int e = check(ctx, OP_CMAC, MODE_CMAC, 0, tag, m, NULL, len);
  if (e) return e;
#if defined(__OPTIMIZE_SIZE__)
  if (ctx->backend == CV_BACKEND_SW) return sw_op(ctx, MODE_CMAC, 0, tag, m, NULL, len);
#endif
  e = claim(ctx);
  if (e) return e;
  return is_dma(ctx->backend) ? dma_cmac(ctx, m, len, tag) : pio_cmac(ctx, m, len, tag);
}

/* validate, one backend operation, its completion. Inlined in each API function with the mode
 * a constant (so the per-mode tests fold away), except in size-optimised builds (the console,
 * which must fit the 64 KiB program memory), where the API functions share one copy. Every
 * call out of the usual case is a tail call, so the usual case needs no stack frame. */
#if defined(__OPTIMIZE_SIZE__)
#define AES_CALL static __attribute__((noinline))
#else
#define AES_CALL static inline __attribute__((always_inline))
#endif
AES_CALL int aes_call(cv_aes_ctx *ctx, int op, uint32_t mode, uint32_t dir, uint8_t *iv,
                      const uint8_t *in, uint8_t *out, size_t len) {
  if (__builtin_expect(ctx == NULL, 0)) return CV_ERR_ARG;
#if defined(__OPTIMIZE_SIZE__)
  /* one path for every call: every check, the sw backend or the claim, the operation */
  if (op == OP_CMAC) return claim_cmac(ctx, in, len, iv);
  return claim_run(ctx, op, mode, dir, iv, in, out, len);
#endif
  /* The backend is loaded before the argument tests, which hide the load's latency (a load's
   * value used by the next instruction stalls the core 3 cycles). */
  uint32_t b = (uint32_t)ctx->backend;
  __asm__("" : "+r"(b));
  if (__builtin_expect(validate(op, mode, dir, iv, in, out, len), 0))
    return refuse(ctx, op, mode, dir, iv, in, out, len);
  if (op != OP_START && b == CV_BACKEND_SW) return sw_op(ctx, mode, dir, iv, in, out, len);
  /* the engine is the context's: its key loaded, no background job holding the coupling */
  if (__builtin_expect(((ctx->id ^ aes_owner) | (uint32_t)(uintptr_t)aes_job_ctx) != 0, 0))
    return op == OP_CMAC ? claim_cmac(ctx, in, len, iv)
                         : claim_run(ctx, op, mode, dir, iv, in, out, len);
  return run(ctx, (cv_backend_t)b, op, mode, dir, iv, in, out, len);
}

cv_status_t cv_aes_ecb(cv_aes_ctx *ctx, cv_dir_t d, const uint8_t *in, uint8_t *out, size_t len) {
  return aes_call(ctx, OP_CIPHER, CV_AES_MODE_ECB, (uint32_t)d, NULL, in, out, len);
}

cv_status_t cv_aes_cbc(cv_aes_ctx *ctx, cv_dir_t d, uint8_t iv[16], const uint8_t *in,
                       uint8_t *out, size_t len) {
  return aes_call(ctx, OP_CIPHER, CV_AES_MODE_CBC, (uint32_t)d, iv, in, out, len);
}

cv_status_t cv_aes_cfb128(cv_aes_ctx *ctx, cv_dir_t d, uint8_t iv[16], const uint8_t *in,
                          uint8_t *out, size_t len) {
  return aes_call(ctx, OP_CIPHER, CV_AES_MODE_CFB128, (uint32_t)d, iv, in, out, len);
}

cv_status_t cv_aes_ofb(cv_aes_ctx *ctx, uint8_t iv[16], const uint8_t *in, uint8_t *out,
                       size_t len) {
  return aes_call(ctx, OP_CIPHER, CV_AES_MODE_OFB, 0, iv, in, out, len);
}

cv_status_t cv_aes_ctr(cv_aes_ctx *ctx, uint8_t ctr[16], const uint8_t *in, uint8_t *out,
                       size_t len) {
  return aes_call(ctx, OP_CIPHER, CV_AES_MODE_CTR, 0, ctr, in, out, len);
}

cv_status_t cv_aes_cmac(cv_aes_ctx *ctx, const uint8_t *msg, size_t len, uint8_t tag[16]) {
  return aes_call(ctx, OP_CMAC, MODE_CMAC, 0, tag, msg, NULL, len);
}

/* The asynchronous start: the same call, returning once the job is issued. Nothing is read
 * back from the hardware: the buffers' range and overlap are the DMA's own checks, made before
 * anything moves; a refused job ends at once and cv_aes_wait returns its error (CV_ERR_DMA),
 * with nothing written and the caller's IV unchanged. DEC is ignored by OFB and CTR, so dir
 * enters CFG as given. */
#if !defined(__OPTIMIZE_SIZE__)
/* One start per mode, the mode a constant in each (its tests fold away); the arguments as
 * cv_aes_start's, so that it passes them on unmoved. */
#define START_OF(m)                                                                          \
  static __attribute__((noipa)) int start_##m(cv_aes_ctx *ctx, unsigned mode, unsigned dir,    \
                                                 uint8_t *iv, const uint8_t *in, uint8_t *out, \
                                                 size_t len) {                               \
    (void)mode;                                                                              \
    return aes_call(ctx, OP_START, CV_AES_MODE_##m, dir, iv, in, out, len);                 \
  }
START_OF(ECB)
START_OF(CBC)
START_OF(CFB128)
START_OF(OFB)
START_OF(CTR)
#undef START_OF
#endif

#if !defined(__OPTIMIZE_SIZE__)
__attribute__((optimize("no-jump-tables"))) /* compares: an indirect jump costs more */
#endif
cv_status_t cv_aes_start(cv_aes_ctx *ctx, unsigned mode, unsigned dir, uint8_t iv[16],
                         const uint8_t *in, uint8_t *out, size_t len) {
#if !defined(__OPTIMIZE_SIZE__)
  if (__builtin_expect(mode == CV_AES_MODE_ECB, 1))
    return start_ECB(ctx, mode, dir, iv, in, out, len);
  if (mode == CV_AES_MODE_CTR) return start_CTR(ctx, mode, dir, iv, in, out, len);
  if (mode == CV_AES_MODE_CBC) return start_CBC(ctx, mode, dir, iv, in, out, len);
  if (mode == CV_AES_MODE_CFB128) return start_CFB128(ctx, mode, dir, iv, in, out, len);
  if (mode == CV_AES_MODE_OFB) return start_OFB(ctx, mode, dir, iv, in, out, len);
#endif
  return aes_call(ctx, OP_START, mode, dir, iv, in, out, len);
}

/* A hardware backend's zeroize clears the engine (of a SoC that has it), whatever the context:
 * a pending job stops, and when it is another context's, that context's wait returns
 * CV_ERR_ABORTED. */
void cv_aes_zeroize(cv_aes_ctx *ctx) {
  if (!ctx) return;
  if (ctx->backend != CV_BACKEND_SW && (unsigned)ctx->backend < CV_BACKEND_COUNT &&
      aes_job_ctx != AES_NO_ENGINE) {
    if (uses_cpi(ctx->backend)) CV_CPI_ZERO(AES);
    else cv_cpl_mmio_zeroize(CV_AES_BASE);
    if (aes_job_ctx) {
      (void)cv_dma_mmio_wait();  /* the job stops: the unit was zeroized under it */
      aes_job_ctx = NULL;
      aes_job.tail_len = 0;
      aes_job.tail_only = 0;
      aes_job.ran = 0;
    }
    aes_owner = AES_NO_OWNER;  /* the engine holds no key now */
  }
  cv_cpl_wipe(&ctx->sw, sizeof ctx->sw);
  ctx->key_bytes = 0;
  ctx->id = AES_NO_ID;
  ctx->chk = 0;
  ctx->job = 0;
}

int cv_aes_busy(const cv_aes_ctx *ctx) {
  (void)ctx;
  return aes_job_ctx && cv_dma_busy();
}

/* The background job's completion: its DMA status, then complete_slow as a blocking call
 * ends (a job that ran at its start: the IV or counter it left in the job's words). No other
 * AES hardware call ran since the start (claim refuses them), so the engine's IV is the job's. */
cv_status_t cv_aes_wait(cv_aes_ctx *ctx, uint8_t iv[16]) {
  if (!ctx) return CV_ERR_ARG;
  if (!aes_sealed(ctx)) return CV_ERR_NOKEY;
  if (aes_job_ctx != ctx) {  /* nothing pending for this context */
    if (ctx->job != ctx->id || ctx->id == AES_NO_ID) return CV_OK;
    ctx->job = 0;  /* its job started, and another context's zeroize ended it */
    return CV_ERR_ABORTED;
  }
  if (iv && cv_buf_wr_bad(iv, 16)) return CV_ERR_ARG;  /* the job stays pending */
  aes_job_ctx = NULL;
  ctx->job = 0;
  if (aes_job.ran) {
    aes_job.ran = 0;
    if (iv && aes_job_mode != CV_AES_MODE_ECB) memcpy(iv, aes_job.iv, 16);
    return CV_OK;
  }
  /* The completion reads the IV back a word at a time (IV_OUT): into the caller's IV when it is
   * word-aligned, else through a local one (also when the caller wants none). */
  uint32_t scratch[4];
  uint8_t *const v = iv && !((uintptr_t)iv & 3) ? iv : (uint8_t *)scratch;
  const uint32_t rem = aes_job.tail_len;
  const int tail_only = aes_job.tail_only;
  aes_job.tail_len = 0;
  aes_job.tail_only = 0;
  uint32_t s = 0;
  if (!tail_only) s = dma_wait(ctx->backend == CV_BACKEND_CPI_DMA);
  const int e = !rem ? complete_slow(ctx, s, aes_job_mode, 0, v, NULL, NULL, 0)
                     : complete_slow(ctx, s, aes_job_mode, aes_job.dir, v, aes_job.tail_in,
                                     aes_job.tail_out, rem);
  if (e == CV_OK && iv && v != iv && aes_job_mode != CV_AES_MODE_ECB) memcpy(iv, v, 16);
  return e;
}
