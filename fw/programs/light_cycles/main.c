// SPDX-License-Identifier: Apache-2.0
/* light_cycles: cycles of the lightweight engines' driver calls on every backend, key loaded,
 * mcycle around the API call (as the benchmark measures): PRINCE and PRESENT-80 one 8-byte
 * block and 4 KiB, ECB and CTR, ChaCha20 64 bytes and 4 KiB, SHA3-512 of 64 bytes and 4 KiB.
 * Each output is compared with the sw backend's. Prints "cycles <what> <backend> <n>" lines. Not part of
 * `make test` (a figure is reported, never asserted): `make run ELF=build/fw/light_cycles/...`. */
#include <stdio.h>
#include <string.h>

#include "cv_chacha.h"
#include "cv_csr.h"
#include "cv_present.h"
#include "cv_prince.h"
#include "cv_sha3.h"

static uint8_t in[4096] __attribute__((aligned(16)));
static uint8_t out[4096] __attribute__((aligned(16)));
static uint8_t ref[4096] __attribute__((aligned(16)));
static uint8_t key[32] __attribute__((aligned(16))), nonce[12] __attribute__((aligned(16)));
static int bad;

/* A set-up call (sw reference, init) that must succeed. */
static void need(cv_status_t st) { bad |= st != CV_OK; }

static void report(const char *what, cv_backend_t b, uint32_t c, int st, size_t n) {
  int ok = st == CV_OK && memcmp(out, ref, n) == 0;
  bad |= !ok;
  printf("cycles %s %s %lu%s\n", what, cv_backend_name(b), (unsigned long)c, ok ? "" : " WRONG");
}

#define MEASURE(call) __extension__({ uint32_t t0_ = cv_mcycle(); st = (call); cv_mcycle() - t0_; })

/* CTR, 8 bytes (the second call measured) and 4 KiB, from counter 0 on both backends. */
typedef cv_status_t (*ctr_fn)(void *ctx, uint8_t *ctr, const uint8_t *src, uint8_t *dst, size_t n);
static cv_status_t prince_ctr_fn(void *x, uint8_t *c, const uint8_t *s, uint8_t *d, size_t n) {
  return cv_prince_ctr(x, c, s, d, n);
}
static cv_status_t present_ctr_fn(void *x, uint8_t *c, const uint8_t *s, uint8_t *d, size_t n) {
  return cv_present_ctr(x, c, s, d, n);
}
static void ctr_case(ctr_fn f, void *hw, cv_backend_t be, const char *what) {
  static union {
    cv_prince_ctx p;
    cv_present_ctx r;
  } sw;
  uint8_t c[8] __attribute__((aligned(4))) = {0}, cs[8] = {0};  /* aligned as the bench's IV */
  char name[32];
  int st;
  uint32_t t;
  /* the sw context: the same key on the sw backend */
  if (f == prince_ctr_fn) need(cv_prince_init(&sw.p, CV_BACKEND_SW, key, 16));
  else need(cv_present_init(&sw.r, CV_BACKEND_SW, key, 10));
  need(f(&sw, cs, in, ref, 4096));
  for (int k = 0; k < 2; k++) {
    memset(c, 0, 8);
    t = MEASURE(f(hw, c, in, out, 8));
  }
  snprintf(name, sizeof name, "%s-8B", what);
  report(name, be, t, st, 8);
  memset(c, 0, 8);
  t = MEASURE(f(hw, c, in, out, 4096));
  snprintf(name, sizeof name, "%s-4KiB", what);
  report(name, be, t, st | memcmp(c, cs, 8), 4096);
}

int main(void) {
  for (size_t i = 0; i < sizeof in; i++) in[i] = (uint8_t)(i * 7 + 3);
  for (int i = 0; i < 32; i++) key[i] = (uint8_t)(i * 13 + 1);
  static cv_prince_ctx p;
  static cv_present_ctx r;
  static cv_chacha_ctx c;
  for (int b = 0; b < CV_BACKEND_COUNT; b++) {
    cv_backend_t be = (cv_backend_t)b;
    int st;
    uint32_t t;
    need(cv_prince_init(&p, CV_BACKEND_SW, key, 16));
    need(cv_prince_ecb(&p, CV_ENCRYPT, in, ref, 4096));
    need(cv_prince_init(&p, be, key, 16));
    for (int k = 0; k < 2; k++) t = MEASURE(cv_prince_ecb(&p, CV_ENCRYPT, in, out, 8));
    report("prince-8B", be, t, st, 8);
    t = MEASURE(cv_prince_ecb(&p, CV_ENCRYPT, in, out, 4096));
    report("prince-4KiB", be, t, st, 4096);
    ctr_case(prince_ctr_fn, &p, be, "prince-ctr");
    need(cv_present_init(&r, CV_BACKEND_SW, key, 10));
    need(cv_present_ecb(&r, CV_ENCRYPT, in, ref, 4096));
    need(cv_present_init(&r, be, key, 10));
    for (int k = 0; k < 2; k++) t = MEASURE(cv_present_ecb(&r, CV_ENCRYPT, in, out, 8));
    report("present80-8B", be, t, st, 8);
    t = MEASURE(cv_present_ecb(&r, CV_ENCRYPT, in, out, 4096));
    report("present80-4KiB", be, t, st, 4096);
    ctr_case(present_ctr_fn, &r, be, "present80-ctr");
    need(cv_chacha_init(&c, CV_BACKEND_SW, key, 32, nonce, 8, 20));
    need(cv_chacha_xor(&c, in, ref, 4096));
    need(cv_chacha_init(&c, be, key, 32, nonce, 8, 20));
    t = MEASURE(cv_chacha_xor(&c, in, out, 64));
    report("chacha20-64B", be, t, st, 64);
    cv_chacha_set_counter(&c, 0);
    t = MEASURE(cv_chacha_xor(&c, in, out, 4096));
    report("chacha20-4KiB", be, t, st, 4096);
    need(cv_sha3_hash(CV_BACKEND_SW, CV_SHA3_512, in, 64, ref, 64));
    t = MEASURE(cv_sha3_hash(be, CV_SHA3_512, in, 64, out, 64));
    report("sha3-512-64B", be, t, st, 64);
    need(cv_sha3_hash(CV_BACKEND_SW, CV_SHA3_512, in, 4096, ref, 64));
    t = MEASURE(cv_sha3_hash(be, CV_SHA3_512, in, 4096, out, 64));
    report("sha3-512-4KiB", be, t, st, 64);
  }
  return bad;
}
