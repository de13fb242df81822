// SPDX-License-Identifier: Apache-2.0
/* test_sha3_drv: the SHA-3 driver (fw/drivers) on every backend.
 *  - known answers, random messages and lengths (streaming in random pieces, unaligned) against
 *    the sw backend, every function; cv_sha3_hash's one-call paths; a second context taking the
 *    engine over; bad input (output length, function, DMA buffers: misaligned CV_ERR_DMA,
 *    overlapping CV_ERR_ARG; the DMA busy); SHAKE squeezed in pieces past the engine's
 *    65,535-byte OUTLEN (test_xof), checked by fw/drivers/tests/test_light_drivers.py against
 *    hashlib;
 *  - misuse against the contract of fw/drivers/README.md ("The contract"), every call GUARDED
 *    (guard_util.h: a trap or a call that does not return is a failed check): a never-initialised
 *    context (zero-filled or garbage) gets CV_ERR_NOKEY from every call; a context changed after
 *    init (each byte of its control part flipped in turn) gets CV_OK or an error and writes
 *    nothing outside its output, a changed backend CV_ERR_NOKEY; a message and digest that
 *    overlap other than at the same start, a digest in program memory, unmapped or running off
 *    data memory, a message unmapped or running off program memory: CV_ERR_ARG, nothing written,
 *    the message state unchanged; a message in program memory gives the sw backend's digest;
 *    after final every call but init and zeroize is CV_ERR_ARG on every backend.
 * Prints "light sha3 <backend> done", "xof ..." and "bad sha3 <backend> done" per backend and
 * "N passed, N failed". */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "cv_csr.h"
#include "cv_light.h" /* the coupling layer: a DMA job of another engine */
#include "cv_memmap.h"
#include "cv_sha3.h"
#include "cv_test.h"
#include "cv_xorshift.h"
#include "guard_util.h"

/* The test's own code for size (the drivers keep -O2). */
#pragma GCC optimize("Os")

#define NB CV_BACKEND_COUNT

static uint32_t rs = 0x9E3779B9u;
static uint32_t rnd(void) { return cv_xorshift32(&rs); }
static void fill(uint8_t *p, size_t n) { cv_xorshift32_bytes(&rs, p, n); }
static void unhex(const char *h, uint8_t *p) {
  for (; h[0] && h[1]; h += 2) {
    int hi = h[0] <= '9' ? h[0] - '0' : (h[0] | 32) - 'a' + 10;
    int lo = h[1] <= '9' ? h[1] - '0' : (h[1] | 32) - 'a' + 10;
    *p++ = (uint8_t)(hi << 4 | lo);
  }
}

#define BUF 704
static uint8_t in[BUF] __attribute__((aligned(16)));
static uint8_t out[BUF + 32] __attribute__((aligned(16)));
static uint8_t ref[BUF + 32] __attribute__((aligned(16)));

/* Guard bytes after n output bytes: untouched. */
#define GUARD 0xA5
static void guard(uint8_t *p, size_t n) { memset(p, GUARD, n + 16); }
static int guard_ok(const uint8_t *p, size_t n) {
  for (size_t i = n; i < n + 16; i++)
    if (p[i] != GUARD) return 0;
  return 1;
}

/* A DMA job of another engine in the background (4 KiB of AES-ECB started through the coupling
 * layer): a SHA-3 DMA call meanwhile must be refused with CV_ERR_BUSY and write nothing. */
static uint8_t bg_buf[4096] __attribute__((aligned(16)));
static void bg_start(void) {
  static const uint32_t kw[4] = {1, 2, 3, 4};
  uint32_t s = cv_cpl_mmio_key(CV_AES_BASE, 0, kw, 4);  /* CFG 0: AES-128 ECB encrypt */
  CHECK((s & (CV_CPL_STATUS_KEY_READY_MASK | CV_CPL_STATUS_ERR_MASK)) ==
        CV_CPL_STATUS_KEY_READY_MASK);
  cv_dma_mmio_start(CV_ENGINE_AES, 0, (uintptr_t)bg_buf, (uintptr_t)bg_buf, sizeof bg_buf, 0);
}
static void bg_end(void) {
  CHECK(cv_dma_busy());  /* the refused call really met the running job */
  CHECK(cv_dma_status_ok(cv_dma_mmio_wait()));
  cv_cpl_mmio_zeroize(CV_AES_BASE);
}

/* Offsets of in/out for backend b (the DMA backends need aligned buffers). */
static size_t off(cv_backend_t b) { return cv_light_is_dma(b) ? 0 : rnd() % 4; }

static cv_sha3_ctx ctx_a, ctx_b;

/* ------------------------------------------------------------------ SHA-3 */
/* The backends that squeeze past OUTLEN: every hardware one; with XOF_CI (the CI size) one DMA
 * backend, the others squeezing 3,001 bytes as sw does (a register backend squeezes 70 KB in
 * millions of cycles). */
static int xof_past_outlen(cv_backend_t b) {
#ifdef XOF_CI
  return b == CV_BACKEND_CPI_DMA;
#else
  return b != CV_BACKEND_SW;
#endif
}
/* SHAKE as an XOF: a fixed message (byte i = 7i + 3, 100 bytes) squeezed in pieces of 1..704
 * bytes, 70,003 bytes in all on the hardware (more than the engine's 65,535-byte OUTLEN field;
 * 3,001 on sw; see xof_past_outlen), every piece with guard bytes; prints "xof <backend> <alg>
 * <bytes> <FNV-1a of the whole output> <its last 16 bytes>" for test_light_drivers.py to check
 * against hashlib. The first 160 bytes are also checked here against the one-call hash. Then the
 * API's rules. */
static void test_xof(cv_backend_t b) {
  cv_sha3_ctx *a = &ctx_a, *a2 = &ctx_b;
  const int alg = (b & 1) ? CV_SHAKE256 : CV_SHAKE128;
  const size_t total = xof_past_outlen(b) ? 70003 : 3001;
  for (int i = 0; i < 100; i++) in[i] = (uint8_t)(7 * i + 3);
  CHECK_EQ(cv_sha3_hash(CV_BACKEND_SW, alg, in, 100, ref, 160), CV_OK);
  CHECK_EQ(cv_sha3_init(a, b, alg), CV_OK);
  CHECK_EQ(cv_sha3_update(a, in, 37), CV_OK);
  CHECK_EQ(cv_sha3_update(a, in + 37, 63), CV_OK);
  uint32_t fnv = 0x811C9DC5u;
  size_t done = 0;
  while (done < total) {
    size_t k = 1 + rnd() % BUF, oo = rnd() % 4;
    if (k > total - done) k = total - done;
    guard(out + oo, k);
    CHECK_EQ(done + k == total ? cv_sha3_final(a, out + oo, k) : cv_sha3_squeeze(a, out + oo, k),
             CV_OK);
    CHECK(guard_ok(out + oo, k));
    for (size_t i = 0; done + i < 160 && i < k; i++) CHECK_EQ(out[oo + i], ref[done + i]);
    for (size_t i = 0; i < k; i++) fnv = (fnv ^ out[oo + i]) * 0x01000193u;
    done += k;
    if (done == total) {
      printf("xof %s %d %lu %08lx ", cv_backend_name(b), alg, (unsigned long)total,
             (unsigned long)fnv);
      for (size_t i = k < 16 ? 0 : k - 16; i < k; i++) printf("%02x", out[oo + i]);
      printf("\n");
    }
  }
  /* squeeze: SHAKE only; no update after it; ends with final; another context takes over */
  CHECK_EQ(cv_sha3_init(a, b, CV_SHA3_256), CV_OK);
  CHECK_EQ(cv_sha3_squeeze(a, out, 8), CV_ERR_MODE);
  CHECK_EQ(cv_sha3_final(a, out, 32), CV_OK);
  CHECK_EQ(cv_sha3_init(a, b, alg), CV_OK);
  CHECK_EQ(cv_sha3_squeeze(a, out, 5), CV_OK);
  CHECK_EQ(cv_sha3_update(a, in, 1), CV_ERR_ARG);
  CHECK_EQ(cv_sha3_squeeze(a, out + 5, 0), CV_OK);
  CHECK_EQ(cv_sha3_final(a, out + 5, 11), CV_OK);
  CHECK_EQ(cv_sha3_hash(CV_BACKEND_SW, alg, in, 0, ref, 16), CV_OK);
  CHECK_MEM(out, ref, 16);
  if (b != CV_BACKEND_SW) {
    CHECK_EQ(cv_sha3_squeeze(a, out, 8), CV_ERR_ARG);  /* after final */
    CHECK_EQ(cv_sha3_init(a, b, alg), CV_OK);
    CHECK_EQ(cv_sha3_squeeze(a, out, 3), CV_OK);
    CHECK_EQ(cv_sha3_init(a2, b, CV_SHA3_224), CV_OK);
    CHECK_EQ(cv_sha3_squeeze(a, out, 3), CV_ERR_ABORTED);
    CHECK_EQ(cv_sha3_final(a2, out, 28), CV_OK);
    CHECK_EQ(cv_sha3_hash(CV_BACKEND_SW, CV_SHA3_224, in, 0, ref, 28), CV_OK);
    CHECK_MEM(out, ref, 28);
  }
  /* a SHAKE hash with no output: nothing written, the engine free */
  guard(out, 0);
  CHECK_EQ(cv_sha3_hash(b, alg, in, 10, out, 0), CV_OK);
  CHECK(guard_ok(out, 0));
}

static void test_sha3(cv_backend_t b) {
  cv_sha3_ctx *a = &ctx_a, *a2 = &ctx_b;
  static const size_t md[6] = {28, 32, 48, 64, 0, 0};
  unhex("b751850b1a57168a5693cd924b6b096e08f621827444f70d884f5d0240d2712e10e116e9192af3c91a7ec57647e3934057340b4cf408d5a56592f8274eec53f0", ref);
  memcpy(in, "abc", 3);
  CHECK_EQ(cv_sha3_hash(b, CV_SHA3_512, in, 3, out, 64), CV_OK);
  CHECK_MEM(out, ref, 64);
  unhex("a69f73cca23a9ac5c8b567dc185a756e97c982164fe25859e0d1dcc1475c80a615b2123af1f5f94c11e3e9402c3ac558f500199d95b6d3e301758586281dcd26", ref);
  CHECK_EQ(cv_sha3_init(a, b, CV_SHA3_512), CV_OK);
  CHECK_EQ(cv_sha3_final(a, out, 64), CV_OK);
  CHECK_MEM(out, ref, 64);
  /* every function with a short message (0..7 bytes: the padding in the last word), then three
   * longer ones (up to 2 rate blocks), different functions on each backend */
  for (int it = 0; it < (b == CV_BACKEND_SW ? 0 : 9); it++) {
    int alg = it < 6 ? it : (it + 3 * (int)b) % 6;
    size_t n = it < 6 ? (size_t)(rnd() % 8) : rnd() % 280, ol = md[alg];
    if (!ol) ol = 1 + rnd() % (cv_light_is_dma(b) ? 200 : 300);
    size_t oi = off(b), oo = off(b);
    fill(in + oi, n);
    CHECK_EQ(cv_sha3_sw_hash(alg, in + oi, n, ref, ol), CV_OK);
    guard(out + oo, ol);
    CHECK_EQ(cv_sha3_hash(b, alg, in + oi, n, out + oo, ol), CV_OK);
    CHECK_MEM(out + oo, ref, ol);
    CHECK(guard_ok(out + oo, ol));
    /* streaming in random pieces, unaligned */
    guard(out + 1, ol);
    CHECK_EQ(cv_sha3_init(a, b, alg), CV_OK);
    for (size_t p = 0; p < n;) {
      size_t k = rnd() % 80;
      if (k > n - p) k = n - p;
      CHECK_EQ(cv_sha3_update(a, in + oi + p, k), CV_OK);
      p += k;
    }
    CHECK_EQ(cv_sha3_final(a, out + 1, ol), CV_OK);
    CHECK_MEM(out + 1, ref, ol);
    CHECK(guard_ok(out + 1, ol));
  }
  /* the one-call path of cpi and mmio (word-aligned message and output, output a multiple of 4 bytes): every
   * function at the lengths where the last word and the rate blocks change, junk after the
   * message (the last word is masked), and a streaming message it aborts */
  static const uint16_t rate[6] = {144, 136, 104, 72, 168, 136};
  const int pio = b == CV_BACKEND_CPI || b == CV_BACKEND_MMIO;
  for (int alg = 0; pio && alg < 6; alg++) {
    const size_t r = rate[alg], lens[7] = {0, 5, 8, r - 1, r, r + 4, 2 * r + 3};
    for (int i = 0; i < 7; i++) {
      /* SHAKE: outputs that end in the second and the third output block, too (mmio polls
       * OUT_VALID once per block) */
      size_t n = lens[i], oi = 4 * (rnd() % 4),
             ol = md[alg] ? md[alg] : i == 5 ? r + 4 : i == 6 ? 2 * r + 8 : 4 * (1 + rnd() % 50);
      fill(in + oi, n + 8);
      CHECK_EQ(cv_sha3_sw_hash(alg, in + oi, n, ref, ol), CV_OK);
      guard(out + 4, ol);
      CHECK_EQ(cv_sha3_hash(b, alg, in + oi, n, out + 4, ol), CV_OK);
      CHECK_MEM(out + 4, ref, ol);
      CHECK(guard_ok(out + 4, ol));
    }
  }
  if (pio) {
    CHECK_EQ(cv_sha3_init(a, b, CV_SHA3_256), CV_OK);
    CHECK_EQ(cv_sha3_update(a, in, 10), CV_OK);
    CHECK_EQ(cv_sha3_hash(b, CV_SHA3_256, in, 8, out, 32), CV_OK);
    CHECK_EQ(cv_sha3_sw_hash(CV_SHA3_256, in, 8, ref, 32), CV_OK);
    CHECK_MEM(out, ref, 32);
    CHECK_EQ(cv_sha3_update(a, in, 10), CV_ERR_ABORTED);
  }
  /* a second context takes the engine: the first one's message is aborted */
  CHECK_EQ(cv_sha3_init(a, b, CV_SHA3_256), CV_OK);
  CHECK_EQ(cv_sha3_update(a, in, 10), CV_OK);
  CHECK_EQ(cv_sha3_init(a2, b, CV_SHA3_256), CV_OK);
  CHECK_EQ(cv_sha3_update(a2, in, 100), CV_OK);
  CHECK_EQ(cv_sha3_update(a, in, 10), b == CV_BACKEND_SW ? CV_OK : CV_ERR_ABORTED);
  CHECK_EQ(cv_sha3_final(a2, out, 32), CV_OK);
  CHECK_EQ(cv_sha3_sw_hash(CV_SHA3_256, in, 100, ref, 32), CV_OK);
  CHECK_MEM(out, ref, 32);
  /* bad input */
  CHECK_EQ(cv_sha3_hash(b, CV_SHA3_256, in, 10, out, 28), CV_ERR_OUTLEN);
  CHECK_EQ(cv_sha3_hash(b, 6, in, 10, out, 28), CV_ERR_ARG);
  CHECK_EQ(cv_sha3_init(a, b, CV_SHAKE256), CV_OK);
  CHECK_EQ(cv_sha3_final(a, out, 32), CV_OK);
  CHECK_EQ(cv_sha3_update(a, in, 1), CV_ERR_ARG);  /* after final */
  if (cv_light_is_dma(b)) {
    guard(out + 32, 64);
    CHECK_EQ(cv_sha3_hash(b, CV_SHA3_512, in + 4, 64, out + 32, 64), CV_ERR_DMA);
    CHECK_EQ(cv_sha3_hash(b, CV_SHAKE128, in, 64, out + 36, 100), CV_ERR_DMA);
    CHECK_EQ(cv_sha3_hash(b, CV_SHAKE128, in, 64, in + 32, 100), CV_ERR_ARG);  /* overlap */
    bg_start();
    CHECK_EQ(cv_sha3_hash(b, CV_SHA3_512, in, 64, out + 32, 64), CV_ERR_BUSY);  /* DMA busy */
    bg_end();
    CHECK(guard_ok(out + 32, 64));
    /* an out of up to 64 bytes the DMA cannot write goes through the driver's buffer */
    CHECK_EQ(cv_sha3_hash(b, CV_SHA3_224, in, 64, out + 3, 28), CV_OK);
    CHECK_EQ(cv_sha3_sw_hash(CV_SHA3_224, in, 64, ref, 28), CV_OK);
    CHECK_MEM(out + 3, ref, 28);
  }
  test_xof(b);
  fill(in, 200);
  CHECK_EQ(cv_sha3_hash(b, CV_SHAKE128, in, 200, out, 160), CV_OK);
  CHECK_EQ(cv_sha3_sw_hash(CV_SHAKE128, in, 200, ref, 160), CV_OK);
  CHECK_MEM(out, ref, 160);
  printf("light sha3 %s done at %lu\n", cv_backend_name(b), (unsigned long)cv_mcycle());
}

/* The misuse part's buffers: an output between 32 guard bytes each side, a context between
 * guard bytes, constant input in program memory. */
#define E7 0xE7
#define C3 0xC3
static uint8_t dst[512 + 64] __attribute__((aligned(16)));
#define OUT (dst + 32)
static const uint8_t rom[256] __attribute__((aligned(16))) = {
    0x3c, 0x71, 0x0e, 0x9a, 0x55, 0x12, 0xf0, 0x8b, 0x23, 0x67, 0xd4, 0x01, 0xbe, 0x49, 0x7f, 0xc2};
static uint8_t rom_copy[256];
#define UNMAPPED ((uint8_t *)(uintptr_t)0x40000000u)
#define DMEM_END(n) ((uint8_t *)(uintptr_t)(CV_DMEM_BASE + CV_DMEM_SIZE - (n)))
#define IMEM_END(n) ((const uint8_t *)(uintptr_t)(CV_IMEM_BASE + CV_IMEM_SIZE - (n)))
#define ROM_OUT ((uint8_t *)(uintptr_t)rom)
static struct {
  uint8_t pre[16];
  union {
    cv_sha3_ctx s;
  } u;
  uint8_t post[16];
} box;

static void guards_set(void) {
  memset(dst, E7, sizeof dst);
  memset(box.pre, C3, sizeof box.pre);
  memset(box.post, C3, sizeof box.post);
}
/* Nothing written in the 32 bytes before OUT and the 32 after OUT[0..n), nor around the
 * context. */
static int guards_ok(size_t n) {
  for (size_t i = 0; i < 32; i++)
    if (dst[i] != E7 || dst[32 + n + i] != E7) return 0;
  for (size_t i = 0; i < 16; i++)
    if (box.pre[i] != C3 || box.post[i] != C3) return 0;
  return 1;
}
/* Nothing written in dst at all, nor around the context, nor in the program memory's constants. */
static int untouched(void) {
  for (size_t i = 0; i < sizeof dst; i++)
    if (dst[i] != E7) return 0;
  return guards_ok(0) && memcmp(rom, rom_copy, sizeof rom) == 0;
}
static int is_status(int r) { return r == CV_OK || (r <= CV_ERR_KEYLEN && r >= CV_ERR_HW); }

/* ------------------------------------------------------------------ misuse */
static void sha3_uninit(cv_backend_t b) {
  cv_sha3_ctx *c = &box.u.s;
  static const uint8_t fills[4] = {0x00, 0xA5, 0xFF, 0x5A};
  for (int f = 0; f < 4; f++) {
    memset(c, fills[f], sizeof *c);
    if (f < 3) c->backend = b;
    guards_set();
    EXPECT(cv_sha3_update(c, in, 10), CV_ERR_NOKEY);
    EXPECT(cv_sha3_update(c, in, 0), CV_ERR_NOKEY);
    EXPECT(cv_sha3_squeeze(c, OUT, 8), CV_ERR_NOKEY);
    EXPECT(cv_sha3_final(c, OUT, 32), CV_ERR_NOKEY);
    CHECK(untouched());
    GUARDED_VOID(cv_sha3_zeroize(c));
    CHECK(untouched());
  }
  fill(in, 100);
  CHECK_EQ(cv_sha3_sw_hash(CV_SHA3_256, in, 100, ref, 32), CV_OK);
  EXPECT(cv_sha3_init(c, b, CV_SHA3_256), CV_OK);
  EXPECT(cv_sha3_update(c, in, 100), CV_OK);
  EXPECT(cv_sha3_final(c, OUT, 32), CV_OK);
  CHECK_MEM(OUT, ref, 32);
}

static void sha3_tamper(cv_backend_t b) {
  cv_sha3_ctx *c = &box.u.s;
  fill(in, 100);
  for (size_t off = 0; off < sizeof *c; off = guard_next_off(off, sizeof *c)) {
    const int alg = off & 1 ? CV_SHAKE128 : CV_SHA3_256;
    guards_set();
    EXPECT(cv_sha3_init(c, b, alg), CV_OK);
    EXPECT(cv_sha3_update(c, in, 21), CV_OK);
    ((uint8_t *)c)[off] ^= 0x5A;
    int r1 = GUARDED(cv_sha3_update(c, in + 21, 30));
    int r2 = alg == CV_SHAKE128 ? GUARDED(cv_sha3_squeeze(c, OUT, 13)) : CV_OK;
    int r3 = GUARDED(cv_sha3_final(c, OUT, 32));
    int ok = CHECK(is_status(r1) && is_status(r2) && is_status(r3)) & CHECK(guards_ok(32));
    if (off < sizeof(cv_backend_t)) ok &= CHECK_EQ(r1, CV_ERR_NOKEY) & CHECK_EQ(r3, CV_ERR_NOKEY);
    GUARDED_VOID(cv_sha3_zeroize(c));
    ok &= CHECK(guards_ok(32));
    if (!ok) printf("  sha3 %s byte %u\n", cv_backend_name(b), (unsigned)off);
  }
}

static void sha3_rules(cv_backend_t b) {
  cv_sha3_ctx *c = &box.u.s;
  fill(in, 200);
  guards_set();
  /* overlap of message and digest other than the same start */
  memcpy(OUT, in, 64);
  EXPECT(cv_sha3_hash(b, CV_SHA3_256, OUT, 64, OUT + 8, 32), CV_ERR_ARG);
  EXPECT(cv_sha3_hash(b, CV_SHAKE128, OUT + 16, 48, OUT, 32), CV_ERR_ARG);
  CHECK_MEM(OUT, in, 64);
  CHECK(guards_ok(64));
  /* buffers outside data memory */
  EXPECT(cv_sha3_hash(b, CV_SHA3_256, in, 64, ROM_OUT, 32), CV_ERR_ARG);
  EXPECT(cv_sha3_hash(b, CV_SHA3_256, in, 64, UNMAPPED, 32), CV_ERR_ARG);
  EXPECT(cv_sha3_hash(b, CV_SHA3_256, in, 64, DMEM_END(16), 32), CV_ERR_ARG);
  EXPECT(cv_sha3_hash(b, CV_SHA3_256, UNMAPPED, 64, OUT, 32), CV_ERR_ARG);
  EXPECT(cv_sha3_hash(b, CV_SHA3_256, IMEM_END(32), 64, OUT, 32), CV_ERR_ARG);
  /* the buffers' rules come before the digest size (the documented order), on every backend */
  EXPECT(cv_sha3_hash(b, CV_SHA3_256, in, 64, ROM_OUT, 20), CV_ERR_ARG);
  EXPECT(cv_sha3_hash(b, CV_SHA3_256, OUT, 64, OUT + 8, 20), CV_ERR_ARG);
  CHECK(memcmp(rom, rom_copy, sizeof rom) == 0);
  CHECK(guards_ok(64));
  /* a message another context took over: a digest of the wrong size is CV_ERR_OUTLEN before
   * CV_ERR_ABORTED (what the algorithm allows before what the engine answers) */
  EXPECT(cv_sha3_init(c, b, CV_SHA3_256), CV_OK);
  EXPECT(cv_sha3_init(&ctx_b, b, CV_SHA3_256), CV_OK);
  EXPECT(cv_sha3_final(c, OUT, 20), CV_ERR_OUTLEN);
  EXPECT(cv_sha3_final(c, OUT, 32), b == CV_BACKEND_SW ? CV_OK : CV_ERR_ABORTED);
  GUARDED_VOID(cv_sha3_zeroize(&ctx_b));
  GUARDED_VOID(cv_sha3_zeroize(c));
  /* the message in program memory: the sw backend's bytes */
  CHECK_EQ(cv_sha3_sw_hash(CV_SHA3_512, rom, 200, ref, 64), CV_OK);
  EXPECT(cv_sha3_hash(b, CV_SHA3_512, rom, 200, OUT, 64), CV_OK);
  CHECK_MEM(OUT, ref, 64);
  /* streaming: refused calls leave the message as it was */
  CHECK_EQ(cv_sha3_sw_hash(CV_SHAKE256, rom, 150, ref, 40), CV_OK);
  EXPECT(cv_sha3_init(c, b, CV_SHAKE256), CV_OK);
  EXPECT(cv_sha3_update(c, rom, 50), CV_OK);
  EXPECT(cv_sha3_update(c, UNMAPPED, 8), CV_ERR_ARG);
  EXPECT(cv_sha3_update(c, IMEM_END(4), 8), CV_ERR_ARG);
  EXPECT(cv_sha3_update(c, rom + 50, 100), CV_OK);
  guards_set();
  EXPECT(cv_sha3_squeeze(c, ROM_OUT, 8), CV_ERR_ARG);
  EXPECT(cv_sha3_squeeze(c, UNMAPPED, 8), CV_ERR_ARG);
  EXPECT(cv_sha3_final(c, DMEM_END(4), 8), CV_ERR_ARG);
  CHECK(untouched());
  EXPECT(cv_sha3_squeeze(c, OUT, 15), CV_OK);
  EXPECT(cv_sha3_final(c, OUT + 15, 25), CV_OK);
  CHECK_MEM(OUT, ref, 40);
  CHECK(guards_ok(40));
  /* after final: every call but init and zeroize is CV_ERR_ARG, on every backend */
  EXPECT(cv_sha3_update(c, in, 4), CV_ERR_ARG);
  EXPECT(cv_sha3_squeeze(c, OUT, 8), CV_ERR_ARG);
  EXPECT(cv_sha3_final(c, OUT, 8), CV_ERR_ARG);
  CHECK(guards_ok(40));
  GUARDED_VOID(cv_sha3_zeroize(c));
  EXPECT(cv_sha3_final(c, OUT, 8), CV_ERR_NOKEY);
}

int main(void) {
  memcpy(rom_copy, rom, sizeof rom);
  uint32_t cap = CV_REG32(CV_DMA_CAP_ADDR);
  int dma = ((cap & CV_DMA_CAP_ENGINES_MASK) >> CV_DMA_CAP_ENGINES_SHIFT) >> CV_ENGINE_PRINCE;
  CHECK_EQ(dma & 15, 15);
  printf("hw: dma %s\n", (dma & 15) == 15 ? "present" : "absent");
  for (int i = 0; i < NB; i++) {
    const cv_backend_t b = (cv_backend_t)i;
    test_sha3(b);
    sha3_uninit(b);
    sha3_tamper(b);
    sha3_rules(b);
    printf("bad sha3 %s done\n", cv_backend_name(b));
  }
  return cv_test_done();
}
