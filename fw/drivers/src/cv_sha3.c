// SPDX-License-Identifier: Apache-2.0
/* cv_sha3.c: the SHA-3 API of cv_sha3.h. sw: fw/crypto's cv_sha3_sw_*. Hardware (engine 5,
 * 64-bit input and output words, FIPS 202 padding in the engine): init STARTs the engine with
 * CFG.FUNC (for SHAKE also OUTLEN, the exact length, in cv_sha3_hash up to 65,535 bytes; else
 * CFG.XOF, an output without end, which final ends with a ZEROIZE); update sends whole 8-byte
 * words, waiting for IN_READY before each (the engine absorbs one word per cycle but stops for
 * the 24-cycle permutation after every rate block), and holds back the last word so final (or
 * the first squeeze) can send it with DATAL and LAST_BYTES; final and squeeze read the output
 * words, a squeeze keeping the unread rest of its last word for the next call. cv_sha3_hash on
 * the DMA backends is one DMA job (LEN bytes in, OUTLEN bytes out; longer SHAKE outputs, which
 * the DMA cannot run, go through the context path on cpi or mmio). */
#include <string.h>

#include "cv_sha3.h"
#include "cv_light.h"

#pragma GCC optimize("no-tree-loop-distribute-patterns")

#define ENG CV_ENGINE_SHA3
#define SHA3_MAGIC 0x5A3E1F0Du
/* ctx->id of a sw context whose message runs (a hardware one's is its owner id); 0 once final
 * ended the message. */
#define SW_LIVE 1u
/* The largest CFG.OUTLEN: longer outputs are an XOF. */
#define SHAKE_OUTLEN_MAX (CV_SHA3_CFG_OUTLEN_MASK >> CV_SHA3_CFG_OUTLEN_SHIFT)

/* The engine's own error codes as API results. */
static const int8_t sha3_errmap[8] = {
    [CV_SHA3_STATUS_ERR_CODE_CFG] = CV_ERR_MODE,
    [CV_SHA3_STATUS_ERR_CODE_BUSY] = CV_ERR_BUSY,
    [CV_SHA3_STATUS_ERR_CODE_LEN] = CV_ERR_LENGTH,
};
/* CFG.FUNC is the API's algorithm number (cv_sha3_sw.h), so init writes alg there. */
_Static_assert(CV_SHA3_CFG_FUNC_SHA3_224 == CV_SHA3_224 &&
                   CV_SHA3_CFG_FUNC_SHA3_256 == CV_SHA3_256 &&
                   CV_SHA3_CFG_FUNC_SHA3_384 == CV_SHA3_384 &&
                   CV_SHA3_CFG_FUNC_SHA3_512 == CV_SHA3_512 &&
                   CV_SHA3_CFG_FUNC_SHAKE128 == CV_SHAKE128 &&
                   CV_SHA3_CFG_FUNC_SHAKE256 == CV_SHAKE256 && CV_SHA3_CFG_FUNC_SHIFT == 0,
               "CFG.FUNC = the algorithm number");
static const uint8_t md_bytes[6] = {28, 32, 48, 64, 0, 0};

/* CV_OK when out_len is allowed for alg: the digest size for SHA3-*, anything for SHAKE. */
static int check_outlen(int alg, size_t out_len) {
  return alg >= CV_SHAKE128 || out_len == md_bytes[alg] ? CV_OK : CV_ERR_OUTLEN;
}

static int hw_fail(const cv_sha3_ctx *ctx, uint32_t s) {
  return cv_light_hw_fail(ENG, ctx->backend, s, sha3_errmap);
}

/* The check word of a context: every word that steers its calls, which change as the message
 * goes: the backend, function, owner id (0: ended), the held bytes, OUTLEN and the squeezing
 * state; on the sw backend the library's rate, position, digest length, function and state
 * instead. Every call checks it first and seals the context again when it returns. */
__attribute__((cold)) static uint32_t seal(const cv_sha3_ctx *ctx) {
  const uint32_t h = cv_seal(SHA3_MAGIC, (uint32_t)ctx->backend, (uint32_t)ctx->alg, ctx->id,
                             ctx->buf_len, ctx->outlen);
  if (ctx->backend != CV_BACKEND_SW) return cv_seal(h, ctx->squeezing, 0, 0, 0, 0);
  const cv_sha3_sw_ctx *w = &ctx->sw;
  return cv_seal(cv_seal(h, ctx->squeezing, w->rate, w->pos, w->md_len, (uint32_t)w->alg),
                 (uint32_t)w->squeezing, 0, 0, 0, 0);
}
static int sealed(const cv_sha3_ctx *ctx) { return ctx->chk == seal(ctx); }
/* A call's result, the context sealed again (its words may have changed). */
static int resealed(cv_sha3_ctx *ctx, int e) {
  ctx->chk = seal(ctx);
  return e;
}

/* The engine has an owner: drop that context's message (0), or there is no SHA-3 engine in
 * this SoC (1: its owner is CV_LIGHT_NO_ENGINE, and nothing is touched). */
static __attribute__((noinline)) int take_over(cv_backend_t b) {
  if (cv_light_owner[ENG] == CV_LIGHT_NO_ENGINE) return 1;
  cv_light_zeroize(ENG, b);
  return 0;
}

/* Take the engine and START a message; SHAKE: OUTLEN outlen (1..65,535), or an XOF for 0. */
static int hw_start(cv_sha3_ctx *ctx, uint32_t outlen) {
  const cv_backend_t b = ctx->backend;
  if (cv_light_owner[ENG] && take_over(b)) return CV_ERR_HW;
  uint32_t cfg = (uint32_t)ctx->alg, s;
  if (ctx->alg >= CV_SHAKE128)
    cfg |= outlen ? outlen << CV_SHA3_CFG_OUTLEN_SHIFT : CV_SHA3_CFG_XOF_MASK;
  if (cv_light_uses_cpi(b)) {
    CV_CPI_START(ENG, cfg);
    s = CV_CPI_STATUS(ENG);
  } else {
    CV_REG32(CV_SHA3_CFG_ADDR) = cfg;
    CV_REG32(CV_SHA3_CTRL_ADDR) = CV_CPL_CTRL_START_MASK;
    s = CV_REG32(CV_SHA3_STATUS_ADDR);
  }
  if (s & CV_CPL_STATUS_ERR_MASK) return hw_fail(ctx, s);
  ctx->id = cv_light_new_id(ENG);
  cv_light_owner[ENG] = ctx->id;
  ctx->buf_len = 0;
  ctx->outlen = outlen;
  ctx->squeezing = 0;
  return resealed(ctx, CV_OK);
}

/* One input word when the staging block is free (usually at the first look: the engine absorbs
 * a word a cycle, and waits only for its permutation after a rate block); last: with
 * LAST_BYTES = nbytes. */
CV_LIGHT_HOT int push(const cv_sha3_ctx *ctx, uint32_t w0, uint32_t w1, int last,
                       uint32_t nbytes) {
  uint32_t s;
  if (cv_light_uses_cpi(ctx->backend)) {
    s = cv_cpl_cpi_wait_likely(ENG, CV_CPL_STATUS_IN_READY_MASK);
    if (s & CV_CPL_STATUS_ERR_MASK) return hw_fail(ctx, s);
    if (last) {
      CV_CPI_LASTB(ENG, nbytes);
      CV_CPI_DATAL(ENG, w0, w1);
    } else {
      CV_CPI_DATA(ENG, w0, w1);
    }
  } else {
    s = cv_cpl_mmio_wait_likely(CV_SHA3_BASE, CV_CPL_STATUS_IN_READY_MASK);
    if (s & CV_CPL_STATUS_ERR_MASK) return hw_fail(ctx, s);
    if (last) CV_REG32(CV_SHA3_LAST_BYTES_ADDR) = nbytes;
    CV_REG32(CV_SHA3_DIN_ADDR) = w0;
    CV_REG32(last ? CV_SHA3_DINL_ADDR + 4 : CV_SHA3_DIN_ADDR + 4) = w1;
  }
  return CV_OK;
}

/* out_len bytes of output, 8 per word. */
static int pull(const cv_sha3_ctx *ctx, uint8_t *out, size_t out_len) {
  const int cpi = cv_light_uses_cpi(ctx->backend);
  const int aligned = ((uintptr_t)out & 3) == 0;
  for (size_t i = 0; i < out_len; i += 8) {
    uint32_t w[2];
    if (cpi) {
      w[0] = CV_CPI_RESULT(ENG);
      w[1] = CV_CPI_RESULT(ENG);
    } else {
      uint32_t s = cv_cpl_mmio_wait(CV_SHA3_BASE, CV_CPL_STATUS_OUT_VALID_MASK);
      if (s == 0xFFFFFFFFu || (s & CV_CPL_STATUS_ERR_MASK)) return hw_fail(ctx, s);
      w[0] = CV_REG32(CV_SHA3_DOUT_ADDR);
      w[1] = CV_REG32(CV_SHA3_DOUT_ADDR + 4);
    }
    if (aligned && out_len - i >= 8) {
      ((uint32_t *)(void *)(out + i))[0] = w[0];
      ((uint32_t *)(void *)(out + i))[1] = w[1];
    } else {
      memcpy(out + i, w, out_len - i < 8 ? out_len - i : 8);
    }
  }
  return CV_OK;
}

int cv_sha3_available(void) { return cv_cpl_engine_present(ENG); }

cv_status_t cv_sha3_init(cv_sha3_ctx *ctx, cv_backend_t backend, int alg) {
  if (!ctx || (unsigned)backend >= CV_BACKEND_COUNT || (unsigned)alg > CV_SHAKE256)
    return CV_ERR_ARG;
  ctx->backend = backend;
  ctx->alg = alg;
  ctx->id = 0;
  ctx->buf_len = 0;
  ctx->outlen = 0;
  ctx->squeezing = 0;
  ctx->chk = 0;  /* not a context until the message starts */
  if (backend == CV_BACKEND_SW) {
    ctx->id = SW_LIVE;
    return resealed(ctx, cv_sha3_sw_init(&ctx->sw, alg));
  }
  return hw_start(ctx, 0);
}

/* Every call on a context, in the order the API documents: CV_ERR_ARG (NULL, a buffer that
 * breaks the rules: buf n bytes, written when out), CV_ERR_NOKEY (the check word: never
 * initialised, changed since, zeroized), CV_ERR_ARG (the message ended by final), CV_ERR_MODE
 * (a squeeze of SHA3-*), CV_ERR_ABORTED (another context's message took the engine over), else
 * CV_OK. */
__attribute__((cold)) static int check(const cv_sha3_ctx *ctx, const void *buf, size_t n,
                                       int out, int squeeze) {
  if (!ctx || (!buf && n)) return CV_ERR_ARG;
  if (n && (out ? cv_buf_wr_bad(buf, n) : cv_buf_rd_bad(buf, n))) return CV_ERR_ARG;
  if (!sealed(ctx)) return CV_ERR_NOKEY;
  if (ctx->id == 0) return CV_ERR_ARG;  /* final ended the message */
  if (squeeze && ctx->alg < CV_SHAKE128) return CV_ERR_MODE;
  if (ctx->backend != CV_BACKEND_SW && ctx->id != cv_light_owner[ENG]) return CV_ERR_ABORTED;
  return CV_OK;
}

static int update_hw(cv_sha3_ctx *ctx, const uint8_t *data, size_t len);

cv_status_t cv_sha3_update(cv_sha3_ctx *ctx, const uint8_t *data, size_t len) {
  int e = check(ctx, data, len, 0, 0);
  if (e) return e;
  if (ctx->backend == CV_BACKEND_SW) return resealed(ctx, cv_sha3_sw_update(&ctx->sw, data, len));
  return resealed(ctx, update_hw(ctx, data, len));
}

/* update on a hardware backend. */
static int update_hw(cv_sha3_ctx *ctx, const uint8_t *data, size_t len) {
  int e;
  if (ctx->squeezing) return CV_ERR_ARG;  /* the message has ended */
  uint8_t *b = (uint8_t *)ctx->buf;
  while (len) {
    if (ctx->buf_len == 8) {  /* more data follows: the held word goes */
      if ((e = push(ctx, ctx->buf[0], ctx->buf[1], 0, 0)) != CV_OK) return e;
      ctx->buf_len = 0;
    }
    if (ctx->buf_len == 0 && ((uintptr_t)data & 3) == 0) {
      const uint32_t *w = (const uint32_t *)(const void *)data;
      for (; len > 8; len -= 8, w += 2)
        if ((e = push(ctx, w[0], w[1], 0, 0)) != CV_OK) return e;
      data = (const uint8_t *)w;
    }
    while (len && ctx->buf_len < 8) {
      b[ctx->buf_len++] = *data++;
      len--;
    }
  }
  return CV_OK;
}

/* Ends the message: the held-back last word (0..8 bytes) goes with DATAL and LAST_BYTES. From
 * then on buf holds output: its last buf_len bytes are not read yet. */
static int end_message(cv_sha3_ctx *ctx) {
  uint8_t *b = (uint8_t *)ctx->buf;
  for (uint32_t i = ctx->buf_len; i < 8; i++) b[i] = 0;
  int e = push(ctx, ctx->buf[0], ctx->buf[1], 1, ctx->buf_len);
  ctx->buf_len = 0;
  ctx->squeezing = 1;
  return e;
}

/* The next out_len bytes of the output: the unread rest of the last word, whole words straight
 * into out, then a word into buf for a partial end (its rest is kept for the next call). */
static int squeeze_hw(cv_sha3_ctx *ctx, uint8_t *out, size_t out_len) {
  int e = ctx->squeezing ? CV_OK : end_message(ctx);
  const uint8_t *b = (const uint8_t *)ctx->buf;
  while (e == CV_OK && out_len) {
    if (ctx->buf_len == 0) {
      const size_t whole = out_len & ~(size_t)7;
      if (whole) {
        e = pull(ctx, out, whole);
        out += whole;
        out_len -= whole;
        continue;
      }
      e = pull(ctx, (uint8_t *)ctx->buf, 8);
      ctx->buf_len = 8;
    }
    const size_t n = out_len < ctx->buf_len ? out_len : ctx->buf_len;
    for (size_t i = 0; i < n; i++) out[i] = b[8 - ctx->buf_len + i];
    ctx->buf_len -= (uint32_t)n;
    out += n;
    out_len -= n;
  }
  return e;
}

cv_status_t cv_sha3_squeeze(cv_sha3_ctx *ctx, uint8_t *out, size_t out_len) {
  int e = check(ctx, out, out_len, 1, 1);
  if (e) return e;
  if (ctx->backend == CV_BACKEND_SW)
    return resealed(ctx, cv_sha3_sw_squeeze(&ctx->sw, out, out_len));
  return resealed(ctx, squeeze_hw(ctx, out, out_len));
}

/* final ends the message on every backend: every later call but init and zeroize is
 * CV_ERR_ARG. */
cv_status_t cv_sha3_final(cv_sha3_ctx *ctx, uint8_t *out, size_t out_len) {
  int e = check(ctx, out, out_len, 1, 0);
  if (e == CV_OK) e = check_outlen(ctx->alg, out_len);
  else if (e == CV_ERR_ABORTED && check_outlen(ctx->alg, out_len)) e = CV_ERR_OUTLEN;  /* first */
  if (e) return e;
  if (ctx->backend == CV_BACKEND_SW) {
    e = cv_sha3_sw_final(&ctx->sw, out, out_len);
    ctx->id = 0;
    return resealed(ctx, e);
  }
  if (out_len) e = squeeze_hw(ctx, out, out_len);  /* SHA3-*: the whole digest, out_len > 0 */
  if (e == CV_OK && ctx->alg >= CV_SHAKE128 && ctx->outlen == 0) {
    cv_light_zeroize(ENG, ctx->backend);  /* an XOF has no end of its own (or no output) */
  }
  if (cv_light_owner[ENG] == ctx->id) cv_light_owner[ENG] = 0;
  ctx->id = 0;
  cv_cpl_wipe(ctx->buf, sizeof ctx->buf);
  return resealed(ctx, e);
}

#if !defined(__OPTIMIZE_SIZE__)
static int hash_cpi(cv_backend_t b, uint32_t cfg, const uint32_t *m, size_t len, uint32_t *out,
                    size_t out_len);
static int hash_mmio(cv_backend_t b, uint32_t cfg, const uint32_t *m, size_t len, uint32_t *out,
                     size_t out_len);

/* Another context's message is in the engine: drop it, then the hash. Out of line, so the hash
 * paths call nothing but tail calls and keep no stack frame. */
static __attribute__((noinline)) int hash_take(int cpi, uint32_t cfg, const uint32_t *m,
                                               size_t len, uint32_t *out, size_t out_len) {
  if (cv_light_owner[ENG] == CV_LIGHT_NO_ENGINE) return CV_ERR_HW;
  cv_light_zeroize(ENG, cpi ? CV_BACKEND_CPI : CV_BACKEND_MMIO);  /* owner 0 from here on */
  return cpi ? hash_cpi(CV_BACKEND_CPI, cfg, m, len, out, out_len)
             : hash_mmio(CV_BACKEND_MMIO, cfg, m, len, out, out_len);
}

/* One 8-byte message word into the unit: DATA, or the DIN pair. The "memory" clobber keeps the
 * next word's loads after it. */
static inline __attribute__((always_inline)) void push_word(int cpi, volatile uint32_t *r,
                                                            uint32_t a, uint32_t c) {
  if (cpi) {
    CV_CPI_R011M_(ENG, CV_CPI_OP_DATA, CV_CPI_F3_DATA, a, c);
  } else {
    r[CV_CPL_DIN_OFFSET / 4] = a;
    r[CV_CPL_DIN_OFFSET / 4 + 1] = c;
    __asm__ volatile("" ::: "memory");
  }
}

/* The end of the next run of message words (at most *room of those before end); takes them off
 * *room. */
static inline __attribute__((always_inline)) const uint32_t *run_end(const uint32_t *m,
                                                                     const uint32_t *end,
                                                                     uint32_t *room) {
  const uint32_t left = (uint32_t)(end - m) >> 1;
  const uint32_t n = left < *room ? left : *room;
  *room -= n;
  return m + 2 * n;
}

/* cv_sha3_hash on cpi or mmio (cpi a constant) with word-aligned message and output and out_len
 * a non-zero multiple of 4 (the common case): the message words go straight from memory with no
 * context, no byte buffer and no ownership bookkeeping (the message never outlives the call).
 * The last word (1..8 bytes; none for an empty message) goes with DATAL and LAST_BYTES; words
 * are read whole (aligned, so never past the buffer's last word) and the engine ignores the
 * bytes after LAST_BYTES. IN_READY is polled once per rate block, not before every word (the
 * engine absorbs a word a cycle and stops only for its permutation); the words between two
 * polls go as one run, two per iteration; the output is read in a loop with one exit test; the
 * path has no stack frame. */
static inline __attribute__((always_inline)) int pio_hash(int cpi, uint32_t cfg,
                                                          const uint32_t *m, size_t len,
                                                          uint32_t *out, size_t out_len) {
  const cv_backend_t b = cpi ? CV_BACKEND_CPI : CV_BACKEND_MMIO;
  volatile uint32_t *r = (volatile uint32_t *)(uintptr_t)CV_SHA3_BASE;
  const uint32_t err = CV_CPL_STATUS_ERR_MASK, in_ready = CV_CPL_STATUS_IN_READY_MASK;
  if (cv_light_owner[ENG]) return hash_take(cpi, cfg, m, len, out, out_len);
  uint32_t s;
  if (cpi) {
    CV_CPI_START(ENG, cfg);
    s = CV_CPI_STATUS(ENG);
  } else {
    r[CV_CPL_CFG_OFFSET / 4] = cfg;
    r[CV_CPL_CTRL_OFFSET / 4] = CV_CPL_CTRL_START_MASK;
    s = r[CV_CPL_STATUS_OFFSET / 4];
  }
  const size_t nw = len ? (len - 1) >> 3 : 0;  /* words before the last */
  const uint32_t *end = m + 2 * nw;
  /* IN_READY is polled only before word 1 and then before every rate-th word (1 + k * rate):
   * while the engine absorbs, it takes a staged word in the cycle after it was written, before
   * the CPU can write the next one; after a block's last word it permutes for 24 cycles, during
   * which the next word waits staged and the one after it must wait for IN_READY (else the unit
   * drops it: OVERRUN). Word 0 finds the staging free (a message ends with every word taken, a
   * ZEROIZE clears it), and the wait before word 1 also covers a START the unit holds. The
   * words between two polls go as one run: a loop with no test but its end. */
  static const uint8_t rate_words[6] = {18, 17, 13, 9, 21, 17};  /* 8-byte words per block */
  const uint32_t rate = rate_words[cfg & CV_SHA3_CFG_FUNC_MASK];
  uint32_t room = 1;  /* words that may go before the next poll (an empty run: the last word) */
  if (s & err) return cv_light_hw_fail(ENG, b, s, sha3_errmap);
  if (m != end) {
    const uint32_t a0 = m[0], c0 = m[1];
    m += 2;
    push_word(cpi, r, a0, c0);
    room = rate;
    const uint32_t *stop = run_end(m, end, &room);
    /* before word 1: word 0 absorbed, usually at the first look once the run's end is worked
     * out (the empty asm keeps that arithmetic between the DATA and the look: a look in the
     * next cycle finds word 0 still staged) */
    __asm__ volatile("" : : "r"(stop));
    s = cv_cpl_wait_on_likely(cpi, ENG, CV_SHA3_BASE, in_ready);
    if (s & err) return cv_light_hw_fail(ENG, b, s, sha3_errmap);
    for (;;) {
      /* two words an iteration (an odd one first); each word's loads come between two DATA,
       * which the "memory" clobber keeps there: the unit takes a staged word in the cycle after
       * it was written, so back-to-back DATA would find the staging full */
      if ((uint32_t)(stop - m) & 2u) {
        const uint32_t a = m[0], c = m[1];
        m += 2;
        push_word(cpi, r, a, c);
      }
      while (m != stop) {
        const uint32_t a = m[0], c = m[1];
        push_word(cpi, r, a, c);
        const uint32_t a1 = m[2], c1 = m[3];
        m += 4;
        push_word(cpi, r, a1, c1);
      }
      if (m == end) break;
      /* a block's permutation runs */
      s = cv_cpl_wait_on(cpi, ENG, CV_SHA3_BASE, in_ready);
      if (s & err) return cv_light_hw_fail(ENG, b, s, sha3_errmap);
      room = rate;
      stop = run_end(m, end, &room);
    }
  }
  if (room == 0) {  /* the last word, by the same rule */
    s = cv_cpl_wait_on(cpi, ENG, CV_SHA3_BASE, in_ready);
    if (s & err) return cv_light_hw_fail(ENG, b, s, sha3_errmap);
  }
  const uint32_t nb = (uint32_t)(len - 8 * nw);  /* 0..8 */
  const uint32_t w0 = nb ? m[0] : 0, w1 = nb > 4 ? m[1] : 0;  /* the engine drops bytes >= nb */
  if (cpi) {
    CV_CPI_LASTB(ENG, nb);
    CV_CPI_DATAL(ENG, w0, w1);
  } else {
    r[CV_CPL_LAST_BYTES_OFFSET / 4] = nb;
    r[CV_CPL_DIN_OFFSET / 4] = w0;
    r[CV_CPL_DINL_OFFSET / 4 + 1] = w1;
  }
  /* 8 bytes per output word, both halves read (the second consumes the word); SHA3-224's and
   * a SHAKE length's last half word stores only its first half. RESULT waits in hardware. On
   * mmio OUT_VALID is polled before each block of rate words: the engine permutes after a
   * block, and within one it shows the next word 2 cycles after the read that consumed the
   * one before, while the CPU's next DOUT read comes at least 5 instructions later. A DOUT
   * read that found no word would flag UNDERFLOW: ERR is checked once at the end. */
  uint32_t *const last = out + 2 * ((out_len - 1) >> 3);
  uint32_t a, c;
  if (cpi) {
    for (;;) {
      a = CV_CPI_RESULT(ENG);
      c = CV_CPI_RESULT(ENG);
      out[0] = a;
      if (out == last) break;
      out[1] = c;
      out += 2;
    }
  } else {
    room = 0;  /* words readable before the next poll */
    for (;;) {
      if (room == 0) {
        s = cv_cpl_mmio_wait(CV_SHA3_BASE, CV_CPL_STATUS_OUT_VALID_MASK);
        if (s & err) return cv_light_hw_fail(ENG, b, s, sha3_errmap);
        room = rate;
      }
      a = r[CV_CPL_DOUT_OFFSET / 4];
      c = r[CV_CPL_DOUT_OFFSET / 4 + 1];
      room--;
      out[0] = a;
      if (out == last) break;
      out[1] = c;
      out += 2;
    }
    s = r[CV_CPL_STATUS_OFFSET / 4];
    if (s & err) return cv_light_hw_fail(ENG, b, s, sha3_errmap);
  }
  if (!(out_len & 4)) out[1] = c;
  return CV_OK;
}

/* pio_hash for each coupling, each out of line: cv_sha3_hash then has no frame of its own and
 * enters every path (these two, hash_dma, ctx_hash) by a tail call. Their arguments are
 * cv_sha3_hash's (b unused) in the same registers, cfg in alg's place: with the message
 * one register lower, GCC would move msg, len, out and out_len at the entry of cv_sha3_hash
 * and back before the DMA path's tail call (8 moves). noipa: GCC's clones without the unused
 * argument (constprop) would move them again. */
static __attribute__((noipa)) int hash_cpi(cv_backend_t b, uint32_t cfg, const uint32_t *m,
                                              size_t len, uint32_t *out, size_t out_len) {
  (void)b;
  return pio_hash(1, cfg, m, len, out, out_len);
}
static __attribute__((noipa)) int hash_mmio(cv_backend_t b, uint32_t cfg, const uint32_t *m,
                                               size_t len, uint32_t *out, size_t out_len) {
  (void)b;
  return pio_hash(0, cfg, m, len, out, out_len);
}
#endif

/* The buffers of cv_sha3_hash against the rules (cv_cpl.h): non-zero when the message is not
 * in data or program memory, the digest not in data memory, or they overlap other than with
 * the same start. */
static __attribute__((noinline, cold)) uint32_t hash_bad(const uint8_t *msg, size_t len,
                                                   const uint8_t *out, size_t out_len) {
  uint32_t bad = out_len ? cv_buf_wr_bad(out, out_len) : 0u;
  if (len) bad |= cv_buf_rd_bad(msg, len) | (out_len ? cv_buf_overlap(msg, len, out, out_len) : 0u);
  return bad;
}

/* A SHA3-* digest of another size: CV_ERR_OUTLEN, after CV_ERR_ARG for buffers that break the
 * rules (the documented order). Out of line and entered by a tail call with cv_sha3_hash's
 * arguments in their registers (as hash_sw): cv_sha3_hash keeps no stack frame and moves none. */
static __attribute__((noipa, cold)) int hash_outlen_bad(cv_backend_t b, int alg,
                                                        const uint8_t *msg, size_t len,
                                                        const uint8_t *out, size_t out_len) {
  (void)b;
  (void)alg;
  return hash_bad(msg, len, out, out_len) ? CV_ERR_ARG : CV_ERR_OUTLEN;
}

/* cv_sha3_hash through a context of its own (init, update, final), the buffers' rules tested
 * first (the calls test each buffer, not their overlap). */
static __attribute__((noinline, cold)) int ctx_hash(cv_backend_t backend, int alg,
                                                    const uint8_t *msg, size_t len, uint8_t *out,
                                                    size_t out_len) {
  if (hash_bad(msg, len, out, out_len)) return CV_ERR_ARG;
  cv_sha3_ctx c;
  c.backend = backend;
  c.alg = alg;
  /* SHAKE: the exact OUTLEN when the field holds it, else an XOF that final ends */
  int e = hw_start(&c, out_len <= SHAKE_OUTLEN_MAX ? (uint32_t)out_len : 0);
  if (e == CV_OK) e = cv_sha3_update(&c, msg, len);
  if (e == CV_OK) return cv_sha3_final(&c, out, out_len);
  cv_sha3_zeroize(&c);
  return e;
}

/* cv_sha3_hash on a DMA backend: the buffers' rules, then one job, the digest through a bounce
 * buffer when out cannot take the DMA's writes (not 16-byte aligned); no output, more than
 * OUTLEN counts, or a message in program memory (which the DMA cannot read) through ctx_hash on
 * the backend's cpi or mmio coupling. */
static __attribute__((noinline, cold)) int dma_hash(cv_backend_t backend, uint32_t cfg,
                                                    const uint8_t *msg, size_t len, uint8_t *out,
                                                    size_t out_len) {
  static uint32_t bounce[16] __attribute__((aligned(CV_LIGHT_DMA_ALIGN)));
  if (hash_bad(msg, len, out, out_len)) return CV_ERR_ARG;
  if (out_len - 1 >= SHAKE_OUTLEN_MAX ||  /* no output, or more than OUTLEN counts */
      (len && cv_buf_in_prog(msg) && !((uintptr_t)msg & (CV_LIGHT_DMA_ALIGN - 1))))
    return ctx_hash(backend, (int)(cfg & CV_SHA3_CFG_FUNC_MASK), msg, len, out, out_len);
  uint8_t *dst = out;
  const uint8_t *src = len ? msg : dst;
  if (cv_dma_bad(src, len, dst, out_len, CV_LIGHT_DMA_ALIGN)) {
    if (cv_dma_bad(out, out_len, out, out_len, CV_LIGHT_DMA_ALIGN)) {
      if (out_len > sizeof bounce) return CV_ERR_DMA;
      dst = (uint8_t *)bounce;
    }
    src = len ? msg : dst;
    if (cv_dma_bad(src, len, dst, out_len, CV_LIGHT_DMA_ALIGN)) return CV_ERR_DMA;
  }
  /* the DMA taken (running, or an AES background job not waited for): refused before the
   * engine's message is taken over, so that the refused call changes nothing */
  if (cv_dma_busy() || cv_light_dma_held()) return CV_ERR_BUSY;
  if (cv_light_owner[ENG] && take_over(backend)) return CV_ERR_HW;
  int e = cv_light_dma(ENG, backend, cfg, src, dst, len, out_len, sha3_errmap);
  if (e == CV_OK && dst != out) memcpy(out, dst, out_len);
  return e;
}

#if !defined(__OPTIMIZE_SIZE__)
/* The DMA path, out of line and entered by a tail call (its registers are not saved on the cpi
 * and mmio paths' frame): 16-byte aligned buffers, a message in data memory, no streaming context
 * in the engine and the DMA idle go straight to one job (the DMA checks the buffers' memories
 * and overlap before anything moves: a refusal is CV_ERR_ARG); the rest through dma_hash.
 * cv_sha3_hash itself has no frame: the pio paths are out of line in hash_cpi/hash_mmio. */
static __attribute__((noinline)) int hash_dma(cv_backend_t backend, uint32_t cfg,
                                              const uint8_t *msg, size_t len, uint8_t *out,
                                              size_t out_len) {
  const uint8_t *src = len ? msg : out;
  /* the conditions gathered without branches and tested once, the straight case laid out as the
   * fall-through (a taken forward branch costs 3 cycles on this core) */
  const uint32_t odd = (uint32_t)(out_len - 1 >= SHAKE_OUTLEN_MAX) |
                       ((uint32_t)((uintptr_t)src | (uintptr_t)out) & (CV_LIGHT_DMA_ALIGN - 1)) |
                       (uint32_t)cv_buf_in_prog(src) | cv_light_owner[ENG] |
                       (uint32_t)(uintptr_t)cv_aes_job;  /* an AES job holds the DMA */
  if (__builtin_expect(odd != 0, 0) || __builtin_expect(cv_dma_busy(), 0))
    return dma_hash(backend, cfg, msg, len, out, out_len);
  const uint32_t s = cv_light_dma_job(ENG, backend, cfg, src, out, len, out_len);
  if (__builtin_expect(cv_dma_status_clean(s), 1) || cv_dma_status_ok(s)) return CV_OK;
  return cv_light_dma_fail(ENG, s, sha3_errmap);
}
#else
#define hash_dma dma_hash
#endif

/* The sw backend with cv_sha3_hash's arguments in their registers: called with its own
 * (alg first), GCC would move msg, len, out and out_len down a register at the entry of
 * cv_sha3_hash for every backend and back before the hardware paths' tail calls (8 moves on
 * each hardware call); the sw path pays a jump instead. */
static __attribute__((noipa)) int hash_sw(cv_backend_t b, int alg, const uint8_t *msg,
                                             size_t len, uint8_t *out, size_t out_len) {
  (void)b;
  if (hash_bad(msg, len, out, out_len)) return CV_ERR_ARG;
  return cv_sha3_sw_hash(alg, msg, len, out, out_len);
}

/* ctx_hash stays out of line: its context would otherwise be on every path's stack frame. */
cv_status_t cv_sha3_hash(cv_backend_t backend, int alg, const uint8_t *msg, size_t len,
                         uint8_t *out, size_t out_len) {
  if ((!msg && len) || (!out && out_len) || (unsigned)backend >= CV_BACKEND_COUNT ||
      (unsigned)alg > CV_SHAKE256)
    return CV_ERR_ARG;
  if (backend == CV_BACKEND_SW) return hash_sw(backend, alg, msg, len, out, out_len);
  int e = check_outlen(alg, out_len);
  if (e) return hash_outlen_bad(backend, alg, msg, len, out, out_len);
  const uint32_t cfg =
      (uint32_t)alg | (alg >= CV_SHAKE128 ? (uint32_t)out_len << CV_SHA3_CFG_OUTLEN_SHIFT : 0);
  /* The engine counts an out_len of 1..65,535 (OUTLEN); no output, or a longer SHAKE output,
   * goes through ctx_hash (an XOF that final ends; hash_dma sends it there) */
  if (cv_light_is_dma(backend)) return hash_dma(backend, cfg, msg, len, out, out_len);
#if !defined(__OPTIMIZE_SIZE__)
  /* cpi, mmio: the one-call path takes word-aligned buffers in data memory, apart or at the same
   * start (the message words are all read before the digest is written), out_len a non-zero
   * multiple of 4 up to OUTLEN; anything else through ctx_hash, which tests the buffers' rules
   * exactly (a message in program memory is fine, an empty one may be NULL) */
  const uintptr_t sm = (uintptr_t)msg - CV_DMEM_BASE, so = (uintptr_t)out - CV_DMEM_BASE;
  const uint32_t odd = CV_BUF_OVER(len | sm | so | (sm + len) | (so + out_len - 1u)) |
                       cv_buf_overlap(msg, len, out, out_len) | (uint32_t)(out_len & 3) |
                       (uint32_t)(((uintptr_t)msg | (uintptr_t)out) & 3) |
                       (uint32_t)(out_len - 1 >= SHAKE_OUTLEN_MAX);
  if (__builtin_expect(odd == 0, 1)) {
    const uint32_t *m = (const uint32_t *)(const void *)msg;
    uint32_t *o = (uint32_t *)(void *)out;
    return backend == CV_BACKEND_CPI ? hash_cpi(backend, cfg, m, len, o, out_len)
                                     : hash_mmio(backend, cfg, m, len, o, out_len);
  }
#endif
  return ctx_hash(backend, alg, msg, len, out, out_len);
}

void cv_sha3_zeroize(cv_sha3_ctx *ctx) {
  if (!ctx) return;
  if (ctx->backend != CV_BACKEND_SW && (unsigned)ctx->backend < CV_BACKEND_COUNT &&
      !cv_light_absent(ENG))
    cv_light_zeroize(ENG, ctx->backend);
  cv_cpl_wipe(ctx, sizeof *ctx);
}
