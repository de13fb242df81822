// SPDX-License-Identifier: Apache-2.0
/* cv_cpl.h: the engine-agnostic coupling layer under every Cipher-V hardware driver.
 *
 * One engine unit (coupling/README.md, cpl_unit) is reached three ways; the DMA (cpl_dma) two:
 *   mmio      cv_cpl_mmio_*(base, ...)   loads/stores to the engine window (engine.toml layout)
 *   cpi       cv_cpl_cpi_*(t, ...)       custom instructions, t = engine number (a constant)
 *   mmio-dma  cv_dma_mmio_*(...)         the dma window (dma.toml)
 *   cpi-dma   cv_dma_cpi_*(...)          DMA custom instructions (target 7)
 * Engine, block and key sizes are arguments, so the AES driver and the lightweight-engine
 * drivers share this code. Words are memory-order words everywhere (word i = bytes 4i..4i+3 of
 * the buffer as lw reads them): no byte swapping.
 *
 * Error mapping (cv_cpl_status_err, cv_dma_status_err), hardware code -> CV_ERR_*: the unit's
 * own codes OVERRUN, BUSY_DMA and BUSY_OTHER -> CV_ERR_BUSY, UNDERFLOW -> CV_ERR_HW, OP ->
 * CV_ERR_ARG; the engine's codes (below OVERRUN) through the engine driver's table; the DMA's
 * RANGE and OVERLAP -> CV_ERR_ARG (the buffer rules below), ALIGN -> CV_ERR_DMA, LENGTH ->
 * CV_ERR_LENGTH, BUSY -> CV_ERR_BUSY, ABORTED -> CV_ERR_ABORTED, ENGINE -> the engine's code
 * (CV_ERR_HW if it shows none). The whole table is in fw/drivers/README.md, the codes' values
 * in docs/constants.md.
 * A polled wait that never sees its condition gives CV_ERR_HW instead of hanging.
 *
 * After a failed DMA job the engine has been zeroized by the hardware (its key is gone): the
 * engine driver must forget which key it believes is loaded. */
#ifndef CV_CPL_H
#define CV_CPL_H

#include <stddef.h>
#include <stdint.h>

#include "cv_backend.h"
#include "cv_cpi.h"
#include "cv_drv_hook.h"
#include "cv_memmap.h"
#include "cv_status.h"

#define CV_CPL_INLINE static inline __attribute__((always_inline))

/* Engine numbers (CV_ENGINE_*: custom-instruction targets, ID.ENGINE, interrupt lines), the
 * custom-instruction table and the hardware's error codes (CV_CPL_STATUS_ERR_CODE_*,
 * CV_DMA_STATUS_ERR_CODE_*, each engine's CV_<ENGINE>_STATUS_ERR_CODE_*) come from the
 * generated cv_consts.h (docs/constants.md). */

/* Bound of every polled wait (iterations); the engines' latencies are far below it. */
#define CV_CPL_POLL_LIMIT 200000u

#define CV_CPL_REG(base, off) CV_REG32((uint32_t)(base) + (uint32_t)(off))
#define CV_CPL_ERR_CODE(status) (((status) & CV_CPL_STATUS_ERR_CODE_MASK) >> \
                                 CV_CPL_STATUS_ERR_CODE_SHIFT)
#define CV_DMA_ERR_CODE(status) (((status) & CV_DMA_STATUS_ERR_CODE_MASK) >> \
                                 CV_DMA_STATUS_ERR_CODE_SHIFT)

/* Clear n bytes through volatile stores (key copies, contexts: not optimised away). */
void cv_cpl_wipe(void *p, size_t n);

/* ------------------------------------------------------------------ the API's rules */
/* What every driver checks before it trusts a context or touches a caller's buffer (the contract
 * in fw/drivers/README.md). */

/* Contexts. Init writes a check word, the seal of the driver's magic and the context's control
 * words (those that steer control flow or addresses: the backend, the key id, the key size or
 * configuration, the software backend's round count or offsets); zeroize clears it. A call
 * trusts a context once its check word matches (else CV_ERR_NOKEY), or, on a hardware backend,
 * when the context holds the engine: its key id is the engine's owner, recorded from a checked
 * context when its key was loaded, with the key's configuration, which the call then uses.
 * The seal adds each word times a distinct odd factor to the magic: a bijection of each word,
 * so a change of any one control word always changes it; the factors are shift-and-add cheap
 * and the products independent (no chain of multiplies on an init's path). A zero-filled
 * context's seal is the magic, never 0, so it never matches. Not a cryptographic check: it
 * tells a context from memory that is none, and a context changed by accident. */
#if defined(__OPTIMIZE_SIZE__)
uint32_t cv_seal(uint32_t magic, uint32_t a, uint32_t b, uint32_t c, uint32_t d, uint32_t e);
#else
CV_CPL_INLINE uint32_t cv_seal(uint32_t magic, uint32_t a, uint32_t b, uint32_t c, uint32_t d,
                               uint32_t e) {
  return magic + a + b * 3u + c * 5u + d * 9u + e * 17u;
}
#endif

/* The owner of an engine that holds no context's key: a value no key id takes (ids count from 1)
 * and no byte-fill pattern gives, so that a context never initialised does not pass for the
 * owner of a keyless engine. */
#define CV_CPL_NO_OWNER 0x8F1BBCDCu

/* Buffers. A call writes only inside data memory (its output, IV or counter, tag, digest) and
 * reads only inside data or program memory (its input, message, key, nonce): anything else, an
 * unmapped address, a peripheral window or a range that runs off the end of a memory, is
 * CV_ERR_ARG with nothing written, on every backend. Input and output overlap only exactly (the
 * same start: in place), else CV_ERR_ARG. Each test is a few ALU instructions without a branch,
 * so that a driver gathers them into the one branch of its argument tests. */
_Static_assert(CV_IMEM_BASE == 0 && CV_IMEM_SIZE == CV_DMEM_SIZE &&
                   (CV_DMEM_SIZE & (CV_DMEM_SIZE - 1u)) == 0 &&
                   (CV_DMEM_BASE & (CV_DMEM_BASE - 1u)) == 0 && CV_DMEM_BASE >= CV_DMEM_SIZE,
               "cv_buf_*: program memory at 0 and data memory at a power of two above it, both "
               "the same power-of-two size");

/* The tests below need n >= 1 and fold each memory's condition into one value: an offset d
 * from the memory's base, d + n - 1 and n itself all below the size (a power of two) exactly
 * when the range lies in the memory, since none of the sums can then wrap. Each answers non-zero
 * when the buffer breaks the rule (their OR divided by the size: one shift), 0 when it keeps it,
 * so that a driver ORs them into its one branch. */
#define CV_BUF_OVER(x) ((uint32_t)((x) / CV_DMEM_SIZE))
/* Non-zero unless [p, p + n) lies in data memory. */
CV_CPL_INLINE uint32_t cv_buf_wr_bad(const void *p, size_t n) {
  const uintptr_t d = (uintptr_t)p - CV_DMEM_BASE;
  if (__builtin_constant_p(n) && n <= CV_DMEM_SIZE) return CV_BUF_OVER(d | (d + n - 1u));
  return CV_BUF_OVER(d | n | (d + n - 1u));
}
/* The offset of p in data or in program memory: clearing the data memory's base bit maps both
 * to their offset, and anything else to CV_DMEM_SIZE or above (never above 0xEFFFFFFF, so o plus
 * less than 2^28 cannot wrap). */
CV_CPL_INLINE uintptr_t cv_buf_rd_off(const void *p) {
  const uintptr_t a = (uintptr_t)p;
  return a - (a & CV_DMEM_BASE);
}
/* Non-zero unless [p, p + n) lies in data memory or in program memory. */
CV_CPL_INLINE uint32_t cv_buf_rd_bad(const void *p, size_t n) {
  const uintptr_t o = cv_buf_rd_off(p);
  if (__builtin_constant_p(n) && n <= CV_DMEM_SIZE) return CV_BUF_OVER(o + n - 1u);
  return CV_BUF_OVER(n | (o + n - 1u));
}
/* 1 when [a, a + an) and [b, b + bn) overlap other than with the same start: b lies -(bn-1) ..
 * an-1 bytes after a, and not 0 (an + bn below 2^32; one compare, which GCC does not turn into
 * a branch as it does the min of two). */
CV_CPL_INLINE uint32_t cv_buf_overlap(const void *a, size_t an, const void *b, size_t bn) {
  const uintptr_t d = (uintptr_t)b - (uintptr_t)a;
  return (uint32_t)(d + (bn - 1u) < an + (bn - 1u)) & (uint32_t)(d != 0);
}
/* All three for a call that reads len bytes at in and writes len bytes at out: one test for
 * both memories, and the overlap (out of line in size-optimised builds). */
#if defined(__OPTIMIZE_SIZE__)
uint32_t cv_buf_io_bad(const void *in, const void *out, size_t len);
#else
CV_CPL_INLINE uint32_t cv_buf_io_bad(const void *in, const void *out, size_t len) {
  const uintptr_t d = (uintptr_t)out - CV_DMEM_BASE, e = len - 1u;
  const uint32_t mem = CV_BUF_OVER(len | d | (cv_buf_rd_off(in) + e) | (d + e));
  return mem | cv_buf_overlap(in, len, out, len);
}
#endif
/* The common case of cv_buf_io_bad for a straight path that sends anything else to a path that
 * makes the exact test: 0 when in and out both lie in data memory, the same or apart; else
 * non-zero (an input in program memory included). */
CV_CPL_INLINE uint32_t cv_buf_io_dmem_bad(const void *in, const void *out, size_t len) {
  const uintptr_t s = (uintptr_t)in - CV_DMEM_BASE, d = (uintptr_t)out - CV_DMEM_BASE;
  const uintptr_t e = len - 1u;
  const uint32_t mem = CV_BUF_OVER(len | s | d | (s + e) | (d + e));
  return mem | cv_buf_overlap(in, len, out, len);
}
/* An input in program memory, which the DMA cannot read (the DMA backends then take the call
 * through their cpi or mmio path): any address below data memory that passed cv_buf_rd_bad. */
CV_CPL_INLINE int cv_buf_in_prog(const void *p) { return (uintptr_t)p < CV_DMEM_BASE; }

/* ------------------------------------------------------------------ which engines are built */

/* 1 when engine eng (CV_ENGINE_*) is in this SoC build, else 0. An engine that soc_top leaves
 * out (its ENGINES parameter) answers every access to its window with a bus error (a load or
 * store access fault) and its custom instructions trap, so its own ID register cannot be asked
 * first: the DMA, which every build has, lists the engines attached to it in CAP.ENGINES (the
 * same set), and only a listed engine's ID (MAGIC, ENGINE) and CAP (BLOCK_BYTES) are read. */
int cv_cpl_engine_present(unsigned eng);

/* ------------------------------------------------------------------ error decoding */
/* eng_map[c] = the CV_ERR_* of engine code c (below CV_CPL_STATUS_ERR_CODE_OVERRUN; entry 0
 * unused, an entry 0 means "no mapping": CV_ERR_HW). */
typedef int8_t cv_cpl_errmap_t[8];

/* Unit STATUS -> CV_OK (ERR clear) or the mapped CV_ERR_*. */
int cv_cpl_status_err(uint32_t status, const int8_t *eng_map);
/* DMA STATUS (+ the unit's STATUS for code ENGINE) -> CV_OK or CV_ERR_*. */
int cv_dma_status_err(uint32_t dma_status, uint32_t unit_status, const int8_t *eng_map);

/* ------------------------------------------------------------------ mmio */
CV_CPL_INLINE uint32_t cv_cpl_mmio_status(uint32_t base) {
  return CV_CPL_REG(base, CV_CPL_STATUS_OFFSET);
}

/* Poll STATUS until one of the mask bits or ERR is set; returns STATUS, or 0xFFFFFFFF when the
 * poll limit is reached. */
CV_CPL_INLINE uint32_t cv_cpl_mmio_wait(uint32_t base, uint32_t mask) {
  uint32_t n = CV_CPL_POLL_LIMIT, s;
  do {
    s = CV_CPL_REG(base, CV_CPL_STATUS_OFFSET);
    if (s & (mask | CV_CPL_STATUS_ERR_MASK)) return s;
  } while (--n);
  return 0xFFFFFFFFu;
}

/* The same where the state is usually there at the first look: that look is tested on its own,
 * so the usual case falls through a forward branch (no redirect; leaving the poll loop is a
 * mispredicted backward branch, 3 cycles). */
CV_CPL_INLINE uint32_t cv_cpl_mmio_wait_likely(uint32_t base, uint32_t mask) {
  uint32_t s = CV_CPL_REG(base, CV_CPL_STATUS_OFFSET);
  if (__builtin_expect((s & (mask | CV_CPL_STATUS_ERR_MASK)) != 0, 1)) return s;
  return cv_cpl_mmio_wait(base, mask);
}

/* Poll STATUS until none of the mask bits is set (e.g. BUSY); same return values. */
CV_CPL_INLINE uint32_t cv_cpl_mmio_wait_clear(uint32_t base, uint32_t mask) {
  uint32_t n = CV_CPL_POLL_LIMIT, s;
  do {
    s = CV_CPL_REG(base, CV_CPL_STATUS_OFFSET);
    if (!(s & mask)) return s;
  } while (--n);
  return 0xFFFFFFFFu;
}

/* Wait for OUT_VALID through a pointer to the window (r[i] = register at offset 4i): 0 when the
 * output is there, else STATUS (ERR set) or 0xFFFFFFFF at the poll limit. The hot loop of the
 * drivers' mmio block paths. Plain `static inline`: the compiler inlines it at -O2 and keeps
 * one copy per driver at -Os (the console's 64 KiB budget). For a block that has just gone in;
 * the poll loop leaves by its backward branch, which the core predicts taken (a redirect). */
static inline uint32_t cv_cpl_mmio_wait_out(volatile uint32_t *r) {
  uint32_t n = CV_CPL_POLL_LIMIT;
  do {
    uint32_t s = r[CV_CPL_STATUS_OFFSET / 4];
    if (s & CV_CPL_STATUS_OUT_VALID_MASK) return 0;
    if (s & CV_CPL_STATUS_ERR_MASK) return s;
  } while (--n);
  return 0xFFFFFFFFu;
}

/* The same where the output is usually there at the first look (a block that computed while
 * the CPU moved the one before it): that look is tested on its own, so the usual case falls
 * through a forward branch and costs no redirect; otherwise the poll loop as above (whose
 * exit, a backward branch predicted taken, costs 3 cycles a block in a stream). */
static inline uint32_t cv_cpl_mmio_wait_out_likely(volatile uint32_t *r) {
  if (__builtin_expect(r[CV_CPL_STATUS_OFFSET / 4] & CV_CPL_STATUS_OUT_VALID_MASK, 1)) return 0;
  return cv_cpl_mmio_wait_out(r);
}

CV_CPL_INLINE void cv_cpl_mmio_ctrl(uint32_t base, uint32_t cmd) {
  CV_CPL_REG(base, CV_CPL_CTRL_OFFSET) = cmd;
}

CV_CPL_INLINE void cv_cpl_mmio_zeroize(uint32_t base) {
  CV_CPL_REG(base, CV_CPL_CTRL_OFFSET) = CV_CPL_CTRL_ZEROIZE_MASK;
}

/* Write nwords key words and CFG, KEYLOAD, wait for KEY_READY. Returns STATUS (check ERR). */
uint32_t cv_cpl_mmio_key(uint32_t base, uint32_t cfg, const uint32_t *kw, unsigned nwords);

/* IV staging and IVLOAD; IV read back (the engine's current IV/counter/chaining value). */
CV_CPL_INLINE void cv_cpl_mmio_iv_load(uint32_t base, const uint32_t *w, unsigned nwords) {
  for (unsigned i = 0; i < nwords; i++) CV_CPL_REG(base, CV_CPL_IV_OFFSET + 4 * i) = w[i];
  CV_CPL_REG(base, CV_CPL_CTRL_OFFSET) = CV_CPL_CTRL_IVLOAD_MASK;
}
CV_CPL_INLINE void cv_cpl_mmio_iv_read(uint32_t base, uint32_t *w, unsigned nwords) {
  for (unsigned i = 0; i < nwords; i++) w[i] = CV_CPL_REG(base, CV_CPL_IV_OFFSET + 4 * i);
}

/* One input block of nwords words (the final one written to DINL when last); sends it. */
CV_CPL_INLINE void cv_cpl_mmio_push(uint32_t base, const uint32_t *w, unsigned nwords,
                                    int last) {
  for (unsigned i = 0; i + 1 < nwords; i++) CV_CPL_REG(base, CV_CPL_DIN_OFFSET + 4 * i) = w[i];
  CV_CPL_REG(base, (last ? CV_CPL_DINL_OFFSET : CV_CPL_DIN_OFFSET) + 4 * (nwords - 1)) =
      w[nwords - 1];
}

/* One output block (reading the final word consumes it). Call after OUT_VALID. */
CV_CPL_INLINE void cv_cpl_mmio_pop(uint32_t base, uint32_t *w, unsigned nwords) {
  for (unsigned i = 0; i < nwords; i++) w[i] = CV_CPL_REG(base, CV_CPL_DOUT_OFFSET + 4 * i);
}

/* ------------------------------------------------------------------ cpi (t constant) */
/* KEY pairs, CFG, KLOADW (waits in hardware for KEY_READY or an error). Returns STATUS.
 * nwords even. */
#define cv_cpl_cpi_key(t, cfg, kw, nwords) __extension__({                      \
    const uint32_t *k_ = (kw);                                                  \
    for (unsigned i_ = 0; i_ < (unsigned)(nwords); i_ += 2)                     \
      CV_CPI_KEY(t, k_[i_], k_[i_ + 1]);                                        \
    CV_CPI_CFG(t, cfg);                                                         \
    CV_CPI_KLOADW(t); })

#define cv_cpl_cpi_iv_load(t, w, nwords) do {                                   \
    const uint32_t *v_ = (w);                                                   \
    for (unsigned i_ = 0; i_ < (unsigned)(nwords); i_ += 2)                     \
      CV_CPI_IV(t, v_[i_], v_[i_ + 1]);                                         \
    CV_CPI_IVLOAD(t);                                                           \
  } while (0)

#define cv_cpl_cpi_iv_read(t, w, nwords) do {                                   \
    uint32_t *v_ = (w);                                                         \
    for (unsigned i_ = 0; i_ < (unsigned)(nwords); i_++) v_[i_] = CV_CPI_IVRD(t, i_); \
  } while (0)

/* One block of nwords (even) words; DATAL for the final pair when last. */
#define cv_cpl_cpi_push(t, w, nwords, last) do {                                \
    const uint32_t *d_ = (w);                                                   \
    unsigned n_ = (unsigned)(nwords);                                           \
    for (unsigned i_ = 0; i_ + 2 < n_; i_ += 2) CV_CPI_DATA(t, d_[i_], d_[i_ + 1]); \
    if (last) CV_CPI_DATAL(t, d_[n_ - 2], d_[n_ - 1]);                          \
    else CV_CPI_DATA(t, d_[n_ - 2], d_[n_ - 1]);                                \
  } while (0)

/* One output block (RESULT waits for each word; the final one consumes the block). */
#define cv_cpl_cpi_pop(t, w, nwords) do {                                       \
    uint32_t *o_ = (w);                                                         \
    for (unsigned i_ = 0; i_ < (unsigned)(nwords); i_++) o_[i_] = CV_CPI_RESULT(t); \
  } while (0)

/* Poll the unit STATUS through the cpi until a mask bit or ERR (0xFFFFFFFF on the limit). */
#define cv_cpl_cpi_wait(t, mask) __extension__({                                \
    uint32_t n_ = CV_CPL_POLL_LIMIT, s_;                                        \
    for (;;) {                                                                  \
      s_ = CV_CPI_STATUS(t);                                                    \
      if (s_ & ((mask) | CV_CPL_STATUS_ERR_MASK)) break;                       \
      if (!--n_) { s_ = 0xFFFFFFFFu; break; }                                   \
    }                                                                           \
    s_; })

/* The same where the state is usually there at the first look (cv_cpl_mmio_wait_likely). */
#define cv_cpl_cpi_wait_likely(t, mask) __extension__({                         \
    uint32_t s1_ = CV_CPI_STATUS(t);                                            \
    if (__builtin_expect(!(s1_ & ((mask) | CV_CPL_STATUS_ERR_MASK)), 0))       \
      s1_ = cv_cpl_cpi_wait(t, mask);                                           \
    s1_; })

/* ------------------------------------------------------------------ either coupling */
/* The polled waits through the coupling a driver path was compiled for (cpi a constant): the
 * cpi STATUS of engine t, or the STATUS register of the window at base. */
#define cv_cpl_wait_on(cpi, t, base, mask) \
  ((cpi) ? cv_cpl_cpi_wait(t, mask) : cv_cpl_mmio_wait(base, mask))
#define cv_cpl_wait_on_likely(cpi, t, base, mask) \
  ((cpi) ? cv_cpl_cpi_wait_likely(t, mask) : cv_cpl_mmio_wait_likely(base, mask))

/* ------------------------------------------------------------------ DMA */
/* Required buffer alignment of this build (CAP.ALIGN). */
CV_CPL_INLINE uint32_t cv_dma_align(void) {
  return (CV_REG32(CV_DMA_CAP_ADDR) & CV_DMA_CAP_ALIGN_MASK) >> CV_DMA_CAP_ALIGN_SHIFT;
}

/* The driver-side check the hardware repeats: src/dst aligned to align (a power of two),
 * [src, src+len) and [dst, dst+outlen) inside dmem without wrapping, dst == src or no overlap.
 * CV_OK or CV_ERR_DMA. */
int cv_dma_check(uintptr_t src, size_t len, uintptr_t dst, size_t outlen, uint32_t align);
/* cv_dma_check's verdict inline for the straight paths' common case, equal lengths (len > 0) and
 * 16-byte alignment: 1 when the DMA takes in -> out. No call, so no frame in the caller. */
CV_CPL_INLINE int cv_dma_fits16(const void *in, const void *out, size_t len) {
  const uintptr_t s = (uintptr_t)in - CV_DMEM_BASE, d = (uintptr_t)out - CV_DMEM_BASE;
  return !((s | d) & 15u) && len <= CV_DMEM_SIZE && s <= CV_DMEM_SIZE - len &&
         d <= CV_DMEM_SIZE - len && (s == d || s + len <= d || d + len <= s);
}
/* The same on pointers, for the drivers: 1 when the buffers are bad. */
static inline int cv_dma_bad(const void *in, size_t len, const void *out, size_t outlen,
                             uint32_t align) {
  return cv_dma_check((uintptr_t)in, len, (uintptr_t)out, outlen, align) != CV_OK;
}

/* mmio-dma: program and start a job (engine = SEL | PAD). Every register is written each
 * time: one store costs less than comparing with a cached value. */
CV_CPL_INLINE void cv_dma_mmio_start(uint32_t engine, uint32_t ecfg, uintptr_t src,
                                     uintptr_t dst, uint32_t len, uint32_t outlen) {
  CV_REG32(CV_DMA_ENGINE_ADDR) = engine;
  CV_REG32(CV_DMA_ECFG_ADDR) = ecfg;
  CV_REG32(CV_DMA_OUTLEN_ADDR) = outlen;
  CV_REG32(CV_DMA_SRC_ADDR) = (uint32_t)src;
  CV_REG32(CV_DMA_DST_ADDR) = (uint32_t)dst;
  CV_REG32(CV_DMA_LEN_ADDR) = len;
  __asm__ volatile("" ::: "memory");  /* the buffers are complete before START */
  CV_REG32(CV_DMA_CTRL_ADDR) = CV_DMA_CTRL_START_MASK;
}

/* Poll the DMA STATUS until not BUSY; returns STATUS (0xFFFFFFFF on the limit). */
CV_CPL_INLINE uint32_t cv_dma_mmio_wait(void) {
  uint32_t n = CV_CPL_POLL_LIMIT, s;
  CV_DRV_DMA_SLEEP();  /* RTOS builds: block until the completion interrupt (cv_drv_hook.h) */
  do {
    s = CV_REG32(CV_DMA_STATUS_ADDR);
    if (!(s & CV_DMA_STATUS_BUSY_MASK)) {
      __asm__ volatile("" ::: "memory");
      return s;
    }
  } while (--n);
  return 0xFFFFFFFFu;
}

/* cpi-dma: the same job through DSEL/DADDR/DRUN. */
CV_CPL_INLINE void cv_dma_cpi_start(uint32_t engine, uint32_t ecfg, uintptr_t src,
                                    uintptr_t dst, uint32_t len, uint32_t outlen) {
  CV_CPI_DSEL(engine, ecfg);
  CV_CPI_DADDR(src, dst);
  CV_CPI_DRUN(len, outlen);
}

CV_CPL_INLINE uint32_t cv_dma_cpi_wait(void) {
  CV_DRV_DMA_SLEEP();
  return CV_CPI_DWAIT();
}

/* Key load from memory (addr aligned, inside dmem) for engine with key-size cfg kcfg; waits.
 * Returns the DMA STATUS. The key never passes a CPU-readable register. */
uint32_t cv_dma_mmio_key(uint32_t engine, uint32_t kcfg, uintptr_t addr);
uint32_t cv_dma_cpi_key(uint32_t engine, uint32_t kcfg, uintptr_t addr);

/* A DMA STATUS that means the job ended well: no error, or only a command refused while it ran
 * (code BUSY with DONE: the running job went on and completed). */
static inline int cv_dma_status_ok(uint32_t s) {
  if ((s & (CV_DMA_STATUS_ERR_MASK | CV_DMA_STATUS_BUSY_MASK)) == 0) return 1;
  return (s & (CV_DMA_STATUS_BUSY_MASK | CV_DMA_STATUS_DONE_MASK)) == CV_DMA_STATUS_DONE_MASK &&
         CV_DMA_ERR_CODE(s) == CV_DMA_STATUS_ERR_CODE_BUSY;
}

/* The usual STATUS of a finished job: no error, not busy (cv_dma_status_ok's first case). The
 * drivers' straight paths test this alone, marked likely, and send anything else to an out-of-line
 * path that applies cv_dma_status_ok: their success is then the fall-through (a taken forward
 * branch costs 3 cycles on this core; GCC otherwise jumps to a return block shared with the
 * rarer ok case). */
static inline int cv_dma_status_clean(uint32_t s) {
  return (s & (CV_DMA_STATUS_ERR_MASK | CV_DMA_STATUS_BUSY_MASK)) == 0;
}

/* The DMA runs a job (e.g. an AES job started by cv_aes_start). A job issued now would be
 * refused with code BUSY, and its wait would answer with the running job's DONE: a driver that
 * did not start the running job checks this first. */
CV_CPL_INLINE int cv_dma_busy(void) {
  return (CV_REG32(CV_DMA_STATUS_ADDR) & CV_DMA_STATUS_BUSY_MASK) != 0;
}

/* ABORT the running job (the engine is zeroized by the hardware). */
CV_CPL_INLINE void cv_dma_abort(void) { CV_REG32(CV_DMA_CTRL_ADDR) = CV_DMA_CTRL_ABORT_MASK; }

/* Interrupt enables of the DMA (CV_DMA_IE_DONE_MASK | CV_DMA_IE_ERR_MASK) and acknowledge. */
CV_CPL_INLINE void cv_dma_irq_enable(uint32_t mask) { CV_REG32(CV_DMA_IE_ADDR) = mask; }
CV_CPL_INLINE uint32_t cv_dma_irq_ack(void) {
  uint32_t is = CV_REG32(CV_DMA_IS_ADDR);
  CV_REG32(CV_DMA_IS_ADDR) = is;
  return is;
}

#endif /* CV_CPL_H */
