// SPDX-License-Identifier: Apache-2.0
/* cv_light.c: the layer shared by the lightweight engines' drivers (cv_light.h): key ownership,
 * key loads, zeroize, DMA jobs, the mmio message loop and the 64-bit block path (ECB, CTR) of
 * PRINCE and PRESENT on every hardware backend. The custom instructions encode the engine in the
 * instruction, so the cpi paths switch once per call on the engine number. */
#include <string.h>

#include "cv_light.h"

/* Short copy loops stay loops: a call to memcpy costs more than 2-word copies. */
#pragma GCC optimize("no-tree-loop-distribute-patterns")

/* No key in PRINCE, PRESENT and ChaCha (CV_LIGHT_NO_OWNER, which no context id equals), no
 * message in SHA-3 (0). */
uint32_t cv_light_owner[6] = {0, 0, CV_LIGHT_NO_OWNER, CV_LIGHT_NO_OWNER, CV_LIGHT_NO_OWNER, 0};
uint32_t cv_light_kcfg[6];
struct cv_aes_ctx *cv_aes_job;
uint32_t cv_aes_owner = CV_CPL_NO_OWNER;
/* The AES engine's own error codes (STATUS.ERR_CODE 1..7) as API results, for cv_aes and
 * cv_aead (defined here for the reason cv_aes_owner is). */
const int8_t cv_aes_errmap[8] = {
    [CV_AES_STATUS_ERR_CODE_KEY_SIZE] = CV_ERR_KEYLEN,
    [CV_AES_STATUS_ERR_CODE_MODE] = CV_ERR_MODE,
    [CV_AES_STATUS_ERR_CODE_CMAC_KIND] = CV_ERR_MODE,
    [CV_AES_STATUS_ERR_CODE_START_BUSY] = CV_ERR_BUSY,
    [CV_AES_STATUS_ERR_CODE_WRITE_BUSY] = CV_ERR_BUSY,
    [CV_AES_STATUS_ERR_CODE_NO_KEY] = CV_ERR_NOKEY,
    [CV_AES_STATUS_ERR_CODE_KEY_MISMATCH] = CV_ERR_KEYLEN,
};
static uint32_t light_ids;             /* last id handed out (all engines) */
static uint32_t light_valid_from[6];   /* ids below lost their key (zeroize) */
#define LIGHT_NO_ENGINE 0xFFFFFFFFu    /* light_valid_from of an engine not built */

/* An engine the SoC build leaves out answers its window with a bus error and traps its custom
 * instructions. The probe at start-up marks it where the drivers already branch: its
 * light_valid_from refuses every context id (cv_light_claim, the key load of every init), and
 * SHA-3's owner is never 0 (every message start drops "another context's message" first), so
 * those cold branches answer CV_ERR_HW before any access, and calls on a built engine pay
 * nothing for the check. */
__attribute__((constructor)) static void light_probe(void) {
  for (unsigned eng = CV_ENGINE_PRINCE; eng <= CV_ENGINE_SHA3; eng++) {
    if (cv_cpl_engine_present(eng)) continue;
    light_valid_from[eng] = LIGHT_NO_ENGINE;
    if (eng == CV_ENGINE_SHA3) cv_light_owner[eng] = CV_LIGHT_NO_ENGINE;
  }
}

/* (No flag of its own: a new global would move the drivers' hot variables relative to the
 * global pointer, and with them the linker's choice of one- or two-instruction accesses.) */
int cv_light_absent(unsigned eng) { return light_valid_from[eng] == LIGHT_NO_ENGINE; }

uint32_t cv_light_new_id(unsigned eng) {
  (void)eng;
  return ++light_ids;
}

/* Word copies where the key is aligned (the words unrolled: no memcpy/memset call, and a
 * constant cost for every key size), bytes otherwise and for a last partial word. */
void cv_light_set_key(cv_light_hw *hw, const uint8_t *key, size_t key_len) {
  const uint32_t *k32 = (const uint32_t *)(const void *)key;
  const size_t whole = ((uintptr_t)key & 3) ? 0 : key_len / 4;
#if !defined(__OPTIMIZE_SIZE__)
#pragma GCC unroll 8
#endif
  for (size_t j = 0; j < 8; j++) hw->kw[j] = j < whole ? k32[j] : 0;
  for (size_t i = 4 * whole; i < key_len; i++) ((uint8_t *)hw->kw)[i] = key[i];
}

static uint32_t no_owner(unsigned eng) { return eng == CV_ENGINE_SHA3 ? 0 : CV_LIGHT_NO_OWNER; }

static void key_lost(unsigned eng) {
  cv_light_owner[eng] = no_owner(eng);
  light_valid_from[eng] = light_ids + 1;
}

/* cpi key load for engine t: KEY pairs, CFG, KLOADW. */
#define CPI_KEY(t) s = cv_cpl_cpi_key(t, hw->kcfg, hw->kw, nwords)

int cv_light_key(unsigned eng, cv_backend_t b, cv_light_hw *hw, unsigned nwords,
                 const int8_t *map) {
  uint32_t s;
  if (cv_light_uses_cpi(b)) {
    switch (eng) {
      case CV_ENGINE_PRINCE: CPI_KEY(CV_ENGINE_PRINCE); break;
      case CV_ENGINE_PRESENT: CPI_KEY(CV_ENGINE_PRESENT); break;
      default: CPI_KEY(CV_ENGINE_CHACHA); break;
    }
  } else {
    s = cv_cpl_mmio_key(cv_light_base(eng), hw->kcfg, hw->kw, nwords);
  }
  int e = cv_cpl_status_err(s, map);
  if (e == CV_OK && !(s & CV_CPL_STATUS_KEY_READY_MASK)) e = CV_ERR_HW;
  cv_light_owner[eng] = e == CV_OK ? hw->id : CV_LIGHT_NO_OWNER;
  cv_light_kcfg[eng] = hw->kcfg;
  return e;
}

static void unit_zero(unsigned eng, cv_backend_t b) {
  if (cv_light_uses_cpi(b)) {
    switch (eng) {
      case CV_ENGINE_PRINCE: CV_CPI_ZERO(CV_ENGINE_PRINCE); break;
      case CV_ENGINE_PRESENT: CV_CPI_ZERO(CV_ENGINE_PRESENT); break;
      case CV_ENGINE_CHACHA: CV_CPI_ZERO(CV_ENGINE_CHACHA); break;
      default: CV_CPI_ZERO(CV_ENGINE_SHA3); break;
    }
  } else {
    cv_cpl_mmio_zeroize(cv_light_base(eng));
  }
}

int cv_light_claim(unsigned eng, cv_backend_t b, cv_light_hw *hw, unsigned nwords,
                   const int8_t *map) {
  if (hw->id == cv_light_owner[eng]) return CV_OK;
  if (hw->id == 0) return CV_ERR_NOKEY;
  const uint32_t from = light_valid_from[eng];
  if (hw->id < from) return from == LIGHT_NO_ENGINE ? CV_ERR_HW : CV_ERR_NOKEY;
  if (hw->id > light_ids) return CV_ERR_NOKEY;
  /* a background job owns the hub while it runs (cv_light_drop_owners), and the DMA until its
   * wait (cv_light_dma_held) */
  if (cv_light_taken(b)) return CV_ERR_BUSY;
  return cv_light_claim_new(eng, b, hw, nwords, map);
}

int cv_light_claim_new(unsigned eng, cv_backend_t b, cv_light_hw *hw, unsigned nwords,
                       const int8_t *map) {
  if (light_valid_from[eng] == LIGHT_NO_ENGINE) return CV_ERR_HW;
  if (cv_light_key(eng, b, hw, nwords, map) == CV_OK) return CV_OK;
  /* A stale sticky unit error (e.g. a command rejected during a DMA job) fails the load's
   * strict check: clear it with a zeroize (the key is replaced anyway) and load again. */
  unit_zero(eng, b);
  return cv_light_key(eng, b, hw, nwords, map);
}

void cv_light_zeroize(unsigned eng, cv_backend_t b) {
  unit_zero(eng, b);
  key_lost(eng);
}

int cv_light_hw_fail(unsigned eng, cv_backend_t b, uint32_t s, const int8_t *map) {
  int e = cv_cpl_status_err(s, map);
  cv_light_zeroize(eng, b);
  return e == CV_OK ? CV_ERR_HW : e;
}

/* ------------------------------------------------------------------ DMA */
int cv_light_dma_fail(unsigned eng, uint32_t ds, const int8_t *map) {
  uint32_t us = CV_CPL_REG(cv_light_base(eng), CV_CPL_STATUS_OFFSET);
  int e = cv_dma_status_err(ds, us, map);
  /* a job that failed after it started zeroized the engine (SHA-3 has no key: its state) */
  if (eng == CV_ENGINE_SHA3 || !(us & CV_CPL_STATUS_KEY_READY_MASK)) key_lost(eng);
  return e == CV_OK ? CV_ERR_HW : e;
}

int cv_light_dma(unsigned eng, cv_backend_t b, uint32_t cfg, const void *in, void *out,
                 size_t len, size_t outlen, const int8_t *map) {
  /* another driver's job (cv_aes_start) runs, or has not been waited for: ours would be
   * refused, or would replace the STATUS that job's wait reads */
  if (cv_dma_busy() || cv_light_dma_held()) return CV_ERR_BUSY;
  uint32_t s = cv_light_dma_job(eng, b, cfg, in, out, len, outlen);
  return cv_dma_status_ok(s) ? CV_OK : cv_light_dma_fail(eng, s, map);
}

/* ------------------------------------------------------------------ mmio message */
static inline void mmio_push(volatile uint32_t *r, const uint32_t *p, unsigned bw, int last,
                             int keystream) {
  if (!keystream)
#if !defined(__OPTIMIZE_SIZE__)
#pragma GCC unroll 16
#endif
    for (unsigned i = 0; i + 1 < bw; i++) r[CV_CPL_DIN_OFFSET / 4 + i] = p[i];
  r[(last ? CV_CPL_DINL_OFFSET : CV_CPL_DIN_OFFSET) / 4 + bw - 1] = keystream ? 0 : p[bw - 1];
}

static inline void mmio_pop(volatile uint32_t *r, uint32_t *q, unsigned bw) {
#if !defined(__OPTIMIZE_SIZE__)
#pragma GCC unroll 16
#endif
  for (unsigned i = 0; i < bw; i++) q[i] = r[CV_CPL_DOUT_OFFSET / 4 + i];
}

/* The loop of cv_light_mmio_msg, inlined where the block size is a constant (the 64-bit
 * engines' mmio path: no inner loops over words) except in size-optimised builds. */
#if defined(__OPTIMIZE_SIZE__)
#define MMIO_MSG_INLINE static inline
#else
#define MMIO_MSG_INLINE static inline __attribute__((always_inline))
#endif
/* ready: a block is usually done by the time the CPU has moved the one after it (PRINCE: 6
 * cycles, ChaCha: 22, against 8 and 64 bytes each way), so the stream's waits look once before
 * polling (cv_cpl_mmio_wait_out_likely). PRESENT's 32-cycle block is not: it polls at once (a
 * first look that usually fails costs about 3 cycles a block). */
MMIO_MSG_INLINE uint32_t mmio_msg(uint32_t base, uint32_t cfg, const uint32_t *in, uint32_t *out,
                                  size_t n, unsigned bw, int keystream, int take_late,
                                  int ready) {
  volatile uint32_t *r = (volatile uint32_t *)(uintptr_t)base;
  uint32_t s;
  const unsigned step = keystream ? 0 : bw;
  r[CV_CPL_CFG_OFFSET / 4] = cfg;
  r[CV_CPL_CTRL_OFFSET / 4] = CV_CPL_CTRL_START_MASK;
  mmio_push(r, in, bw, n == 1, keystream);
  if (n > 1) {
    if (take_late) {
      s = cv_cpl_mmio_wait(base, CV_CPL_STATUS_IN_READY_MASK);
      if (s & CV_CPL_STATUS_ERR_MASK) return s;  /* also the poll limit's 0xFFFFFFFF */
    }
    mmio_push(r, in + step, bw, n == 2, keystream);
  }
  for (size_t i = 2; i < n; i++) {
    s = ready ? cv_cpl_mmio_wait_out_likely(r) : cv_cpl_mmio_wait_out(r);
    if (s != 0) return s;
    mmio_pop(r, out, bw);
    out += bw;
    mmio_push(r, in + step * i, bw, i + 1 == n, keystream);
  }
  s = ready && n > 1 ? cv_cpl_mmio_wait_out_likely(r) : cv_cpl_mmio_wait_out(r);
  if (s != 0) return s;
  mmio_pop(r, out, bw);
  if (n > 1) {
    if ((s = cv_cpl_mmio_wait_out(r)) != 0) return s;  /* the last block */
    mmio_pop(r, out + bw, bw);
  }
  return 0;
}

uint32_t cv_light_mmio_msg(uint32_t base, uint32_t cfg, const uint32_t *in, uint32_t *out,
                           size_t n, unsigned bw, int keystream, int take_late) {
  return mmio_msg(base, cfg, in, out, n, bw, keystream, take_late, 0);
}

#if !defined(__OPTIMIZE_SIZE__)
uint32_t cv_light_mmio_msg16(uint32_t base, uint32_t cfg, const uint32_t *in, uint32_t *out,
                             size_t n, int keystream) {
  return mmio_msg(base, cfg, in, out, n, 16, keystream, 1, 1);
}
#endif

/* ------------------------------------------------------------------ 64-bit blocks */
/* n >= 1 blocks on the cpi path of engine t: block i+1 waits in the unit's staging register
 * while block i computes; block i+2 is sent once block i's output is read. */
#define CPI64_MSG(t)                                                            \
  do {                                                                          \
    CV_CPI_START(t, cfg);                                                       \
    if (n == 1) {                                                               \
      CV_CPI_DATAL(t, in[0], in[1]);                                            \
    } else {                                                                    \
      CV_CPI_DATA(t, in[0], in[1]);                                             \
      if (n == 2) CV_CPI_DATAL(t, in[2], in[3]);                                \
      else CV_CPI_DATA(t, in[2], in[3]);                                        \
    }                                                                           \
    for (size_t i = 2; i < n; i++) {                                            \
      uint32_t a = CV_CPI_RESULT(t), x0 = in[2 * i];                            \
      uint32_t c = CV_CPI_RESULT(t), x1 = in[2 * i + 1];                        \
      out[0] = a;                                                               \
      out[1] = c;                                                               \
      out += 2;                                                                 \
      __asm__ volatile("" ::: "memory");                                        \
      if (i + 1 == n) CV_CPI_DATAL(t, x0, x1);                                  \
      else CV_CPI_DATA(t, x0, x1);                                              \
    }                                                                           \
    uint32_t a = CV_CPI_RESULT(t), c = CV_CPI_RESULT(t);                        \
    out[0] = a;                                                                 \
    out[1] = c;                                                                 \
    if (n > 1) {                                                                \
      a = CV_CPI_RESULT(t);                                                     \
      c = CV_CPI_RESULT(t);                                                     \
      out[2] = a;                                                               \
      out[3] = c;                                                               \
    }                                                                           \
  } while (0)

__attribute__((noinline)) int cv_l64_pio(unsigned eng, cv_backend_t b, uint32_t cfg,
                                         const uint32_t *in, uint32_t *out, size_t n,
                                         const int8_t *map) {
  if (cv_light_uses_cpi(b)) {
    if (eng == CV_ENGINE_PRINCE) CPI64_MSG(CV_ENGINE_PRINCE);
    else CPI64_MSG(CV_ENGINE_PRESENT);
    return CV_OK;
  }
  uint32_t s = eng == CV_ENGINE_PRINCE ? mmio_msg(CV_PRINCE_BASE, cfg, in, out, n, 2, 0, 0, 1)
                                       : mmio_msg(cv_light_base(eng), cfg, in, out, n, 2, 0, 0, 0);
  return s ? cv_light_hw_fail(eng, b, s, map) : CV_OK;
}

/* Blocks through the pio path, any alignment (unaligned: through a local buffer). */
__attribute__((cold)) static int l64_pio_any(unsigned eng, cv_backend_t b, uint32_t cfg,
                                             const uint8_t *in, uint8_t *out, size_t n,
                                             const int8_t *map) {
  if ((((uintptr_t)in | (uintptr_t)out) & 3) == 0)
    return cv_l64_pio(eng, b, cfg, (const uint32_t *)(const void *)in, (uint32_t *)(void *)out,
                      n, map);
  uint32_t buf[32];
  for (size_t i = 0; i < n;) {
    size_t k = n - i < 16 ? n - i : 16;
    memcpy(buf, in + 8 * i, 8 * k);
    int e = cv_l64_pio(eng, b, cfg, buf, buf, k, map);
    if (e) return e;
    memcpy(out + 8 * i, buf, 8 * k);
    i += k;
  }
  return CV_OK;
}

__attribute__((cold)) int cv_l64_check(cv_backend_t b, const cv_light_hw *hw, uint32_t seal,
                                       int op, unsigned dir, const uint8_t *ctr,
                                       const uint8_t *in, const uint8_t *out, size_t len) {
  const int ecb = op == CV_L64_ECB;
  if (ecb ? !in || !out || dir > 1u : !ctr || (len && (!in || !out))) return CV_ERR_ARG;
  if (len && (cv_buf_io_bad(in, out, len) | (ecb ? 0u : cv_buf_wr_bad(ctr, 8))))
    return CV_ERR_ARG;
  if (ecb && (len & 7)) return CV_ERR_LENGTH;
  if (hw->chk != seal) return CV_ERR_NOKEY;
  if (len == 0) return CV_L64_EMPTY;
  if (ecb && cv_light_is_dma(b) && (((uintptr_t)in | (uintptr_t)out) & (CV_LIGHT_DMA_ALIGN - 1)))
    return CV_ERR_DMA;
  return CV_OK;
}

__attribute__((cold)) int cv_l64_prep(unsigned eng, cv_backend_t b, cv_light_hw *hw,
                                      uint32_t seal, int op, unsigned dir, const uint8_t *ctr,
                                      const uint8_t *in, const uint8_t *out, size_t len,
                                      const int8_t *map) {
  int e = cv_l64_check(b, hw, seal, op, dir, ctr, in, out, len);
  if (e) return e;
  if (b == CV_BACKEND_SW) return CV_L64_SW;
  e = cv_light_claim(eng, b, hw, 4, map);
  return e ? e : CV_L64_AGAIN;
}

/* The counter into the unit (IV words, IVLOAD) and back, through the coupling of b. */
__attribute__((cold)) static void ctr_load(unsigned eng, cv_backend_t b, const uint32_t *c) {
  if (cv_light_uses_cpi(b)) {
    if (eng == CV_ENGINE_PRINCE) cv_cpl_cpi_iv_load(CV_ENGINE_PRINCE, c, 2);
    else cv_cpl_cpi_iv_load(CV_ENGINE_PRESENT, c, 2);
  } else {
    cv_cpl_mmio_iv_load(cv_light_base(eng), c, 2);
  }
}
__attribute__((cold)) static void ctr_read(unsigned eng, cv_backend_t b, uint32_t *c) {
  if (cv_light_uses_cpi(b)) {
    if (eng == CV_ENGINE_PRINCE) cv_cpl_cpi_iv_read(CV_ENGINE_PRINCE, c, 2);
    else cv_cpl_cpi_iv_read(CV_ENGINE_PRESENT, c, 2);
  } else {
    cv_cpl_mmio_iv_read(cv_light_base(eng), c, 2);
  }
}

/* The blocks through b's cpi or mmio coupling from any buffers: whole blocks (unaligned: through
 * a local buffer), a partial last one (CTR) padded in a local copy. The buffers' rules are
 * checked here too (CTR buffers on a DMA backend reach this without the run's software test). On
 * a DMA backend the DMA must be idle: a job running owns the coupling hub. */
__attribute__((noinline, cold)) int cv_l64_bounce(unsigned eng, cv_backend_t b, uint32_t cfg,
                                            uint8_t *ctr, const uint8_t *in, uint8_t *out,
                                            size_t len, const int8_t *map) {
#if !defined(__OPTIMIZE_SIZE__) /* size-optimised builds come here only through cv_l64_check */
  if (cv_buf_io_bad(in, out, len) | (ctr ? cv_buf_wr_bad(ctr, 8) : 0u)) return CV_ERR_ARG;
#endif
  if (cv_light_is_dma(b) && cv_dma_busy()) return CV_ERR_BUSY;
  const size_t whole = len >> 3, tail = len & 7;
  uint32_t c[2];
  if (ctr) {
    memcpy(c, ctr, 8);
    ctr_load(eng, b, c);
  }
  int e = whole ? l64_pio_any(eng, b, cfg, in, out, whole, map) : CV_OK;
  if (e == CV_OK && tail) {
    uint32_t t[2] = {0, 0};
    memcpy(t, in + 8 * whole, tail);
    e = cv_l64_pio(eng, b, cfg, t, t, 1, map);
    memcpy(out + 8 * whole, t, tail);
  }
  if (e) return e;
  if (ctr) {
    ctr_read(eng, b, c);
    memcpy(ctr, c, 8);
  }
  return CV_OK;
}

#if defined(__OPTIMIZE_SIZE__)
int cv_l64_dma(unsigned eng, cv_backend_t b, int op, uint32_t cfg, uint8_t *ctr,
               const uint8_t *in, uint8_t *out, size_t len, const int8_t *map) {
  uint32_t *c = (uint32_t *)(void *)ctr;
  if (op == CV_L64_CTR) {
    if (((uintptr_t)ctr & 3u) | cv_buf_wr_bad(ctr, 8) | !cv_dma_fits16(in, out, len))
      return cv_l64_bounce(eng, b, cfg, ctr, in, out, len, map);
  } else if (((uintptr_t)in | (uintptr_t)out) & (CV_LIGHT_DMA_ALIGN - 1u)) {
    return CV_ERR_DMA;  /* cv_l64_check passed the rules (it names this error first itself) */
  }
  if (cv_buf_in_prog(in)) return cv_l64_bounce(eng, b, cfg, ctr, in, out, len, map);
  if (ctr) ctr_load(eng, b, c);
  const int e = cv_light_dma(eng, b, cfg, in, out, len, 0, map);
  if (e == CV_OK && ctr) ctr_read(eng, b, c);
  return e;
}
#endif
