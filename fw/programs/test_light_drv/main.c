// SPDX-License-Identifier: Apache-2.0
/* test_light_drv: the PRINCE, PRESENT and ChaCha drivers (fw/drivers) on every backend:
 * VECTORS.md known answers; random keys, data, lengths and call splits against the sw backend
 * (unaligned and in-place buffers on the pio backends, guard bytes after every output); bad input
 * per SYSTEM.md section 2 (key size, round count, whole blocks, DMA buffers that are misaligned
 * (CV_ERR_DMA), outside data memory or overlapping (CV_ERR_ARG): error and nothing written),
 * zeroize, two contexts sharing an engine; every engine used again after each error. SHA-3 is
 * test_sha3_drv's (one image with every driver and software baseline does not fit the 64 KiB
 * program memory). Prints "light <engine> <backend> done" per engine and backend
 * (fw/drivers/tests/test_light_drivers.py checks them) and "N passed, N failed". */
#include <stdio.h>
#include <string.h>

#include "cv_chacha.h"
#include "cv_csr.h"
#include "cv_light.h" /* the coupling layer: a DMA job of another engine, DMA checks */
#include "cv_present.h"
#include "cv_prince.h"
#include "cv_test.h"
#include "cv_xorshift.h"

/* The test's own code is built for size (the drivers, built from their own files, keep -O2):
 * with the light drivers and software baselines linked, the program comes near the 64 KiB
 * program memory at -O2. */
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
static uint8_t key[32] __attribute__((aligned(16)));

/* Guard bytes after n output bytes: untouched. */
#define GUARD 0xA5
static void guard(uint8_t *p, size_t n) { memset(p, GUARD, n + 16); }
static int guard_ok(const uint8_t *p, size_t n) {
  for (size_t i = n; i < n + 16; i++)
    if (p[i] != GUARD) return 0;
  return 1;
}
static int untouched(const uint8_t *p, size_t n) { return guard_ok(p - n, n); }

/* A DMA job of another engine in the background (4 KiB of AES-ECB started through the
 * coupling layer, as cv_aes_start does: ~2,600 cycles): a lightweight engine's DMA call meanwhile
 * must be refused with CV_ERR_BUSY and write nothing (the DMA answers a refused job with the
 * running job's DONE). */
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

/* ------------------------------------------------------------------ 64-bit block ciphers */
typedef struct b64 {
  const char *name;
  size_t ctx_size;
  int (*init)(void *, cv_backend_t, const uint8_t *, size_t);
  int (*ecb)(void *, int, const uint8_t *, uint8_t *, size_t);
  int (*ctr)(void *, uint8_t *, const uint8_t *, uint8_t *, size_t);
  void (*zero)(void *);
  size_t klen[2];
  uint32_t base;  /* the engine's register window */
} b64_t;

static int p_init(void *c, cv_backend_t b, const uint8_t *k, size_t n) { return cv_prince_init(c, b, k, n); }
static int p_ecb(void *c, int d, const uint8_t *i, uint8_t *o, size_t n) { return cv_prince_ecb(c, d, i, o, n); }
static int p_ctr(void *c, uint8_t *v, const uint8_t *i, uint8_t *o, size_t n) { return cv_prince_ctr(c, v, i, o, n); }
static void p_zero(void *c) { cv_prince_zeroize(c); }
static int r_init(void *c, cv_backend_t b, const uint8_t *k, size_t n) { return cv_present_init(c, b, k, n); }
static int r_ecb(void *c, int d, const uint8_t *i, uint8_t *o, size_t n) { return cv_present_ecb(c, d, i, o, n); }
static int r_ctr(void *c, uint8_t *v, const uint8_t *i, uint8_t *o, size_t n) { return cv_present_ctr(c, v, i, o, n); }
static void r_zero(void *c) { cv_present_zeroize(c); }

static const b64_t prince_ops = {"prince", sizeof(cv_prince_ctx), p_init, p_ecb, p_ctr, p_zero, {16, 16},
                                 CV_PRINCE_BASE};
static const b64_t present_ops = {"present", sizeof(cv_present_ctx), r_init, r_ecb, r_ctr, r_zero,
                                  {10, 16}, CV_PRESENT_BASE};

static union {
  cv_prince_ctx p;
  cv_present_ctx r;
  cv_chacha_ctx c;
} ctx_a, ctx_b, ctx_sw;

/* key || plaintext || ciphertext rows of VECTORS.md */
static const char *const prince_kat[] = {
    "00000000000000000000000000000000", "0000000000000000", "818665aa0d02dfda",
    "00000000000000000000000000000000", "ffffffffffffffff", "604ae6ca03c20ada",
    "ffffffffffffffff0000000000000000", "0000000000000000", "9fb51935fc3df524",
    "0000000000000000ffffffffffffffff", "0000000000000000", "78a54cbe737bb7ef",
    "0000000000000000fedcba9876543210", "0123456789abcdef", "ae25ad3ca8fa9ccf", 0};
static const char *const present_kat[] = {
    "00000000000000000000", "0000000000000000", "5579c1387b228445",
    "ffffffffffffffffffff", "0000000000000000", "e72c46c0f5945049",
    "00000000000000000000", "ffffffffffffffff", "a112ffc72f68417b",
    "ffffffffffffffffffff", "ffffffffffffffff", "3333dcd3213210d2",
    "00000000000000000000000000000000", "0000000000000000", "96db702a2e6900af",
    "ffffffffffffffffffffffffffffffff", "0000000000000000", "13238c710272a5d8",
    "00000000000000000000000000000000", "ffffffffffffffff", "3c6019e5e5edd563",
    "ffffffffffffffffffffffffffffffff", "ffffffffffffffff", "628d9fbd4218e5b4", 0};

static void test_b64(const b64_t *o, const char *const *kat, cv_backend_t b) {
  void *a = &ctx_a, *s = &ctx_sw, *c2 = &ctx_b;
  /* known answers, both directions */
  for (int r = 0; kat[r]; r += 3) {
    size_t kl = strlen(kat[r]) / 2;
    unhex(kat[r], key);
    unhex(kat[r + 1], in);
    unhex(kat[r + 2], ref);
    CHECK_EQ(o->init(a, b, key, kl), CV_OK);
    guard(out, 8);
    CHECK_EQ(o->ecb(a, CV_ENCRYPT, in, out, 8), CV_OK);
    CHECK_MEM(out, ref, 8);
    CHECK_EQ(o->ecb(a, CV_DECRYPT, ref, out, 8), CV_OK);
    CHECK_MEM(out, in, 8);
    CHECK(guard_ok(out, 8));
  }
  /* random vs sw: both key sizes, ECB both directions, CTR split in two calls (CTR takes any
   * buffers on every backend: the DMA backends run one job on buffers that suit the DMA, as in
   * the first three rounds' first call, and take the cpi or mmio path otherwise) */
  for (int it = 0; it < (b == CV_BACKEND_SW ? 0 : 6); it++) {
    size_t kl = o->klen[it & 1];
    fill(key, kl);
    CHECK_EQ(o->init(s, CV_BACKEND_SW, key, kl), CV_OK);
    CHECK_EQ(o->init(a, b, key, kl), CV_OK);
    size_t n = 8 * (1 + rnd() % 16), oi = off(b), oo = off(b);
    size_t ci = it < 3 ? 0 : rnd() % 4, co = it < 3 ? 0 : rnd() % 4;
    int dir = it >> 1 & 1;
    fill(in + oi, n);
    CHECK_EQ(o->ecb(s, dir, in + oi, ref, n), CV_OK);
    guard(out + oo, n);
    CHECK_EQ(o->ecb(a, dir, in + oi, out + oo, n), CV_OK);
    CHECK_MEM(out + oo, ref, n);
    CHECK(guard_ok(out + oo, n));
    /* the counter word-aligned in even rounds (the drivers' straight path), not in odd ones */
    uint32_t cw[3];
    uint8_t c0[8], *c1 = (uint8_t *)cw + (it & 1);
    fill(c0, 8);
    if (it == 5) memset(c0 + 1, 0xff, 7);  /* carry through the whole counter */
    memcpy(c1, c0, 8);
    n = 1 + rnd() % 150;
    size_t n1 = 8 * (rnd() % (n / 8 + 1));
    CHECK_EQ(o->ctr(s, c0, in + ci, ref, n), CV_OK);
    guard(out + co, n);
    CHECK_EQ(o->ctr(a, c1, in + ci, out + co, n1), CV_OK);
    CHECK_EQ(o->ctr(a, c1, in + ci + n1, out + co + n1, n - n1), CV_OK);
    CHECK_MEM(out + co, ref, n);
    CHECK_MEM(c1, c0, 8);
    CHECK(guard_ok(out + co, n));
    /* in place */
    memcpy(out, in, n & ~(size_t)7);
    CHECK_EQ(o->ecb(a, CV_ENCRYPT, out, out, n & ~(size_t)7), CV_OK);
    CHECK_EQ(o->ecb(s, CV_ENCRYPT, in, ref, n & ~(size_t)7), CV_OK);
    CHECK_MEM(out, ref, n & ~(size_t)7);
  }
  /* two contexts alternate on the one engine (the key is reloaded) */
  fill(key, 16);
  CHECK_EQ(o->init(a, b, key, 16), CV_OK);
  CHECK_EQ(o->init(s, CV_BACKEND_SW, key, 16), CV_OK);
  key[0] ^= 1;
  CHECK_EQ(o->init(c2, b, key, 16), CV_OK);
  fill(in, 64);
  CHECK_EQ(o->ecb(s, CV_ENCRYPT, in, ref, 64), CV_OK);
  CHECK_EQ(o->ecb(a, CV_ENCRYPT, in, out, 64), CV_OK);
  CHECK_MEM(out, ref, 64);
  /* an 8-block message keeps the unit's protocol (no input dropped with OVERRUN) */
  if (b != CV_BACKEND_SW)
    CHECK_EQ(CV_REG32(o->base + CV_CPL_STATUS_OFFSET) & CV_CPL_STATUS_ERR_MASK, 0);
  CHECK_EQ(o->ecb(c2, CV_ENCRYPT, in, out, 64), CV_OK);
  CHECK(memcmp(out, ref, 64) != 0);
  /* bad input, each followed by a good call */
  CHECK_EQ(o->init(c2, b, key, 12), CV_ERR_KEYLEN);
  CHECK_EQ(o->init(c2, (cv_backend_t)9, key, 16), CV_ERR_ARG);
  guard(out, 0);
  CHECK_EQ(o->ecb(a, CV_ENCRYPT, in, out, 12), CV_ERR_LENGTH);
  CHECK_EQ(o->ecb(a, 2, in, out, 8), CV_ERR_ARG);
  CHECK(guard_ok(out, 0));
  if (cv_light_is_dma(b)) {
    guard(out + 32, 64);
    CHECK_EQ(o->ecb(a, CV_ENCRYPT, in + 4, out + 32, 64), CV_ERR_DMA);        /* misaligned */
    CHECK_EQ(o->ecb(a, CV_ENCRYPT, in, out + 40, 64), CV_ERR_DMA);
    CHECK_EQ(o->ecb(a, CV_ENCRYPT, (const uint8_t *)0x40000000u, out + 32, 16),
             CV_ERR_ARG);                                                      /* not in memory */
    CHECK_EQ(o->ecb(a, CV_ENCRYPT, in, in + 16, 64), CV_ERR_ARG);             /* overlap */
    CHECK(guard_ok(out + 32, 64) && untouched(out + 32 + 64, 16));
    bg_start();
    CHECK_EQ(o->ecb(a, CV_ENCRYPT, in, out + 32, 8), CV_ERR_BUSY);           /* DMA busy */
    CHECK_EQ(o->ecb(a, CV_ENCRYPT, in, out + 32, 64), CV_ERR_BUSY);
    uint32_t cb[2] = {0x03020100u, 0x07060504u};                             /* CTR too, */
    CHECK_EQ(o->ctr(a, (uint8_t *)cb, in, out + 32, 64), CV_ERR_BUSY);       /* counter kept */
    CHECK(cb[0] == 0x03020100u && cb[1] == 0x07060504u);
    bg_end();
    CHECK(guard_ok(out + 32, 64) && untouched(out + 32 + 64, 16));
  }
  CHECK_EQ(o->ecb(a, CV_ENCRYPT, in, out, 64), CV_OK);
  CHECK_MEM(out, ref, 64);
  if (cv_light_is_dma(b)) {
    /* CTR from a source the DMA cannot read (program memory, aligned): through cpi or mmio,
     * and without a refused job left in the DMA's STATUS.ERR */
    static const uint32_t rom[8] __attribute__((aligned(16))) = {1, 2, 3, 4, 5, 6, 7, 8};
    uint32_t ch[2] = {0, 0}, cs[2] = {0, 0};
    uint8_t want[32];
    CHECK_EQ(o->ctr(s, (uint8_t *)cs, (const uint8_t *)rom, want, 32), CV_OK);
    CHECK_EQ(o->ctr(a, (uint8_t *)ch, (const uint8_t *)rom, out + 64, 32), CV_OK);
    CHECK_MEM(out + 64, want, 32);
    CHECK(ch[0] == cs[0] && ch[1] == cs[1]);
    CHECK_EQ(CV_REG32(CV_DMA_STATUS_ADDR) & CV_DMA_STATUS_ERR_MASK, 0);
  }
  /* zeroize: NOKEY until init */
  o->zero(a);
  CHECK_EQ(o->ecb(a, CV_ENCRYPT, in, out, 8), CV_ERR_NOKEY);
  CHECK_EQ(o->ecb(c2, CV_ENCRYPT, in, out, 8), b == CV_BACKEND_SW ? CV_OK : CV_ERR_NOKEY);
  key[0] ^= 1;
  CHECK_EQ(o->init(a, b, key, 16), CV_OK);
  CHECK_EQ(o->ecb(a, CV_ENCRYPT, in, out, 64), CV_OK);
  CHECK_MEM(out, ref, 64);
  o->zero(a);
  printf("light %s %s done at %lu\n", o->name, cv_backend_name(b), (unsigned long)cv_mcycle());
}

/* ------------------------------------------------------------------ ChaCha */
static void test_chacha(cv_backend_t b) {
  cv_chacha_ctx *a = &ctx_a.c, *s = &ctx_sw.c;
  static const char *const kat[] = {
      "0000000000000000000000000000000000000000000000000000000000000000", "0000000000000000",
      "3e00ef2f895f40d67f5bb8e81f09a5a1", "0000000000000000000000000000000000000000000000000000000000000000",
      "0000000000000000", "76b8e0ada0f13d90405d6ae55386bd28bdd219b8a08ded1aa836efcc8b770dc7da41597c5157488d7724e03fb8d84a376a43b8f41518a11cc387b669b2ee6586",
      "c46ec1b18ce8a878725a37e780dfb7351f68ed2e194c79fbc6aebee1a667975d", "1ada31d5cf688221",
      "838751b42d8ddd8a3d77f48825a2ba75", "c46ec1b18ce8a878725a37e780dfb7351f68ed2e194c79fbc6aebee1a667975d",
      "1ada31d5cf688221", "f63a89b75c2271f9368816542ba52f06", 0};
  for (int r = 0; kat[r]; r += 3) {
    uint8_t nonce[8];
    unhex(kat[r], key);
    unhex(kat[r + 1], nonce);
    size_t n = strlen(kat[r + 2]) / 2;
    unhex(kat[r + 2], ref);
    CHECK_EQ(cv_chacha_init(a, b, key, 32, nonce, 8, (r / 3) & 1 ? 20 : 8), CV_OK);
    guard(out, n);
    CHECK_EQ(cv_chacha_keystream(a, out, n), CV_OK);
    CHECK_MEM(out, ref, n);
    CHECK(guard_ok(out, n));
  }
  static const int rounds[3] = {8, 12, 20};
  for (int it = 0; it < (b == CV_BACKEND_SW ? 0 : 9); it++) {
    size_t kl = it & 1 ? 16 : 32, nl = it & 2 ? 12 : 8;
    int rd = rounds[it % 3];
    uint8_t nonce[12];
    fill(key, kl);
    fill(nonce, nl);
    CHECK_EQ(cv_chacha_init(s, CV_BACKEND_SW, key, kl, nonce, nl, rd), CV_OK);
    CHECK_EQ(cv_chacha_init(a, b, key, kl, nonce, nl, rd), CV_OK);
    uint64_t ctr = it >= 6 ? 0xFFFFFFFEull : rnd() % 5;  /* carry / wrap at 2^32 */
    cv_chacha_sw_set_counter(&s->sw, ctr);
    cv_chacha_set_counter(a, ctr);
    size_t n = 1 + rnd() % 300, oi = off(b), oo = cv_light_is_dma(b) ? 0 : oi;
    size_t n1 = rnd() % (n + 1), n2 = n1 + rnd() % (n - n1 + 1);
    if (cv_light_is_dma(b)) n1 &= ~(size_t)63, n2 = n1 + ((n2 - n1) & ~(size_t)63);
    fill(in + oi, n);
    CHECK_EQ(cv_chacha_sw_xor(&s->sw, in + oi, ref, n), CV_OK);
    guard(out + oo, n);
    CHECK_EQ(cv_chacha_xor(a, in + oi, out + oo, n1), CV_OK);
    CHECK_EQ(cv_chacha_xor(a, in + oi + n1, out + oo + n1, n2 - n1), CV_OK);
    CHECK_EQ(cv_chacha_xor(a, in + oi + n2, out + oo + n2, n - n2), CV_OK);
    CHECK_MEM(out + oo, ref, n);
    CHECK(guard_ok(out + oo, n));
    CHECK(cv_chacha_get_counter(a) == cv_chacha_sw_get_counter(&s->sw));
    /* keystream continues the same stream */
    CHECK_EQ(cv_chacha_sw_keystream(&s->sw, ref, 100), CV_OK);
    CHECK_EQ(cv_chacha_keystream(a, out, 100), CV_OK);
    CHECK_MEM(out, ref, 100);
    /* in place */
    cv_chacha_set_counter(a, 7);
    cv_chacha_sw_set_counter(&s->sw, 7);
    memcpy(out, in, 192);
    CHECK_EQ(cv_chacha_xor(a, out, out, 192), CV_OK);
    CHECK_EQ(cv_chacha_sw_xor(&s->sw, in, ref, 192), CV_OK);
    CHECK_MEM(out, ref, 192);
    /* a block at a time (cpi's single-block path), across the 2^32 counter boundary */
    cv_chacha_set_counter(a, 0xFFFFFFFFull);
    cv_chacha_sw_set_counter(&s->sw, 0xFFFFFFFFull);
    for (int k = 0; k < 3; k++) CHECK_EQ(cv_chacha_xor(a, in + 64 * k, out + 64 * k, 64), CV_OK);
    CHECK_EQ(cv_chacha_sw_xor(&s->sw, in, ref, 192), CV_OK);
    CHECK_MEM(out, ref, 192);
    CHECK(cv_chacha_get_counter(a) == cv_chacha_sw_get_counter(&s->sw));
    /* a whole block after a partial one continues the kept keystream (no single-block path) */
    CHECK_EQ(cv_chacha_keystream(a, out + 128, 10), CV_OK);
    CHECK_EQ(cv_chacha_keystream(a, out, 64), CV_OK);
    CHECK_EQ(cv_chacha_sw_keystream(&s->sw, ref, 74), CV_OK);
    CHECK_MEM(out + 128, ref, 10);
    CHECK_MEM(out, ref + 10, 64);
  }
  uint8_t nonce[12] = {0};
  CHECK_EQ(cv_chacha_init(a, b, key, 24, nonce, 12, 20), CV_ERR_KEYLEN);
  CHECK_EQ(cv_chacha_init(a, b, key, 32, nonce, 12, 10), CV_ERR_ROUNDS);
  CHECK_EQ(cv_chacha_init(a, b, key, 32, nonce, 10, 20), CV_ERR_ARG);
  CHECK_EQ(cv_chacha_init(a, b, key, 32, nonce, 12, 20), CV_OK);
  CHECK_EQ(cv_chacha_init(s, CV_BACKEND_SW, key, 32, nonce, 12, 20), CV_OK);
  if (b != CV_BACKEND_SW) {
    /* multi-block messages keep the unit's protocol: no input written while a block waits for
     * the engine (dropped, OVERRUN), which ChaCha takes only once its keystream is computed */
    CHECK_EQ(cv_chacha_keystream(a, out, 256), CV_OK);
    CHECK_EQ(CV_REG32(CV_CHACHA_STATUS_ADDR) & CV_CPL_STATUS_ERR_MASK, 0);
    CHECK_EQ(cv_chacha_xor(a, in, out, 256), CV_OK);
    CHECK_EQ(CV_REG32(CV_CHACHA_STATUS_ADDR) & CV_CPL_STATUS_ERR_MASK, 0);
    CHECK_EQ(cv_chacha_init(a, b, key, 32, nonce, 12, 20), CV_OK);
  }
  if (cv_light_is_dma(b)) {
    guard(out + 32, 128);
    CHECK_EQ(cv_chacha_xor(a, in + 8, out + 32, 128), CV_ERR_DMA);
    CHECK_EQ(cv_chacha_xor(a, in, in + 64, 128), CV_ERR_ARG);                 /* overlap */
    CHECK_EQ(cv_chacha_keystream(a, (uint8_t *)0x0FFFFFC0u, 128), CV_ERR_ARG); /* not in dmem */
    bg_start();
    CHECK_EQ(cv_chacha_keystream(a, out + 32, 64), CV_ERR_BUSY);  /* DMA busy: no counter step */
    CHECK_EQ(cv_chacha_xor(a, in, out + 32, 128), CV_ERR_BUSY);
    bg_end();
    CHECK(guard_ok(out + 32, 128));
  }
  CHECK_EQ(cv_chacha_xor(a, in, out, 130), CV_OK);
  CHECK_EQ(cv_chacha_sw_xor(&s->sw, in, ref, 130), CV_OK);
  CHECK_MEM(out, ref, 130);
  cv_chacha_zeroize(a);
  CHECK_EQ(cv_chacha_xor(a, in, out, 64), CV_ERR_NOKEY);
  printf("light chacha %s done at %lu\n", cv_backend_name(b), (unsigned long)cv_mcycle());
}

int main(void) {
  uint32_t cap = CV_REG32(CV_DMA_CAP_ADDR);
  int dma = ((cap & CV_DMA_CAP_ENGINES_MASK) >> CV_DMA_CAP_ENGINES_SHIFT) >> CV_ENGINE_PRINCE;
  CHECK_EQ(dma & 15, 15);
  printf("hw: dma %s\n", (dma & 15) == 15 ? "present" : "absent");
  for (int b = 0; b < NB; b++) {
    test_b64(&prince_ops, prince_kat, (cv_backend_t)b);
    test_b64(&present_ops, present_kat, (cv_backend_t)b);
    test_chacha((cv_backend_t)b);
  }
  return cv_test_done();
}
