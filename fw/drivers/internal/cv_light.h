// SPDX-License-Identifier: Apache-2.0
/* cv_light.h: what the lightweight engines' drivers (cv_prince.h, cv_present.h, cv_chacha.h,
 * cv_sha3.h) share on top of cv_cpl.h: the hardware part of a context, key ownership per engine,
 * the 64-bit block path of PRINCE and PRESENT (ECB, CTR), DMA jobs with error decoding.
 *
 * Key ownership: each engine holds one key. A context gets an id at init; the engine's owner is
 * the id whose key it holds. A call from another context reloads the key from the context's
 * copy (hw->kw) through the context's own coupling. A zeroize (the API's, or a failed DMA job
 * that wiped the engine) invalidates every context initialised before: they return
 * CV_ERR_NOKEY until initialised again.
 *
 * Not an application API (the drivers' headers in fw/drivers/include are): a program that
 * reaches below the API adds fw/drivers/internal to its include path itself. */
#ifndef CV_LIGHT_H
#define CV_LIGHT_H

#include <stddef.h>
#include <stdint.h>

#include "cv_backend.h"
#include "cv_cpl.h"
#include "cv_status.h"

/* Per-word/per-block helpers: inlined for speed, out of line in size-optimised builds (-Os,
 * e.g. the console, which must fit the 64 KiB program memory). */
#if defined(__OPTIMIZE_SIZE__)
#define CV_LIGHT_HOT static __attribute__((noinline))
#else
#define CV_LIGHT_HOT static inline
#endif

/* DMA buffers: aligned to 16 (both DMA port widths), inside data memory. */
#define CV_LIGHT_DMA_ALIGN CV_DMA_ALIGN
_Static_assert(CV_LIGHT_DMA_ALIGN == 16, "the fast paths check buffers with cv_dma_fits16");

/* Indexed by engine number (CV_ENGINE_*): the id whose key (SHA-3: whose message) the engine
 * holds, 0 for none. */
extern uint32_t cv_light_owner[6];
/* SHA-3's owner in a SoC without the SHA-3 engine (never a context id). */
#define CV_LIGHT_NO_ENGINE 0xFFFFFFFFu
/* 1 when engine eng is not in this SoC build (found at start-up with cv_cpl_engine_present). */
int cv_light_absent(unsigned eng);

CV_CPL_INLINE int cv_light_is_dma(cv_backend_t b) {
  return b == CV_BACKEND_CPI_DMA || b == CV_BACKEND_MMIO_DMA;
}
CV_CPL_INLINE int cv_light_uses_cpi(cv_backend_t b) {
  return b == CV_BACKEND_CPI || b == CV_BACKEND_CPI_DMA;
}
CV_CPL_INLINE uint32_t cv_light_base(unsigned eng) {
  return eng == CV_ENGINE_PRINCE    ? CV_PRINCE_BASE
         : eng == CV_ENGINE_PRESENT ? CV_PRESENT_BASE
         : eng == CV_ENGINE_CHACHA  ? CV_CHACHA_BASE
                                    : CV_SHA3_BASE;
}

/* A new id for a context of engine eng (the engine is not touched). */
uint32_t cv_light_new_id(unsigned eng);
/* Load hw's key (nwords words, CFG = hw->kcfg) through b's coupling (cpi for cpi/cpi-dma, mmio
 * for mmio/mmio-dma); on success the context owns the engine. CV_OK or CV_ERR_*. */
int cv_light_key(unsigned eng, cv_backend_t b, cv_light_hw *hw, unsigned nwords,
                 const int8_t *map);
/* The context's key is in the engine (reloaded if another context used it), else
 * CV_ERR_NOKEY (zeroized since its init), CV_ERR_HW (no such engine in this SoC) or the key
 * load's error. */
int cv_light_reclaim(unsigned eng, cv_backend_t b, cv_light_hw *hw, unsigned nwords,
                     const int8_t *map);
CV_CPL_INLINE int cv_light_own(unsigned eng, cv_backend_t b, cv_light_hw *hw, unsigned nwords,
                               const int8_t *map) {
  if (hw->id == cv_light_owner[eng]) return CV_OK;
  return cv_light_reclaim(eng, b, hw, nwords, map);
}
/* A DMA job left running in the background (cv_aes_start) owns the coupling hub, which then
 * refuses every engine's data and commands: a custom-instruction RESULT after a refused block
 * would trap. So the job's start takes the key ownership of PRINCE, PRESENT and ChaCha away
 * (three stores): every call of theirs then goes through cv_light_reclaim, which answers
 * CV_ERR_BUSY while the DMA is busy and reloads the key once it is not. SHA-3 checks STATUS
 * before its words and answers the refusal as an error. */
CV_CPL_INLINE void cv_light_drop_owners(void) {
  cv_light_owner[CV_ENGINE_PRINCE] = 0;
  cv_light_owner[CV_ENGINE_PRESENT] = 0;
  cv_light_owner[CV_ENGINE_CHACHA] = 0;
}
/* ZEROIZE the engine through b's coupling; every context of eng initialised so far loses its
 * key. Only for an engine the SoC has (cv_light_absent). */
void cv_light_zeroize(unsigned eng, cv_backend_t b);
/* An engine error in the middle of a message (STATUS s): zeroize, forget the key, map. */
int cv_light_hw_fail(unsigned eng, cv_backend_t b, uint32_t s, const int8_t *map);
/* Run one job on eng through b (cpi-dma or mmio-dma) and wait; CV_OK, CV_ERR_BUSY when the DMA
 * already runs a job (nothing issued), or the decoded error (the engine's key is forgotten when
 * the failed job wiped it). */
int cv_light_dma(unsigned eng, cv_backend_t b, uint32_t cfg, const void *in, void *out,
                 size_t len, size_t outlen, const int8_t *map);
/* The error of a job whose STATUS s was not ok (cv_dma_status_ok), as cv_light_dma returns it. */
int cv_light_dma_fail(unsigned eng, uint32_t s, const int8_t *map);

/* Issue one job on eng through b (cpi-dma or mmio-dma; the DMA idle), without waiting: the
 * caller may work while the job runs, then cv_light_dma_wait. */
CV_CPL_INLINE void cv_light_dma_issue(unsigned eng, cv_backend_t b, uint32_t cfg, const void *in,
                                      void *out, size_t len, size_t outlen) {
  if (__builtin_expect(b == CV_BACKEND_CPI_DMA, 1))
    cv_dma_cpi_start(eng, cfg, (uintptr_t)in, (uintptr_t)out, (uint32_t)len, (uint32_t)outlen);
  else
    cv_dma_mmio_start(eng, cfg, (uintptr_t)in, (uintptr_t)out, (uint32_t)len, (uint32_t)outlen);
}
/* Wait for the job issued through b: the DMA STATUS (0xFFFFFFFF at the poll limit). */
CV_CPL_INLINE uint32_t cv_light_dma_wait(cv_backend_t b) {
  return __builtin_expect(b == CV_BACKEND_CPI_DMA, 1) ? cv_dma_cpi_wait() : cv_dma_mmio_wait();
}
/* Issue one job and wait: the DMA STATUS. cpi-dma is laid out as the fall-through in both
 * (the single-call figures are taken there; mmio-dma pays the taken branch, 3 cycles). */
CV_CPL_INLINE uint32_t cv_light_dma_job(unsigned eng, cv_backend_t b, uint32_t cfg,
                                        const void *in, void *out, size_t len, size_t outlen) {
  cv_light_dma_issue(eng, b, cfg, in, out, len, outlen);
  return cv_light_dma_wait(b);
}

/* The DMA fast path of the drivers (not in size-optimised builds): one job straight from the
 * call, the buffers' range and overlap left to the DMA's own checks, made before anything
 * moves. Evaluates to 1 when the call is done (*st = CV_OK or the job's error), 0 when the DMA
 * refused the buffers: the caller's general path then checks them and names the error (the
 * refusal also leaves the DMA's STATUS.ERR/IS.ERR set, as for AES). The caller checked the key
 * ownership, the alignment to CV_LIGHT_DMA_ALIGN, the length and that the DMA is idle. */
#define CV_LIGHT_DMA_FAST(eng, b, cfg, in, out, len, outlen, st, map) __extension__({       \
    int done_ = 1;                                                                       \
    uint32_t s_ = cv_light_dma_job(eng, b, cfg, in, out, len, outlen);                   \
    if (__builtin_expect(cv_dma_status_clean(s_), 1)) *(st) = CV_OK;                     \
    else if (cv_dma_status_ok(s_)) *(st) = CV_OK;                                        \
    else if (cv_dma_refused(s_)) done_ = 0;                                              \
    else *(st) = cv_light_dma_fail(eng, s_, map);                                        \
    done_; })

/* The context's key copy: key_len (<= 32) bytes of key, zeros after them. */
void cv_light_set_key(cv_light_hw *hw, const uint8_t *key, size_t key_len);

/* mmio: one message of n blocks of bw words (2 or 16) with cfg, word-aligned buffers; block
 * i+1 waits in the unit while block i computes. keystream != 0: only the final DIN word is
 * written (the engine ignores the input). take_late != 0: the engine takes a block only once
 * it has computed for it (ChaCha: its keystream block), so block 1 is written after IN_READY
 * (the unit drops input written while a block waits: OVERRUN). Returns 0 or the failing
 * STATUS. */
uint32_t cv_light_mmio_msg(uint32_t base, uint32_t cfg, const uint32_t *in, uint32_t *out,
                           size_t n, unsigned bw, int keystream, int take_late);
/* The same for 16-word blocks taken late (ChaCha), compiled for that block size; the general
 * function in size-optimised builds. */
#if defined(__OPTIMIZE_SIZE__)
#define cv_light_mmio_msg16(base, cfg, in, out, n, keystream) \
  cv_light_mmio_msg(base, cfg, in, out, n, 16, keystream, 1)
#else
uint32_t cv_light_mmio_msg16(uint32_t base, uint32_t cfg, const uint32_t *in, uint32_t *out,
                             size_t n, int keystream);
#endif

/* 64-bit block engines (PRINCE, PRESENT): nblk whole blocks of ECB with cfg (direction and key
 * size), any alignment on sw-less backends except the DMA ones (checked: CV_ERR_DMA). */
int cv_l64_ecb(unsigned eng, cv_backend_t b, cv_light_hw *hw, uint32_t cfg, const uint8_t *in,
               uint8_t *out, size_t nblk, const int8_t *map);
/* n >= 1 whole blocks of ECB on cpi or mmio, word-aligned buffers, key owned. */
int cv_l64_pio(unsigned eng, cv_backend_t b, uint32_t cfg, const uint32_t *in, uint32_t *out,
               size_t n, const int8_t *map);
/* CTR in the unit (CFG.MODE = 1, coupling/rtl/cpl_ctr64.v: 64-bit big-endian counter loaded
 * as the IV, +1 per block mod 2^64, a partial last block increments it once), any length, any
 * buffers: one DMA job over the caller's buffers where they suit the DMA, else (and on cpi and
 * mmio) the blocks through the backend's cpi or mmio path, a partial last one padded in a local
 * copy. */
int cv_l64_ctr(unsigned eng, cv_backend_t b, cv_light_hw *hw, uint32_t cfg, uint8_t ctr[8],
               const uint8_t *in, uint8_t *out, size_t len, const int8_t *map);

/* One 8-byte block on the cpi path, key owned, word-aligned buffers (t constant): the fast
 * single-block path of cv_prince_ecb / cv_present_ecb. */
#define CV_L64_CPI_BLOCK(t, cfg, in, out) do {                                   \
    const uint32_t *i_ = (const uint32_t *)(const void *)(in);                  \
    uint32_t *o_ = (uint32_t *)(void *)(out);                                   \
    uint32_t a_ = i_[0], b_ = i_[1];                                            \
    CV_CPI_START(t, cfg);                                                       \
    CV_CPI_DATAL(t, a_, b_);                                                    \
    uint32_t r0_ = CV_CPI_RESULT(t);                                            \
    uint32_t r1_ = CV_CPI_RESULT(t);                                            \
    o_[0] = r0_;                                                                \
    o_[1] = r1_;                                                                \
  } while (0)

/* One 8-byte block on the mmio path, key owned, word-aligned buffers: CFG, START, DIN[0],
 * DINL[1], poll OUT_VALID, DOUT[0..1]. Returns 0, or the STATUS that showed an error. */
CV_CPL_INLINE uint32_t cv_l64_mmio_block(uint32_t base, uint32_t cfg, const uint8_t *in,
                                         uint8_t *out) {
  volatile uint32_t *r = (volatile uint32_t *)(uintptr_t)base;
  const uint32_t *i = (const uint32_t *)(const void *)in;
  uint32_t *o = (uint32_t *)(void *)out;
  uint32_t a = i[0], b = i[1], s, n = CV_CPL_POLL_LIMIT;
  r[CV_CPL_CFG_OFFSET / 4] = cfg;
  r[CV_CPL_CTRL_OFFSET / 4] = CV_CPL_CTRL_START_MASK;
  r[CV_CPL_DIN_OFFSET / 4] = a;
  r[CV_CPL_DINL_OFFSET / 4 + 1] = b;
  do {
    s = r[CV_CPL_STATUS_OFFSET / 4];
    if (__builtin_expect((s & (CV_CPL_STATUS_OUT_VALID_MASK | CV_CPL_STATUS_ERR_MASK)) ==
                             CV_CPL_STATUS_OUT_VALID_MASK, 1)) {
      a = r[CV_CPL_DOUT_OFFSET / 4];
      b = r[CV_CPL_DOUT_OFFSET / 4 + 1];
      o[0] = a;
      o[1] = b;
      return 0;
    }
  } while (!(s & CV_CPL_STATUS_ERR_MASK) && --n);
  return n ? s : 0xFFFFFFFFu;
}

/* The multi-block cases of CV_L64_FAST, not in size-optimised builds (0 there). Both need the
 * key owned (own == 0) and len a non-zero multiple of 8; each evaluates to 1 when it handled
 * the call (*st set).
 *   CV_L64_PIO_TRY  cpi or mmio, word-aligned buffers: straight to cv_l64_pio (cv_l64_ecb's
 *                   checks and frame skipped).
 *   CV_L64_DMA_TRY  a DMA backend, 16-byte aligned buffers, the DMA idle: one job from the call
 *                   (CV_LIGHT_DMA_FAST; 0 when the DMA refused the buffers). */
#if defined(__OPTIMIZE_SIZE__)
#define CV_L64_DMA_TRY(t, b, cfg, own, io, dir, len, in, out, st, map) ((void)(own), (void)(io), 0)
#define CV_L64_PIO_TRY(t, b, cfg, own, io, dir, len, in, out, st, map) 0
#else
/* Each macro gathers its conditions without branches and tests them once: as separate tests,
 * GCC lays the exits to the general path backwards, where this core predicts a branch taken,
 * and each would cost a 3-cycle redirect on every multi-block cpi/mmio call. */
#define CV_L64_PIO_TRY(t, b, cfg, own, io, dir, len, in, out, st, map)                         \
  ((unsigned)(b) - CV_BACKEND_MMIO <= CV_BACKEND_CPI - CV_BACKEND_MMIO &&                   \
   __builtin_expect(((own) | ((io) & 3u) | ((uint32_t)(len) & 7u) | ((unsigned)(dir) >> 1) | \
                     (uint32_t)((len) == 0) | (uint32_t)((in) == NULL) |                   \
                     (uint32_t)((out) == NULL)) == 0, 1) &&                                \
   (*(st) = cv_l64_pio(t, b, cfg, (const uint32_t *)(const void *)(in),                    \
                       (uint32_t *)(void *)(out), (size_t)(len) >> 3, map), 1))
#define CV_L64_DMA_TRY(t, b, cfg, own, io, dir, len, in, out, st, map)                         \
  (__builtin_expect(((own) | ((io) & (CV_LIGHT_DMA_ALIGN - 1u)) | ((uint32_t)(len) & 7u) |  \
                     ((unsigned)(dir) >> 1) | (uint32_t)((len) == 0)) == 0, 1) &&          \
   __builtin_expect(!cv_dma_busy(), 1) && CV_LIGHT_DMA_FAST(t, b, cfg, in, out, len, 0, st, map))
#endif

/* The fast path of cv_prince_ecb / cv_present_ecb (t the engine, a constant), key owned: one
 * 8-byte block with word-aligned buffers on cpi or mmio inline, whole blocks on the DMA
 * backends (CV_L64_DMA_TRY) or on cpi/mmio (CV_L64_PIO_TRY). Evaluates to 1 when it handled the
 * call (status in *st), 0 when the general path must. One branch decides the cpi case, laid out
 * as the fall-through (a taken forward branch costs 3 cycles on this core). */
#define CV_L64_FAST(t, base, ctx, cfg, dir, in, out, len, st, map) __extension__({          \
    int done_ = 0;                                                                       \
    const uint32_t own_ = (ctx)->hw.id ^ cv_light_owner[t];                              \
    const uintptr_t io_ = (uintptr_t)(in) | (uintptr_t)(out);                            \
    const cv_backend_t b_ = (ctx)->backend;                                              \
    uint32_t bad_ = ((uint32_t)(len) ^ 8u) | own_ | (io_ & 3u) | ((unsigned)(dir) >> 1) |  \
                    ((in) == NULL) | ((out) == NULL);                                    \
    if (__builtin_expect(bad_ == 0, 1) && __builtin_expect(b_ == CV_BACKEND_CPI, 1)) {   \
      CV_L64_CPI_BLOCK(t, cfg, in, out);                                                 \
      *(st) = CV_OK;                                                                     \
      done_ = 1;                                                                         \
    } else if (bad_ == 0 && b_ == CV_BACKEND_MMIO) {                                     \
      uint32_t s_ = cv_l64_mmio_block(base, cfg, in, out);                               \
      *(st) = s_ ? cv_light_hw_fail(t, CV_BACKEND_MMIO, s_, map) : CV_OK;                \
      done_ = 1;                                                                         \
    } else if (cv_light_is_dma(b_)) {                                                    \
      done_ = CV_L64_DMA_TRY(t, b_, cfg, own_, io_, dir, len, in, out, st, map);         \
    } else {                                                                             \
      done_ = CV_L64_PIO_TRY(t, b_, cfg, own_, io_, dir, len, in, out, st, map);         \
    }                                                                                    \
    done_; })

/* The fast path of cv_prince_ctr / cv_present_ctr (t the engine, a constant; cfg the key size),
 * not in size-optimised builds (0 there): key owned, counter word-aligned, len != 0. The counter
 * goes in as the unit's IV and comes back from it (the next block's counter) around the blocks:
 * on cpi and mmio whole blocks from word-aligned buffers (one 8-byte block inline, more through
 * cv_l64_pio), on the DMA backends one job over buffers of any length that the DMA takes (the
 * DMA idle; checked before, not left to the DMA's refusal: the general path sends other buffers
 * through cpi or mmio, and a refusal would leave the DMA's STATUS.ERR set on a call that
 * succeeds). Evaluates to 1 when it handled the call (*st set); the counter is written back
 * only on success, as cv_l64_ctr does. */
#if defined(__OPTIMIZE_SIZE__)
#define CV_L64_CTR_FAST(t, base, ctx, cfg, ctr, in, out, len, st, map) 0
#else
#define CV_L64_CTR_FAST(t, base, ctx, cfg, ctr, in, out, len, st, map) __extension__({     \
    int done_ = 0;                                                                       \
    const cv_backend_t b_ = (ctx)->backend;                                              \
    uint32_t *c_ = (uint32_t *)(void *)(ctr);                                            \
    const uintptr_t io_ = (uintptr_t)(in) | (uintptr_t)(out);                            \
    const uint32_t ccfg_ = (cfg) | CV_PRINCE_CFG_MODE_MASK;                              \
    const uint32_t bad_ = ((ctx)->hw.id ^ cv_light_owner[t]) | ((uintptr_t)c_ & 3u) |    \
                          ((in) == NULL) | ((out) == NULL) | ((len) == 0);               \
    const uint32_t pio_ = bad_ | (io_ & 3u) | ((uint32_t)(len) & 7u);                    \
    if (__builtin_expect(pio_ == 0, 1) && __builtin_expect(b_ == CV_BACKEND_CPI, 1)) {   \
      cv_cpl_cpi_iv_load(t, c_, 2);                                                      \
      if ((len) == 8) {                                                                  \
        CV_L64_CPI_BLOCK(t, ccfg_, in, out);                                             \
        *(st) = CV_OK;                                                                   \
      } else {                                                                           \
        *(st) = cv_l64_pio(t, b_, ccfg_, (const uint32_t *)(const void *)(in),           \
                           (uint32_t *)(void *)(out), (size_t)(len) >> 3, map);          \
      }                                                                                  \
      cv_cpl_cpi_iv_read(t, c_, 2);                                                      \
      done_ = 1;                                                                         \
    } else if (pio_ == 0 && b_ == CV_BACKEND_MMIO) {                                     \
      cv_cpl_mmio_iv_load(base, c_, 2);                                                  \
      if ((len) == 8) {                                                                  \
        uint32_t s_ = cv_l64_mmio_block(base, ccfg_, in, out);                           \
        *(st) = s_ ? cv_light_hw_fail(t, b_, s_, map) : CV_OK;                           \
      } else {                                                                           \
        *(st) = cv_l64_pio(t, b_, ccfg_, (const uint32_t *)(const void *)(in),           \
                           (uint32_t *)(void *)(out), (size_t)(len) >> 3, map);          \
      }                                                                                  \
      if (*(st) == CV_OK) cv_cpl_mmio_iv_read(base, c_, 2);                              \
      done_ = 1;                                                                         \
    } else if (!bad_ && cv_light_is_dma(b_) && cv_dma_fits16(in, out, len) &&            \
               !cv_dma_busy()) {                                                         \
      if (b_ == CV_BACKEND_CPI_DMA) cv_cpl_cpi_iv_load(t, c_, 2);                        \
      else cv_cpl_mmio_iv_load(base, c_, 2);                                             \
      done_ = CV_LIGHT_DMA_FAST(t, b_, ccfg_, in, out, len, 0, st, map);                 \
      if (done_ && *(st) == CV_OK) {                                                     \
        if (b_ == CV_BACKEND_CPI_DMA) cv_cpl_cpi_iv_read(t, c_, 2);                      \
        else cv_cpl_mmio_iv_read(base, c_, 2);                                           \
      }                                                                                  \
    }                                                                                    \
    done_; })
#endif

#endif /* CV_LIGHT_H */
