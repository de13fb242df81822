// SPDX-License-Identifier: Apache-2.0
/* test_engines: which engines this SoC build has, as the drivers see it. For each engine the
 * test reads its ID register with a load fault expected (an engine that soc_top leaves out
 * answers its window with a bus error) and checks that cv_<engine>_available() says the same.
 * With the engine built, a hardware init on every hardware backend succeeds; without it, the
 * init returns CV_ERR_HW, the context's next call an error, its zeroize touches nothing, and
 * none of these calls traps. The sw backend works either way. Prints "engine <name> built" or
 * "engine <name> absent" per engine (fw/drivers/tests/test_engines.py checks them against the
 * build) and "N passed, N failed". The engines come in two sets, one image each (every driver
 * with its software backend does not fit the 64 KiB program memory): AES, PRINCE and PRESENT
 * here, ChaCha and SHA-3 in test_engines_stream (this source with TEST_ENGINES_SET 2). */
#include <stdio.h>
#include <string.h>

#include "cv_aes.h"
#include "cv_chacha.h"
#include "cv_memmap.h"
#include "cv_present.h"
#include "cv_prince.h"
#include "cv_sha3.h"
#include "cv_test.h"
#include "cv_trap.h"

static uint8_t key[32] __attribute__((aligned(16)));
static uint8_t in[64] __attribute__((aligned(16)));
static uint8_t out[64] __attribute__((aligned(16)));

/* 1 when addr answers a load, 0 when it raises a load access fault. */
static int answers(uint32_t addr) {
  const uint32_t n0 = cv_trap_count();
  cv_expect_trap(CV_CAUSE_LOAD_FAULT);
  (void)CV_REG32(addr);
  cv_expect_trap(0xffffffffu);  /* disarm */
  return cv_trap_count() == n0;
}

/* One engine's calls behind a common shape: init on backend b, one data call, zeroize. */
typedef struct engine {
  const char *name;
  uint32_t id_addr;
  int (*available)(void);
  cv_status_t (*init)(cv_backend_t b);
  cv_status_t (*call)(void);
  void (*zeroize)(void);
} engine_t;

#ifndef TEST_ENGINES_SET
#define TEST_ENGINES_SET 1
#endif

#if TEST_ENGINES_SET == 1
static cv_aes_ctx aes;
static cv_status_t aes_init(cv_backend_t b) { return cv_aes_init(&aes, b, key, 16); }
static cv_status_t aes_call(void) { return cv_aes_ecb(&aes, CV_ENCRYPT, in, out, 16); }
static void aes_zero(void) { cv_aes_zeroize(&aes); }

static cv_prince_ctx prince;
static cv_status_t prince_init(cv_backend_t b) { return cv_prince_init(&prince, b, key, 16); }
static cv_status_t prince_call(void) { return cv_prince_ecb(&prince, CV_ENCRYPT, in, out, 8); }
static void prince_zero(void) { cv_prince_zeroize(&prince); }

static cv_present_ctx present;
static cv_status_t present_init(cv_backend_t b) { return cv_present_init(&present, b, key, 10); }
static cv_status_t present_call(void) { return cv_present_ecb(&present, CV_ENCRYPT, in, out, 8); }
static void present_zero(void) { cv_present_zeroize(&present); }

#else
static cv_chacha_ctx chacha;
static uint8_t nonce[12] __attribute__((aligned(16)));
static cv_status_t chacha_init(cv_backend_t b) {
  return cv_chacha_init(&chacha, b, key, 32, nonce, 12, 20);
}
static cv_status_t chacha_call(void) { return cv_chacha_xor(&chacha, in, out, 64); }
static void chacha_zero(void) { cv_chacha_zeroize(&chacha); }

/* SHA-3: the streaming context, and the one-shot hash on the same backend. */
static cv_sha3_ctx sha3;
static cv_backend_t sha3_backend;
static cv_status_t sha3_init(cv_backend_t b) {
  sha3_backend = b;
  return cv_sha3_init(&sha3, b, CV_SHA3_256);
}
static cv_status_t sha3_call(void) {
  cv_status_t st = cv_sha3_update(&sha3, in, 64);
  if (st == CV_OK) st = cv_sha3_final(&sha3, out, 32);
  if (st == CV_OK) st = cv_sha3_hash(sha3_backend, CV_SHA3_256, in, 64, out, 32);
  return st;
}
static void sha3_zero(void) { cv_sha3_zeroize(&sha3); }
#endif

static const engine_t engines[] = {
#if TEST_ENGINES_SET == 1
    {"aes", CV_AES_ID_ADDR, cv_aes_available, aes_init, aes_call, aes_zero},
    {"prince", CV_PRINCE_ID_ADDR, cv_prince_available, prince_init, prince_call, prince_zero},
    {"present", CV_PRESENT_ID_ADDR, cv_present_available, present_init, present_call,
     present_zero},
#else
    {"chacha", CV_CHACHA_ID_ADDR, cv_chacha_available, chacha_init, chacha_call, chacha_zero},
    {"sha3", CV_SHA3_ID_ADDR, cv_sha3_available, sha3_init, sha3_call, sha3_zero},
#endif
};

int main(void) {
  for (size_t i = 0; i < sizeof key; i++) key[i] = (uint8_t)(i * 7 + 1);
  for (size_t i = 0; i < sizeof in; i++) in[i] = (uint8_t)(i * 3 + 5);
  for (size_t e = 0; e < sizeof engines / sizeof engines[0]; e++) {
    const engine_t *g = &engines[e];
    const int built = answers(g->id_addr);
    printf("engine %s %s\n", g->name, built ? "built" : "absent");
    CHECK_EQ(g->available(), built);
    CHECK_EQ(g->available(), built);  /* the same answer every time */
    /* the sw backend needs no engine */
    CHECK_EQ(g->init(CV_BACKEND_SW), CV_OK);
    CHECK_EQ(g->call(), CV_OK);
    g->zeroize();
    for (int b = CV_BACKEND_MMIO; b < CV_BACKEND_COUNT; b++) {
      const uint32_t traps = cv_trap_count();
      const cv_status_t st = g->init((cv_backend_t)b);
      if (built) {
        CHECK_EQ(st, CV_OK);
        CHECK_EQ(g->call(), CV_OK);
      } else {
        CHECK_EQ(st, CV_ERR_HW);
        CHECK(g->call() != CV_OK);
      }
      g->zeroize();
      CHECK_EQ(cv_trap_count(), traps);  /* nothing trapped on the way */
    }
  }
  return cv_test_done();
}
