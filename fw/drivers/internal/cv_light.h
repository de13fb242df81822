// SPDX-License-Identifier: Apache-2.0
/* cv_light.h: what the lightweight engines' drivers (cv_prince.h, cv_present.h, cv_chacha.h,
 * cv_sha3.h) share on top of cv_cpl.h: the driver part of a context and its check word, key
 * ownership per engine, the 64-bit block path of PRINCE and PRESENT (ECB, CTR), DMA jobs with
 * error decoding.
 *
 * Key ownership: each engine holds one key. A context gets an id at init; the engine's owner is
 * the id whose key it holds, recorded with the key's configuration (cv_light_kcfg) when a
 * checked context loaded it. A call from the owner runs with that configuration; a call from
 * another context checks it (its check word, cv_seal) and reloads the key from the context's
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
_Static_assert(CV_LIGHT_DMA_ALIGN == 16, "the DMA paths check buffers with cv_dma_fits16");

/* Indexed by engine number (CV_ENGINE_*): the id whose key the engine holds, CV_LIGHT_NO_OWNER
 * for none (SHA-3: the id whose message it holds, 0 for none), and the CFG bits that go with
 * that key (cv_light_hw.kcfg of its owner). */
extern uint32_t cv_light_owner[6];
extern uint32_t cv_light_kcfg[6];
#define CV_LIGHT_NO_OWNER CV_CPL_NO_OWNER
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
/* The check word of a PRINCE, PRESENT or ChaCha context: its backend, id and key configuration,
 * and two more control words (the sw backend's: ChaCha's round count and layout; else 0). */
CV_CPL_INLINE uint32_t cv_light_seal(uint32_t magic, cv_backend_t b, const cv_light_hw *hw,
                                     uint32_t x, uint32_t y) {
  return cv_seal(magic, (uint32_t)b, hw->id, hw->kcfg, x, y);
}
/* Load hw's key (nwords words, CFG = hw->kcfg) through b's coupling (cpi for cpi/cpi-dma, mmio
 * for mmio/mmio-dma); on success the context owns the engine. CV_OK or CV_ERR_*. */
int cv_light_key(unsigned eng, cv_backend_t b, cv_light_hw *hw, unsigned nwords,
                 const int8_t *map);
/* The engine becomes the context's (its check word matched: its backend, id and key
 * configuration are its own): its key is in the engine (reloaded if another context used it),
 * else CV_ERR_NOKEY (zeroized since its init), CV_ERR_HW (no such engine in this SoC),
 * CV_ERR_BUSY (a DMA job runs) or the key load's error. */
int cv_light_claim(unsigned eng, cv_backend_t b, cv_light_hw *hw, unsigned nwords,
                   const int8_t *map);
/* An init's claim in two halves, so that a refused init changes nothing: cv_light_taken before
 * the context is written (1 when a DMA job runs, or, for a DMA backend, an AES background job
 * holds the DMA: CV_ERR_BUSY), cv_light_claim_new after it for the new id (CV_ERR_HW: no such
 * engine in this SoC; else the key into the engine through b's coupling, a stale unit error
 * cleared by one retry; on success the context owns the engine). */
CV_CPL_INLINE int cv_light_taken(cv_backend_t b);
int cv_light_claim_new(unsigned eng, cv_backend_t b, cv_light_hw *hw, unsigned nwords,
                       const int8_t *map);
/* A DMA job left running in the background (cv_aes_start) owns the coupling hub, which then
 * refuses every engine's data and commands: a custom-instruction RESULT after a refused block
 * would trap. So the job's start takes the key ownership of PRINCE, PRESENT and ChaCha away
 * (three stores): every call of theirs then goes through cv_light_claim, which answers
 * CV_ERR_BUSY while the DMA is busy and reloads the key once it is not. SHA-3 checks STATUS
 * before its words and answers the refusal as an error. */
CV_CPL_INLINE void cv_light_drop_owners(void) {
  cv_light_owner[CV_ENGINE_PRINCE] = CV_LIGHT_NO_OWNER;
  cv_light_owner[CV_ENGINE_PRESENT] = CV_LIGHT_NO_OWNER;
  cv_light_owner[CV_ENGINE_CHACHA] = CV_LIGHT_NO_OWNER;
}
/* The context of the AES background job (cv_aes_start until its cv_aes_wait or a zeroize; NULL:
 * none), CV_LIGHT_NO_AES in a SoC without the AES engine (cv_aes.c). The job holds the DMA until
 * its wait: its result is the DMA's STATUS, which another job would replace (a job the DMA
 * refused would then pass for done), so the other engines' calls that need the DMA answer
 * CV_ERR_BUSY meanwhile (cv_light_dma_held: cv_light_claim for a DMA backend, cv_light_dma,
 * SHA-3's one-call hash). The AES driver keeps the word (its aes_job_ctx); it is defined in
 * cv_light.c, so that a program without AES does not link the AES driver for it. */
struct cv_aes_ctx;
extern struct cv_aes_ctx *cv_aes_job;
#define CV_LIGHT_NO_AES ((struct cv_aes_ctx *)(uintptr_t)CV_AES_BASE)
/* Whose key the AES engine holds, for the two drivers that share it: the id of a cv_aes context,
 * CV_AES_OWNER_AEAD for a cv_aead context (cv_aead.c keeps which one), or CV_CPL_NO_OWNER. Each
 * driver reloads its key when the word is not its own. Defined here, like cv_aes_job, so that a
 * program with one of the two drivers does not link the other. */
extern uint32_t cv_aes_owner;
/* The AES engine's own error codes (STATUS.ERR_CODE 1..7) as API results: cv_aes and cv_aead. */
extern const int8_t cv_aes_errmap[8];
#define CV_AES_OWNER_AEAD 0xAEAD0C7Fu
CV_CPL_INLINE int cv_light_dma_held(void) {
  /* a context lies in data memory, below the engine windows: one compare for both tests */
  _Static_assert(CV_DMEM_BASE + CV_DMEM_SIZE <= CV_AES_BASE, "contexts below CV_LIGHT_NO_AES");
  return (uintptr_t)cv_aes_job - 1u < (uintptr_t)CV_LIGHT_NO_AES - 1u;
}
CV_CPL_INLINE int cv_light_taken(cv_backend_t b) {
  return cv_dma_busy() || (cv_light_is_dma(b) && cv_light_dma_held());
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

/* ------------------------------------------------------------------ 64-bit block engines */
/* PRINCE and PRESENT share one path for ECB and CTR (CTR in the unit: cfg's MODE bit,
 * coupling/rtl/cpl_ctr64.v; the 64-bit big-endian counter goes in as the IV, +1 per block mod
 * 2^64, a partial last block increments it once, and comes back from the unit). Every call is
 * three steps, one path per backend:
 *   validate  the arguments and the key owner in one branch (the API function); a context that
 *             holds the engine is trusted (it was checked when its key was loaded), any other
 *             call goes to the driver's slow path: every test in the documented order with the
 *             error named (cv_l64_check), the sw backend, the key claimed (cv_light_claim),
 *             then the API function again, which now finds the context the owner (cv_l64_check
 *             refuses everything the run refuses, so the run never sends it back);
 *   operate   cv_l64_run for the context's backend: cpi and mmio check the buffers' rules and
 *             send the whole blocks as one message (one block inline); cpi-dma and mmio-dma run
 *             one job (the DMA checks in and out before anything moves);
 *   complete  the counter read back from the unit (CTR).
 * The rare cases leave by a tail call: cv_l64_bounce for buffers the path cannot take as they
 * are (not word-aligned or not in data memory on cpi and mmio, a CTR partial last block there,
 * CTR buffers the DMA cannot take, an input in program memory on a DMA backend), which tests the
 * buffers' rules exactly (CV_ERR_ARG) and runs the blocks through a local copy on the backend's
 * cpi or mmio coupling; the driver's slow path for ECB buffers the DMA cannot take (it names the
 * error). */
enum { CV_L64_ECB, CV_L64_CTR };
/* cv_l64_check's answer for a valid call with nothing to do (len 0). */
#define CV_L64_EMPTY 1

/* The driver's slow path (cv_prince.c, cv_present.c), the run's way out for a call it refuses. */
typedef int (*cv_l64_slow_fn)(void *ctx, int op, unsigned dir, uint8_t *ctr, const uint8_t *in,
                              uint8_t *out, size_t len);

/* Every test of a call, in the order the API documents: CV_ERR_ARG (NULL, direction; the
 * buffers' rules, cv_cpl.h), CV_ERR_LENGTH (ECB not whole blocks), CV_ERR_NOKEY (the check word
 * against seal), CV_L64_EMPTY (len 0), CV_ERR_DMA (ECB on a DMA backend, in/out not aligned to
 * CV_LIGHT_DMA_ALIGN), else CV_OK. */
int cv_l64_check(cv_backend_t b, const cv_light_hw *hw, uint32_t seal, int op, unsigned dir,
                 const uint8_t *ctr, const uint8_t *in, const uint8_t *out, size_t len);
/* The slow path's tests and key (one copy for PRINCE and PRESENT): cv_l64_check, then for a
 * hardware context the key claimed (cv_light_claim, nwords 4). The driver's answer: an error,
 * CV_L64_EMPTY (CV_OK, nothing to do), CV_L64_SW (run the software library), CV_L64_AGAIN (the
 * context now holds the engine: the call again). */
#define CV_L64_SW 2
#define CV_L64_AGAIN 3
int cv_l64_prep(unsigned eng, cv_backend_t b, cv_light_hw *hw, uint32_t seal, int op,
                unsigned dir, const uint8_t *ctr, const uint8_t *in, const uint8_t *out,
                size_t len, const int8_t *map);
/* A call of the owner that its path cannot take as the buffers are (above): CV_OK or the error. */
int cv_l64_bounce(unsigned eng, cv_backend_t b, uint32_t cfg, uint8_t *ctr, const uint8_t *in,
                  uint8_t *out, size_t len, const int8_t *map);
/* n >= 1 whole blocks on cpi or mmio (the coupling of b), word-aligned buffers, key owned. */
int cv_l64_pio(unsigned eng, cv_backend_t b, uint32_t cfg, const uint32_t *in, uint32_t *out,
               size_t n, const int8_t *map);

/* One 8-byte block on the cpi path, key owned, word-aligned buffers (t constant). */
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

/* The counter (two words) into the unit before a CTR message and back after it, through the
 * coupling cpi of engine t (constant). */
#define CV_L64_IV(cpi, t, base, c, load) do {                                   \
    if (load) {                                                                 \
      if (cpi) cv_cpl_cpi_iv_load(t, c, 2);                                     \
      else cv_cpl_mmio_iv_load(base, c, 2);                                     \
    } else {                                                                    \
      if (cpi) cv_cpl_cpi_iv_read(t, c, 2);                                     \
      else cv_cpl_mmio_iv_read(base, c, 2);                                     \
    }                                                                           \
  } while (0)

/* The whole blocks of a call on cpi or mmio (cpi a constant), key owned, buffers checked and
 * word-aligned, len a non-zero multiple of 8: the counter in (CTR), one block inline or the
 * message through cv_l64_pio, the counter back. */
CV_CPL_INLINE int cv_l64_pio_run(unsigned t, uint32_t base, int cpi, int ctr_mode, uint32_t cfg,
                                 uint8_t *ctr, const uint8_t *in, uint8_t *out, size_t len,
                                 const int8_t *map) {
  const cv_backend_t p = cpi ? CV_BACKEND_CPI : CV_BACKEND_MMIO;
  uint32_t *c = (uint32_t *)(void *)ctr;
  int st = CV_OK;
  if (ctr_mode) CV_L64_IV(cpi, t, base, c, 1);
  if (len == 8) {
    if (cpi) {
      CV_L64_CPI_BLOCK(t, cfg, in, out);
    } else {
      const uint32_t s = cv_l64_mmio_block(base, cfg, in, out);
      if (__builtin_expect(s != 0, 0)) return cv_light_hw_fail(t, p, s, map);
    }
  } else {
    st = cv_l64_pio(t, p, cfg, (const uint32_t *)(const void *)in, (uint32_t *)(void *)out,
                    len >> 3, map);
  }
  if (ctr_mode && st == CV_OK) CV_L64_IV(cpi, t, base, c, 0);
  return st;
}

/* One DMA job for the call through b (cpi-dma or mmio-dma, cpi a constant), key owned, the
 * DMA idle: the counter in (CTR), the job, the counter back; a job that did not end clean goes
 * to cv_light_dma_fail (a refusal of buffers that break the rules is CV_ERR_ARG). */
CV_CPL_INLINE int cv_l64_dma_run(unsigned t, uint32_t base, int cpi, int ctr_mode, uint32_t cfg,
                                 uint8_t *ctr, const uint8_t *in, uint8_t *out, size_t len,
                                 const int8_t *map) {
  const cv_backend_t b = cpi ? CV_BACKEND_CPI_DMA : CV_BACKEND_MMIO_DMA;
  uint32_t *c = (uint32_t *)(void *)ctr;
  if (ctr_mode) CV_L64_IV(cpi, t, base, c, 1);
  const uint32_t s = cv_light_dma_job(t, b, cfg, in, out, len, 0);
  if (__builtin_expect(!cv_dma_status_clean(s), 0) && !cv_dma_status_ok(s))
    return cv_light_dma_fail(t, s, map);
  if (ctr_mode) CV_L64_IV(cpi, t, base, c, 0);
  return CV_OK;
}

/* The call of the owner of engine eng on a DMA backend b, out of line (size-optimised builds:
 * one copy for both engines and every call; cv_l64_run's own in the others): ECB needs in/out
 * aligned to CV_LIGHT_DMA_ALIGN (else CV_ERR_ARG for buffers that break the rules, CV_ERR_DMA);
 * CTR takes any buffers (those the DMA cannot take, tested before, not left to a refusal that
 * would leave the DMA's STATUS.ERR set, go through cv_l64_bounce) and a counter word-aligned in
 * data memory; an input in program memory, which the DMA cannot read, goes through
 * cv_l64_bounce; another job running is CV_ERR_BUSY, nothing issued. Then the counter in (CTR),
 * one job, the counter back; a job that did not end clean goes to cv_light_dma_fail (a refusal
 * of buffers that break the rules is CV_ERR_ARG). */
int cv_l64_dma(unsigned eng, cv_backend_t b, int op, uint32_t cfg, uint8_t *ctr,
               const uint8_t *in, uint8_t *out, size_t len, const int8_t *map);

/* The operation of a validated call (len > 0; ECB whole blocks, a direction of 0 or 1; CTR a
 * counter) whose context holds engine t (a constant), on backend b: cfg is the key's
 * configuration with the direction. Any b but the four hardware backends (a context changed
 * since it loaded the key) goes back to slow, which names the error. In size-optimised builds
 * (the console) cpi and mmio take cv_l64_bounce for every call: one copy of the path. */
CV_CPL_INLINE int cv_l64_run(unsigned t, uint32_t base, cv_backend_t b, int op, uint32_t cfg,
                             uint8_t *ctr, const uint8_t *in, uint8_t *out, size_t len,
                             const int8_t *map, cv_l64_slow_fn slow, void *ctx, unsigned dir) {
  const int ctr_mode = op == CV_L64_CTR;
  _Static_assert(CV_PRINCE_CFG_MODE_MASK == CV_PRESENT_CFG_MODE_MASK, "one CTR bit for both");
  if (ctr_mode) cfg |= CV_PRINCE_CFG_MODE_MASK;  /* the unit enciphers the counter, XORs */
  if (__builtin_expect((unsigned)b - CV_BACKEND_MMIO <= CV_BACKEND_CPI - CV_BACKEND_MMIO, 1)) {
#if defined(__OPTIMIZE_SIZE__)
    (void)base;
    return cv_l64_bounce(t, b, cfg, ctr, in, out, len, map);
#else
    /* cpi, mmio: whole blocks straight between word-aligned buffers in data memory, the same or
     * apart (a counter there too); anything else through cv_l64_bounce, which tests the
     * buffers' rules exactly (an input in program memory is fine) */
    const uint32_t odd =
        cv_buf_io_dmem_bad(in, out, len) |
        (uint32_t)(((uintptr_t)in | (uintptr_t)out | (ctr_mode ? (uintptr_t)ctr : 0)) & 3u) |
        (ctr_mode ? ((uint32_t)len & 7u) | cv_buf_wr_bad(ctr, 8) : 0u);
    if (__builtin_expect(odd != 0, 0)) return cv_l64_bounce(t, b, cfg, ctr, in, out, len, map);
    if (__builtin_expect(b == CV_BACKEND_CPI, 1))
      return cv_l64_pio_run(t, base, 1, ctr_mode, cfg, ctr, in, out, len, map);
    return cv_l64_pio_run(t, base, 0, ctr_mode, cfg, ctr, in, out, len, map);
#endif
  }
  if (__builtin_expect(cv_light_is_dma(b), 1)) {
#if defined(__OPTIMIZE_SIZE__)
    return cv_l64_dma(t, b, op, cfg, ctr, in, out, len, map);
#else
    /* the tests of cv_l64_dma, inline */
    if (ctr_mode) {
      if (__builtin_expect(((uintptr_t)ctr & 3u) | cv_buf_wr_bad(ctr, 8) |
                               !cv_dma_fits16(in, out, len), 0))
        return cv_l64_bounce(t, b, cfg, ctr, in, out, len, map);
    } else if (__builtin_expect(((uintptr_t)in | (uintptr_t)out) & (CV_LIGHT_DMA_ALIGN - 1u), 0)) {
      return slow(ctx, op, dir, ctr, in, out, len);
    }
    if (__builtin_expect(cv_buf_in_prog(in), 0))
      return cv_l64_bounce(t, b, cfg, ctr, in, out, len, map);
    if (__builtin_expect(cv_dma_busy(), 0)) return CV_ERR_BUSY;
    if (__builtin_expect(b == CV_BACKEND_CPI_DMA, 1))
      return cv_l64_dma_run(t, base, 1, ctr_mode, cfg, ctr, in, out, len, map);
    return cv_l64_dma_run(t, base, 0, ctr_mode, cfg, ctr, in, out, len, map);
#endif
  }
  return slow(ctx, op, dir, ctr, in, out, len);
}

/* The validation of the API function: 0 when the call goes on its owner's path (the arguments
 * valid, len > 0, the context the engine's key owner), in one value that one branch tests (as
 * separate tests GCC lays some out as backward branches, which this core predicts taken). */
CV_CPL_INLINE uint32_t cv_l64_pass(unsigned t, const cv_light_hw *hw, int op, unsigned dir,
                                   const uint8_t *ctr, const uint8_t *in, const uint8_t *out,
                                   size_t len) {
  uint32_t bad = (hw->id ^ cv_light_owner[t]) | (uint32_t)(len == 0) | (uint32_t)(in == NULL) |
                 (uint32_t)(out == NULL);
  if (op == CV_L64_ECB) bad |= ((uint32_t)len & 7u) | (dir >> 1);
  else bad |= (uint32_t)(ctr == NULL);
  return bad;
}

#endif /* CV_LIGHT_H */
