// SPDX-License-Identifier: Apache-2.0
/* rtos_drivers: the drivers under the RTOS (fw/drivers/src/cv_drv_os.c). Threads of several
 * priorities, with a short time slice so that they preempt each other inside driver calls, use
 * the same engines through their own contexts (own keys) on different backends: AES on cpi-dma,
 * mmio-dma, cpi and mmio, an AES background job (start ... wait) on cpi-dma, ChaCha20 on
 * cpi-dma and mmio-dma (the DMA shared with AES), PRINCE on mmio, and two SHA3-256 messages
 * streamed on cpi and mmio-dma (the engine held from init to final). Each thread checks every
 * output against the sw backend in its own context, and first a published answer (FIPS-197
 * C.3 AES-256, RFC 8439 2.4.2 ChaCha20, FIPS 202 SHA3-256("abc")). At the end: no failure, the
 * locks were contended, DMA waits slept until the interrupt, the kernel's invariants hold.
 * Every driver with its sw backend does not fit the program memory: DRV_SET 1 builds the AES
 * threads, DRV_SET 2 the others. DRV_SET 3 (a SoC built with AES_AEAD = 1) shares the AES
 * engine between cv_aead's GCM and CCM messages on cpi-dma, mmio-dma, cpi and mmio (streamed
 * ones with a yield in the middle: the message holds the AES lock from start to finish; cv_aes
 * does not fit beside them). ROUNDS sets the size (CI: a few seconds). */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "cv_aead.h"
#include "cv_aes.h"
#include "cv_chacha.h"
#include "cv_drv_os.h"
#include "cv_os.h"
#include "cv_prince.h"
#include "cv_sha3.h"
#include "cv_sim.h"
#include "cv_test.h"
#include "cv_timer.h"
#include "cv_xorshift.h"

#ifndef ROUNDS
#define ROUNDS 3
#endif
#ifndef DRV_SET
#define DRV_SET 1
#endif
#if DRV_SET == 3
/* the AEAD set's contexts (a hardware and a sw one per thread, GCM's tables in each) leave
 * less of the data memory for the stacks */
#define STACK 2816u
#else
#define STACK 3072u
#endif
#define MAXLEN 256u

#if DRV_SET == 1
enum { T_AES_CPIDMA, T_AES_MMIODMA, T_AES_CPI, T_AES_MMIO, T_AES_JOB, NT };
#elif DRV_SET == 3
enum { T_AEAD_CPIDMA, T_AEAD_MMIODMA, T_AEAD_CPI, T_AEAD_MMIO, NT };
#else
enum { T_CHACHA_CPIDMA, T_CHACHA_MMIODMA, T_PRINCE, T_SHA3_CPI, T_SHA3_MMIODMA, NT };
#endif

static cv_os_thread_t th[NT], checker;
static uint8_t stacks[NT][STACK] __attribute__((aligned(16)));
static uint8_t checker_stack[2048] __attribute__((aligned(16)));
static uint8_t bin[NT][MAXLEN] __attribute__((aligned(16)));
static uint8_t bout[NT][MAXLEN] __attribute__((aligned(16)));
static uint8_t bref[NT][MAXLEN] __attribute__((aligned(16)));
static volatile uint32_t fails[NT], calls[NT];
static cv_os_sem_t done;

static void fail(int t) { fails[t]++; }
static void expect(int t, int ok) {
  calls[t]++;
  if (!ok) fail(t);
}

#if DRV_SET != 3  /* the AEAD set checks against the sw backend only */
static const uint8_t kat_key[32] = {0,  1,  2,  3,  4,  5,  6,  7,  8,  9,  10, 11, 12, 13, 14, 15,
                                    16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31};
#endif
#if DRV_SET == 1
static const uint8_t kat_pt[16] = {0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77,
                                   0x88, 0x99, 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xff};
static const uint8_t kat_ct[16] = {0x8e, 0xa2, 0xb7, 0xca, 0x51, 0x67, 0x45, 0xbf,
                                   0xea, 0xfc, 0x49, 0x90, 0x4b, 0x49, 0x60, 0x89};

static const cv_backend_t aes_backend[] = {CV_BACKEND_CPI_DMA, CV_BACKEND_MMIO_DMA, CV_BACKEND_CPI,
                                           CV_BACKEND_MMIO, CV_BACKEND_CPI_DMA};

static void aes_thread(void *arg) {
  const int t = (int)(uintptr_t)arg;
  const cv_backend_t b = aes_backend[t];
  uint32_t rng = 0x1234u + (uint32_t)t * 77u;
  cv_aes_ctx hw, sw;
  uint8_t key[32], iv[16], iv_ref[16];
  uint8_t *in = bin[t], *out = bout[t], *ref = bref[t];
  /* a published answer first */
  expect(t, cv_aes_init(&hw, b, kat_key, 32) == CV_OK);
  memcpy(in, kat_pt, 16);
  expect(t, cv_aes_ecb(&hw, CV_ENCRYPT, in, out, 16) == CV_OK);
  expect(t, memcmp(out, kat_ct, 16) == 0);
  for (int r = 0; r < ROUNDS; r++) {
    const size_t klen = 16u + 8u * (cv_xorshift32(&rng) % 3u);
    const size_t len = 16u * (1u + cv_xorshift32(&rng) % (MAXLEN / 16u));
    cv_xorshift32_bytes(&rng, key, klen);
    cv_xorshift32_bytes(&rng, iv, 16);
    cv_xorshift32_bytes(&rng, in, len);
    memcpy(iv_ref, iv, 16);
    expect(t, cv_aes_init(&hw, b, key, klen) == CV_OK);
    expect(t, cv_aes_init(&sw, CV_BACKEND_SW, key, klen) == CV_OK);
    const cv_dir_t d = (r & 1) ? CV_DECRYPT : CV_ENCRYPT;
    if (t == T_AES_JOB) {  /* a background job, the other threads running meanwhile */
      expect(t, cv_aes_start(&hw, CV_AES_MODE_CTR, CV_ENCRYPT, iv, in, out, len) == CV_OK);
      cv_os_yield();
      expect(t, cv_aes_wait(&hw, iv) == CV_OK);
      expect(t, cv_aes_ctr(&sw, iv_ref, in, ref, len) == CV_OK);
    } else if (r % 3 == 2) {
      /* two calls under one hold of the locks, a yield between them: the other threads'
       * hardware calls wait for the release */
      const uint32_t h = cv_drv_os_hold_aes(b);
      expect(t, (h != 0) == (b != CV_BACKEND_SW && b != CV_BACKEND_ISA));
      const size_t half = len / 32u * 16u;
      if (half) expect(t, cv_aes_ctr(&hw, iv, in, out, half) == CV_OK);
      cv_os_yield();
      expect(t, cv_aes_ctr(&hw, iv, in + half, out + half, len - half) == CV_OK);
      cv_drv_os_release(h);
      expect(t, cv_aes_ctr(&sw, iv_ref, in, ref, len) == CV_OK);
    } else {
      expect(t, cv_aes_cbc(&hw, d, iv, in, out, len) == CV_OK);
      expect(t, cv_aes_cbc(&sw, d, iv_ref, in, ref, len) == CV_OK);
    }
    expect(t, memcmp(out, ref, len) == 0 && memcmp(iv, iv_ref, 16) == 0);
    if (r % 4 == 3) cv_aes_zeroize(&hw);
  }
  cv_os_sem_post(&done);
}

#elif DRV_SET == 3
static const cv_backend_t aead_backend[] = {CV_BACKEND_CPI_DMA, CV_BACKEND_MMIO_DMA,
                                            CV_BACKEND_CPI, CV_BACKEND_MMIO};

/* GCM (even rounds) and CCM messages against the sw backend, one-shot and streamed (a yield
 * between the two updates), each decrypted back. */
static void aead_thread(void *arg) {
  const int t = (int)(uintptr_t)arg;
  const cv_backend_t b = aead_backend[t];
  uint32_t rng = 0x4ead0u + (uint32_t)t * 91u;
  static cv_aead_ctx hwc[NT], swc[NT];
  cv_aead_ctx *hw = &hwc[t], *sw = &swc[t];
  uint8_t key[32], nonce[13], aad[24], tag[16], tref[16];
  uint8_t *in = bin[t], *out = bout[t], *ref = bref[t];
  for (int r = 0; r < ROUNDS; r++) {
    const int gcm = !(r & 1);
    const cv_aead_alg_t alg = gcm ? CV_AEAD_AES_GCM : CV_AEAD_AES_CCM;
    const size_t klen = 16u + 8u * (cv_xorshift32(&rng) % 3u);
    const size_t len = cv_xorshift32(&rng) % MAXLEN, al = cv_xorshift32(&rng) % sizeof aad;
    const size_t nl = gcm ? 12 : 13, tl = gcm ? 16 : 8;
    cv_xorshift32_bytes(&rng, key, klen);
    cv_xorshift32_bytes(&rng, nonce, nl);
    cv_xorshift32_bytes(&rng, aad, al);
    cv_xorshift32_bytes(&rng, in, len);
    expect(t, cv_aead_init(hw, alg, b, key, klen) == CV_OK);
    expect(t, cv_aead_init(sw, alg, CV_BACKEND_SW, key, klen) == CV_OK);
    expect(t, cv_aead_encrypt(sw, nonce, nl, aad, al, in, ref, len, tref, tl) == CV_OK);
    if (r % 3 == 1) {
      const size_t cut = (len / 2) & ~(size_t)15;
      expect(t, cv_aead_start(hw, CV_ENCRYPT, nonce, nl, al, len, tl) == CV_OK);
      expect(t, cv_aead_aad(hw, aad, al) == CV_OK);
      expect(t, cv_aead_update(hw, in, out, cut) == CV_OK);
      cv_os_yield();
      expect(t, cv_aead_update(hw, in + cut, out + cut, len - cut) == CV_OK);
      expect(t, cv_aead_finish(hw, tag) == CV_OK);
    } else {
      expect(t, cv_aead_encrypt(hw, nonce, nl, aad, al, in, out, len, tag, tl) == CV_OK);
    }
    expect(t, memcmp(out, ref, len) == 0 && memcmp(tag, tref, tl) == 0);
    expect(t, cv_aead_decrypt(hw, nonce, nl, aad, al, ref, out, len, tref, tl) == CV_OK);
    expect(t, memcmp(out, in, len) == 0);
    if (r % 4 == 3) cv_aead_zeroize(hw);
  }
  cv_aead_zeroize(hw);
  cv_os_sem_post(&done);
}

#else
static void chacha_thread(void *arg) {
  const int t = (int)(uintptr_t)arg;
  const cv_backend_t b = t == T_CHACHA_CPIDMA ? CV_BACKEND_CPI_DMA : CV_BACKEND_MMIO_DMA;
  uint32_t rng = 0x9876u + (uint32_t)t;
  cv_chacha_ctx hw, sw;
  uint8_t key[32], nonce[12];
  uint8_t *in = bin[t], *out = bout[t], *ref = bref[t];
  /* RFC 8439 2.4.2: the first bytes of the sunscreen text's ciphertext, counter 1 */
  static const uint8_t rfc_nonce[12] = {0, 0, 0, 0, 0, 0, 0, 0x4a, 0, 0, 0, 0};
  static const char sun[] = "Ladies and Gentlemen of the class of '99: If I could offer you o";
  static const uint8_t rfc_ct[16] = {0x6e, 0x2e, 0x35, 0x9a, 0x25, 0x68, 0xf9, 0x80,
                                     0x41, 0xba, 0x07, 0x28, 0xdd, 0x0d, 0x69, 0x81};
  expect(t, cv_chacha_init(&hw, b, kat_key, 32, rfc_nonce, 12, 20) == CV_OK);
  cv_chacha_set_counter(&hw, 1);
  memcpy(in, sun, 64);
  expect(t, cv_chacha_xor(&hw, in, out, 64) == CV_OK);
  expect(t, memcmp(out, rfc_ct, 16) == 0);
  for (int r = 0; r < ROUNDS; r++) {
    const size_t len = 64u * (1u + cv_xorshift32(&rng) % (MAXLEN / 64u));
    cv_xorshift32_bytes(&rng, key, 32);
    cv_xorshift32_bytes(&rng, nonce, 12);
    cv_xorshift32_bytes(&rng, in, len);
    expect(t, cv_chacha_init(&hw, b, key, 32, nonce, 12, 20) == CV_OK);
    expect(t, cv_chacha_init(&sw, CV_BACKEND_SW, key, 32, nonce, 12, 20) == CV_OK);
    expect(t, cv_chacha_xor(&hw, in, out, len) == CV_OK);
    expect(t, cv_chacha_xor(&sw, in, ref, len) == CV_OK);
    expect(t, memcmp(out, ref, len) == 0);
    expect(t, cv_chacha_get_counter(&hw) == cv_chacha_get_counter(&sw));
  }
  cv_os_sem_post(&done);
}

static void prince_thread(void *arg) {
  const int t = (int)(uintptr_t)arg;
  uint32_t rng = 0x5555u;
  cv_prince_ctx hw, sw;
  uint8_t key[16], ctr[8], ctr_ref[8];
  uint8_t *in = bin[t], *out = bout[t], *ref = bref[t];
  for (int r = 0; r < 2 * ROUNDS; r++) {
    const size_t len = 8u * (1u + cv_xorshift32(&rng) % (MAXLEN / 8u));
    cv_xorshift32_bytes(&rng, key, 16);
    cv_xorshift32_bytes(&rng, ctr, 8);
    cv_xorshift32_bytes(&rng, in, len);
    memcpy(ctr_ref, ctr, 8);
    expect(t, cv_prince_init(&hw, CV_BACKEND_MMIO, key, 16) == CV_OK);
    expect(t, cv_prince_init(&sw, CV_BACKEND_SW, key, 16) == CV_OK);
    expect(t, cv_prince_ctr(&hw, ctr, in, out, len) == CV_OK);
    expect(t, cv_prince_ctr(&sw, ctr_ref, in, ref, len) == CV_OK);
    expect(t, memcmp(out, ref, len) == 0 && memcmp(ctr, ctr_ref, 8) == 0);
    cv_os_sleep(1);
  }
  cv_os_sem_post(&done);
}

static void sha3_thread(void *arg) {
  const int t = (int)(uintptr_t)arg;
  const cv_backend_t b = t == T_SHA3_CPI ? CV_BACKEND_CPI : CV_BACKEND_MMIO_DMA;
  uint32_t rng = 0x7777u + (uint32_t)t;
  cv_sha3_ctx hw, sw;
  uint8_t *in = bin[t], *out = bout[t], *ref = bref[t];
  static const uint8_t abc_256[4] = {0x3a, 0x98, 0x5d, 0xa7};  /* FIPS 202 SHA3-256("abc") */
  memcpy(in, "abc", 3);
  expect(t, cv_sha3_init(&hw, b, CV_SHA3_256) == CV_OK);
  expect(t, cv_sha3_update(&hw, in, 3) == CV_OK);
  expect(t, cv_sha3_final(&hw, out, 32) == CV_OK);
  expect(t, memcmp(out, abc_256, 4) == 0);
  for (int r = 0; r < ROUNDS; r++) {
    const size_t len = 1u + cv_xorshift32(&rng) % MAXLEN;
    cv_xorshift32_bytes(&rng, in, len);
    expect(t, cv_sha3_init(&hw, b, CV_SHA3_256) == CV_OK);
    expect(t, cv_sha3_init(&sw, CV_BACKEND_SW, CV_SHA3_256) == CV_OK);
    const size_t cut = len / 2;  /* two pieces, a yield between: the message holds the engine */
    expect(t, cv_sha3_update(&hw, in, cut) == CV_OK);
    cv_os_yield();
    expect(t, cv_sha3_update(&hw, in + cut, len - cut) == CV_OK);
    expect(t, cv_sha3_final(&hw, out, 32) == CV_OK);
    expect(t, cv_sha3_update(&sw, in, len) == CV_OK);
    expect(t, cv_sha3_final(&sw, ref, 32) == CV_OK);
    expect(t, memcmp(out, ref, 32) == 0);
  }
  cv_os_sem_post(&done);
}

#endif

static void check_all(void *arg) {
  (void)arg;
  for (int i = 0; i < NT; i++) CHECK_EQ(cv_os_sem_wait(&done, 20000u), CV_OS_OK);
  for (int i = 0; i < NT; i++) {
    printf("thread %d: %lu checks, %lu failed\n", i, (unsigned long)calls[i],
           (unsigned long)fails[i]);
    CHECK(calls[i] > (uint32_t)ROUNDS);
    CHECK_EQ(fails[i], 0);
  }
  const cv_drv_os_stats_t *s = cv_drv_os_stats();
  printf("dma interrupts %lu, dma sleeps %lu, dma polls %lu, contended locks %lu, switches %lu\n",
         (unsigned long)s->dma_irqs, (unsigned long)s->dma_sleeps, (unsigned long)s->dma_polls,
         (unsigned long)s->contended, (unsigned long)cv_os_switch_count());
#if DRV_SET == 3
  /* the AEAD set's DMA jobs are texts below MAXLEN: a job polled (below the threshold) or so
   * short that it has ended before its thread could sleep; its interrupts still come */
  CHECK(s->dma_irqs > 0);
#else
  CHECK(s->dma_sleeps > 0);
#endif
  CHECK(s->dma_polls > 0);
  CHECK(s->dma_irqs >= s->dma_sleeps);
  CHECK(s->contended > 0);
  CHECK_EQ(cv_os_check(), 0);
  printf("cycles %lu\n", (unsigned long)cv_timer_now());
  cv_sim_exit(cv_test_done());
}

int main(void) {
  cv_os_init();
  cv_drv_os_init();
  cv_drv_os_dma_poll_below(MAXLEN / 2);  /* random lengths below MAXLEN: both kinds of wait */
  cv_os_sem_init(&done, 0);
  static const struct { void (*fn)(void *); uint32_t prio; } spec[NT] = {
#if DRV_SET == 1
      {aes_thread, 10}, {aes_thread, 10}, {aes_thread, 11}, {aes_thread, 10}, {aes_thread, 11}};
#elif DRV_SET == 3
      {aead_thread, 10}, {aead_thread, 11}, {aead_thread, 10}, {aead_thread, 11}};
#else
      {chacha_thread, 10}, {chacha_thread, 11}, {prince_thread, 9}, {sha3_thread, 10},
      {sha3_thread, 11}};
#endif
  for (int i = 0; i < NT; i++)
    CHECK_EQ(cv_os_thread_create(&th[i], "drv", spec[i].fn, (void *)(uintptr_t)i, stacks[i],
                                 STACK, spec[i].prio),
             CV_OS_OK);
  CHECK_EQ(cv_os_thread_create(&checker, "check", check_all, NULL, checker_stack,
                               sizeof checker_stack, 20),
           CV_OS_OK);
  cv_os_set_slice(1);
  cv_os_start(1500);  /* a short tick: slices end inside driver calls */
}
