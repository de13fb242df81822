// SPDX-License-Identifier: Apache-2.0
/* main.c: cv_aead's ChaCha20-Poly1305 on every backend this SoC has: the generated vectors
 * (RFC 8439 2.8.2, a sample of cryptography-vectors with its failing record, pycryptodome
 * messages) one-shot and streaming, forged and truncated tags (CV_ERR_AUTH with the plaintext
 * zeroed; a tag length other than 16 refused with nothing written), the engine used after each
 * error and shared with another user of the ChaCha engine (the key reloaded),
 * long texts against the sw backend on the DMA backends, then cycle counts ("cycles NAME N").
 * Prints "cp <backend> done" after each backend's checks. */
#include <stdio.h>
#include <string.h>

#include "chachapoly_drv_vectors.h"
#include "cv_aead.h"
#include "cv_cpl.h"
#include "cv_csr.h"
#include "cv_light.h"
#include "cv_test.h"
#include "soc_timing.h"

#define D(off) (cp_data + (off))
#define NVEC (sizeof kat_cp / sizeof kat_cp[0])
#define ALG CV_AEAD_CHACHA20_POLY1305
#ifndef CP_LONG_TEXTS
#define CP_LONG_TEXTS 12
#endif

static cv_aead_ctx ctx, swc;
static uint8_t out[4096] __attribute__((aligned(16)));
static uint8_t big[4096] __attribute__((aligned(16)));
static uint8_t ref[4096] __attribute__((aligned(16)));
static uint8_t tag[16];
/* the DMA backends: the input copied to an aligned buffer in data memory */
static uint8_t inb[512] __attribute__((aligned(16)));
static int on_dma;

static const uint8_t *src_of(const uint8_t *p, size_t n) {
  if (!on_dma) return p;
  memcpy(inb, p, n);
  return inb;
}

static int all_zero(const uint8_t *p, size_t n) {
  uint8_t a = 0;
  for (size_t i = 0; i < n; i++) a |= p[i];
  return a == 0;
}

/* One vector, one-shot: encryption, decryption, a forged tag. 1 when everything matched. */
static int one_shot(const kat_cp_t *v) {
  cv_status_t rc;
  if (!v->fail) {
    memset(tag, 0xa5, 16);
    rc = cv_aead_encrypt(&ctx, D(v->nonce), 12, D(v->aad), v->aad_len, src_of(D(v->pt), v->len),
                         out, v->len, tag, 16);
    if (rc != CV_OK || memcmp(out, D(v->ct), v->len) || memcmp(tag, D(v->tag), 16)) return 0;
  }
  memset(out, 0xa5, v->len);
  rc = cv_aead_decrypt(&ctx, D(v->nonce), 12, D(v->aad), v->aad_len, src_of(D(v->ct), v->len),
                       out, v->len, D(v->tag), 16);
  if (v->fail) return rc == CV_ERR_AUTH && all_zero(out, v->len);
  if (rc != CV_OK || memcmp(out, D(v->pt), v->len)) return 0;
  uint8_t t[16];
  memcpy(t, D(v->tag), 16);
  t[v->len % 16] ^= (uint8_t)(1u << (v->aad_len % 8));
  memset(out, 0xa5, v->len);
  rc = cv_aead_decrypt(&ctx, D(v->nonce), 12, D(v->aad), v->aad_len, src_of(D(v->ct), v->len),
                       out, v->len, t, 16);
  return rc == CV_ERR_AUTH && all_zero(out, v->len);
}

/* Streaming: the AAD in two pieces, the text as whole 64-byte blocks and then the rest. */
static int streaming(const kat_cp_t *v) {
  const size_t a1 = v->aad_len / 3, t1 = (v->len / 2) & ~(size_t)63;
  for (int dir = 0; dir < 2; dir++) {
    const uint8_t *in = src_of(dir ? D(v->ct) : D(v->pt), v->len);
    const uint8_t *want = dir ? D(v->pt) : D(v->ct);
    memcpy(tag, D(v->tag), 16);
    cv_status_t rc = cv_aead_start(&ctx, dir ? CV_DECRYPT : CV_ENCRYPT, D(v->nonce), 12,
                                   v->aad_len, v->len, 16);
    if (rc == CV_OK) rc = cv_aead_aad(&ctx, D(v->aad), a1);
    if (rc == CV_OK) rc = cv_aead_aad(&ctx, D(v->aad) + a1, v->aad_len - a1);
    if (rc == CV_OK) rc = cv_aead_update(&ctx, in, out, t1);
    if (rc == CV_OK) rc = cv_aead_update(&ctx, in + t1, out + t1, v->len - t1);
    if (!dir) memset(tag, 0xa5, 16);
    if (rc == CV_OK) rc = cv_aead_finish(&ctx, tag);
    if (rc != CV_OK || memcmp(out, want, v->len)) return 0;
    if (!dir && memcmp(tag, D(v->tag), 16)) return 0;
  }
  return 1;
}

/* The first nvec vectors (the package's, then pycryptodome's). */
static void vectors(cv_backend_t b, unsigned nvec) {
  unsigned fails = 0, n = 0, ns = 0;
  for (unsigned i = 0; i < nvec; i++) {
    const kat_cp_t *v = &kat_cp[i];
    if (cv_aead_init(&ctx, ALG, b, D(v->key), 32) != CV_OK) {
      fails++;
      continue;
    }
    n++;
    if (!one_shot(v)) {
      fails++;
      printf("vector %u failed on %s\n", i, cv_backend_name(b));
    }
    if (!v->fail && v->len <= sizeof inb) {
      ns++;
      if (!streaming(v)) {
        fails++;
        printf("vector %u streaming failed on %s\n", i, cv_backend_name(b));
      }
    }
  }
  CHECK_EQ(fails, 0);
  printf("%s: %u vectors, %u streamed\n", cv_backend_name(b), n, ns);
}

/* Refused calls (nothing written), a truncated tag, and the engine after each error. */
static void refusals(cv_backend_t b) {
  const kat_cp_t *v = &kat_cp[CP_N_PKG];  /* a random vector */
  static const uint8_t k[32] = {1, 2, 3}, n[16] = {4, 5, 6};
  uint8_t buf[64] __attribute__((aligned(16)));
  memset(buf, 0xa5, sizeof buf);
  CHECK_EQ(cv_aead_init(&ctx, ALG, b, k, 16), CV_ERR_KEYLEN);
  CHECK_EQ(cv_aead_init(&ctx, ALG, b, D(v->key), 32), CV_OK);
  CHECK_EQ(cv_aead_encrypt(&ctx, n, 8, NULL, 0, k, buf, 16, tag, 16), CV_ERR_ARG);
  CHECK_EQ(cv_aead_encrypt(&ctx, n, 12, NULL, 0, k, buf, 16, tag, 12), CV_ERR_OUTLEN);
  /* a truncated tag: refused, the plaintext buffer untouched */
  CHECK_EQ(cv_aead_decrypt(&ctx, D(v->nonce), 12, D(v->aad), v->aad_len,
                           src_of(D(v->ct), v->len), buf, v->len < 64 ? v->len : 64, D(v->tag),
                           15), CV_ERR_OUTLEN);
  for (unsigned i = 0; i < sizeof buf; i++) CHECK_EQ(buf[i], 0xa5);
  CHECK(one_shot(v));
  /* streaming: a second partial update ends nothing more; finish still works */
  CHECK_EQ(cv_aead_start(&ctx, CV_ENCRYPT, n, 12, 0, 0, 16), CV_OK);
  CHECK_EQ(cv_aead_update(&ctx, k, buf, 5), CV_OK);
  CHECK_EQ(cv_aead_update(&ctx, k, buf + 5, 15), CV_ERR_LENGTH);
  CHECK(one_shot(v));
  cv_aead_zeroize(&ctx);
  CHECK_EQ(cv_aead_encrypt(&ctx, n, 12, NULL, 0, k, buf, 16, tag, 16), CV_ERR_NOKEY);
}

/* Another user of the ChaCha engine between two messages (what cv_chacha does when it loads its
 * key: another key in the engine, the owner word its context's id), then a zeroize of the
 * engine: cv_aead reloads its key each time. Then a streaming message interrupted by that other
 * user (CV_ERR_ABORTED), and the context usable after. cv_chacha itself is not linked: with it
 * the image would not fit the program memory beside the sw baselines. */
static void other_user(void) {
  static const uint32_t other_key[8] = {0x01020304u, 0x05060708u};
  CHECK(cv_cpl_mmio_key(CV_CHACHA_BASE, CV_CHACHA_CFG_ROUNDS_20, other_key, 8) &
        CV_CPL_STATUS_KEY_READY_MASK);
  cv_light_owner[CV_ENGINE_CHACHA] = cv_light_new_id(CV_ENGINE_CHACHA);
}

static void shared_engine(cv_backend_t b) {
  const kat_cp_t *v = &kat_cp[CP_N_PKG + 3];
  CHECK_EQ(cv_aead_init(&ctx, ALG, b, D(v->key), 32), CV_OK);
  CHECK(one_shot(v));
  other_user();
  CHECK(one_shot(v));
  CHECK_EQ(cv_light_owner[CV_ENGINE_CHACHA], ctx.id);
  cv_cpl_mmio_zeroize(CV_CHACHA_BASE);
  cv_light_owner[CV_ENGINE_CHACHA] = CV_CPL_NO_OWNER;
  CHECK(one_shot(v));
  CHECK_EQ(cv_aead_start(&ctx, CV_ENCRYPT, D(v->nonce), 12, 0, 128, 16), CV_OK);
  CHECK_EQ(cv_aead_update(&ctx, big, out, 64), CV_OK);
  cv_cpl_mmio_zeroize(CV_CHACHA_BASE);  /* the other user finds the engine busy: it zeroizes */
  other_user();
  CHECK_EQ(cv_aead_update(&ctx, big, out, 64), CV_ERR_ABORTED);
  CHECK(one_shot(v));
  cv_aead_zeroize(&ctx);
  CHECK_EQ(cv_light_owner[CV_ENGINE_CHACHA], CV_CPL_NO_OWNER);
  CHECK(!(cv_cpl_mmio_status(CV_CHACHA_BASE) & CV_CPL_STATUS_KEY_READY_MASK));
}

/* Texts of random lengths up to 4 KiB against the sw backend, one-shot and decrypted in two
 * calls, a forged tag on each (CV_ERR_AUTH, the whole plaintext zeroed). */
static uint32_t lcg = 12345u;
static uint32_t rnd(uint32_t n) {
  lcg = lcg * 1664525u + 1013904223u;
  return (lcg >> 8) % n;
}

static void long_texts(cv_backend_t b, unsigned nlong) {
  static const uint8_t k[32] = {9, 8, 7}, n[12] = {1, 2, 3, 4};
  unsigned bad = 0;
  CHECK_EQ(cv_aead_init(&ctx, ALG, b, k, 32), CV_OK);
  CHECK_EQ(cv_aead_init(&swc, ALG, CV_BACKEND_SW, k, 32), CV_OK);
  for (unsigned i = 0; i < nlong; i++) {
    size_t len = i < 4 ? (size_t)(i == 0 ? 0 : i == 1 ? 4096 : i == 2 ? 64 : 65) : rnd(4097);
    const size_t al = rnd(3) ? rnd(100) : 0;
    for (size_t j = 0; j < len; j++) big[j] = (uint8_t)rnd(256);
    uint8_t t1[16], t2[16];
    cv_status_t r1 = cv_aead_encrypt(&swc, n, 12, k, al, big, ref, len, t1, 16);
    cv_status_t r2 = cv_aead_encrypt(&ctx, n, 12, k, al, big, out, len, t2, 16);
    if (r1 || r2 || memcmp(ref, out, len) || memcmp(t1, t2, 16)) bad++;
    const size_t h = (len / 2) & ~(size_t)63;
    cv_status_t r = cv_aead_start(&ctx, CV_DECRYPT, n, 12, al, len, 16);
    if (r == CV_OK) r = cv_aead_aad(&ctx, k, al);
    if (r == CV_OK) r = cv_aead_update(&ctx, out, out, h);
    if (r == CV_OK) r = cv_aead_update(&ctx, out + h, out + h, len - h);
    if (r == CV_OK) r = cv_aead_finish(&ctx, t2);
    if (r != CV_OK || memcmp(out, big, len)) bad++;
    t1[i % 16] ^= 1;
    memset(out, 0xa5, len);
    if (cv_aead_decrypt(&ctx, n, 12, k, al, ref, out, len, t1, 16) != CV_ERR_AUTH ||
        !all_zero(out, len))
      bad++;
  }
  CHECK_EQ(bad, 0);
  printf("%s: %u long texts\n", cv_backend_name(b), nlong);
  cv_aead_zeroize(&swc);
  cv_aead_zeroize(&ctx);
}

#define TIME_CP(what, runs, call)                                                        \
  do {                                                                                   \
    uint32_t best_ = 0xffffffffu;                                                        \
    for (int r_ = 0; r_ < (runs); r_++) {                                                \
      uint32_t t0_ = cv_mcycle();                                                        \
      call;                                                                              \
      uint32_t t1_ = cv_mcycle();                                                        \
      if (t1_ - t0_ < best_) best_ = t1_ - t0_;                                          \
    }                                                                                    \
    printf("cycles chacha20-poly1305_%s_%s %lu\n", what, cv_backend_name(b),              \
           (unsigned long)(best_ - overhead));                                           \
  } while (0)

static void timing(cv_backend_t b) {
  static const uint8_t k[32] = {7}, n[12] = {3};
  const uint32_t overhead = soc_mcycle_overhead();
  cv_status_t rc = CV_OK;
  for (unsigned i = 0; i < sizeof big; i++) big[i] = (uint8_t)(i * 7 + 1);
  CHECK_EQ(cv_aead_init(&ctx, ALG, b, k, 32), CV_OK);
  TIME_CP("pkt64_aad16", 3, rc |= cv_aead_encrypt(&ctx, n, 12, big, 16, big, out, 64, tag, 16));
  if (b != CV_BACKEND_SW) {
    TIME_CP("enc_4k", 2, rc |= cv_aead_encrypt(&ctx, n, 12, NULL, 0, big, out, 4096, tag, 16));
    memcpy(ref, out, sizeof ref);
    TIME_CP("dec_4k", 2, rc |= cv_aead_decrypt(&ctx, n, 12, NULL, 0, ref, out, 4096, tag, 16));
    CHECK_MEM(out, big, sizeof big);
  }
  CHECK_EQ(rc, CV_OK);
  cv_aead_zeroize(&ctx);
}

int main(void) {
  for (unsigned i = 0; i < sizeof big; i++) big[i] = (uint8_t)(i * 7 + 1);
  const int hw = cv_aead_hw_available(ALG);
  printf("hw: %s\n", hw ? "chachapoly engine" : "no chachapoly engine");
  static const cv_backend_t backends[5] = {CV_BACKEND_SW, CV_BACKEND_MMIO, CV_BACKEND_CPI,
                                           CV_BACKEND_CPI_DMA, CV_BACKEND_MMIO_DMA};
  for (int i = 0; i < 5; i++) {
    const cv_backend_t b = backends[i];
    on_dma = b == CV_BACKEND_CPI_DMA || b == CV_BACKEND_MMIO_DMA;
    if (b != CV_BACKEND_SW && !hw) {
      static const uint8_t k[32];
      CHECK_EQ(cv_aead_init(&ctx, ALG, b, k, 32), CV_ERR_HW);
      continue;
    }
    /* a SoC without the engine runs the sw backend on the package's vectors only: fw/crypto's
     * own tests cover it, and the CHACHA_AEAD SoC's run compares it with every backend */
    vectors(b, hw ? NVEC : CP_N_PKG);
    refusals(b);
    if (b != CV_BACKEND_SW) shared_engine(b);
    if (on_dma) long_texts(b, CP_LONG_TEXTS);
    timing(b);
    printf("cp %s done\n", cv_backend_name(b));
  }
  return cv_test_done();
}
