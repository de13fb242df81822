// SPDX-License-Identifier: Apache-2.0
/* test_aes_bad: SYSTEM.md section 2 for the AES couplings, through cv_aes.h and directly
 * through the coupling layer (cv_cpl.h, cv_cpi.h) so the hardware's own checks are reached:
 *  - bad key length, bad direction, ECB/CBC partial length: error, nothing written (all backends)
 *  - DMA: unaligned, unmapped, wrapping, overlapping buffers and partial whole-block lengths,
 *    rejected by the driver (CV_ERR_DMA / CV_ERR_LENGTH) and by the hardware (STATUS.ERR code,
 *    IS.ERR, DRUNW traps), with guard bytes around the destination proving nothing changed
 *  - writes while busy: DMA commands and unit register/instruction writes during a DMA job are
 *    flagged (BUSY, BUSY_DMA) and the running job's output is intact; an engine write while a
 *    cpi/mmio message runs is flagged (WRITE_BUSY) and the message completes correctly
 *  - zeroize during a DMA run (through the API and through the unit): the job stops, the engine
 *    is idle with no key; the next operation without init fails (CV_ERR_NOKEY), after init works
 *  - illegal custom encodings trap as illegal instruction: custom-1, bad funct3, targets 0 and 6,
 *    IVRD index 4, RESULT with nothing due
 *  - KEY registers read back 0; a key loaded by the DMA from memory works
 * Misuse of the API (never-initialised and changed contexts, buffers, background jobs):
 * test_aes_misuse. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "aes_test_util.h"

#define BIG 2048
static uint8_t src[BIG] __attribute__((aligned(16)));
static uint8_t dst[BIG + 64] __attribute__((aligned(16)));  /* 32 guard bytes each side */
static uint8_t ref[BIG] __attribute__((aligned(16)));
static uint8_t keybuf[32] __attribute__((aligned(16)));
static uint8_t iv[16], iv2[16];
static const uint8_t key[32] = {0x60, 0x3d, 0xeb, 0x10, 0x15, 0xca, 0x71, 0xbe, 0x2b, 0x73, 0xae,
                                0xf0, 0x85, 0x7d, 0x77, 0x81, 0x1f, 0x35, 0x2c, 0x07, 0x3b, 0x61,
                                0x08, 0xd7, 0x2d, 0x98, 0x10, 0xa3, 0x09, 0x14, 0xdf, 0xf4};
static cv_aes_ctx ctx, sw;
#define OUT (dst + 32)

static void guard_fill(void) { memset(dst, 0xE7, sizeof dst); }
static int guard_intact(void) {
  for (size_t i = 0; i < sizeof dst; i++)
    if (dst[i] != 0xE7) return 0;
  return 1;
}

#define EXPECT_ILLEGAL(stmt)                         \
  do {                                               \
    uint32_t n0_ = cv_trap_count();                  \
    cv_expect_trap(CV_CAUSE_ILLEGAL);                \
    stmt;                                            \
    cv_expect_trap(0xffffffffu);                     \
    CHECK_EQ(cv_trap_count(), n0_ + 1);              \
    CHECK_EQ(cv_trap_last().mcause, CV_CAUSE_ILLEGAL); \
  } while (0)

/* ---------------------------------------------------------------- API argument checks */
static void api_checks(cv_backend_t b) {
  static const size_t badk[] = {0, 8, 15, 17, 20, 31, 33, 64};
  for (unsigned i = 0; i < sizeof badk / sizeof badk[0]; i++)
    CHECK_EQ(cv_aes_init(&ctx, b, key, badk[i]), CV_ERR_KEYLEN);
  CHECK_EQ(cv_aes_init(&ctx, b, key, 16), CV_OK);
  rng_fill(src, 64);
  memcpy(iv, src, 16);
  memcpy(iv2, iv, 16);
  guard_fill();
  for (size_t len = 1; len < 48; len += 7) {
    CHECK_EQ(cv_aes_ecb(&ctx, CV_ENCRYPT, src, OUT, len), CV_ERR_LENGTH);
    CHECK_EQ(cv_aes_ecb(&ctx, CV_DECRYPT, src, OUT, len), CV_ERR_LENGTH);
    CHECK_EQ(cv_aes_cbc(&ctx, CV_ENCRYPT, iv, src, OUT, len), CV_ERR_LENGTH);
    CHECK_EQ(cv_aes_cbc(&ctx, CV_DECRYPT, iv, src, OUT, len), CV_ERR_LENGTH);
  }
  CHECK_EQ(cv_aes_ecb(&ctx, 2, src, OUT, 16), CV_ERR_ARG);
  CHECK_EQ(cv_aes_cfb128(&ctx, -1, iv, src, OUT, 16), CV_ERR_ARG);
  CHECK_EQ(cv_aes_ctr(&ctx, NULL, src, OUT, 16), CV_ERR_ARG);
  CHECK(guard_intact());
  CHECK_MEM(iv, iv2, 16);
  if (b == CV_BACKEND_CPI_DMA || b == CV_BACKEND_MMIO_DMA) {
    /* The driver's buffer check: nothing reaches the hardware, nothing written. */
    CHECK_EQ(cv_aes_ecb(&ctx, CV_ENCRYPT, src + 4, OUT, 32), CV_ERR_DMA);  /* unaligned */
    CHECK_EQ(cv_aes_ecb(&ctx, CV_ENCRYPT, src, OUT + 8, 32), CV_ERR_DMA);
    /* the DMA's range checks: the same CV_ERR_ARG as every backend's (test_aes_misuse) */
    CHECK_EQ(cv_aes_ecb(&ctx, CV_ENCRYPT, (const uint8_t *)(uintptr_t)0x40000000u, OUT, 32),
             CV_ERR_ARG);                                                 /* unmapped */
    CHECK_EQ(cv_aes_ecb(&ctx, CV_ENCRYPT, (const uint8_t *)(uintptr_t)0xFFFFFFF0u, OUT, 32),
             CV_ERR_ARG);                                                 /* wraps */
    CHECK_EQ(cv_aes_ecb(&ctx, CV_ENCRYPT,
                        (const uint8_t *)(uintptr_t)(CV_DMEM_BASE + CV_DMEM_SIZE - 16), OUT, 32),
             CV_ERR_ARG);                                                 /* runs off dmem */
    memcpy(OUT, src, 64);
    CHECK_EQ(cv_aes_ecb(&ctx, CV_ENCRYPT, OUT, OUT + 16, 48), CV_ERR_ARG); /* overlap */
    CHECK_MEM(OUT, src, 64);
    memset(OUT, 0xE7, 64);
    CHECK_EQ(cv_aes_cmac(&ctx, src + 4, 32, OUT), CV_ERR_DMA);
    CHECK(guard_intact());
    /* CMAC on a DMA backend: the message's memory and the tag inside it break the rules */
    CHECK_EQ(cv_aes_cmac(&ctx, (const uint8_t *)(uintptr_t)(CV_DMEM_BASE + CV_DMEM_SIZE - 16),
                         32, OUT), CV_ERR_ARG);                            /* runs off dmem */
    CHECK_EQ(cv_aes_cmac(&ctx, OUT, 32, OUT + 16), CV_ERR_ARG);            /* tag in message */
    CHECK(guard_intact());
    /* a tag the DMA cannot write goes through the driver's bounce block: the right tag, and
     * no refused job behind the call (IS.ERR stays clear) */
    {
      uint8_t t_sw[16], t_hw[20];
      CHECK_EQ(cv_aes_init(&sw, CV_BACKEND_SW, key, 16), CV_OK);
      CHECK_EQ(cv_aes_cmac(&sw, src, 48, t_sw), CV_OK);
      CV_REG32(CV_DMA_IS_ADDR) = 0xFFFFFFFFu;
      uint8_t *t = t_hw + 1;  /* not even word-aligned: no DMA port width takes it */
      CHECK_EQ(cv_aes_cmac(&ctx, src, 48, t), CV_OK);
      CHECK_MEM(t, t_sw, 16);
      CHECK_EQ(CV_REG32(CV_DMA_IS_ADDR) & CV_DMA_IS_ERR_MASK, 0u);
    }
    /* in place is allowed */
    CHECK_EQ(cv_aes_init(&sw, CV_BACKEND_SW, key, 16), CV_OK);
    CHECK_EQ(cv_aes_ecb(&sw, CV_ENCRYPT, src, ref, 64), CV_OK);
    memcpy(OUT, src, 64);
    CHECK_EQ(cv_aes_ecb(&ctx, CV_ENCRYPT, OUT, OUT, 64), CV_OK);
    CHECK_MEM(OUT, ref, 64);
    guard_fill();
    CHECK_EQ(cv_aes_start(&ctx, CV_AES_MODE_CBC, CV_ENCRYPT, iv, src, OUT, 20), CV_ERR_LENGTH);
    CHECK(guard_intact());
  } else {
    CHECK_EQ(cv_aes_start(&ctx, CV_AES_MODE_ECB, CV_ENCRYPT, NULL, src, OUT, 16), CV_ERR_MODE);
  }
  cv_aes_zeroize(&ctx);
  CHECK_EQ(cv_aes_ecb(&ctx, CV_ENCRYPT, src, OUT, 16), CV_ERR_NOKEY);
}

/* ---------------------------------------------------------------- DMA hardware checks */
static uint32_t job(int cpi, uint32_t eng, uint32_t cfg, uintptr_t s, uintptr_t d, uint32_t len,
                    uint32_t outlen) {
  CV_REG32(CV_DMA_IS_ADDR) = 0xFFFFFFFFu;
  if (cpi) {
    cv_dma_cpi_start(eng, cfg, s, d, len, outlen);
    return cv_dma_cpi_wait();
  }
  cv_dma_mmio_start(eng, cfg, s, d, len, outlen);
  return cv_dma_mmio_wait();
}

static void dma_hw_checks(int cpi) {
  const uint32_t align = cv_dma_align();
  CHECK(align == 4 || align == 16);
  CHECK_EQ(cv_aes_init(&ctx, cpi ? CV_BACKEND_CPI_DMA : CV_BACKEND_MMIO_DMA, key, 16), CV_OK);
  CHECK_EQ(cv_aes_init(&sw, CV_BACKEND_SW, key, 16), CV_OK);
  rng_fill(src, 256);
  const uintptr_t s = (uintptr_t)src, d = (uintptr_t)OUT;
  const uintptr_t end = CV_DMEM_BASE + CV_DMEM_SIZE;
#define E_(code) CV_DMA_STATUS_ERR_CODE_##code
  const uint32_t CBC = CV_AES_CFG_MODE_CBC << CV_AES_CFG_MODE_SHIFT;
  struct {
    uint32_t eng, cfg;
    uintptr_t s, d;
    uint32_t len, outlen, code;
  } bad[] = {
      {CV_ENGINE_AES, 0, 0x40000000u, d, 32, 0, E_(RANGE)},      /* unmapped source */
      {CV_ENGINE_AES, 0, s, 0x00000100u, 32, 0, E_(RANGE)},      /* imem destination */
      {CV_ENGINE_AES, 0, end - 16, d, 32, 0, E_(RANGE)},         /* off the end */
      {CV_ENGINE_AES, 0, 0xFFFFFFF0u, d, 32, 0, E_(RANGE)},      /* wraps */
      {CV_ENGINE_AES, 0, s, end - 16, 32, 0, E_(RANGE)},         /* dst off the end */
      {CV_ENGINE_AES, 0, s + 2, d, 32, 0, E_(ALIGN)},            /* unaligned */
      {CV_ENGINE_AES, 0, s, d + 2, 32, 0, E_(ALIGN)},
      {CV_ENGINE_AES, 0, d, d + 16, 64, 0, E_(OVERLAP)},         /* overlap */
      {CV_ENGINE_AES, 0, d + 16, d, 64, 0, E_(OVERLAP)},
      {CV_ENGINE_AES, 0, s, d, 20, 0, E_(LENGTH)},               /* ECB partial */
      {CV_ENGINE_AES, CBC, s, d, 40, 0, E_(LENGTH)},             /* CBC partial */
      {CV_ENGINE_AES, 0, s, d, 0, 0, E_(LENGTH)},                /* empty cipher */
      {6, 0, s, d, 32, 0, E_(ENGINE)},                           /* no engine 6 */
  };
  for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    guard_fill();
    uint32_t st = job(cpi, bad[i].eng, bad[i].cfg, bad[i].s, bad[i].d, bad[i].len, bad[i].outlen);
    int ok = CHECK(st & CV_DMA_STATUS_ERR_MASK);
    ok &= CHECK_EQ(CV_DMA_ERR_CODE(st), bad[i].code);
    ok &= CHECK(!(st & CV_DMA_STATUS_BUSY_MASK));
    ok &= CHECK(CV_REG32(CV_DMA_IS_ADDR) & CV_DMA_IS_ERR_MASK);
    ok &= CHECK(guard_intact());
    ok &= CHECK_EQ(cv_dma_status_err(st, 0, NULL),
                   bad[i].code == CV_DMA_STATUS_ERR_CODE_LENGTH   ? CV_ERR_LENGTH
                   : bad[i].code == CV_DMA_STATUS_ERR_CODE_ENGINE ? CV_ERR_HW
                   : bad[i].code == CV_DMA_STATUS_ERR_CODE_ALIGN  ? CV_ERR_DMA
                                                                  : CV_ERR_ARG);
    /* the driver's own check agrees (align 16 covers both port widths) */
    if (bad[i].code <= CV_DMA_STATUS_ERR_CODE_OVERLAP)
      ok &= CHECK_EQ(cv_dma_check(bad[i].s, bad[i].len, bad[i].d,
                                  bad[i].outlen ? bad[i].outlen : bad[i].len, align), CV_ERR_DMA);
    if (!ok) printf("  dma %s case %u\n", cpi ? "cpi" : "mmio", i);
  }
  /* A check failure moves nothing and keeps the key: a good job works at once. */
  guard_fill();
  uint32_t st = job(cpi, CV_ENGINE_AES, 0, s, d, 64, 0);
  CHECK_EQ(st & (CV_DMA_STATUS_ERR_MASK | CV_DMA_STATUS_DONE_MASK), CV_DMA_STATUS_DONE_MASK);
  CHECK_EQ(CV_REG32(CV_DMA_DONE_BYTES_ADDR), 64);
  CHECK_EQ(cv_aes_ecb(&sw, CV_ENCRYPT, src, ref, 64), CV_OK);
  CHECK_MEM(OUT, ref, 64);
  static const uint8_t e7[32] = {0xE7, 0xE7, 0xE7, 0xE7, 0xE7, 0xE7, 0xE7, 0xE7, 0xE7, 0xE7, 0xE7,
                                 0xE7, 0xE7, 0xE7, 0xE7, 0xE7, 0xE7, 0xE7, 0xE7, 0xE7, 0xE7, 0xE7,
                                 0xE7, 0xE7, 0xE7, 0xE7, 0xE7, 0xE7, 0xE7, 0xE7, 0xE7, 0xE7};
  CHECK_MEM(dst, e7, 32);
  CHECK_MEM(OUT + 64, e7, 32);
  /* A partial CTR job writes exactly LEN bytes. */
  guard_fill();
  st = job(cpi, CV_ENGINE_AES, 4u << 2, s, d, 21, 0);
  CHECK_EQ(st & CV_DMA_STATUS_ERR_MASK, 0);
  CHECK_MEM(OUT + 21, e7, 27);
  if (cpi) {
    /* DRUNW: a failing job answers err (illegal-instruction trap), nothing written. */
    guard_fill();
    CV_CPI_DSEL(CV_ENGINE_AES, 0);
    CV_CPI_DADDR(s + 2, d);
    EXPECT_ILLEGAL((void)CV_CPI_DRUNW(32, 0));
    CHECK(guard_intact());
    CV_CPI_DADDR(s, d);
    CHECK_EQ(CV_CPI_DRUNW(32, 0) & CV_DMA_STATUS_ERR_MASK, 0);
    CHECK_MEM(OUT, ref, 32);
  }
  /* The key loaded by the DMA from memory (never through a CPU-readable register). */
  memcpy(keybuf, key, 32);
  st = cpi ? cv_dma_cpi_key(CV_ENGINE_AES, 2, (uintptr_t)keybuf)
           : cv_dma_mmio_key(CV_ENGINE_AES, 2, (uintptr_t)keybuf);
  CHECK_EQ(st & CV_DMA_STATUS_ERR_MASK, 0);
  CHECK(CV_REG32(CV_AES_STATUS_ADDR) & CV_CPL_STATUS_KEY_READY_MASK);
  CHECK_EQ(cv_aes_init(&sw, CV_BACKEND_SW, key, 32), CV_OK);
  CHECK_EQ(cv_aes_ecb(&sw, CV_ENCRYPT, src, ref, 32), CV_OK);
  st = job(cpi, CV_ENGINE_AES, 2, s, d, 32, 0);
  CHECK_EQ(st & CV_DMA_STATUS_ERR_MASK, 0);
  CHECK_MEM(OUT, ref, 32);
  st = cpi ? cv_dma_cpi_key(CV_ENGINE_AES, 0, (uintptr_t)keybuf + 2)
           : cv_dma_mmio_key(CV_ENGINE_AES, 0, (uintptr_t)keybuf + 2);
  CHECK(st & CV_DMA_STATUS_ERR_MASK);
  CHECK_EQ(CV_DMA_ERR_CODE(st), CV_DMA_STATUS_ERR_CODE_ALIGN);
  cv_aes_zeroize(&ctx);
}

/* ---------------------------------------------------------------- busy and zeroize */
static void busy_checks(cv_backend_t b) {
  const int cpi = b == CV_BACKEND_CPI_DMA;
  CHECK_EQ(cv_aes_init(&ctx, b, key, 16), CV_OK);
  CHECK_EQ(cv_aes_init(&sw, CV_BACKEND_SW, key, 16), CV_OK);
  rng_fill(src, BIG);
  rng_fill(iv, 16);
  memcpy(iv2, iv, 16);
  CHECK_EQ(cv_aes_ctr(&sw, iv2, src, ref, BIG), CV_OK);
  /* writes while a job runs */
  CHECK_EQ(cv_aes_start(&ctx, CV_AES_MODE_CTR, 0, iv, src, OUT, BIG), CV_OK);
  CHECK(cv_aes_busy(&ctx));
  CV_REG32(CV_DMA_CTRL_ADDR) = CV_DMA_CTRL_START_MASK;             /* DMA busy */
  uint32_t ds = CV_REG32(CV_DMA_STATUS_ADDR);
  CHECK(ds & CV_DMA_STATUS_BUSY_MASK);
  CHECK(ds & CV_DMA_STATUS_ERR_MASK);
  CHECK_EQ(CV_DMA_ERR_CODE(ds), CV_DMA_STATUS_ERR_CODE_BUSY);
  CV_REG32(CV_AES_KEY_ADDR) = 0x12345678u;                         /* unit owned by the DMA */
  uint32_t us = CV_REG32(CV_AES_STATUS_ADDR);
  CHECK(us & CV_CPL_STATUS_DMA_MASK);
  CHECK(us & CV_CPL_STATUS_ERR_MASK);
  CHECK_EQ(CV_CPL_ERR_CODE(us), CV_CPL_STATUS_ERR_CODE_BUSY_DMA);
  CV_CPI_DATA(CV_ENGINE_AES, 1, 2);
  CV_CPI_IVLOAD(CV_ENGINE_AES);
  CV_REG32(CV_AES_CTRL_ADDR) = CV_CPL_CTRL_START_MASK;
  CHECK(cv_aes_busy(&ctx));
  CHECK_EQ(cv_aes_wait(&ctx, iv), CV_OK);  /* the job was not disturbed ... */
  CHECK_MEM(OUT, ref, BIG);                 /* ... its output is intact */
  CHECK_MEM(iv, iv2, 16);
  ds = CV_REG32(CV_DMA_STATUS_ADDR);        /* and the rejected command is still flagged */
  CHECK(ds & CV_DMA_STATUS_DONE_MASK);
  CHECK_EQ(CV_DMA_ERR_CODE(ds), CV_DMA_STATUS_ERR_CODE_BUSY);

  /* zeroize during a job, through the API */
  CHECK_EQ(cv_aes_init(&ctx, b, key, 16), CV_OK);
  CHECK_EQ(cv_aes_start(&ctx, CV_AES_MODE_ECB, 0, NULL, src, OUT, BIG), CV_OK);
  cv_aes_zeroize(&ctx);
  uint32_t s2 = CV_REG32(CV_AES_STATUS_ADDR);
  CHECK_EQ(s2 & (CV_CPL_STATUS_BUSY_MASK | CV_CPL_STATUS_KEY_READY_MASK), 0);
  CHECK(!(CV_REG32(CV_DMA_STATUS_ADDR) & CV_DMA_STATUS_BUSY_MASK));
  CHECK_EQ(cv_aes_ecb(&ctx, CV_ENCRYPT, src, OUT, 16), CV_ERR_NOKEY);

  /* zeroize during a job, through the unit (outside the driver) */
  CHECK_EQ(cv_aes_init(&ctx, b, key, 16), CV_OK);
  CHECK_EQ(cv_aes_start(&ctx, CV_AES_MODE_ECB, 0, NULL, src, OUT, BIG), CV_OK);
  if (cpi) CV_CPI_ZERO(CV_ENGINE_AES);
  else cv_cpl_mmio_zeroize(CV_AES_BASE);
  int rc = cv_aes_wait(&ctx, NULL);
  CHECK(rc == CV_ERR_ABORTED);
  ds = CV_REG32(CV_DMA_STATUS_ADDR);
  CHECK_EQ(ds & CV_DMA_STATUS_BUSY_MASK, 0);
  CHECK_EQ(CV_DMA_ERR_CODE(ds), CV_DMA_STATUS_ERR_CODE_ABORTED);
  s2 = CV_REG32(CV_AES_STATUS_ADDR);
  CHECK_EQ(s2 & (CV_CPL_STATUS_BUSY_MASK | CV_CPL_STATUS_KEY_READY_MASK), 0);
  CHECK_EQ(cv_aes_ecb(&ctx, CV_ENCRYPT, src, OUT, 16), CV_ERR_NOKEY);
  CHECK_EQ(cv_aes_init(&ctx, b, key, 16), CV_OK);
  CHECK_EQ(cv_aes_ecb(&sw, CV_ENCRYPT, src, ref, 64), CV_OK);
  CHECK_EQ(cv_aes_ecb(&ctx, CV_ENCRYPT, src, OUT, 64), CV_OK);
  CHECK_MEM(OUT, ref, 64);

  /* ABORT of the DMA */
  CHECK_EQ(cv_aes_start(&ctx, CV_AES_MODE_ECB, 0, NULL, src, OUT, BIG), CV_OK);
  cv_dma_abort();
  CHECK_EQ(cv_aes_wait(&ctx, NULL), CV_ERR_ABORTED);
  CHECK_EQ(cv_aes_ecb(&ctx, CV_ENCRYPT, src, OUT, 16), CV_ERR_NOKEY);
  cv_aes_zeroize(&ctx);
}

/* An engine write while a cpi/mmio message runs: flagged, the message completes. */
static void engine_busy(int cpi) {
  CHECK_EQ(cv_aes_init(&ctx, cpi ? CV_BACKEND_CPI : CV_BACKEND_MMIO, key, 16), CV_OK);
  CHECK_EQ(cv_aes_init(&sw, CV_BACKEND_SW, key, 16), CV_OK);
  rng_fill(src, 16);
  CHECK_EQ(cv_aes_ecb(&sw, CV_ENCRYPT, src, ref, 16), CV_OK);
  const uint32_t *w = (const uint32_t *)(const void *)src;
  uint32_t o[4], st;
  if (cpi) {
    CV_CPI_START(CV_ENGINE_AES, 0);
    CV_CPI_DATA(CV_ENGINE_AES, w[0], w[1]);
    CV_CPI_DATAL(CV_ENGINE_AES, w[2], w[3]);
    CV_CPI_IVLOAD(CV_ENGINE_AES);   /* write while busy */
    CV_CPI_START(CV_ENGINE_AES, 0); /* start while busy */
    /* RESULT at once: the refused START left the message's accounting alone, so RESULT
     * waits for the block's output instead of trapping ("nothing due"). */
    cv_cpl_cpi_pop(CV_ENGINE_AES, o, 4);
    st = CV_CPI_STATUS(CV_ENGINE_AES);
  } else {
    volatile uint32_t *r = (volatile uint32_t *)(uintptr_t)CV_AES_BASE;
    r[CV_CPL_CFG_OFFSET / 4] = 0;
    r[CV_CPL_CTRL_OFFSET / 4] = CV_CPL_CTRL_START_MASK;
    cv_cpl_mmio_push(CV_AES_BASE, w, 4, 1);
    r[CV_CPL_CTRL_OFFSET / 4] = CV_CPL_CTRL_IVLOAD_MASK;
    r[CV_CPL_CTRL_OFFSET / 4] = CV_CPL_CTRL_START_MASK;
    cv_cpl_mmio_wait(CV_AES_BASE, CV_CPL_STATUS_OUT_VALID_MASK);
    cv_cpl_mmio_pop(CV_AES_BASE, o, 4);
    st = r[CV_CPL_STATUS_OFFSET / 4];
  }
  CHECK(st & CV_CPL_STATUS_ERR_MASK);
  CHECK(CV_CPL_ERR_CODE(st) == 4 || CV_CPL_ERR_CODE(st) == 5);  /* START_BUSY, WRITE_BUSY */
  CHECK_MEM(o, ref, 16);
  /* the next call works (the driver's START clears the error) */
  CHECK_EQ(cv_aes_ecb(&ctx, CV_ENCRYPT, src, OUT, 16), CV_OK);
  CHECK_MEM(OUT, ref, 16);
  /* DIN written while a staged block waits: OVERRUN; DOUT with nothing due: UNDERFLOW */
  if (!cpi) {
    volatile uint32_t *r = (volatile uint32_t *)(uintptr_t)CV_AES_BASE;
    (void)r[CV_CPL_DOUT_OFFSET / 4 + 3];
    st = r[CV_CPL_STATUS_OFFSET / 4];
    CHECK(st & CV_CPL_STATUS_ERR_MASK);
    CHECK_EQ(CV_CPL_ERR_CODE(st), CV_CPL_STATUS_ERR_CODE_UNDERFLOW);
    CHECK_EQ(cv_cpl_status_err(st, NULL), CV_ERR_HW);
  }
  cv_aes_zeroize(&ctx);
}

/* ---------------------------------------------------------------- encodings and key reads */
static void encodings(int hw) {
  EXPECT_ILLEGAL(__asm__ volatile(".insn r 0x2b, 3, 0x12, zero, a1, a2"));  /* custom-1 */
  EXPECT_ILLEGAL(__asm__ volatile(".insn r 0x2b, 4, 0x1a, a0, zero, zero" ::: "a0"));
  EXPECT_ILLEGAL(__asm__ volatile(".insn r 0x0b, 3, 0x10, zero, a1, a2"));  /* CFG, f3 011 */
  EXPECT_ILLEGAL(__asm__ volatile(".insn r 0x0b, 0, 0x1a, zero, zero, zero")); /* STATUS f3 0 */
  EXPECT_ILLEGAL(__asm__ volatile(".insn r 0x0b, 2, 0x17, zero, a1, zero")); /* DATA f3 010 */
  EXPECT_ILLEGAL(__asm__ volatile(".insn r 0x0b, 4, 0x1f, a0, zero, zero" ::: "a0")); /* op 15 */
  EXPECT_ILLEGAL(__asm__ volatile(".insn r 0x0b, 4, 0x0a, a0, zero, zero" ::: "a0")); /* tgt 0 */
  EXPECT_ILLEGAL(__asm__ volatile(".insn r 0x0b, 4, 0x6a, a0, zero, zero" ::: "a0")); /* tgt 6 */
  EXPECT_ILLEGAL(__asm__ volatile(".insn r 0x0b, 0, 0x7e, zero, zero, zero"));     /* DMA op 14 */
  EXPECT_ILLEGAL((void)CV_CPI_IVRD(CV_ENGINE_AES, 4));
  CV_CPI_ZERO(CV_ENGINE_AES);
  EXPECT_ILLEGAL((void)CV_CPI_RESULT(CV_ENGINE_AES));  /* nothing due: never a hang */
  /* the legal forms still answer */
  CHECK(CV_CPI_STATUS(CV_ENGINE_AES) & CV_CPL_STATUS_IN_READY_MASK);
  if (hw & 2) CHECK_EQ(CV_CPI_DSTAT() & CV_DMA_STATUS_BUSY_MASK, 0);
  /* KEY registers are write-only */
  for (int i = 0; i < 8; i++) CV_REG32(CV_AES_KEY_ADDR + 4 * i) = 0xA5A5A5A5u + (uint32_t)i;
  for (int i = 0; i < 8; i++) CHECK_EQ(CV_REG32(CV_AES_KEY_ADDR + 4 * i), 0);
  CV_REG32(CV_AES_CTRL_ADDR) = CV_CPL_CTRL_KEYLOAD_MASK;
  for (int i = 0; i < 8; i++) CHECK_EQ(CV_REG32(CV_AES_KEY_ADDR + 4 * i), 0);
  CV_CPI_ZERO(CV_ENGINE_AES);
}

int main(void) {
  int hw = hw_check_present();
  for (int i = 0; i < CV_BACKEND_COUNT; i++)
    if (backend_runs(all_backends[i], hw)) api_checks(all_backends[i]);
  printf("api checks done\n");
  if (hw & 1) {
    engine_busy(0);
    engine_busy(1);
    encodings(hw);
    printf("unit checks done\n");
  }
  if (hw & 2) {
    dma_hw_checks(0);
    dma_hw_checks(1);
    busy_checks(CV_BACKEND_MMIO_DMA);
    busy_checks(CV_BACKEND_CPI_DMA);
    printf("dma checks done\n");
  }
  return cv_test_done();
}
