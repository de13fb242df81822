// SPDX-License-Identifier: Apache-2.0
/* cv_aead.c: the AEAD API of cv_aead.h.
 *
 * sw    fw/crypto's cv_gcm_sw, cv_ccm_sw and cv_chachapoly_sw, call for call.
 * isa   the same calls on the library's isa versions of GCM and CCM (the AES on Zkne/Zknd,
 *       GHASH on Zbkc), in a firmware built with FW_ZK=1 (not ChaCha20-Poly1305).
 * mmio  the AES window (CV_AES_*) of an engine built as aead_top (engines/aead/README.md);
 *       ChaCha20-Poly1305: the ChaCha window (CV_CHACHA_*) of an engine built as
 *       chachapoly_top (engines/chachapoly/README.md).
 * cpi   custom instructions to target 1 (AES) or 4 (ChaCha) (cv_cpi.h).
 * cpi-dma, mmio-dma  the message as on cpi (mmio), its text through the DMA: one continuation
 *       job per update (ENGINE.CONT, coupling/README.md: no START, the job carries the text
 *       phase or, with ENGINE.OPEN, whole blocks of it), which ends once the text's output
 *       blocks are written (OUTLEN = the text's length); the tag or verdict stays in the engine
 *       and is read as on cpi (mmio). Text in program memory, which the DMA cannot read, goes
 *       the cpi (mmio) way; in and out not aligned to CV_DMA_ALIGN give CV_ERR_DMA. With the
 *       DMA's message jobs (CAP.MSG) a one-shot message of ln_one's shape runs as one job after
 *       the CPU's IV and START (ENGINE.MSG: AAD, text and tag phases; coupling/README.md), its
 *       AAD and tag buffers in data memory aligned to the DMA's CAP.ALIGN, the tag apart from
 *       the output; a wrong tag ends that job with the DMA's code AUTH.
 *
 * A GCM or CCM message on the engine is a START with CFG {KSZ, MODE GCM/CCM, DEC, TLEN, IVB},
 * then phases of 16-byte blocks, each closed by a last block whose byte count is LAST_BYTES
 * (0 for an empty phase; a 0-byte last block after whole blocks adds nothing either):
 *   GCM  [IV blocks (IVB: a nonce other than 12 bytes)], AAD, text, [received tag (decryption)]
 *   CCM  the AAD with its length prefix (SP 800-38C A.2.2), text, [tag (decryption, TLEN > 0)]
 * A 12-byte GCM nonce goes into IV[0..2], CCM's B0 (flags, nonce, text length) into IV[0..3],
 * both loaded with IVLOAD before START. Each non-empty text block gives one output block, and the
 * message ends with one block: the tag (encryption) or an all-zero verdict (decryption), with
 * STATUS.ERR and ERR_CODE AUTH when the received tag is wrong. The AAD is collected into whole
 * blocks in the context (it has no output, so holding a block back costs nothing); the text is
 * sent as it comes: whole blocks, and a partial block that ends the phase.
 *
 * A ChaCha20-Poly1305 message on the ChaCha engine is the same with 64-byte blocks: the IV is
 * a zero counter and the 12-byte nonce (the engine derives the one-time key from block 0), CFG
 * {ROUNDS 20, RFC, XOR, AEAD, DEC}, phases AAD, text, [received tag (decryption)]. The key
 * ownership of the ChaCha engine is cv_chacha's (cv_light_owner): a ChaCha20-Poly1305 context
 * takes an id of that sequence, so either driver reloads its key when the other used the
 * engine. */
#include <string.h>

#include "cv_aead.h"
#include "cv_cpl.h"
#include "cv_light.h"

/* Short copy loops stay loops: picolibc's memset and memcpy go byte by byte, which on a
 * 64-byte ChaCha block costs more than the engine's work on a short message. */
#pragma GCC optimize("no-tree-loop-distribute-patterns")

#define AES CV_ENGINE_AES
#define CHA CV_ENGINE_CHACHA
#define AEAD_MAGIC 0xC5AEAD17u
/* the ChaCha engine's configuration of a ChaCha20-Poly1305 message (DEC added per message) */
#define CHA_CFG                                                                                 \
  ((uint32_t)CV_CHACHA_CFG_ROUNDS_20 << CV_CHACHA_CFG_ROUNDS_SHIFT | CV_CHACHA_CFG_RFC_MASK |     \
   CV_CHACHA_CFG_XOR_MASK | CV_CHACHA_CFG_AEAD_MASK)
/* the ChaCha engine's own error codes (STATUS.ERR_CODE 1..3) as API results */
static const int8_t cha_errmap[8] = {
    [CV_CHACHA_STATUS_ERR_CODE_CFG] = CV_ERR_MODE,
    [CV_CHACHA_STATUS_ERR_CODE_BUSY] = CV_ERR_BUSY,
    [CV_CHACHA_STATUS_ERR_CODE_NOKEY] = CV_ERR_NOKEY,
};

enum { PH_NONE = 0, PH_AAD = 1, PH_TEXT = 2, PH_TEXT_END = 3 };

static uint32_t aead_ids;    /* the last context id handed out */
static uint32_t aead_owner;  /* the context whose key the engine holds, while cv_aes_owner says
                                the engine's key is an AEAD context's */
static uint32_t aead_msg[2]; /* per engine (AES, ChaCha): the context whose message runs in it
                                (0: none) */
/* The DMA's message jobs: CAP.ALIGN - 1 when the DMA has them (CAP.MSG), else all ones (no
 * address passes); read by cv_aead_init for a DMA backend. */
static uint32_t aead_mj_mask = 0xFFFFFFFFu;
/* The one-shot message-job path (mj_one), left out of a program short of program memory
 * (-DCV_AEAD_NO_MSG_JOB: one-shot calls take the continuation jobs, as on a DMA without message
 * jobs) and of the sw-only build. */
#if !defined(CV_AEAD_SW_ONLY) && !defined(CV_AEAD_NO_MSG_JOB)
#define AEAD_MSG_JOB 1
/* A message job's tag when the caller's is off the DMA's alignment (a 16-byte port). */
static uint32_t aead_tag[4] __attribute__((aligned(CV_DMA_ALIGN)));
#endif

int cv_aead_available(void) {
  return cv_cpl_engine_present(CV_ENGINE_AES) &&
         (CV_REG32(CV_AES_CAP_ADDR) & CV_AES_CAP_AEAD_MASK) != 0;
}

int cv_aead_hw_available(cv_aead_alg_t alg) {
  if (alg != CV_AEAD_CHACHA20_POLY1305) return (unsigned)alg < CV_AEAD_ALG_COUNT &&
                                               cv_aead_available();
  return cv_cpl_engine_present(CV_ENGINE_CHACHA) &&
         (CV_REG32(CV_CHACHA_CAP_ADDR) & CV_CHACHA_CAP_AEAD_MASK) != 0;
}

/* The DMA backends also need the DMA's continuation jobs (CAP.CONT, built with AES_AEAD or
 * CHACHA_AEAD). */
static int aead_dma_available(cv_aead_alg_t alg) {
  return cv_aead_hw_available(alg) && (CV_REG32(CV_DMA_CAP_ADDR) & CV_DMA_CAP_CONT_MASK) != 0;
}

static inline uint32_t seal(const cv_aead_ctx *c) {
  return cv_seal(AEAD_MAGIC, (uint32_t)c->alg, (uint32_t)c->backend, c->key_bytes, c->id, 0);
}
/* isa is the sw path on the library's isa versions (cv_gcm_sw_init_isa, cv_ccm_sw_init_isa).
 * -DCV_AEAD_SW_ONLY (a program without room for the hardware paths: the console) builds the sw
 * backend only: init refuses the others with CV_ERR_HW and the hardware code is left out. */
static inline int is_hw(const cv_aead_ctx *c) {
#ifdef CV_AEAD_SW_ONLY
  (void)c;
  return 0;
#else
  return c->backend != CV_BACKEND_SW && c->backend != CV_BACKEND_ISA;
#endif
}
static inline int backend_ok(cv_backend_t b) {
  return (unsigned)b < CV_BACKEND_COUNT || b == CV_BACKEND_ISA;
}
static inline int cpi_of(const cv_aead_ctx *c) {
  return c->backend == CV_BACKEND_CPI || c->backend == CV_BACKEND_CPI_DMA;
}
static inline int dma_of(const cv_aead_ctx *c) {
  return c->backend == CV_BACKEND_CPI_DMA || c->backend == CV_BACKEND_MMIO_DMA;
}
/* The DMA backends need in and out aligned to the DMA's port (text of any length, 0: none),
 * unless the text is in program memory (then it goes the cpi / mmio way). */
static inline int dma_misaligned(const cv_aead_ctx *c, const uint8_t *in, const uint8_t *out,
                                 size_t len) {
  return dma_of(c) && len && !cv_buf_in_prog(in) &&
         (((uintptr_t)in | (uintptr_t)out) & (CV_DMA_ALIGN - 1u));
}
/* ChaCha20-Poly1305 runs on the ChaCha engine, GCM and CCM on the AES engine. */
static inline int cha_of(const cv_aead_ctx *c) { return c->alg == CV_AEAD_CHACHA20_POLY1305; }
static inline uint32_t base_of(const cv_aead_ctx *c) {
  return cha_of(c) ? CV_CHACHA_BASE : CV_AES_BASE;
}
/* words of the engine's block, and its bytes */
static inline unsigned bw_of(const cv_aead_ctx *c) { return cha_of(c) ? 16u : 4u; }
static inline uint32_t bb_of(const cv_aead_ctx *c) { return 4u * bw_of(c); }
static inline const int8_t *map_of(const cv_aead_ctx *c) {
  return cha_of(c) ? cha_errmap : cv_aes_errmap;
}
#define R(off) CV_CPL_REG(base_of(c), off)
static inline uint32_t cpi_status(const cv_aead_ctx *c) {
  return cha_of(c) ? CV_CPI_STATUS(CHA) : CV_CPI_STATUS(AES);
}

/* A message's nonce, tag and text lengths for alg, and its nonce's buffer: CV_OK or the
 * documented error. The tag lengths allowed (bit t: t bytes): GCM 4, 8, 12..16; CCM 0 and
 * 4..16 even; ChaCha20-Poly1305 16. */
static int msg_params(cv_aead_alg_t alg, const uint8_t *nonce, size_t nonce_len, size_t len,
                      size_t tag_len) {
  const uint32_t tags = alg == CV_AEAD_AES_GCM ? 0x1F110u : alg == CV_AEAD_AES_CCM ? 0x15551u
                                                                                 : 0x10000u;
  if (alg == CV_AEAD_AES_CCM ? nonce_len < 7 || nonce_len > 13
                             : alg == CV_AEAD_AES_GCM ? !nonce_len : nonce_len != 12)
    return CV_ERR_ARG;
  if (tag_len > 16 || !((tags >> tag_len) & 1u)) return CV_ERR_OUTLEN;
  const unsigned q = 15u - (unsigned)nonce_len;  /* CCM: the length field's bytes */
  if (alg == CV_AEAD_AES_CCM && q < 4 && (uint64_t)len >> (8 * q)) return CV_ERR_LENGTH;
  return cv_buf_rd_bad(nonce, nonce_len) ? CV_ERR_ARG : CV_OK;
}

/* ------------------------------------------------------------------ the engine */
/* (The ChaCha engine's zeroize here is not cv_light_zeroize: that one also revokes the keys of
 * every cv_chacha context, which only lose the engine and reload their key.) */
static inline void hw_zero(const cv_aead_ctx *c) {
  if (cha_of(c)) {
    if (cpi_of(c)) CV_CPI_ZERO(CHA);
    else cv_cpl_mmio_zeroize(CV_CHACHA_BASE);
    cv_light_owner[CHA] = CV_LIGHT_NO_OWNER;
    aead_msg[1] = 0;
    return;
  }
  if (cpi_of(c)) CV_CPI_ZERO(AES);
  else cv_cpl_mmio_zeroize(CV_AES_BASE);
  cv_aes_owner = CV_CPL_NO_OWNER;
  aead_msg[0] = 0;
}

/* The engine holds this context's key. */
static inline int hw_owns(const cv_aead_ctx *c) {
  if (cha_of(c)) return cv_light_owner[CHA] == c->id;
  return cv_aes_owner == CV_AES_OWNER_AEAD && aead_owner == c->id;
}

/* The engine still runs this context's message: no other context (AEAD, AES or ChaCha) used it
 * since the message's start. */
static inline int hw_mine(const cv_aead_ctx *c) {
  return hw_owns(c) && aead_msg[cha_of(c)] == c->id;
}

/* An engine error in the middle of a message: map it, leave the engine idle and without key. */
static int hw_fail(const cv_aead_ctx *c, uint32_t s) {
  /* the engine's own codes; AEAD's PARAM, LEN and AUTH are aead_err's */
  int e = cv_cpl_status_err(s, map_of(c));
  if (e == CV_OK) e = CV_ERR_HW;
  hw_zero(c);
  return e;
}

/* The context's key into the engine, unless it is there already. */
static int hw_claim(cv_aead_ctx *c) {
  if (hw_owns(c)) return CV_OK;
  const int cha = cha_of(c);
  const uint32_t ksz = cha ? CHA_CFG : (c->key_bytes - 16u) >> 3;
  uint32_t s;
  for (int attempt = 0; attempt < 2; attempt++) {
    if (cpi_of(c)) {
      if (cha) s = cv_cpl_cpi_key(CHA, ksz, c->kw, 8);
      else s = cv_cpl_cpi_key(AES, ksz, c->kw, c->key_bytes / 4);
    } else {
      s = cv_cpl_mmio_key(base_of(c), ksz, c->kw, c->key_bytes / 4);
    }
    if (!(s & CV_CPL_STATUS_ERR_MASK) && (s & CV_CPL_STATUS_KEY_READY_MASK)) {
      if (cha) {
        cv_light_owner[CHA] = c->id;
        cv_light_kcfg[CHA] = ksz;
      } else {
        cv_aes_owner = CV_AES_OWNER_AEAD;
        aead_owner = c->id;
      }
      return CV_OK;
    }
    /* a stale unit error (a command refused earlier stays flagged until START or ZEROIZE):
     * clear it and load again */
    hw_zero(c);
  }
  return hw_fail(c, s);
}

static inline void hw_lastb(const cv_aead_ctx *c, uint32_t n) {
  if (!cpi_of(c)) R(CV_CPL_LAST_BYTES_OFFSET) = n;
  else if (cha_of(c)) CV_CPI_LASTB(CHA, n);
  else CV_CPI_LASTB(AES, n);
}

/* One block into the hub's staging once it is free (IN_READY: a block written while the
 * previous one waits for the engine would be dropped, OVERRUN). */
static int hw_push(const cv_aead_ctx *c, const uint32_t *w, int last) {
  uint32_t s;
  if (!cpi_of(c)) {
    s = cv_cpl_mmio_wait_likely(base_of(c), CV_CPL_STATUS_IN_READY_MASK);
  } else if (cha_of(c)) {
    s = cv_cpl_cpi_wait_likely(CHA, CV_CPL_STATUS_IN_READY_MASK);
  } else {
    s = cv_cpl_cpi_wait_likely(AES, CV_CPL_STATUS_IN_READY_MASK);
  }
  if (!(s & CV_CPL_STATUS_IN_READY_MASK) || s == 0xFFFFFFFFu) return hw_fail(c, s);
  if (!cpi_of(c)) cv_cpl_mmio_push(base_of(c), w, bw_of(c), last);
  else if (cha_of(c)) cv_cpl_cpi_push(CHA, w, 16, last);
  else cv_cpl_cpi_push(AES, w, 4, last);
  return CV_OK;
}

/* n bytes (0..4 nw) from p into the nw-word block w, zero padded (memory-order words); word
 * copies where p is aligned. */
static void fill(uint32_t *w, unsigned nw, const uint8_t *p, uint32_t n) {
  unsigned i = 0;
  if (!((uintptr_t)p & 3)) {
    const uint32_t *q = (const uint32_t *)(const void *)p;
    for (; 4 * i + 4 <= n; i++) w[i] = q[i];
  }
  for (; i < nw; i++) {
    uint32_t v = 0;
    for (unsigned b = 4 * i; b < n && b < 4 * i + 4; b++) v |= (uint32_t)p[b] << (8 * (b & 3));
    w[i] = v;
  }
}
/* The first n bytes of the block w to out; word stores where out is aligned. */
static void drain(uint8_t *out, const uint32_t *w, uint32_t n) {
  unsigned i = 0;
  if (!((uintptr_t)out & 3)) {
    uint32_t *q = (uint32_t *)(void *)out;
    for (; 4 * i + 4 <= n; i++) q[i] = w[i];
  }
  for (uint32_t b = 4 * i; b < n; b++) out[b] = (uint8_t)(w[b / 4] >> (8 * (b % 4)));
}
static void wipe_words(uint32_t *w, unsigned n) {
  volatile uint32_t *q = w;
  for (unsigned i = 0; i < n; i++) q[i] = 0;
}

/* A ChaCha phase's last block whose n valid bytes are in the first nw words of w (nw even):
 * the engine uses only those bytes, and the hub clears a block's words once its engine took it,
 * so only those words are written (DIN / DATA pairs), then the block's final word (DINL) or
 * DATAL closes it. A short block then costs a few stores instead of sixteen. */
static int hw_push_part(const cv_aead_ctx *c, const uint32_t *w, unsigned nw) {
  const uint32_t s = cpi_of(c) ? cv_cpl_cpi_wait_likely(CHA, CV_CPL_STATUS_IN_READY_MASK)
                               : cv_cpl_mmio_wait_likely(CV_CHACHA_BASE,
                                                         CV_CPL_STATUS_IN_READY_MASK);
  if (!(s & CV_CPL_STATUS_IN_READY_MASK) || s == 0xFFFFFFFFu) return hw_fail(c, s);
  if (cpi_of(c)) {
    unsigned i = 0;
    for (; i + 2 < nw; i += 2) CV_CPI_DATA(CHA, w[i], w[i + 1]);
    if (nw) CV_CPI_DATAL(CHA, w[i], w[i + 1]);
    else CV_CPI_DATAL(CHA, 0, 0);
  } else {
    for (unsigned i = 0; i < nw && i < 15; i++) R(CV_CPL_DIN_OFFSET + 4 * i) = w[i];
    R(CV_CPL_DINL_OFFSET + 60) = nw == 16 ? w[15] : 0;
  }
  return CV_OK;
}

/* A phase's last block of n bytes (0..block) from p, zero padded. */
static int hw_push_last(const cv_aead_ctx *c, const uint8_t *p, uint32_t n) {
  uint32_t w[16];
  if (cha_of(c)) {
    const unsigned nw = ((n + 7u) / 8u) * 2u;
    fill(w, nw, p, n);
    hw_lastb(c, n);
    return hw_push_part(c, w, nw);
  }
  fill(w, 4, p, n);
  hw_lastb(c, n);
  return hw_push(c, w, 1);
}

/* Wait until an output block is there (or the engine stopped with an error and nothing to
 * give); returns STATUS, 0xFFFFFFFF at the poll limit. */
static uint32_t hw_wait_out(const cv_aead_ctx *c) {
  uint32_t n = CV_CPL_POLL_LIMIT, s;
  do {
    s = cpi_of(c) ? cpi_status(c) : R(CV_CPL_STATUS_OFFSET);
    if (s & CV_CPL_STATUS_OUT_VALID_MASK) return s;
    if ((s & CV_CPL_STATUS_ERR_MASK) && !(s & CV_CPL_STATUS_BUSY_MASK)) return s;
  } while (--n);
  return 0xFFFFFFFFu;
}

static inline void hw_pop(const cv_aead_ctx *c, uint32_t *w) {
  if (!cpi_of(c)) cv_cpl_mmio_pop(base_of(c), w, bw_of(c));
  else if (cha_of(c)) cv_cpl_cpi_pop(CHA, w, 16);
  else cv_cpl_cpi_pop(AES, w, 4);
}

/* A block (n words) as memory-order words, and back: straight word accesses when aligned. */
static inline void ldb(uint32_t *w, const uint8_t *p, unsigned n) {
  if (!((uintptr_t)p & 3)) {
    const uint32_t *q = (const uint32_t *)(const void *)p;
    for (unsigned i = 0; i < n; i++) w[i] = q[i];
  } else {
    memcpy(w, p, 4 * n);
  }
}
static inline void stb(uint8_t *p, const uint32_t *w, unsigned n) {
  if (!((uintptr_t)p & 3)) {
    uint32_t *q = (uint32_t *)(void *)p;
    for (unsigned i = 0; i < n; i++) q[i] = w[i];
  } else {
    memcpy(p, w, 4 * n);
  }
}

/* The output block of the oldest text block in the engine. */
static int hw_out(const cv_aead_ctx *c, uint32_t *w) {
  if (!cpi_of(c)) {  /* cpi: RESULT waits for the block in hardware */
    const uint32_t s = hw_wait_out(c);
    if (!(s & CV_CPL_STATUS_OUT_VALID_MASK)) return hw_fail(c, s);
  }
  hw_pop(c, w);
  return CV_OK;
}

/* The first nw words of the output block there is (mmio on the ChaCha engine: those words, then
 * the final one, whose read consumes the block; cpi: RESULT takes every word in order). */
static void hw_pop_part(const cv_aead_ctx *c, uint32_t *w, unsigned nw) {
  if (cpi_of(c) || !cha_of(c)) {
    hw_pop(c, w);
    return;
  }
  for (unsigned i = 0; i < nw; i++) w[i] = R(CV_CPL_DOUT_OFFSET + 4 * i);
  if (nw < 16) (void)R(CV_CPL_DOUT_OFFSET + 60);
}
static int hw_out_part(const cv_aead_ctx *c, uint32_t *w, unsigned nw) {
  if (cpi_of(c) || !cha_of(c)) return hw_out(c, w);
  const uint32_t s = hw_wait_out(c);
  if (!(s & CV_CPL_STATUS_OUT_VALID_MASK)) return hw_fail(c, s);
  hw_pop_part(c, w, nw);
  return CV_OK;
}

/* n >= 1 whole text blocks, not the phase's last: two in flight (block i + 1 goes into the
 * hub's staging once the engine took block i, while block i computes), so the engine never
 * waits for the CPU's copy of the next block. In place: block i + 1 is read before output i is
 * written. */
static int hw_blocks(const cv_aead_ctx *c, const uint8_t *in, uint8_t *out, size_t n) {
  uint32_t w[16];
  const unsigned bw = bw_of(c), bb = 4u * bw;
  ldb(w, in, bw);
  int e = hw_push(c, w, 0);
  for (size_t i = 0; e == CV_OK && i < n; i++) {
    if (i + 1 < n) {
      ldb(w, in + bb * (i + 1), bw);
      if ((e = hw_push(c, w, 0)) != CV_OK) break;
    }
    if ((e = hw_out(c, w)) != CV_OK) break;
    stb(out + bb * i, w, bw);
  }
  return e;
}

/* The text phase's last block, of n bytes (1..block - 1). */
static int hw_text_last(const cv_aead_ctx *c, const uint8_t *in, uint8_t *out, uint32_t n) {
  uint32_t w[16];
  const unsigned nw = cha_of(c) ? ((n + 7u) / 8u) * 2u : 4u;
  fill(w, nw, in, n);
  hw_lastb(c, n);
  int e = cha_of(c) ? hw_push_part(c, w, nw) : hw_push(c, w, 1);
  if (e == CV_OK) e = hw_out_part(c, w, nw);
  if (e == CV_OK) drain(out, w, n);
  return e;
}

static void put_be(uint8_t *p, uint32_t v, unsigned n) {
  for (unsigned i = 0; i < n; i++) p[n - 1 - i] = (uint8_t)(v >> (8 * i));
}

/* The message's IV (unless IVB: ivload 0), CFG and START, and the engine marked as running
 * this context's message. */
static __attribute__((noinline)) void hw_go(cv_aead_ctx *c, const uint32_t *iv, uint32_t cfg,
                                            int ivload) {
  c->cfg = cfg;  /* the DMA's ECFG: the hub allows partial and empty jobs for the AEAD modes */
  if (cpi_of(c)) {
    if (cha_of(c)) {
      CV_CPI_IV(CHA, iv[0], iv[1]);
      CV_CPI_IV(CHA, iv[2], iv[3]);
      CV_CPI_IVLOAD(CHA);
      CV_CPI_START(CHA, cfg);
    } else {
      if (ivload) cv_cpl_cpi_iv_load(AES, iv, 4);
      CV_CPI_START(AES, cfg);
    }
  } else {
    volatile uint32_t *r = (volatile uint32_t *)base_of(c);
    if (ivload) {
      for (unsigned i = 0; i < 4; i++) r[CV_CPL_IV_OFFSET / 4 + i] = iv[i];
    }
    r[CV_CPL_CFG_OFFSET / 4] = cfg;
    r[CV_CPL_CTRL_OFFSET / 4] = (ivload ? CV_CPL_CTRL_IVLOAD_MASK : 0u) | CV_CPL_CTRL_START_MASK;
  }
  aead_msg[cha_of(c)] = c->id;
}

/* The configuration of an AES-engine message (GCM or CCM). */
static uint32_t aes_cfg(const cv_aead_ctx *c, cv_dir_t dir, size_t tag_len, int ivb) {
  return ((c->key_bytes - 16u) >> 3) |
         ((c->alg == CV_AEAD_AES_GCM ? (uint32_t)CV_AES_CFG_MODE_GCM : (uint32_t)CV_AES_CFG_MODE_CCM)
          << CV_AES_CFG_MODE_SHIFT) |
         ((uint32_t)dir << CV_AES_CFG_DEC_SHIFT) | ((uint32_t)tag_len << CV_AES_CFG_TLEN_SHIFT) |
         ((uint32_t)ivb << CV_AES_CFG_IVB_SHIFT);
}

/* CCM's B0: flags (Adata, M', L'), the nonce, the text length in L bytes. */
static void ccm_b0(uint32_t *iv, const uint8_t *nonce, size_t nonce_len, int adata, size_t len,
                   size_t tag_len) {
  uint8_t *b = (uint8_t *)iv;
  const unsigned q = 15u - (unsigned)nonce_len;
  iv[0] = iv[1] = iv[2] = iv[3] = 0;
  b[0] = (uint8_t)((adata << 6) | ((tag_len ? (tag_len - 2) / 2 : 0) << 3) | (q - 1));
  memcpy(b + 1, nonce, nonce_len);
  put_be(b + 16 - (q < 4 ? q : 4), (uint32_t)len, q < 4 ? q : 4);
}

static int hw_start(cv_aead_ctx *c, cv_dir_t dir, const uint8_t *nonce, size_t nonce_len,
                    size_t aad_len, size_t len, size_t tag_len) {
  if (cv_dma_busy() || cv_light_dma_held()) return CV_ERR_BUSY;
  /* a message left unfinished holds the engine (it would refuse the START): end it */
  const int cha = cha_of(c);
  if (aead_msg[cha] && (cha ? cv_light_owner[CHA] == aead_msg[1]
                            : cv_aes_owner == CV_AES_OWNER_AEAD))
    hw_zero(c);
  int e = hw_claim(c);
  if (e) return e;
  c->nbuf = 0;
  uint32_t iv[4];
  if (cha) {  /* counter 0 (the engine's one-time key block), the nonce */
    iv[0] = 0;
    fill(iv + 1, 3, nonce, 12);
    hw_go(c, iv, CHA_CFG | ((uint32_t)dir << CV_CHACHA_CFG_DEC_SHIFT), 1);
    return CV_OK;
  }
  const int gcm = c->alg == CV_AEAD_AES_GCM;
  const int ivb = gcm && nonce_len != 12;
  if (!gcm) {
    const int adata = aad_len != 0 && tag_len != 0;
    ccm_b0(iv, nonce, nonce_len, adata, len, tag_len);
    if (adata) {  /* the AAD's length prefix starts the AAD phase */
      uint8_t *p = (uint8_t *)c->buf;
      if (aad_len < 0xFF00u) {
        put_be(p, (uint32_t)aad_len, 2);
        c->nbuf = 2;
      } else {
        p[0] = 0xFF;
        p[1] = 0xFE;
        put_be(p + 2, (uint32_t)aad_len, 4);
        c->nbuf = 6;
      }
    }
  } else if (!ivb) {
    fill(iv, 4, nonce, 12);
  }
  hw_go(c, iv, aes_cfg(c, dir, tag_len, ivb), !ivb);
  if (ivb) {  /* the IV phase: J0 through GHASH in the engine */
    size_t i = 0;
    for (; i + 16 < nonce_len; i += 16) {
      uint32_t w[4];
      fill(w, 4, nonce + i, 16);
      if ((e = hw_push(c, w, 0)) != CV_OK) return e;
    }
    return hw_push_last(c, nonce + i, (uint32_t)(nonce_len - i));
  }
  return CV_OK;
}

static int hw_aad(cv_aead_ctx *c, const uint8_t *aad, size_t len) {
  uint8_t *p = (uint8_t *)c->buf;
  const uint32_t bb = bb_of(c);
  while (c->nbuf == 0 && len >= bb) {  /* whole blocks straight from the caller's buffer */
    uint32_t w[16];
    ldb(w, aad, bw_of(c));
    const int e = hw_push(c, w, 0);
    if (e) return e;
    aad += bb;
    len -= bb;
  }
  while (len) {
    uint32_t k = bb - c->nbuf;
    if (k > len) k = (uint32_t)len;
    memcpy(p + c->nbuf, aad, k);
    c->nbuf += k;
    aad += k;
    len -= k;
    if (c->nbuf == bb) {
      c->nbuf = 0;
      const int e = hw_push(c, c->buf, 0);
      if (e) return e;
    }
  }
  return CV_OK;
}

/* The AAD phase's last block: what is collected (0..block - 1 bytes). */
static int hw_aad_end(cv_aead_ctx *c) {
  const int e = hw_push_last(c, (const uint8_t *)c->buf, c->nbuf);
  wipe_words(c->buf, bw_of(c));
  c->nbuf = 0;
  return e;
}

/* One DMA job on the message the engine runs (engine: SEL and the CONT/OPEN/MSG bits), waited
 * for: CV_OK, CV_ERR_AUTH (a message job's wrong tag: the engine keeps its key), or the job's
 * error with the engine zeroized (by the DMA, or here for a job the DMA refused). */
static __attribute__((noinline)) int dma_job(const cv_aead_ctx *c, uint32_t eng,
                                             uintptr_t src, uintptr_t dst, size_t len,
                                             size_t olen) {
  eng |= cha_of(c) ? (uint32_t)CV_ENGINE_CHACHA : (uint32_t)CV_ENGINE_AES;
  uint32_t s;
  if (cpi_of(c)) {
    cv_dma_cpi_start(eng, c->cfg, src, dst, (uint32_t)len, (uint32_t)olen);
    s = cv_dma_cpi_wait();
  } else {
    cv_dma_mmio_start(eng, c->cfg, src, dst, (uint32_t)len, (uint32_t)olen);
    s = cv_dma_mmio_wait();
  }
  if (__builtin_expect(cv_dma_status_clean(s), 1)) return CV_OK;
  if ((s & CV_DMA_STATUS_ERR_MASK) && CV_DMA_ERR_CODE(s) == CV_DMA_STATUS_ERR_CODE_AUTH)
    return CV_ERR_AUTH;
  if (cv_dma_status_ok(s)) return CV_OK;
  int e = cv_dma_status_err(s, cpi_of(c) ? cpi_status(c) : R(CV_CPL_STATUS_OFFSET),
                            map_of(c));
  if (e == CV_OK) e = CV_ERR_HW;
  hw_zero(c);
  return e;
}

/* The text (len >= 1 bytes) as one continuation job: the phase's end when final or partial,
 * else whole blocks of it (OPEN). The job ends once the text's output is written; the engine's
 * final block stays for hw_finish. */
static int dma_text(cv_aead_ctx *c, const uint8_t *in, uint8_t *out, size_t len, int final) {
  return dma_job(c, CV_DMA_ENGINE_CONT_MASK | (final ? 0u : CV_DMA_ENGINE_OPEN_MASK),
                 (uintptr_t)in, (uintptr_t)out, len, len);
}

#ifdef AEAD_MSG_JOB
/* The AAD, text and tag phases of a started message as one message job (ENGINE.MSG, after
 * hw_go): the DMA writes the text and, encrypting, the tag. An empty text's buffers: the start
 * of data memory (the DMA checks SRC and DST also for LEN = 0). */
static int dma_msg(const cv_aead_ctx *c, const uint8_t *aad, size_t aad_len, const uint8_t *in,
                   uint8_t *out, size_t len, uint8_t *tag, size_t tag_len) {
  CV_REG32(CV_DMA_AAD_ADDR) = (uint32_t)(uintptr_t)aad;
  CV_REG32(CV_DMA_TAG_ADDR) = (uint32_t)(uintptr_t)tag;
  CV_REG32(CV_DMA_MLEN_ADDR) = (uint32_t)aad_len | (uint32_t)tag_len << CV_DMA_MLEN_TAG_LEN_SHIFT;
  aead_msg[cha_of(c)] = 0;
  return dma_job(c, CV_DMA_ENGINE_MSG_MASK, len ? (uintptr_t)in : CV_DMEM_BASE,
                 len ? (uintptr_t)out : CV_DMEM_BASE, len, 0);
}
#endif

/* final: this is the text's end (one-shot), so a whole-block text closes the phase too. */
static int hw_update(cv_aead_ctx *c, const uint8_t *in, uint8_t *out, size_t len, int final) {
  const size_t bm = bb_of(c) - 1u;
  if (dma_of(c) && !cv_buf_in_prog(in)) {
    const int last = final || (len & bm);
    const int e = dma_text(c, in, out, len, last);
    if (last) c->phase = PH_TEXT_END;
    return e;
  }
  const size_t whole = len & ~bm;
  int e = whole ? hw_blocks(c, in, out, whole / bb_of(c)) : CV_OK;
  if (e == CV_OK && (len & bm)) {
    e = hw_text_last(c, in + whole, out + whole, (uint32_t)(len & bm));
    c->phase = PH_TEXT_END;
  }
  return e;
}

static int hw_finish(cv_aead_ctx *c, uint8_t *tag) {
  int e = CV_OK;
  if (c->phase == PH_TEXT) e = hw_push_last(c, NULL, 0);
  const int gcm = c->alg != CV_AEAD_AES_CCM;  /* GCM, ChaCha20-Poly1305: a tag phase always */
  const int dec = c->dir == CV_DECRYPT;
  if (e == CV_OK && dec && (gcm || c->tag_len)) e = hw_push_last(c, tag, c->tag_len);
  if (e) return e;
  /* cpi: RESULT waits for the final block in hardware, once STATUS shows no error (an engine
   * that refused the message has nothing due, and RESULT would trap); mmio: polled */
  const uint32_t s = cpi_of(c) ? cpi_status(c) : hw_wait_out(c);
  if (!(s & CV_CPL_STATUS_OUT_VALID_MASK) && (!cpi_of(c) || (s & CV_CPL_STATUS_ERR_MASK)))
    return hw_fail(c, s);
  uint32_t w[16];
  hw_pop_part(c, w, 4);  /* the tag: the final block's first 16 bytes */
  aead_msg[cha_of(c)] = 0;
  const uint32_t s2 = cpi_of(c) ? cpi_status(c) : R(CV_CPL_STATUS_OFFSET);
  _Static_assert(CV_AES_STATUS_ERR_CODE_AUTH == CV_CHACHA_STATUS_ERR_CODE_AUTH,
                 "one AUTH code for both AEAD engines");
  if (s2 & CV_CPL_STATUS_ERR_MASK) {
    if (CV_CPL_ERR_CODE(s2) == CV_AES_STATUS_ERR_CODE_AUTH) return CV_ERR_AUTH;
    return hw_fail(c, s2);
  }
  if (!dec && c->tag_len) drain(tag, w, c->tag_len);
  wipe_words(w, 4);  /* the tag; the rest of the final block is zero */
  return CV_OK;
}

/* The one-shot message of the usual shape (the AES engine: GCM with a 12-byte nonce, CCM without
 * AAD or CCM*; ChaCha20-Poly1305), its buffers word-aligned, the engine holding the context's key
 * and running no message: the IV straight from the nonce's words, the phases without the
 * streaming calls' checks and state (the text as one DMA job on the DMA backends). LN_OTHER
 * when the message is not of this shape (nothing done: the caller takes the streaming calls). */
#define LN_OTHER 1
#if !defined(__OPTIMIZE_SIZE__) /* size-optimised builds take the streaming calls (README.md) */
static __attribute__((noinline)) int ln_one(cv_aead_ctx *c, cv_dir_t dir, const uint8_t *nonce,
                                            size_t nonce_len, const uint8_t *aad,
                                            size_t aad_len, const uint8_t *in, uint8_t *out,
                                            size_t len, uint8_t *tag, size_t tag_len) {
  const int cha = cha_of(c), ccm = c->alg == CV_AEAD_AES_CCM;
  if ((((uintptr_t)aad | (uintptr_t)tag | (ccm ? 0u : (uintptr_t)nonce) | (uintptr_t)in |
        (uintptr_t)out) & 3u) ||
      (ccm ? aad_len && tag_len : nonce_len != 12) ||
      msg_params(c->alg, nonce, nonce_len, len, tag_len) != CV_OK ||
      (dma_of(c) && len && cv_buf_in_prog(in)) || aead_msg[cha] || !hw_owns(c) ||
      cv_dma_busy() || cv_light_dma_held())
    return LN_OTHER;
  uint32_t iv[4], cfg;
  const uint32_t *nw = (const uint32_t *)(const void *)nonce;
  if (ccm) {
    ccm_b0(iv, nonce, nonce_len, 0, len, tag_len);
    aad_len = 0;  /* CCM*: the AAD is not used */
  } else {
    iv[cha] = nw[0];
    iv[cha + 1] = nw[1];
    iv[cha + 2] = nw[2];
    iv[cha ? 0 : 3] = 0;
  }
  cfg = cha ? CHA_CFG | ((uint32_t)dir << CV_CHACHA_CFG_DEC_SHIFT) : aes_cfg(c, dir, tag_len, 0);
  c->dir = dir;
  c->tag_len = (uint32_t)tag_len;
  c->nbuf = 0;
  hw_go(c, iv, cfg, 1);
  c->phase = PH_TEXT;
  /* the AAD straight from the caller's words: whole blocks, then the last (1..block bytes, or
   * an empty block) */
  const uint32_t bb = bb_of(c);
  int e = CV_OK;
  for (; e == CV_OK && aad_len > bb; aad += bb, aad_len -= bb)
    e = hw_push(c, (const uint32_t *)(const void *)aad, 0);
  if (e == CV_OK) e = hw_push_last(c, aad, (uint32_t)aad_len);
  if (e == CV_OK && len) e = hw_update(c, in, out, len, 1);
  if (e == CV_OK) e = hw_finish(c, tag);
  c->phase = PH_NONE;  /* done, or stopped by an error that zeroized the engine */
  return e;
}
#endif

/* The one-shot message as one message job (ENGINE.MSG), for the DMA backends on a DMA with
 * message jobs, in ln_one's shapes (GCM with a 12-byte nonce, CCM without AAD or CCM*,
 * ChaCha20-Poly1305) with every buffer in data memory: the text aligned to CV_DMA_ALIGN, the
 * AAD to the DMA's CAP.ALIGN, the tag apart from the text's output (off CAP.ALIGN it goes
 * through aead_tag), a GCM or ChaCha nonce in words; the engine holding the context's key, no
 * message of it running, the DMA free. one_shot's and ln_one's checks are all here, each folded
 * into one word that is non-zero when it fails, so that a call that passes them takes one
 * branch; when any fails, one_shot (a tail call: the same arguments) runs them again and
 * returns the documented error, or takes the message its other ways. A decryption that fails
 * leaves out zeroed, as one_shot. cv_aead_encrypt and _decrypt call it first and only: they
 * keep nothing across the call. */
static cv_status_t one_shot(cv_aead_ctx *ctx, cv_dir_t dir, const uint8_t *nonce,
                            size_t nonce_len, const uint8_t *aad, size_t aad_len,
                            const uint8_t *in, uint8_t *out, size_t len, uint8_t *tag,
                            size_t tag_len);
#ifdef AEAD_MSG_JOB
static __attribute__((noinline)) cv_status_t mj_one(cv_aead_ctx *c, cv_dir_t dir,
                                                    const uint8_t *nonce, size_t nonce_len,
                                                    const uint8_t *aad, size_t aad_len,
                                                    const uint8_t *in, uint8_t *out, size_t len,
                                                    uint8_t *tag, size_t tag_len) {
  const uint32_t m = aead_mj_mask;
  if (!c || !nonce || m == 0xFFFFFFFFu || !dma_of(c))
    return one_shot(c, dir, nonce, nonce_len, aad, aad_len, in, out, len, tag, tag_len);
  const uint32_t alg = (uint32_t)c->alg;
  const int cha = alg == CV_AEAD_CHACHA20_POLY1305, ccm = alg == CV_AEAD_AES_CCM;
  const uint32_t tags = alg == CV_AEAD_AES_GCM ? 0x1F110u : ccm ? 0x15551u : 0x10000u;
  const uintptr_t ao = (uintptr_t)aad - CV_DMEM_BASE, to = (uintptr_t)tag - CV_DMEM_BASE;
  /* ctx_ok (the backend: a DMA one, above); the direction; msg_params (CCM: a text length
   * every length field takes, nonce 7..13 bytes; GCM and ChaCha 12, in words); the tag length */
  uint32_t bad = (c->chk ^ seal(c)) | (uint32_t)(alg >= CV_AEAD_ALG_COUNT) |
                 ((uint32_t)dir >> 1) |
                 (ccm ? (uint32_t)(nonce_len - 7u > 6u) | (uint32_t)(len >> 16) |
                            (uint32_t)(aad_len && tag_len)
                      : (uint32_t)(nonce_len ^ 12u) | ((uint32_t)(uintptr_t)nonce & 3u)) |
                 (uint32_t)(tag_len > 16u) | (~tags >> (tag_len & 31u) & 1u) |
                 cv_buf_rd_bad(nonce, nonce_len);
  /* the buffers: data memory, aligned, text in and out the same or apart, the tag apart from
   * the output (counted from the same start too, as the DMA does) */
  if (aad_len) bad |= CV_BUF_OVER(ao | aad_len | (ao + aad_len - 1u)) | (ao & m);
  if (len)
    bad |= cv_buf_io_dmem_bad(in, out, len) |
           (((uintptr_t)in | (uintptr_t)out) & (CV_DMA_ALIGN - 1u));
  if (tag_len)
    bad |= CV_BUF_OVER(to | tag_len | (to + tag_len - 1u)) |
           (uint32_t)(len && (uintptr_t)tag - (uintptr_t)out + (tag_len - 1u) <
                                 len + (tag_len - 1u));
  /* the engine's key, no message in it, the DMA free */
  bad |= aead_msg[cha] | (uint32_t)!hw_owns(c) | (uint32_t)cv_light_dma_held();
  if (bad || cv_dma_busy())
    return one_shot(c, dir, nonce, nonce_len, aad, aad_len, in, out, len, tag, tag_len);
  uint32_t iv[4];
  if (ccm) {
    ccm_b0(iv, nonce, nonce_len, 0, len, tag_len);
    aad_len = 0;  /* CCM*: the AAD is not used */
  } else {
    const uint32_t *nw = (const uint32_t *)(const void *)nonce;
    iv[cha] = nw[0];
    iv[cha + 1] = nw[1];
    iv[cha + 2] = nw[2];
    iv[cha ? 0 : 3] = 0;
  }
  c->phase = PH_NONE;
  /* the tag the DMA reads or writes: off its alignment (a 16-byte port), aead_tag */
  const int tb = (to & m) && tag_len;
  if (__builtin_expect(tb, 0) && dir == CV_DECRYPT) fill(aead_tag, 4, tag, (uint32_t)tag_len);
  hw_go(c, iv, cha ? CHA_CFG | ((uint32_t)dir << CV_CHACHA_CFG_DEC_SHIFT)
                   : aes_cfg(c, dir, tag_len, 0), 1);
  const int e = dma_msg(c, aad, aad_len, in, out, len, tb ? (uint8_t *)aead_tag : tag, tag_len);
  if (__builtin_expect(tb, 0) && e == CV_OK && dir == CV_ENCRYPT)
    drain(tag, aead_tag, (uint32_t)tag_len);
  if (e != CV_OK && dir == CV_DECRYPT && len) cv_cpl_wipe(out, len);
  return e;
}
#else
#define mj_one one_shot  /* without the message-job path one_shot takes every call */
#endif

/* ------------------------------------------------------------------ API */
static int ctx_ok(const cv_aead_ctx *c) {
  return c->chk == seal(c) && (unsigned)c->alg < CV_AEAD_ALG_COUNT && backend_ok(c->backend);
}

cv_status_t cv_aead_init(cv_aead_ctx *ctx, cv_aead_alg_t alg, cv_backend_t backend,
                         const uint8_t *key, size_t key_len) {
  if (!ctx || !key || (unsigned)alg >= CV_AEAD_ALG_COUNT || !backend_ok(backend))
    return CV_ERR_ARG;
  if (alg == CV_AEAD_CHACHA20_POLY1305 ? key_len != 32
                                       : (key_len != 16 && key_len != 24 && key_len != 32))
    return CV_ERR_KEYLEN;
  if (cv_buf_rd_bad(key, key_len)) return CV_ERR_ARG;
#ifdef CV_AEAD_SW_ONLY
  if (backend != CV_BACKEND_SW) return CV_ERR_HW;
#endif
  if (backend != CV_BACKEND_SW) {
    if (backend == CV_BACKEND_ISA) {
      /* isa without the instructions in the build: CV_ERR_HW from the library's init */
      if (alg == CV_AEAD_CHACHA20_POLY1305) return CV_ERR_MODE;
    } else if (!cv_aead_hw_available(alg)) {
      return CV_ERR_HW;
    }
    if (backend == CV_BACKEND_CPI_DMA || backend == CV_BACKEND_MMIO_DMA) {
      if (!aead_dma_available(alg)) return CV_ERR_HW;
      const uint32_t cap = CV_REG32(CV_DMA_CAP_ADDR);
      aead_mj_mask = (cap & CV_DMA_CAP_MSG_MASK)
                         ? ((cap & CV_DMA_CAP_ALIGN_MASK) >> CV_DMA_CAP_ALIGN_SHIFT) - 1u
                         : 0xFFFFFFFFu;
    }
  }
  cv_status_t e = CV_OK;
  ctx->alg = alg;
  ctx->backend = backend;
  ctx->key_bytes = (uint32_t)key_len;
  ctx->phase = PH_NONE;
  ctx->nbuf = 0;
  if (backend == CV_BACKEND_ISA) {
    ctx->id = 0;
    e = alg == CV_AEAD_AES_GCM ? cv_gcm_sw_init_isa(&ctx->sw.gcm, key, key_len)
                               : cv_ccm_sw_init_isa(&ctx->sw.ccm, key, key_len);
  } else if (backend == CV_BACKEND_SW) {
    ctx->id = 0;
    if (alg == CV_AEAD_AES_GCM) e = cv_gcm_sw_init(&ctx->sw.gcm, key, key_len);
    else if (alg == CV_AEAD_AES_CCM) e = cv_ccm_sw_init(&ctx->sw.ccm, key, key_len);
    else e = cv_chachapoly_sw_init(&ctx->sw.cp, key, key_len);
  } else {
    /* a ChaCha engine context's id is of cv_chacha's sequence (cv_light_owner) */
    ctx->id = alg == CV_AEAD_CHACHA20_POLY1305 ? cv_light_new_id(CHA) : ++aead_ids;
    memset(ctx->kw, 0, sizeof ctx->kw);
    memcpy(ctx->kw, key, key_len);
  }
  ctx->chk = e == CV_OK ? seal(ctx) : 0;
  return e;
}

cv_status_t cv_aead_start(cv_aead_ctx *ctx, cv_dir_t dir, const uint8_t *nonce,
                          size_t nonce_len, size_t aad_len, size_t len, size_t tag_len) {
  if (!ctx || !nonce || (unsigned)dir > CV_DECRYPT) return CV_ERR_ARG;
  if (!ctx_ok(ctx)) return CV_ERR_NOKEY;
  const cv_aead_alg_t alg = ctx->alg;
  cv_status_t e = msg_params(alg, nonce, nonce_len, len, tag_len);
  if (e != CV_OK) return e;
  if (!is_hw(ctx)) {
    if (alg == CV_AEAD_AES_GCM) e = cv_gcm_sw_start(&ctx->sw.gcm, dir, nonce, nonce_len, tag_len);
    else if (alg == CV_AEAD_AES_CCM)
      e = cv_ccm_sw_start(&ctx->sw.ccm, dir, nonce, nonce_len, aad_len, len, tag_len);
    else e = cv_chachapoly_sw_start(&ctx->sw.cp, dir, nonce, nonce_len);
  } else {
    e = hw_start(ctx, dir, nonce, nonce_len, aad_len, len, tag_len);
  }
  if (e != CV_OK) {
    ctx->phase = PH_NONE;
    return e;
  }
  ctx->phase = PH_AAD;
  ctx->dir = dir;
  ctx->tag_len = (uint32_t)tag_len;
  ctx->aad_left = (uint32_t)aad_len;
  ctx->msg_left = (uint32_t)len;
  return CV_OK;
}

cv_status_t cv_aead_aad(cv_aead_ctx *ctx, const uint8_t *aad, size_t len) {
  if (!ctx || (len && !aad)) return CV_ERR_ARG;
  if (!ctx_ok(ctx)) return CV_ERR_NOKEY;
  if (ctx->phase != PH_AAD) return CV_ERR_ARG;
  if (!len) return CV_OK;
  if (cv_buf_rd_bad(aad, len)) return CV_ERR_ARG;
  const int ccm = ctx->alg == CV_AEAD_AES_CCM;
  if (ccm && len > ctx->aad_left) return CV_ERR_LENGTH;
  if (is_hw(ctx) && !hw_mine(ctx)) {
    ctx->phase = PH_NONE;
    return CV_ERR_ABORTED;
  }
  if (ccm) ctx->aad_left -= (uint32_t)len;
  if (!is_hw(ctx)) {
    if (ctx->alg == CV_AEAD_AES_GCM) return cv_gcm_sw_aad(&ctx->sw.gcm, aad, len);
    if (ccm) return cv_ccm_sw_aad(&ctx->sw.ccm, aad, len);
    return cv_chachapoly_sw_aad(&ctx->sw.cp, aad, len);
  }
  /* CCM* (no tag) does not use the AAD: nothing goes to the engine */
  if (ccm && !ctx->tag_len) return CV_OK;
  const int e = hw_aad(ctx, aad, len);
  if (e) ctx->phase = PH_NONE;
  return e;
}

/* final: the one-shot's whole text (hw: a whole-block text is closed by its own job). */
static cv_status_t update(cv_aead_ctx *ctx, const uint8_t *in, uint8_t *out, size_t len,
                          int final) {
  if (!ctx || (len && (!in || !out))) return CV_ERR_ARG;
  if (!ctx_ok(ctx)) return CV_ERR_NOKEY;
  if (ctx->phase == PH_NONE) return CV_ERR_ARG;
  if (!len) return CV_OK;
  if (cv_buf_io_bad(in, out, len)) return CV_ERR_ARG;
  const int ccm = ctx->alg == CV_AEAD_AES_CCM;
  if (ctx->phase == PH_TEXT_END || (ccm && (ctx->aad_left || len > ctx->msg_left)))
    return CV_ERR_LENGTH;
  if (dma_misaligned(ctx, in, out, len)) return CV_ERR_DMA;
  if (is_hw(ctx) && !hw_mine(ctx)) {
    ctx->phase = PH_NONE;
    return CV_ERR_ABORTED;
  }
  if (ccm) ctx->msg_left -= (uint32_t)len;
  if (!is_hw(ctx)) {
    ctx->phase = (len & 15) ? PH_TEXT_END : PH_TEXT;  /* (the hw backends: hw_update) */
    if (ctx->alg == CV_AEAD_AES_GCM) return cv_gcm_sw_update(&ctx->sw.gcm, in, out, len);
    if (ccm) return cv_ccm_sw_update(&ctx->sw.ccm, in, out, len);
    return cv_chachapoly_sw_update(&ctx->sw.cp, in, out, len);
  }
  int e = CV_OK;
  if (ctx->phase == PH_AAD) {
    e = hw_aad_end(ctx);
    ctx->phase = PH_TEXT;
  }
  if (e == CV_OK) e = hw_update(ctx, in, out, len, final);
  if (e) ctx->phase = PH_NONE;
  return e;
}

cv_status_t cv_aead_update(cv_aead_ctx *ctx, const uint8_t *in, uint8_t *out, size_t len) {
  return update(ctx, in, out, len, 0);
}

cv_status_t cv_aead_finish(cv_aead_ctx *ctx, uint8_t *tag) {
  if (!ctx) return CV_ERR_ARG;
  if (!ctx_ok(ctx)) return CV_ERR_NOKEY;
  if (ctx->phase == PH_NONE) return CV_ERR_ARG;
  const uint32_t t = ctx->tag_len;
  if (t && (!tag || (ctx->dir == CV_ENCRYPT ? cv_buf_wr_bad(tag, t) : cv_buf_rd_bad(tag, t))))
    return CV_ERR_ARG;
  if (ctx->alg == CV_AEAD_AES_CCM && (ctx->aad_left || ctx->msg_left)) return CV_ERR_LENGTH;
  if (is_hw(ctx) && !hw_mine(ctx)) {
    ctx->phase = PH_NONE;
    return CV_ERR_ABORTED;
  }
  cv_status_t e;
  const int dec = ctx->dir == CV_DECRYPT;
  if (!is_hw(ctx)) {
    if (ctx->alg == CV_AEAD_AES_GCM)
      e = dec ? cv_gcm_sw_verify(&ctx->sw.gcm, tag) : cv_gcm_sw_finish(&ctx->sw.gcm, tag);
    else if (ctx->alg == CV_AEAD_AES_CCM)
      e = dec ? cv_ccm_sw_verify(&ctx->sw.ccm, tag) : cv_ccm_sw_finish(&ctx->sw.ccm, tag);
    else e = dec ? cv_chachapoly_sw_verify(&ctx->sw.cp, tag) : cv_chachapoly_sw_finish(&ctx->sw.cp, tag);
  } else {
    e = CV_OK;
    if (ctx->phase == PH_AAD) {
      e = hw_aad_end(ctx);
      ctx->phase = PH_TEXT;
    }
    if (e == CV_OK) e = hw_finish(ctx, tag);
  }
  ctx->phase = PH_NONE;
  return e;
}

/* A message mj_one does not take: ln_one's, or through the streaming calls (sw: the library's
 * one-shot calls); a decryption that fails leaves out zeroed. */
static cv_status_t one_shot(cv_aead_ctx *ctx, cv_dir_t dir, const uint8_t *nonce,
                            size_t nonce_len, const uint8_t *aad, size_t aad_len,
                            const uint8_t *in, uint8_t *out, size_t len, uint8_t *tag,
                            size_t tag_len) {
  if (!ctx || !nonce || (aad_len && !aad) || (len && (!in || !out)) || (tag_len && !tag))
    return CV_ERR_ARG;
  if ((aad_len && cv_buf_rd_bad(aad, aad_len)) || (len && cv_buf_io_bad(in, out, len)) ||
      (tag_len && (dir == CV_ENCRYPT ? cv_buf_wr_bad(tag, tag_len) : cv_buf_rd_bad(tag, tag_len))))
    return CV_ERR_ARG;
  if (!ctx_ok(ctx)) return CV_ERR_NOKEY;
  if (dma_misaligned(ctx, in, out, len)) return CV_ERR_DMA;
  /* the sw library's one-shot calls: decryption authenticates before it decrypts */
  if (!is_hw(ctx)) {
    const cv_aead_alg_t a = ctx->alg;
    ctx->phase = PH_NONE;
    if (dir == CV_ENCRYPT) {
      if (a == CV_AEAD_AES_GCM)
        return cv_gcm_sw_encrypt(&ctx->sw.gcm, nonce, nonce_len, aad, aad_len, in, out, len,
                                 tag, tag_len);
      if (a == CV_AEAD_AES_CCM)
        return cv_ccm_sw_encrypt(&ctx->sw.ccm, nonce, nonce_len, aad, aad_len, in, out, len,
                                 tag, tag_len);
      return cv_chachapoly_sw_encrypt(&ctx->sw.cp, nonce, nonce_len, aad, aad_len, in, out, len,
                                      tag, tag_len);
    }
    if (a == CV_AEAD_AES_GCM)
      return cv_gcm_sw_decrypt(&ctx->sw.gcm, nonce, nonce_len, aad, aad_len, in, out, len, tag,
                               tag_len);
    if (a == CV_AEAD_AES_CCM)
      return cv_ccm_sw_decrypt(&ctx->sw.ccm, nonce, nonce_len, aad, aad_len, in, out, len, tag,
                               tag_len);
    return cv_chachapoly_sw_decrypt(&ctx->sw.cp, nonce, nonce_len, aad, aad_len, in, out, len,
                                    tag, tag_len);
  }
#if defined(__OPTIMIZE_SIZE__)
  cv_status_t e = LN_OTHER;
#else
  cv_status_t e = ln_one(ctx, dir, nonce, nonce_len, aad, aad_len, in, out, len, tag, tag_len);
#endif
  if (e == LN_OTHER) {
    ctx->phase = PH_NONE;
    e = cv_aead_start(ctx, dir, nonce, nonce_len, aad_len, len, tag_len);
    if (e == CV_OK) e = cv_aead_aad(ctx, aad, aad_len);
    if (e == CV_OK) e = update(ctx, in, out, len, 1);
    if (e == CV_OK) e = cv_aead_finish(ctx, tag);
  }
  if (e != CV_OK) {
    if (ctx->phase != PH_NONE) {  /* stopped half-way: the engine is left idle */
      hw_zero(ctx);
      ctx->phase = PH_NONE;
    }
    if (dir == CV_DECRYPT && len && e != CV_ERR_ARG) cv_cpl_wipe(out, len);
  }
  return e;
}

cv_status_t cv_aead_encrypt(cv_aead_ctx *ctx, const uint8_t *nonce, size_t nonce_len,
                            const uint8_t *aad, size_t aad_len, const uint8_t *in, uint8_t *out,
                            size_t len, uint8_t *tag, size_t tag_len) {
  /* the message job first (mj_one), one_shot from there */
  return mj_one(ctx, CV_ENCRYPT, nonce, nonce_len, aad, aad_len, in, out, len, tag, tag_len);
}

cv_status_t cv_aead_decrypt(cv_aead_ctx *ctx, const uint8_t *nonce, size_t nonce_len,
                            const uint8_t *aad, size_t aad_len, const uint8_t *in, uint8_t *out,
                            size_t len, const uint8_t *tag, size_t tag_len) {
  return mj_one(ctx, CV_DECRYPT, nonce, nonce_len, aad, aad_len, in, out, len, (uint8_t *)tag,
                tag_len);
}

void cv_aead_zeroize(cv_aead_ctx *ctx) {
  if (!ctx) return;
  if (ctx_ok(ctx) && is_hw(ctx) && hw_owns(ctx) && !cv_dma_busy() && !cv_light_dma_held())
    hw_zero(ctx);
  cv_cpl_wipe(ctx, sizeof *ctx);
}
