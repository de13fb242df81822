// SPDX-License-Identifier: Apache-2.0
/* test_aes_misuse: the AES driver under misuse, on every backend, against the contract of
 * fw/drivers/README.md ("The contract"). Every call runs GUARDED (guard_util.h): a trap or a call
 * that does not return is a failed check, and the program goes on.
 *  - never initialised: a zero-filled or garbage context (its backend field set, or garbage too)
 *    gets CV_ERR_NOKEY from every call, cv_aes_wait included, nothing written;
 *  - changed after init: each control byte (and a sample of the key words) flipped in turn, with
 *    the context holding the engine and with another context holding it: every call returns
 *    CV_OK or an error and writes nothing outside its output; a changed backend, id or check
 *    word is CV_ERR_NOKEY;
 *  - in/out overlapping other than exactly, a CMAC tag inside its message other than at its
 *    start: CV_ERR_ARG, nothing written, IV unchanged;
 *  - buffers outside data memory: an output, IV or tag in program memory, unmapped or running
 *    off the end of data memory, an input or key unmapped or running off program memory:
 *    CV_ERR_ARG, nothing written; an input (and a key) in program memory gives the sw backend's
 *    bytes on every backend, a background job's too;
 *  - a background job owns the engine until its wait: every other AES hardware call meanwhile
 *    (of either context, init included, the DMA idle or not) is CV_ERR_BUSY and the wait returns
 *    the job's own counter; another context's zeroize ends the job, whose wait is then
 *    CV_ERR_ABORTED.
 * Prints "misuse <backend> done" per backend for fw/drivers/tests/test_aes_drivers.py. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "aes_test_util.h"
#include "guard_util.h"

/* The test's own code for size: the AES driver and the software AES take most of the program
 * memory. */
#pragma GCC optimize("Os")

static uint8_t src[512] __attribute__((aligned(16)));
static uint8_t dst[512 + 64] __attribute__((aligned(16)));  /* 32 guard bytes each side */
static uint8_t ref[512] __attribute__((aligned(16)));
static uint8_t iv[16], iv2[16];
static const uint8_t key[32] = {0x60, 0x3d, 0xeb, 0x10, 0x15, 0xca, 0x71, 0xbe, 0x2b, 0x73, 0xae,
                                0xf0, 0x85, 0x7d, 0x77, 0x81, 0x1f, 0x35, 0x2c, 0x07, 0x3b, 0x61,
                                0x08, 0xd7, 0x2d, 0x98, 0x10, 0xa3, 0x09, 0x14, 0xdf, 0xf4};
static cv_aes_ctx ctx, sw;
#define OUT (dst + 32)
/* Constant input in program memory (.rodata), 16-byte aligned as the DMA backends want it. */
static const uint8_t rom[64] __attribute__((aligned(16))) = {
    0x3c, 0x71, 0x0e, 0x9a, 0x55, 0x12, 0xf0, 0x8b, 0x23, 0x67, 0xd4, 0x01, 0xbe, 0x49, 0x7f, 0xc2};
static uint8_t rom_copy[64];
#define ROM_OUT ((uint8_t *)(uintptr_t)rom)
#define UNMAPPED ((uint8_t *)(uintptr_t)0x40000000u)
#define DMEM_END(n) ((uint8_t *)(uintptr_t)(CV_DMEM_BASE + CV_DMEM_SIZE - (n)))
#define IMEM_END(n) ((const uint8_t *)(uintptr_t)(CV_IMEM_BASE + CV_IMEM_SIZE - (n)))

static void guard_fill(void) { memset(dst, 0xE7, sizeof dst); }
static int guard_intact(void) {
  for (size_t i = 0; i < sizeof dst; i++)
    if (dst[i] != 0xE7) return 0;
  return 1;
}

static cv_aes_ctx other;
static int is_status(int r) { return r == CV_OK || (r <= CV_ERR_KEYLEN && r >= CV_ERR_HW); }
static int is_dma_b(cv_backend_t b) { return b == CV_BACKEND_CPI_DMA || b == CV_BACKEND_MMIO_DMA; }

/* Calls by table: one GUARDED call site for every row (a site per call would not fit the
 * program memory). */
enum { ECB_E, ECB_D, CBC_E, CBC_D, CFB_E, CFB_D, OFB, CTR, CMAC, START_CTR, START_ECB, WAIT };
static int aes_do(int op, cv_aes_ctx *c, uint8_t *v, const uint8_t *i, uint8_t *o, size_t n) {
  switch (op) {
    case ECB_E: return cv_aes_ecb(c, CV_ENCRYPT, i, o, n);
    case ECB_D: return cv_aes_ecb(c, CV_DECRYPT, i, o, n);
    case CBC_E: return cv_aes_cbc(c, CV_ENCRYPT, v, i, o, n);
    case CBC_D: return cv_aes_cbc(c, CV_DECRYPT, v, i, o, n);
    case CFB_E: return cv_aes_cfb128(c, CV_ENCRYPT, v, i, o, n);
    case CFB_D: return cv_aes_cfb128(c, CV_DECRYPT, v, i, o, n);
    case OFB: return cv_aes_ofb(c, v, i, o, n);
    case CTR: return cv_aes_ctr(c, v, i, o, n);
    case CMAC: return cv_aes_cmac(c, i, n, v);
    case START_CTR: return cv_aes_start(c, CV_AES_MODE_CTR, CV_ENCRYPT, v, i, o, n);
    case START_ECB: return cv_aes_start(c, CV_AES_MODE_ECB, CV_ENCRYPT, NULL, i, o, n);
    default: return cv_aes_wait(c, v);
  }
}
typedef struct row {
  uint8_t op;
  int8_t want;
  uint16_t len;
  const uint8_t *in;
  uint8_t *out, *iv;
} row_t;
/* Each row's call on c (a start or wait only on a DMA backend): its result must be the row's. */
static void run_rows(cv_aes_ctx *c, cv_backend_t b, const row_t *r, size_t n, int line) {
  for (size_t k = 0; k < n; k++, r++) {
    if (r->op >= START_CTR && !is_dma_b(b)) continue;
    int got = GUARDED(aes_do(r->op, c, r->iv, r->in, r->out, r->len));
    if (!cv_test_check_eq((uint32_t)got, (uint32_t)(int)r->want, "row", __FILE__, line))
      printf("  %s row %u\n", cv_backend_name(b), (unsigned)k);
  }
}
#define RUN_ROWS(c, b, rows) run_rows(c, b, rows, sizeof rows / sizeof rows[0], __LINE__)

/* A context never initialised (zero-filled, or filled with garbage; the backend field set, or
 * garbage too) gets CV_ERR_NOKEY from every call, touching nothing. The same on every backend. */
static void uninit_checks(cv_backend_t b) {
  static cv_aes_ctx z;
  static const uint8_t fills[4] = {0x00, 0xA5, 0xFF, 0x5A};
  static const row_t rows[] = {
      {ECB_E, CV_ERR_NOKEY, 32, src, OUT, NULL},  {ECB_D, CV_ERR_NOKEY, 0, src, OUT, NULL},
      {CBC_E, CV_ERR_NOKEY, 32, src, OUT, iv},    {CFB_D, CV_ERR_NOKEY, 20, src, OUT, iv},
      {OFB, CV_ERR_NOKEY, 20, src, OUT, iv},      {CTR, CV_ERR_NOKEY, 20, src, OUT, iv},
      {CMAC, CV_ERR_NOKEY, 32, src, NULL, OUT},   {CMAC, CV_ERR_NOKEY, 0, NULL, NULL, OUT},
      {START_CTR, CV_ERR_NOKEY, 32, src, OUT, iv}, {WAIT, CV_ERR_NOKEY, 0, NULL, NULL, iv}};
  for (int f = 0; f < 4; f++) {
    memset(&z, fills[f], sizeof z);
    if (f < 3) z.backend = b;
    rng_fill(src, 64);
    memcpy(iv, src, 16);
    memcpy(iv2, iv, 16);
    guard_fill();
    /* the start and wait rows on every backend: a context that is not one answers first */
    for (size_t k = 0; k < sizeof rows / sizeof rows[0]; k++)
      CHECK_EQ(GUARDED(aes_do(rows[k].op, &z, rows[k].iv, rows[k].in, rows[k].out,
                              rows[k].len)), CV_ERR_NOKEY);
    CHECK(guard_intact());
    CHECK_MEM(iv, iv2, 16);
    GUARDED_VOID(cv_aes_zeroize(&z));
  }
  /* the engine works for a real context after all that */
  CHECK_EQ(cv_aes_init(&sw, CV_BACKEND_SW, key, 16), CV_OK);
  CHECK_EQ(cv_aes_ecb(&sw, CV_ENCRYPT, src, ref, 64), CV_OK);
  EXPECT(cv_aes_init(&ctx, b, key, 16), CV_OK);
  EXPECT(cv_aes_ecb(&ctx, CV_ENCRYPT, src, OUT, 64), CV_OK);
  CHECK_MEM(OUT, ref, 64);
  cv_aes_zeroize(&ctx);
}

/* A context changed after init: each byte of its control part flipped in turn (and a sample of
 * its key words), with the context holding the engine and with another context holding it.
 * Every call returns CV_OK or an error and writes nothing outside its output; a changed
 * backend or id is CV_ERR_NOKEY, and so is a changed check word where the call checks it. */
static void tamper_checks(cv_backend_t b) {
  static const struct {
    uint16_t off, n;
  } parts[] = {{offsetof(cv_aes_ctx, backend), 8},
               {offsetof(cv_aes_ctx, sw.ek), 8},
               {offsetof(cv_aes_ctx, sw.rounds), 8},
               {offsetof(cv_aes_ctx, id), sizeof(cv_aes_ctx) - offsetof(cv_aes_ctx, id)}};
  static const uint8_t ops[3] = {ECB_E, CTR, CMAC};
  rng_fill(src, 64);
  for (unsigned p = 0; p < sizeof parts / sizeof parts[0]; p++) {
    const size_t end = parts[p].off + parts[p].n;
    for (size_t off = parts[p].off; off < end; off += GUARD_TAMPER_STEP) {
      for (int displaced = 0; displaced < 2; displaced++) {
        guard_fill();
        EXPECT(cv_aes_init(&ctx, b, key, 16), CV_OK);
        if (displaced) EXPECT(cv_aes_init(&other, b, key, 24), CV_OK);
        ((uint8_t *)&ctx)[off] ^= 0x5A;
        memset(iv, 0, 16);
        /* the backend and id always; the check word when the call must check
         * the context (the sw backend's always, a hardware one's that does not hold the
         * engine) */
        const int checked = off < offsetof(cv_aes_ctx, backend) + sizeof(cv_backend_t) ||
                            (off >= offsetof(cv_aes_ctx, id) &&
                             off < offsetof(cv_aes_ctx, id) + 4) ||
                            (off >= offsetof(cv_aes_ctx, chk) &&
                             off < offsetof(cv_aes_ctx, chk) + 4 &&
                             (displaced || b == CV_BACKEND_SW));
        int ok = 1;
        for (int k = 0; k < 3; k++) {
          int r = GUARDED(aes_do(ops[k], &ctx, k == 2 ? OUT : iv, src, OUT, 21 + 11 * (k != 1)));
          ok &= is_status(r) && (!checked || r == CV_ERR_NOKEY);
        }
        for (size_t i = 0; i < sizeof dst; i++) ok &= (i >= 32 && i < 64) || dst[i] == 0xE7;
        GUARDED_VOID(cv_aes_zeroize(&ctx));
        if (!CHECK(ok))
          printf("  %s byte %u%s\n", cv_backend_name(b), (unsigned)off,
                 displaced ? " (displaced)" : "");
      }
    }
  }
  cv_aes_zeroize(&other);
}

/* in/out overlapping other than exactly: CV_ERR_ARG, nothing written, IV unchanged. Buffers
 * outside data memory (an output, IV or tag; an input outside data and program memory):
 * CV_ERR_ARG, nothing written. An input in program memory: the sw backend's bytes. The same on
 * every backend. */
static const row_t overlap_rows[] = {
    {CBC_E, CV_ERR_ARG, 32, OUT, OUT + 16, iv},      {CBC_D, CV_ERR_ARG, 32, OUT + 16, OUT, iv},
    {ECB_E, CV_ERR_ARG, 32, OUT + 32, OUT + 16, NULL}, {CTR, CV_ERR_ARG, 20, OUT, OUT + 3, iv},
    {OFB, CV_ERR_ARG, 20, OUT + 5, OUT, iv},         {CFB_D, CV_ERR_ARG, 64, OUT, OUT + 63, iv},
    {CMAC, CV_ERR_ARG, 48, OUT, NULL, OUT + 16},
    {CMAC, CV_ERR_ARG, 48, OUT + 16, NULL, OUT + 8}};
static const row_t outside_rows[] = {
    {ECB_E, CV_ERR_ARG, 32, src, ROM_OUT, NULL},     {ECB_E, CV_ERR_ARG, 32, src, UNMAPPED, NULL},
    {ECB_E, CV_ERR_ARG, 32, src, DMEM_END(16), NULL}, {ECB_E, CV_ERR_ARG, 32, UNMAPPED, OUT, NULL},
    {ECB_E, CV_ERR_ARG, 32, IMEM_END(16), OUT, NULL}, {CBC_E, CV_ERR_ARG, 32, src, OUT, ROM_OUT},
    {CTR, CV_ERR_ARG, 20, src, OUT, UNMAPPED},       {CTR, CV_ERR_ARG, 20, src, OUT, DMEM_END(8)},
    {CTR, CV_ERR_ARG, 20, src, ROM_OUT, iv},         {CFB_D, CV_ERR_ARG, 20, src, DMEM_END(16), iv},
    {CMAC, CV_ERR_ARG, 32, src, NULL, ROM_OUT},      {CMAC, CV_ERR_ARG, 32, src, NULL, UNMAPPED},
    {CMAC, CV_ERR_ARG, 32, UNMAPPED, NULL, OUT},     {START_CTR, CV_ERR_ARG, 32, src, OUT, ROM_OUT},
    {WAIT, CV_OK, 0, NULL, NULL, ROM_OUT}};  /* no job: the wait writes nothing */
static void buffer_checks(cv_backend_t b) {
  EXPECT(cv_aes_init(&ctx, b, key, 16), CV_OK);
  guard_fill();
  memcpy(OUT, src, 64);
  RUN_ROWS(&ctx, b, overlap_rows);
  if (is_dma_b(b)) {  /* refused by the start, or (the DMA's check) by the wait */
    int e = GUARDED(cv_aes_start(&ctx, CV_AES_MODE_CTR, 0, iv, OUT, OUT + 16, 32));
    if (e == CV_OK) e = GUARDED(cv_aes_wait(&ctx, iv));
    CHECK_EQ(e, CV_ERR_ARG);
  }
  if (!is_dma_b(b)) {
    /* a start off the DMA backends, also by the context whose key is in the engine: the
     * buffers' rules before CV_ERR_MODE (the documented order), nothing written */
    EXPECT(cv_aes_start(&ctx, CV_AES_MODE_CTR, 0, iv, OUT, OUT + 16, 32), CV_ERR_ARG);
    EXPECT(cv_aes_start(&ctx, CV_AES_MODE_ECB, 0, NULL, OUT + 32, OUT + 16, 32), CV_ERR_ARG);
  }
  CHECK_MEM(OUT, src, 64);
  CHECK_MEM(iv, iv2, 16);
  for (size_t i = 0; i < 32; i++) CHECK_EQ(dst[i], 0xE7);
  for (size_t i = 32 + 64; i < sizeof dst; i++) CHECK_EQ(dst[i], 0xE7);
  /* exactly in place, and next to each other, are fine; a tag over the message's start too */
  EXPECT(cv_aes_ctr(&ctx, iv, OUT, OUT, 32), CV_OK);
  EXPECT(cv_aes_ctr(&ctx, iv, OUT, OUT + 32, 32), CV_OK);
  EXPECT(cv_aes_ctr(&ctx, iv, OUT + 32, OUT, 32), CV_OK);
  EXPECT(cv_aes_cmac(&ctx, OUT, 32, OUT), CV_OK);
  memcpy(iv2, iv, 16);
  guard_fill();
  RUN_ROWS(&ctx, b, outside_rows);
  EXPECT(cv_aes_init(&other, b, UNMAPPED, 16), CV_ERR_ARG);
  /* an unknown backend is CV_ERR_ARG before a key length AES does not take (as every init) */
  EXPECT(cv_aes_init(&other, (cv_backend_t)CV_BACKEND_COUNT, key, 20), CV_ERR_ARG);
  CHECK(guard_intact());
  CHECK_MEM(iv, iv2, 16);
  CHECK_MEM(rom, rom_copy, sizeof rom);
  /* the context that holds the engine, its backend field changed: an argument that breaks the
   * rules is CV_ERR_ARG first (the documented order), then CV_ERR_NOKEY */
  if (b != CV_BACKEND_SW) {
    EXPECT(cv_aes_ecb(&ctx, CV_ENCRYPT, src, OUT, 16), CV_OK);  /* ctx holds the engine */
    const cv_backend_t was = ctx.backend;
    ctx.backend = (cv_backend_t)0x5A;
    EXPECT(cv_aes_ecb(&ctx, CV_ENCRYPT, OUT, OUT + 16, 32), CV_ERR_ARG);
    EXPECT(cv_aes_cmac(&ctx, OUT, 32, OUT + 8), CV_ERR_ARG);
    EXPECT(cv_aes_ecb(&ctx, CV_ENCRYPT, src, OUT, 16), CV_ERR_NOKEY);
    ctx.backend = was;
  }
  /* input (and key) in program memory: the sw backend's bytes */
  static const uint8_t ops[4] = {CBC_E, CFB_D, CMAC, START_CTR};
  CHECK_EQ(cv_aes_init(&sw, CV_BACKEND_SW, rom, 16), CV_OK);
  EXPECT(cv_aes_init(&ctx, b, rom, 16), CV_OK);
  for (int k = 0; k < 4; k++) {
    uint8_t v[16], vs[16];
    const size_t n = k == 1 ? 45 : 64;
    if (ops[k] == START_CTR && !is_dma_b(b)) break;
    memset(v, 0x3a + k, 16);
    memcpy(vs, v, 16);
    CHECK_EQ(aes_do(ops[k] == START_CTR ? CTR : ops[k], &sw, vs, rom, ref, n), CV_OK);
    int e = GUARDED(aes_do(ops[k], &ctx, ops[k] == CMAC ? OUT : v, rom, OUT, n));
    if (e == CV_OK && ops[k] == START_CTR) e = GUARDED(cv_aes_wait(&ctx, v));
    CHECK_EQ(e, CV_OK);
    CHECK_MEM(OUT, ops[k] == CMAC ? vs : ref, ops[k] == CMAC ? 16 : n);
    if (ops[k] != CMAC) CHECK_MEM(v, vs, 16);
  }
  cv_aes_zeroize(&ctx);
}

/* A background job owns the engine from its start to its wait: every other AES hardware call
 * meanwhile, of another context or of the job's own, init included, is CV_ERR_BUSY and touches
 * nothing, even once the DMA is idle; the wait returns the job's own counter. A zeroize of
 * another context ends the job: its wait is CV_ERR_ABORTED. */
static const row_t busy_rows[] = {
    {ECB_E, CV_ERR_BUSY, 16, src, OUT + 256, NULL}, {CTR, CV_ERR_BUSY, 16, src, OUT + 256, iv},
    {CMAC, CV_ERR_BUSY, 32, src, NULL, OUT + 256},
    {START_ECB, CV_ERR_BUSY, 16, src, OUT + 256, NULL},
    {WAIT, CV_OK, 0, NULL, NULL, iv}};  /* no job of its own: nothing to do */
static void async_checks(cv_backend_t b) {
  uint8_t v[16], vs[16], v0[16];
  static uint8_t vb[20] __attribute__((aligned(4)));
  uint8_t *const vu = vb + 1;  /* an IV that is not word-aligned */
  rng_fill(src, 256);
  rng_fill(v, 16);
  memcpy(vs, v, 16);
  memcpy(v0, v, 16);
  CHECK_EQ(cv_aes_init(&sw, CV_BACKEND_SW, key, 16), CV_OK);
  CHECK_EQ(cv_aes_ctr(&sw, vs, src, ref, 256), CV_OK);
  EXPECT(cv_aes_init(&ctx, b, key, 16), CV_OK);
  EXPECT(cv_aes_init(&other, b, key + 16, 16), CV_OK);
  guard_fill();
  EXPECT(cv_aes_start(&ctx, CV_AES_MODE_CTR, 0, v, src, OUT, 256), CV_OK);
  for (int n = 0; cv_aes_busy(&ctx) && n < 100000; n++) {
  }
  CHECK(!cv_aes_busy(&ctx));
  RUN_ROWS(&other, b, busy_rows);
  EXPECT(cv_aes_ecb(&ctx, CV_ENCRYPT, src, OUT + 256, 16), CV_ERR_BUSY);
  EXPECT(cv_aes_init(&other, b, key, 16), CV_ERR_BUSY);
  EXPECT(cv_aes_init(&other, CV_BACKEND_CPI, key, 16), CV_ERR_BUSY);
  EXPECT(cv_aes_init(&ctx, CV_BACKEND_SW, key, 16), CV_ERR_BUSY);  /* the job's own context */
  EXPECT(cv_aes_ecb(&sw, CV_ENCRYPT, src, ref + 256, 16), CV_OK);  /* sw: not the engine */
  EXPECT(cv_aes_wait(&ctx, v), CV_OK);
  CHECK_MEM(OUT, ref, 256);
  CHECK_MEM(v, vs, 16);  /* the job's own counter */
  for (size_t i = 0; i < 32; i++) CHECK_EQ(dst[i], 0xE7);
  for (size_t i = 32 + 256; i < 32 + 256 + 32; i++) CHECK_EQ(dst[i], 0xE7);
  /* the wait reads the counter back into an IV that is not word-aligned (no trap) */
  memcpy(vu, v0, 16);
  memset(OUT, 0, 256);
  EXPECT(cv_aes_start(&ctx, CV_AES_MODE_CTR, 0, vu, src, OUT, 256), CV_OK);
  EXPECT(cv_aes_wait(&ctx, vu), CV_OK);
  CHECK_MEM(OUT, ref, 256);
  CHECK_MEM(vu, vs, 16);
  /* after the wait the other context works again */
  CHECK_EQ(cv_aes_init(&sw, CV_BACKEND_SW, key + 16, 16), CV_OK);
  CHECK_EQ(cv_aes_ecb(&sw, CV_ENCRYPT, src, ref, 16), CV_OK);
  EXPECT(cv_aes_ecb(&other, CV_ENCRYPT, src, OUT + 256, 16), CV_OK);
  CHECK_MEM(OUT + 256, ref, 16);
  /* another context's zeroize ends the job */
  EXPECT(cv_aes_start(&ctx, CV_AES_MODE_ECB, 0, NULL, src, OUT, 256), CV_OK);
  GUARDED_VOID(cv_aes_zeroize(&other));
  EXPECT(cv_aes_wait(&ctx, NULL), CV_ERR_ABORTED);
  EXPECT(cv_aes_wait(&ctx, NULL), CV_OK);
  /* two jobs ended before their waits (a zeroize through a zero-filled context that names a
   * hardware backend): each context's wait reports its own job's end */
  static cv_aes_ctx z;
  memset(&z, 0, sizeof z);
  z.backend = b;
  EXPECT(cv_aes_init(&other, b, key, 16), CV_OK);
  EXPECT(cv_aes_start(&ctx, CV_AES_MODE_ECB, 0, NULL, src, OUT, 256), CV_OK);
  GUARDED_VOID(cv_aes_zeroize(&z));
  EXPECT(cv_aes_start(&other, CV_AES_MODE_ECB, 0, NULL, src, OUT, 256), CV_OK);
  GUARDED_VOID(cv_aes_zeroize(&z));
  EXPECT(cv_aes_wait(&ctx, NULL), CV_ERR_ABORTED);
  EXPECT(cv_aes_wait(&other, NULL), CV_ERR_ABORTED);
  /* an init makes a new context: the end of the job before it is not its own */
  EXPECT(cv_aes_start(&ctx, CV_AES_MODE_ECB, 0, NULL, src, OUT, 256), CV_OK);
  GUARDED_VOID(cv_aes_zeroize(&z));
  EXPECT(cv_aes_init(&ctx, b, key, 16), CV_OK);
  EXPECT(cv_aes_wait(&ctx, NULL), CV_OK);
  CHECK_EQ(cv_aes_init(&sw, CV_BACKEND_SW, key, 16), CV_OK);
  CHECK_EQ(cv_aes_ecb(&sw, CV_ENCRYPT, src, ref, 64), CV_OK);
  EXPECT(cv_aes_ecb(&ctx, CV_ENCRYPT, src, OUT, 64), CV_OK);  /* its key reloaded */
  CHECK_MEM(OUT, ref, 64);
  cv_aes_zeroize(&ctx);
}

static void misuse_checks(cv_backend_t b) {
  uninit_checks(b);
  tamper_checks(b);
  rng_fill(src, 64);
  memcpy(iv, src, 16);
  memcpy(iv2, iv, 16);
  buffer_checks(b);
  if (is_dma_b(b)) async_checks(b);
}

int main(void) {
  memcpy(rom_copy, rom, sizeof rom);
  int hw = hw_check_present();
  for (int i = 0; i < CV_BACKEND_COUNT; i++) {
    if (!backend_runs(all_backends[i], hw)) continue;
    misuse_checks(all_backends[i]);
    printf("misuse %s done\n", cv_backend_name(all_backends[i]));
  }
  return cv_test_done();
}
