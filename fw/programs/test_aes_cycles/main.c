// SPDX-License-Identifier: Apache-2.0
/* test_aes_cycles: cycles of the cv_aes.h calls on every backend, measured like the benchmark
 * (mcycle around the API call, key already loaded, result in memory on return), printed as
 *   cycles <backend> <what> <cycles>
 * Each figure is measured twice with different random keys and data, after a first run of the
 * same call: the two counts must be equal (the drivers and engines are constant-time: cycles
 * depend only on lengths and configuration). The measured outputs are checked against the sw
 * backend: every run's below BULK bytes, the second measured run's at BULK (the sw reference of
 * 4 KiB is most of the program's cycles; test_aes_rand checks long messages at random). */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "aes_test_util.h"
#include "cv_csr.h"

#define BULK 4096
static uint8_t in[BULK] __attribute__((aligned(16)));
static uint8_t out[BULK] __attribute__((aligned(16)));
static uint8_t ref[BULK] __attribute__((aligned(16)));
static uint8_t key[32] __attribute__((aligned(4))), iv[16], ivr[16];
static cv_aes_ctx hw, sw;

enum { W_INIT, W_ECB_ENC, W_CBC_ENC, W_CTR, W_CMAC, W_KS_ENC, W_KS_DEC };

/* One measurement: returns cycles (the call must succeed and, if check, match sw). */
static __attribute__((noinline)) uint32_t measure(cv_backend_t b, int what, int kb, size_t len,
                                                  int check) {
  rng_fill(key, 32);
  rng_fill(in, len);
  rng_fill(iv, 16);
  memcpy(ivr, iv, 16);
  CHECK_EQ(cv_aes_init(&sw, CV_BACKEND_SW, key, (size_t)kb), CV_OK);
  uint32_t t0, t1;
  int rc;
  if (what == W_INIT) {
    t0 = cv_mcycle();
    rc = cv_aes_init(&hw, b, key, (size_t)kb);
    t1 = cv_mcycle();
    CHECK_EQ(rc, CV_OK);
    CHECK_EQ(cv_aes_ecb(&hw, CV_ENCRYPT, in, out, 16), CV_OK);
    CHECK_EQ(cv_aes_ecb(&sw, CV_ENCRYPT, in, ref, 16), CV_OK);
    CHECK_MEM(out, ref, 16);
    return t1 - t0;
  }
#if defined(CV_ZK)
  if (what == W_KS_ENC || what == W_KS_DEC) {  /* isa: the two key schedules of its init */
    static uint32_t ek[60], dk[60];
    if (what == W_KS_ENC) {
      t0 = cv_mcycle();
      cv_aes_isa_expand_enc(ek, key, (size_t)kb);
      t1 = cv_mcycle();
      CHECK_MEM(ek, sw.sw.ek, 4 * (size_t)(kb + 28));   /* the table version's words */
    } else {
      cv_aes_isa_expand_enc(ek, key, (size_t)kb);
      t0 = cv_mcycle();
      cv_aes_isa_expand_dec(dk, ek, kb / 4 + 6);
      t1 = cv_mcycle();
      CHECK_MEM(dk, sw.sw.dk, 4 * (size_t)(kb + 28));
    }
    return t1 - t0;
  }
#endif
  CHECK_EQ(cv_aes_init(&hw, b, key, (size_t)kb), CV_OK);
  size_t olen = len;
  switch (what) {
    case W_ECB_ENC:
      t0 = cv_mcycle();
      rc = cv_aes_ecb(&hw, CV_ENCRYPT, in, out, len);
      t1 = cv_mcycle();
      if (check) CHECK_EQ(cv_aes_ecb(&sw, CV_ENCRYPT, in, ref, len), CV_OK);
      break;
    case W_CBC_ENC:
      t0 = cv_mcycle();
      rc = cv_aes_cbc(&hw, CV_ENCRYPT, iv, in, out, len);
      t1 = cv_mcycle();
      if (check) CHECK_EQ(cv_aes_cbc(&sw, CV_ENCRYPT, ivr, in, ref, len), CV_OK);
      break;
    case W_CTR:
      t0 = cv_mcycle();
      rc = cv_aes_ctr(&hw, iv, in, out, len);
      t1 = cv_mcycle();
      if (check) CHECK_EQ(cv_aes_ctr(&sw, ivr, in, ref, len), CV_OK);
      break;
    default:
      t0 = cv_mcycle();
      rc = cv_aes_cmac(&hw, in, len, out);
      t1 = cv_mcycle();
      if (check) CHECK_EQ(cv_aes_cmac(&sw, in, len, ref), CV_OK);
      olen = 16;
      break;
  }
  CHECK_EQ(rc, CV_OK);
  if (check) {
    CHECK_MEM(out, ref, olen);
    if (what == W_CBC_ENC || what == W_CTR) CHECK_MEM(iv, ivr, 16);
  }
  return t1 - t0;
}

static void fig(cv_backend_t b, int what, int kb, size_t len, const char *name) {
  /* a first run leaves the branch target buffer as the two measured runs find it, so that
   * they differ only in key and data: the runs come from one call site (a loop kept rolled),
   * and at BULK only the last is checked, so each measured run follows an unchecked one */
  uint32_t c[3];
#pragma GCC unroll 1
  for (int r = 0; r < 3; r++) c[r] = measure(b, what, kb, len, len < BULK || r == 2);
  if (!CHECK_EQ(c[1], c[2])) printf("  not constant: %s %s\n", cv_backend_name(b), name);
  printf("cycles %s %s %lu\n", cv_backend_name(b), name, (unsigned long)c[1]);
}

int main(void) {
  int hwp = hw_check_present();
  for (int i = 0; i < AES_TEST_NB; i++) {
    cv_backend_t b = all_backends[i];
    if (!backend_runs(b, hwp)) continue;
    fig(b, W_INIT, 16, 0, "init-128");
    fig(b, W_INIT, 24, 0, "init-192");
    fig(b, W_INIT, 32, 0, "init-256");
    fig(b, W_ECB_ENC, 16, 16, "ecb-enc-128-16");
    fig(b, W_ECB_ENC, 16, 80, "ecb-enc-128-80");
    fig(b, W_ECB_ENC, 32, 16, "ecb-enc-256-16");
    fig(b, W_ECB_ENC, 32, 80, "ecb-enc-256-80");
    fig(b, W_CBC_ENC, 16, 64, "cbc-enc-128-64");
    fig(b, W_CMAC, 16, 64, "cmac-128-64");
#if defined(CV_ZK)
    if (b == CV_BACKEND_ISA) {
      fig(b, W_KS_ENC, 16, 0, "key-sched-enc-128");
      fig(b, W_KS_DEC, 16, 0, "key-sched-dec-128");
    }
#endif
    if (b != CV_BACKEND_SW) {
      fig(b, W_CTR, 16, BULK, "ctr-128-4096");
      fig(b, W_ECB_ENC, 16, BULK, "ecb-enc-128-4096");
    }
  }
  return cv_test_done();
}
