// SPDX-License-Identifier: Apache-2.0
/* main.c: the AEAD driver (cv_aead) on every backend this SoC has: the generated vectors (CAVP
 * GCM/CCM sample, pycryptodome GCM/CCM, CCM* by its definition) one-shot and streaming, forged
 * tags (CV_ERR_AUTH, plaintext zeroed), refused arguments, the AES engine shared with cv_aes
 * (each driver's key reloaded when the other used the engine), then cycle counts
 * ("cycles NAME N"). Prints "aead <backend> done" after each backend's checks. */
#include <stdio.h>
#include <string.h>

#include "aead_drv_vectors.h"
#include "cv_aead.h"
#include "cv_cpl.h"
#include "cv_light.h"
#include "cv_csr.h"
#include "cv_test.h"
#include "soc_timing.h"

#define D(off) (aead_data + (off))
#define NVEC (sizeof kat_aead / sizeof kat_aead[0])
#ifndef AEAD_LONG_TEXTS
#define AEAD_LONG_TEXTS 24
#endif

static cv_aead_ctx ctx;
static uint8_t out[4096] __attribute__((aligned(16)));
static uint8_t big[4096] __attribute__((aligned(16)));
static uint8_t ct4k[4096] __attribute__((aligned(16)));
static uint8_t tag[16];
/* the DMA backends: the vectors' input copied to data memory (the DMA cannot read program
 * memory, from where the driver would take the cpi / mmio way) */
static uint8_t inb[1024] __attribute__((aligned(16)));
static int on_dma;

static const uint8_t *src_of(const uint8_t *p, size_t n) {
  if (!on_dma) return p;
  memcpy(inb, p, n);
  return inb;
}

static const cv_aead_alg_t algs[2] = {CV_AEAD_AES_GCM, CV_AEAD_AES_CCM};

static int all_zero(const uint8_t *p, size_t n) {
  uint8_t a = 0;
  for (size_t i = 0; i < n; i++) a |= p[i];
  return a == 0;
}

/* One vector, one-shot: encryption, decryption, a forged tag. 1 when everything matched. */
static int one_shot(const kat_aead_t *v) {
  cv_status_t rc;
  if (!v->fail) {
    memset(tag, 0xa5, 16);
    rc = cv_aead_encrypt(&ctx, D(v->nonce), v->nonce_len, D(v->aad), v->aad_len,
                         src_of(D(v->pt), v->len), out, v->len, tag, v->tag_len);
    if (rc != CV_OK || memcmp(out, D(v->ct), v->len) || memcmp(tag, D(v->tag), v->tag_len))
      return 0;
  }
  memset(out, 0xa5, v->len);
  rc = cv_aead_decrypt(&ctx, D(v->nonce), v->nonce_len, D(v->aad), v->aad_len,
                       src_of(D(v->ct), v->len), out, v->len, D(v->tag), v->tag_len);
  if (v->fail) return rc == CV_ERR_AUTH && all_zero(out, v->len);
  if (rc != CV_OK || memcmp(out, D(v->pt), v->len)) return 0;
  if (!v->tag_len) return 1;
  uint8_t t[16];
  memcpy(t, D(v->tag), v->tag_len);
  t[v->tag_len - 1] ^= 0x10;
  memset(out, 0xa5, v->len);
  rc = cv_aead_decrypt(&ctx, D(v->nonce), v->nonce_len, D(v->aad), v->aad_len,
                       src_of(D(v->ct), v->len), out, v->len, t, v->tag_len);
  return rc == CV_ERR_AUTH && all_zero(out, v->len);
}

/* One vector through the streaming calls: the AAD in two pieces, the text as whole blocks and
 * then the rest; both directions. */
static int streaming(const kat_aead_t *v) {
  const size_t a1 = v->aad_len / 3, t1 = (v->len / 2) & ~(size_t)15;
  for (int dir = 0; dir < 2; dir++) {
    const uint8_t *in = src_of(dir ? D(v->ct) : D(v->pt), v->len);
    const uint8_t *want = dir ? D(v->pt) : D(v->ct);
    memcpy(tag, D(v->tag), v->tag_len);
    cv_status_t rc = cv_aead_start(&ctx, dir ? CV_DECRYPT : CV_ENCRYPT, D(v->nonce),
                                   v->nonce_len, v->aad_len, v->len, v->tag_len);
    if (rc == CV_OK) rc = cv_aead_aad(&ctx, D(v->aad), a1);
    if (rc == CV_OK) rc = cv_aead_aad(&ctx, D(v->aad) + a1, v->aad_len - a1);
    if (rc == CV_OK) rc = cv_aead_update(&ctx, in, out, t1);
    if (rc == CV_OK) rc = cv_aead_update(&ctx, in + t1, out + t1, v->len - t1);
    if (!dir) memset(tag, 0xa5, 16);
    if (rc == CV_OK) rc = cv_aead_finish(&ctx, tag);
    if (rc != CV_OK || memcmp(out, want, v->len)) return 0;
    if (!dir && memcmp(tag, D(v->tag), v->tag_len)) return 0;
  }
  return 1;
}

static void vectors(cv_backend_t b) {
  unsigned fails = 0, n = 0, ns = 0;
  for (unsigned i = 0; i < NVEC; i++) {
    const kat_aead_t *v = &kat_aead[i];
    if (cv_aead_init(&ctx, algs[v->alg], b, D(v->key), v->key_len) != CV_OK) {
      fails++;
      continue;
    }
    n++;
    if (!one_shot(v)) {
      fails++;
      printf("vector %u failed on %s\n", i, cv_backend_name(b));
    }
    if (!v->fail && i >= AEAD_N_CAVP) {
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

/* Refused calls: their errors, nothing written. */
static void refusals(cv_backend_t b) {
  static const uint8_t k[32] = {1, 2, 3}, n[16] = {4, 5, 6};
  uint8_t buf[32] __attribute__((aligned(16)));
  memset(buf, 0xa5, sizeof buf);
  CHECK_EQ(cv_aead_init(&ctx, CV_AEAD_AES_GCM, b, k, 20), CV_ERR_KEYLEN);
  CHECK_EQ(cv_aead_init(&ctx, (cv_aead_alg_t)7, b, k, 16), CV_ERR_ARG);
  CHECK_EQ(cv_aead_init(&ctx, CV_AEAD_AES_GCM, b, k, 16), CV_OK);
  CHECK_EQ(cv_aead_encrypt(&ctx, n, 12, NULL, 0, k, buf, 16, tag, 11), CV_ERR_OUTLEN);
  CHECK_EQ(cv_aead_encrypt(&ctx, n, 0, NULL, 0, k, buf, 16, tag, 16), CV_ERR_ARG);
  CHECK_EQ(cv_aead_init(&ctx, CV_AEAD_AES_CCM, b, k, 16), CV_OK);
  CHECK_EQ(cv_aead_encrypt(&ctx, n, 6, NULL, 0, k, buf, 16, tag, 8), CV_ERR_ARG);
  CHECK_EQ(cv_aead_encrypt(&ctx, n, 14, NULL, 0, k, buf, 16, tag, 8), CV_ERR_ARG);
  CHECK_EQ(cv_aead_encrypt(&ctx, n, 13, NULL, 0, k, buf, 16, tag, 5), CV_ERR_OUTLEN);
  /* a 13-byte nonce leaves a 2-byte length field: 65,536 bytes do not fit */
  CHECK_EQ(cv_aead_start(&ctx, CV_ENCRYPT, n, 13, 0, 65536, 8), CV_ERR_LENGTH);
  /* streaming: text past the declared length, a second partial update */
  CHECK_EQ(cv_aead_start(&ctx, CV_ENCRYPT, n, 13, 0, 20, 8), CV_OK);
  CHECK_EQ(cv_aead_update(&ctx, k, buf, 24), CV_ERR_LENGTH);
  CHECK_EQ(cv_aead_update(&ctx, k, buf, 5), CV_OK);
  CHECK_EQ(cv_aead_update(&ctx, k, buf + 5, 15), CV_ERR_LENGTH);
  CHECK_EQ(cv_aead_finish(&ctx, tag), CV_ERR_LENGTH);
  CHECK_EQ(cv_aead_update(&ctx, k, buf + 5, 15), CV_ERR_LENGTH);
  cv_aead_zeroize(&ctx);
  CHECK_EQ(cv_aead_encrypt(&ctx, n, 12, NULL, 0, k, buf, 16, tag, 16), CV_ERR_NOKEY);
  for (int i = 5; i < 32; i++) CHECK_EQ(buf[i], 0xa5);
  if (b != CV_BACKEND_SW && !cv_aead_hw_available(CV_AEAD_CHACHA20_POLY1305)) {
#if defined(CV_ZK)  /* no ChaCha20-Poly1305 on the scalar-crypto instructions */
    const cv_status_t want = b == CV_BACKEND_ISA ? CV_ERR_MODE : CV_ERR_HW;
#else
    const cv_status_t want = CV_ERR_HW;
#endif
    CHECK_EQ(cv_aead_init(&ctx, CV_AEAD_CHACHA20_POLY1305, b, k, 32), want);
  }
}

#if !defined(CV_ZK)  /* the FW_ZK image runs on a SoC without the AEAD engine: no room for these */
/* Another user of the AES engine between two messages (what cv_aes does when it loads its
 * key: another key in the engine, the owner word its context's id), then a zeroize of the
 * engine: cv_aead reloads its key each time. cv_aes itself is not linked: with the software
 * AES's decryption tables it would not fit the program memory beside the vectors. */
static void shared_engine(cv_backend_t b) {
  static const uint32_t other_key[4] = {0x01020304u, 0x05060708u};
  const kat_aead_t *v = &kat_aead[AEAD_N_CAVP];  /* a random GCM vector */
  CHECK_EQ(cv_aead_init(&ctx, algs[v->alg], b, D(v->key), v->key_len), CV_OK);
  CHECK(one_shot(v));
  /* an encryption last: its START clears the forged tag's AUTH, which a key load would see */
  CHECK_EQ(cv_aead_encrypt(&ctx, D(v->nonce), v->nonce_len, D(v->aad), v->aad_len,
                           src_of(D(v->pt), v->len), out, v->len, tag, v->tag_len), CV_OK);
  const uint32_t s = cv_cpl_mmio_key(CV_AES_BASE, CV_AES_CFG_KSZ_128, other_key, 4);
  CHECK(s & CV_CPL_STATUS_KEY_READY_MASK);
  cv_aes_owner = 1;
  CHECK(one_shot(v));
  CHECK_EQ(cv_aes_owner, CV_AES_OWNER_AEAD);
  cv_cpl_mmio_zeroize(CV_AES_BASE);
  cv_aes_owner = CV_CPL_NO_OWNER;
  CHECK(one_shot(v));
  /* a streaming message interrupted by another context's message: CV_ERR_ABORTED, and both
   * contexts work afterwards */
  static cv_aead_ctx other;
  static const uint8_t k2[16] = {5}, n2[12] = {6};
  CHECK_EQ(cv_aead_init(&other, CV_AEAD_AES_GCM, b, k2, 16), CV_OK);
  CHECK_EQ(cv_aead_start(&ctx, CV_ENCRYPT, D(v->nonce), v->nonce_len, 0, 32, v->tag_len), CV_OK);
  CHECK_EQ(cv_aead_encrypt(&other, n2, 12, NULL, 0, big, out, 32, tag, 16), CV_OK);
  CHECK_EQ(cv_aead_update(&ctx, big, out, 32), CV_ERR_ABORTED);
  CHECK_EQ(cv_aead_finish(&ctx, tag), CV_ERR_ARG);
  /* a message left unfinished, then a new one of the same context */
  CHECK_EQ(cv_aead_start(&ctx, CV_ENCRYPT, D(v->nonce), v->nonce_len, 0, 32, v->tag_len), CV_OK);
  CHECK_EQ(cv_aead_update(&ctx, big, out, 16), CV_OK);
  CHECK(one_shot(v));
  cv_aead_zeroize(&other);
  cv_aead_zeroize(&ctx);
  CHECK_EQ(cv_aes_owner, CV_CPL_NO_OWNER);
  CHECK(!(cv_cpl_mmio_status(CV_AES_BASE) & CV_CPL_STATUS_KEY_READY_MASK));
}

/* The DMA backends' rules and long texts: in or out not aligned to CV_DMA_ALIGN (CV_ERR_DMA),
 * overlapping (CV_ERR_ARG), nothing written either way and the engine usable after; in place;
 * a misaligned streaming update refused without ending the message; then texts of random
 * lengths up to 4 KiB (0, partial blocks, whole blocks), one-shot and streamed in two jobs,
 * against the sw backend (which the vectors check against pycryptodome), a forged tag (the
 * DMA wrote the plaintext before the verdict: CV_ERR_AUTH, all of it zeroed). */
static cv_aead_ctx swc;
static uint8_t ref[4096] __attribute__((aligned(16)));

static uint32_t lcg = 12345u;
static uint32_t rnd(uint32_t n) {
  lcg = lcg * 1664525u + 1013904223u;
  return (lcg >> 8) % n;
}

static void dma_rules(cv_backend_t b, unsigned nlong) {
  const kat_aead_t *v = &kat_aead[AEAD_N_CAVP];  /* a random GCM vector */
  CHECK_EQ(cv_aead_init(&ctx, algs[v->alg], b, D(v->key), v->key_len), CV_OK);
  memcpy(big + 64, D(v->pt), v->len);
  memset(out, 0x5a, 256);
  for (unsigned m = 1; m < CV_DMA_ALIGN; m++) {
    CHECK_EQ(cv_aead_encrypt(&ctx, D(v->nonce), v->nonce_len, D(v->aad), v->aad_len, big + m,
                             out, 48, tag, v->tag_len), CV_ERR_DMA);
    CHECK_EQ(cv_aead_decrypt(&ctx, D(v->nonce), v->nonce_len, D(v->aad), v->aad_len, big,
                             out + m, 48, tag, v->tag_len), CV_ERR_DMA);
  }
  CHECK_EQ(cv_aead_encrypt(&ctx, D(v->nonce), v->nonce_len, D(v->aad), v->aad_len, out,
                           out + 16, 48, tag, v->tag_len), CV_ERR_ARG);
  for (int i = 0; i < 256; i++) CHECK_EQ(out[i], 0x5a);
  /* in place, then the engine as usual */
  memcpy(out, D(v->pt), v->len);
  CHECK_EQ(cv_aead_encrypt(&ctx, D(v->nonce), v->nonce_len, D(v->aad), v->aad_len, out, out,
                           v->len, tag, v->tag_len), CV_OK);
  CHECK_MEM(out, D(v->ct), v->len);
  CHECK_MEM(tag, D(v->tag), v->tag_len);
  CHECK(one_shot(v));
  /* streaming: a misaligned update is refused and the message goes on */
  CHECK_EQ(cv_aead_start(&ctx, CV_ENCRYPT, D(v->nonce), v->nonce_len, v->aad_len, v->len,
                         v->tag_len), CV_OK);
  CHECK_EQ(cv_aead_aad(&ctx, D(v->aad), v->aad_len), CV_OK);
  if (v->len) CHECK_EQ(cv_aead_update(&ctx, big + 65, out, v->len), CV_ERR_DMA);
  CHECK_EQ(cv_aead_update(&ctx, big + 64, out, v->len), CV_OK);
  CHECK_EQ(cv_aead_finish(&ctx, tag), CV_OK);
  CHECK_MEM(out, D(v->ct), v->len);
  CHECK_MEM(tag, D(v->tag), v->tag_len);

  /* long texts against sw */
  static const uint8_t k[32] = {9, 8, 7}, n[13] = {1, 2, 3, 4};
  unsigned bad = 0;
  for (unsigned i = 0; i < nlong; i++) {
    const int a = (int)rnd(2);
    const size_t kl = 16 + 8 * rnd(3);
    size_t len = i < 4 ? (size_t)(i == 0 ? 0 : i == 1 ? 4096 : i == 2 ? 16 : 17) : rnd(4097);
    const size_t al = rnd(3) ? rnd(40) : 0;
    const size_t nl = a ? 7 + rnd(7) : (rnd(4) ? 12 : 1 + rnd(13));
    size_t tl = a ? 2 * rnd(8) + 2 : 16;
    if (a && tl == 2) tl = 0;  /* CCM*: no tag */
    for (size_t j = 0; j < len; j++) big[j] = (uint8_t)rnd(256);
    uint8_t t1[16], t2[16];
    CHECK_EQ(cv_aead_init(&ctx, algs[a], b, k, kl), CV_OK);
    CHECK_EQ(cv_aead_init(&swc, algs[a], CV_BACKEND_SW, k, kl), CV_OK);
    cv_status_t r1 = cv_aead_encrypt(&swc, n, nl, k, al, big, ref, len, t1, tl);
    cv_status_t r2 = cv_aead_encrypt(&ctx, n, nl, k, al, big, out, len, t2, tl);
    if (r1 || r2 || memcmp(ref, out, len) || memcmp(t1, t2, tl)) bad++;
    /* decryption in two jobs (whole blocks, then the rest), in place */
    const size_t h = (len / 2) & ~(size_t)15;
    cv_status_t r = cv_aead_start(&ctx, CV_DECRYPT, n, nl, al, len, tl);
    if (r == CV_OK) r = cv_aead_aad(&ctx, k, al);
    if (r == CV_OK) r = cv_aead_update(&ctx, out, out, h);
    if (r == CV_OK) r = cv_aead_update(&ctx, out + h, out + h, len - h);
    if (r == CV_OK) r = cv_aead_finish(&ctx, t2);
    if (r != CV_OK || memcmp(out, big, len)) bad++;
    if (tl && len) {  /* a forged tag: AUTH and the whole plaintext zeroed */
      t1[0] ^= 1;
      memset(out, 0xa5, len);
      if (cv_aead_decrypt(&ctx, n, nl, k, al, ref, out, len, t1, tl) != CV_ERR_AUTH ||
          !all_zero(out, len))
        bad++;
    }
  }
  CHECK_EQ(bad, 0);
  printf("%s: %u long texts\n", cv_backend_name(b), nlong);
  cv_aead_zeroize(&swc);
  cv_aead_zeroize(&ctx);
}

#endif

/* "cycles aes128_<alg>_<what>_<backend> N": the best of `runs` runs, less the mcycle overhead */
#define TIME_AEAD(alg, what, runs, call)                                                 \
  do {                                                                                   \
    uint32_t best_ = 0xffffffffu;                                                        \
    for (int r_ = 0; r_ < (runs); r_++) {                                                \
      uint32_t t0_ = cv_mcycle();                                                        \
      call;                                                                              \
      uint32_t t1_ = cv_mcycle();                                                        \
      if (t1_ - t0_ < best_) best_ = t1_ - t0_;                                          \
    }                                                                                    \
    printf("cycles aes128_%s_%s_%s %lu\n", alg, what, cv_backend_name(b),                 \
           (unsigned long)(best_ - overhead));                                           \
  } while (0)

static void timing(cv_backend_t b) {
  static const uint8_t k[16] = {7}, n[12] = {3};
  const uint32_t overhead = soc_mcycle_overhead();
  cv_status_t rc = CV_OK;
  for (int a = 0; a < 2; a++) {
    const char *an = a ? "ccm" : "gcm";
    const size_t t = a ? 8 : 16;
    CHECK_EQ(cv_aead_init(&ctx, algs[a], b, k, 16), CV_OK);
    TIME_AEAD(an, "pkt64_aad16", 3,
              rc |= cv_aead_encrypt(&ctx, n, 12, big, 16, big, out, 64, tag, t));
    if (b == CV_BACKEND_SW) continue;  /* the software baselines: fw/crypto's fw_aead */
    TIME_AEAD(an, "enc_4k", 2, rc |= cv_aead_encrypt(&ctx, n, 12, NULL, 0, big, out, 4096, tag, t));
    memcpy(ct4k, out, sizeof ct4k);
    TIME_AEAD(an, "dec_4k", 2, rc |= cv_aead_decrypt(&ctx, n, 12, NULL, 0, ct4k, out, 4096, tag, t));
    CHECK_MEM(out, big, sizeof big);
  }
  CHECK_EQ(rc, CV_OK);
  cv_aead_zeroize(&ctx);
}

/* The isa backend (an FW_ZK=1 image on the core with ZK = 1): the vectors, the refusals, then
 * texts of random lengths up to 4 KiB and random AAD against the sw backend (both directions,
 * tags too), and equal cycles for two unrelated keys, nonces and texts of one length. Without
 * the instructions in the image its init is CV_ERR_HW. */
#if defined(CV_ZK)
static uint8_t rnd8(uint32_t *x) {
  *x = *x * 1103515245u + 12345u;
  return (uint8_t)(*x >> 16);
}
#endif

static void isa_backend(void) {
  const cv_backend_t b = CV_BACKEND_ISA;
#if defined(CV_ZK)
  static cv_aead_ctx swc;
  uint32_t x = 0x1234567u;
  unsigned bad = 0;
  for (int i = 0; i < 8; i++) {
    uint8_t k[32], n[12], t1[16], t2[16];
    for (unsigned j = 0; j < sizeof k; j++) k[j] = rnd8(&x);
    for (unsigned j = 0; j < sizeof n; j++) n[j] = rnd8(&x);
    const size_t kl = 16u + 8u * (unsigned)(i % 3), len = (x >> 7) % 4097u, al = (x >> 3) % 64u;
    const cv_aead_alg_t alg = algs[i & 1];
    const size_t tl = (i & 1) ? 8 : 16, nl = (i & 1) ? 11 : 12;
    for (size_t j = 0; j < len; j++) big[j] = (uint8_t)(j * 13u + (unsigned)i);
    CHECK_EQ(cv_aead_init(&swc, alg, CV_BACKEND_SW, k, kl), CV_OK);
    CHECK_EQ(cv_aead_init(&ctx, alg, b, k, kl), CV_OK);
    CHECK_EQ(cv_aead_encrypt(&swc, n, nl, big + 1, al, big, ct4k, len, t1, tl), CV_OK);
    CHECK_EQ(cv_aead_encrypt(&ctx, n, nl, big + 1, al, big, out, len, t2, tl), CV_OK);
    bad += memcmp(out, ct4k, len) != 0 || memcmp(t1, t2, tl) != 0;
    CHECK_EQ(cv_aead_decrypt(&ctx, n, nl, big + 1, al, out, out, len, t1, tl), CV_OK);
    bad += memcmp(out, big, len) != 0;
  }
  CHECK_EQ(bad, 0);
  cv_aead_zeroize(&swc);
  /* equal cycles for unrelated keys, nonces and data of one length (GCM, 1 KiB) */
  uint32_t cyc[2];
  for (int r = 0; r < 2; r++) {
    uint8_t k[16], n[12];
    for (int j = 0; j < 16; j++) k[j] = (uint8_t)(r * 151 + j * 29);
    for (int j = 0; j < 12; j++) n[j] = (uint8_t)(r * 77 + j);
    for (int j = 0; j < 1024; j++) big[j] = (uint8_t)(r * 53 + j * 7);
    CHECK_EQ(cv_aead_init(&ctx, CV_AEAD_AES_GCM, b, k, 16), CV_OK);
    CHECK_EQ(cv_aead_encrypt(&ctx, n, 12, big, 16, big, out, 1024, tag, 16), CV_OK);
    const uint32_t t0 = cv_mcycle();
    const cv_status_t rc = cv_aead_encrypt(&ctx, n, 12, big, 16, big, out, 1024, tag, 16);
    cyc[r] = cv_mcycle() - t0;
    CHECK_EQ(rc, CV_OK);
  }
  CHECK_EQ(cyc[0], cyc[1]);
  for (unsigned i = 0; i < sizeof big; i++) big[i] = (uint8_t)(i * 7 + 1);
  vectors(b);
  refusals(b);
  timing(b);
  printf("aead isa done\n");
#else
  static const uint8_t k[16];
  CHECK_EQ(cv_aead_init(&ctx, CV_AEAD_AES_GCM, b, k, 16), CV_ERR_HW);
  printf("isa: not in this image\n");
#endif
}

int main(void) {
  for (unsigned i = 0; i < sizeof big; i++) big[i] = (uint8_t)(i * 7 + 1);
  const int hw = cv_aead_available();
  printf("hw: %s\n", hw ? "aead engine" : "no aead engine");
  static const cv_backend_t backends[5] = {CV_BACKEND_SW, CV_BACKEND_MMIO, CV_BACKEND_CPI,
                                           CV_BACKEND_CPI_DMA, CV_BACKEND_MMIO_DMA};
  for (int i = 0; i < 5; i++) {
    const cv_backend_t b = backends[i];
    on_dma = b == CV_BACKEND_CPI_DMA || b == CV_BACKEND_MMIO_DMA;
    if (b != CV_BACKEND_SW && !hw) {
      static const uint8_t k[16];
      CHECK_EQ(cv_aead_init(&ctx, CV_AEAD_AES_GCM, b, k, 16), CV_ERR_HW);
      continue;
    }
    vectors(b);
    refusals(b);
#if !defined(CV_ZK)
    if (b != CV_BACKEND_SW) shared_engine(b);
    if (on_dma) dma_rules(b, AEAD_LONG_TEXTS);
#endif
    timing(b);
    printf("aead %s done\n", cv_backend_name(b));
  }
  isa_backend();
  return cv_test_done();
}
