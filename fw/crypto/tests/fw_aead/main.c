// SPDX-License-Identifier: Apache-2.0
/* main.c: the software AEADs on the SoC: a sample of the CAVP GCM and CCM files and the RFC 8439
 * ChaCha20-Poly1305 and Poly1305 vectors (generated header), forged tags, refused inputs,
 * streaming against one-shot, cycles that must not depend on the tag, key or data, then cycle
 * counts per operation ("cycles NAME N"). */
#include <stdio.h>
#include <string.h>

#include "crypto_aead_vectors.h"
#include "cv_ccm_sw.h"
#include "cv_chachapoly_sw.h"
#include "cv_csr.h"
#include "cv_gcm_sw.h"
#include "cv_poly1305_sw.h"
#include "cv_test.h"
#include "../soc_timing.h"

#define D(off) (aead_data + (off))

static cv_gcm_sw_ctx gcm;
static cv_ccm_sw_ctx ccm;
static cv_chachapoly_sw_ctx cp;
static uint8_t out[512], tag[16];

typedef cv_status_t (*enc_fn)(void *, const uint8_t *, size_t, const uint8_t *, size_t,
                              const uint8_t *, uint8_t *, size_t, uint8_t *, size_t);
typedef cv_status_t (*dec_fn)(void *, const uint8_t *, size_t, const uint8_t *, size_t,
                              const uint8_t *, uint8_t *, size_t, const uint8_t *, size_t);

static int run(const kat_aead_t *v) {
  if (v->alg == 3) {
    cv_poly1305_sw_mac(D(v->key), D(v->pt), v->len, tag);
    return memcmp(tag, D(v->tag), 16) == 0;
  }
  void *c;
  enc_fn enc;
  dec_fn dec;
  cv_status_t rc;
  if (v->alg == 0) {
    c = &gcm, rc = cv_gcm_sw_init(&gcm, D(v->key), v->key_len);
    enc = (enc_fn)cv_gcm_sw_encrypt, dec = (dec_fn)cv_gcm_sw_decrypt;
  } else if (v->alg == 1) {
    c = &ccm, rc = cv_ccm_sw_init(&ccm, D(v->key), v->key_len);
    enc = (enc_fn)cv_ccm_sw_encrypt, dec = (dec_fn)cv_ccm_sw_decrypt;
  } else {
    c = &cp, rc = cv_chachapoly_sw_init(&cp, D(v->key), v->key_len);
    enc = (enc_fn)cv_chachapoly_sw_encrypt, dec = (dec_fn)cv_chachapoly_sw_decrypt;
  }
  if (rc != CV_OK) return 0;
  if (!v->fail) {
    memset(tag, 0xa5, 16);
    rc = enc(c, D(v->nonce), v->nonce_len, D(v->aad), v->aad_len, D(v->pt), out, v->len, tag,
             v->tag_len);
    if (rc != CV_OK || memcmp(out, D(v->ct), v->len) || memcmp(tag, D(v->tag), v->tag_len))
      return 0;
  }
  memset(out, 0xa5, v->len);
  rc = dec(c, D(v->nonce), v->nonce_len, D(v->aad), v->aad_len, D(v->ct), out, v->len,
           D(v->tag), v->tag_len);
  if (v->fail) {
    for (unsigned i = 0; i < v->len; i++)
      if (out[i]) return 0;
    return rc == CV_ERR_AUTH;
  }
  if (rc != CV_OK || memcmp(out, D(v->pt), v->len)) return 0;
  /* a forged tag: one bit of the last byte */
  uint8_t t[16];
  memcpy(t, D(v->tag), v->tag_len);
  t[v->tag_len - 1] ^= 0x10;
  rc = dec(c, D(v->nonce), v->nonce_len, D(v->aad), v->aad_len, D(v->ct), out, v->len, t,
           v->tag_len);
  for (unsigned i = 0; i < v->len; i++)
    if (out[i]) return 0;
  return rc == CV_ERR_AUTH;
}

static void bad_inputs(void) {
  uint8_t k[32] = {0}, b[32];
  CHECK_EQ(cv_gcm_sw_init(&gcm, k, 20), CV_ERR_KEYLEN);
  CHECK_EQ(cv_ccm_sw_init(&ccm, k, 8), CV_ERR_KEYLEN);
  CHECK_EQ(cv_chachapoly_sw_init(&cp, k, 16), CV_ERR_KEYLEN);
  CHECK_EQ(cv_gcm_sw_init(&gcm, k, 16), CV_OK);
  CHECK_EQ(cv_ccm_sw_init(&ccm, k, 16), CV_OK);
  CHECK_EQ(cv_chachapoly_sw_init(&cp, k, 32), CV_OK);
  memset(b, 0xa5, sizeof(b));
  CHECK_EQ(cv_gcm_sw_encrypt(&gcm, k, 12, 0, 0, k, b, 16, b + 16, 11), CV_ERR_OUTLEN);
  CHECK_EQ(cv_gcm_sw_encrypt(&gcm, k, 0, 0, 0, k, b, 16, b + 16, 16), CV_ERR_ARG);
  CHECK_EQ(cv_ccm_sw_encrypt(&ccm, k, 13, 0, 0, k, b, 16, b + 16, 5), CV_ERR_OUTLEN);
  CHECK_EQ(cv_ccm_sw_encrypt(&ccm, k, 6, 0, 0, k, b, 16, b + 16, 8), CV_ERR_ARG);
  CHECK_EQ(cv_chachapoly_sw_encrypt(&cp, k, 8, 0, 0, k, b, 16, b + 16, 16), CV_ERR_ARG);
  CHECK_EQ(cv_chachapoly_sw_encrypt(&cp, k, 12, 0, 0, k, b, 16, b + 16, 12), CV_ERR_OUTLEN);
  for (int i = 0; i < 32; i++) CHECK_EQ(b[i], 0xa5);  /* refused calls wrote nothing */
  /* CCM*: tag length 0 is encryption only; its keystream is CCM's (same counter blocks) */
  CHECK_EQ(cv_ccm_sw_encrypt(&ccm, k, 13, k, 4, k, b, 20, 0, 0), CV_OK);
  CHECK_EQ(cv_ccm_sw_encrypt(&ccm, k, 13, k, 4, k, out, 20, tag, 8), CV_OK);
  CHECK_MEM(b, out, 20);
  CHECK_EQ(cv_ccm_sw_decrypt(&ccm, k, 13, 0, 0, b, b, 20, 0, 0), CV_OK);
  CHECK_MEM(b, k, 20);
}

/* Streaming with uneven pieces gives the one-shot's bytes. */
static void streaming(void) {
  static uint8_t msg[300], ct1[300], ct2[300];
  uint8_t k[32], n[13], t1[16], t2[16];
  for (int i = 0; i < 300; i++) msg[i] = (uint8_t)(i * 13 + 1);
  for (int i = 0; i < 32; i++) k[i] = (uint8_t)(i + 3);
  for (int i = 0; i < 13; i++) n[i] = (uint8_t)(i * 5);
  static const size_t cuts[] = {0, 1, 17, 33, 64, 65, 190, 300};
  cv_gcm_sw_init(&gcm, k, 16);
  CHECK_EQ(cv_gcm_sw_encrypt(&gcm, n, 12, msg, 21, msg, ct1, 300, t1, 16), CV_OK);
  CHECK_EQ(cv_gcm_sw_start(&gcm, CV_ENCRYPT, n, 12, 16), CV_OK);
  CHECK_EQ(cv_gcm_sw_aad(&gcm, msg, 5), CV_OK);
  CHECK_EQ(cv_gcm_sw_aad(&gcm, msg + 5, 16), CV_OK);
  for (int i = 0; i < 7; i++)
    CHECK_EQ(cv_gcm_sw_update(&gcm, msg + cuts[i], ct2 + cuts[i], cuts[i + 1] - cuts[i]), CV_OK);
  CHECK_EQ(cv_gcm_sw_finish(&gcm, t2), CV_OK);
  CHECK_MEM(ct2, ct1, 300);
  CHECK_MEM(t2, t1, 16);
  cv_ccm_sw_init(&ccm, k, 24);
  CHECK_EQ(cv_ccm_sw_encrypt(&ccm, n, 13, msg, 21, msg, ct1, 300, t1, 10), CV_OK);
  CHECK_EQ(cv_ccm_sw_start(&ccm, CV_DECRYPT, n, 13, 21, 300, 10), CV_OK);
  CHECK_EQ(cv_ccm_sw_aad(&ccm, msg, 20), CV_OK);
  CHECK_EQ(cv_ccm_sw_aad(&ccm, msg + 20, 1), CV_OK);
  for (int i = 0; i < 7; i++)
    CHECK_EQ(cv_ccm_sw_update(&ccm, ct1 + cuts[i], ct2 + cuts[i], cuts[i + 1] - cuts[i]), CV_OK);
  CHECK_EQ(cv_ccm_sw_verify(&ccm, t1), CV_OK);
  CHECK_MEM(ct2, msg, 300);
  cv_chachapoly_sw_init(&cp, k, 32);
  CHECK_EQ(cv_chachapoly_sw_encrypt(&cp, n, 12, msg, 21, msg, ct1, 300, t1, 16), CV_OK);
  CHECK_EQ(cv_chachapoly_sw_start(&cp, CV_ENCRYPT, n, 12), CV_OK);
  CHECK_EQ(cv_chachapoly_sw_aad(&cp, msg, 21), CV_OK);
  for (int i = 0; i < 7; i++)
    CHECK_EQ(cv_chachapoly_sw_update(&cp, msg + cuts[i], ct2 + cuts[i], cuts[i + 1] - cuts[i]),
             CV_OK);
  CHECK_EQ(cv_chachapoly_sw_finish(&cp, t2), CV_OK);
  CHECK_MEM(ct2, ct1, 300);
  CHECK_MEM(t2, t1, 16);
}

/* cycles of one call, best of `runs` (soc_timing.h; 3 as in fw_kat, 2 for the 4 KiB calls,
 * whose second run already has the branch target buffer warm, to keep the simulation short) */
#define TIME(name, call) TIME_N(name, 3, call)
#define TIME4K(name, call) TIME_N(name, 2, call)

/* verify takes the same cycles whether the tag is right, wrong in its first byte or wrong in its
 * last (the message and thus every table index are the same; only the compared tag differs). */
static uint32_t verify_cycles(int alg, const uint8_t *t) {
  static const uint8_t n[13], m[40];
  uint8_t o[40];
  uint32_t best = 0xffffffffu;
  for (int r = 0; r < 3; r++) {
    uint32_t t0 = 0, t1 = 0;
    if (alg == 0) {
      cv_gcm_sw_start(&gcm, CV_DECRYPT, n, 12, 16);
      cv_gcm_sw_update(&gcm, m, o, 40);
      t0 = cv_mcycle();
      cv_gcm_sw_verify(&gcm, t);
      t1 = cv_mcycle();
    } else if (alg == 1) {
      cv_ccm_sw_start(&ccm, CV_DECRYPT, n, 13, 0, 40, 16);
      cv_ccm_sw_update(&ccm, m, o, 40);
      t0 = cv_mcycle();
      cv_ccm_sw_verify(&ccm, t);
      t1 = cv_mcycle();
    } else {
      cv_chachapoly_sw_start(&cp, CV_DECRYPT, n, 12);
      cv_chachapoly_sw_update(&cp, m, o, 40);
      t0 = cv_mcycle();
      cv_chachapoly_sw_verify(&cp, t);
      t1 = cv_mcycle();
    }
    if (t1 - t0 < best) best = t1 - t0;
  }
  return best;
}

static void constant_time_verify(void) {
  static const uint8_t k[32], n[13], m[40];
  uint8_t o[40], good[16], bad0[16], bad15[16];
  cv_gcm_sw_init(&gcm, k, 16);
  cv_ccm_sw_init(&ccm, k, 16);
  cv_chachapoly_sw_init(&cp, k, 32);
  for (int alg = 0; alg < 3; alg++) {
    if (alg == 0) cv_gcm_sw_encrypt(&gcm, n, 12, 0, 0, m, o, 40, good, 16);
    if (alg == 1) cv_ccm_sw_encrypt(&ccm, n, 13, 0, 0, m, o, 40, good, 16);
    if (alg == 2) cv_chachapoly_sw_encrypt(&cp, n, 12, 0, 0, m, o, 40, good, 16);
    memcpy(bad0, good, 16);
    memcpy(bad15, good, 16);
    bad0[0] ^= 0xff;
    bad15[15] ^= 0x01;
    uint32_t c_good = verify_cycles(alg, good), c0 = verify_cycles(alg, bad0);
    uint32_t c15 = verify_cycles(alg, bad15);
    printf("verify cycles alg %d: right %lu, byte 0 wrong %lu, byte 15 wrong %lu\n", alg,
           (unsigned long)c_good, (unsigned long)c0, (unsigned long)c15);
    CHECK_EQ(c0, c_good);
    CHECK_EQ(c15, c_good);
  }
}

/* Encryption and (successful) decryption take the same cycles under two unrelated keys, nonces,
 * AADs and texts of the same lengths: no branch or wait depends on secret data. */
static uint32_t aead_cycles(int alg, int dec, const uint8_t *k, const uint8_t *n,
                            const uint8_t *a, const uint8_t *m, uint8_t *o, uint8_t *t) {
  uint32_t best = 0xffffffffu;
  for (int r = 0; r < 3; r++) {
    uint32_t t0 = cv_mcycle();
    if (alg == 0) {
      cv_gcm_sw_init(&gcm, k, 16);
      if (dec) cv_gcm_sw_decrypt(&gcm, n, 12, a, 16, m, o, 100, t, 16);
      else cv_gcm_sw_encrypt(&gcm, n, 12, a, 16, m, o, 100, t, 16);
    } else if (alg == 1) {
      cv_ccm_sw_init(&ccm, k, 16);
      if (dec) cv_ccm_sw_decrypt(&ccm, n, 13, a, 16, m, o, 100, t, 16);
      else cv_ccm_sw_encrypt(&ccm, n, 13, a, 16, m, o, 100, t, 16);
    } else {
      cv_chachapoly_sw_init(&cp, k, 32);
      if (dec) cv_chachapoly_sw_decrypt(&cp, n, 12, a, 16, m, o, 100, t, 16);
      else cv_chachapoly_sw_encrypt(&cp, n, 12, a, 16, m, o, 100, t, 16);
    }
    uint32_t t1 = cv_mcycle();
    if (t1 - t0 < best) best = t1 - t0;
  }
  return best;
}

static void constant_time_data(void) {
  static uint8_t k[2][32], n[2][13], a[2][16], m[2][100] __attribute__((aligned(4)));
  static uint8_t c[2][100] __attribute__((aligned(4))), o[100] __attribute__((aligned(4)));
  uint8_t t[2][16];
  for (int i = 0; i < 32; i++) k[0][i] = (uint8_t)i, k[1][i] = (uint8_t)(0xff - 37 * i);
  for (int i = 0; i < 13; i++) n[0][i] = 0, n[1][i] = (uint8_t)(0x5a + 29 * i);
  for (int i = 0; i < 16; i++) a[0][i] = 0, a[1][i] = (uint8_t)(0xc3 ^ (11 * i));
  for (int i = 0; i < 100; i++) m[0][i] = 0, m[1][i] = (uint8_t)(0xa5 + 73 * i);
  for (int alg = 0; alg < 3; alg++) {
    uint32_t e0 = aead_cycles(alg, 0, k[0], n[0], a[0], m[0], c[0], t[0]);
    uint32_t e1 = aead_cycles(alg, 0, k[1], n[1], a[1], m[1], c[1], t[1]);
    uint32_t d0 = aead_cycles(alg, 1, k[0], n[0], a[0], c[0], o, t[0]);
    CHECK_MEM(o, m[0], 100);
    uint32_t d1 = aead_cycles(alg, 1, k[1], n[1], a[1], c[1], o, t[1]);
    CHECK_MEM(o, m[1], 100);
    printf("init+encrypt cycles alg %d: %lu %lu, init+decrypt %lu %lu\n", alg,
           (unsigned long)e0, (unsigned long)e1, (unsigned long)d0, (unsigned long)d1);
    CHECK_EQ(e1, e0);
    CHECK_EQ(d1, d0);
  }
}

static void timing(void) {
  /* 4 KiB, the benchmark's size; decryptions take the ciphertext and tag just made */
  static uint8_t pt[4096] __attribute__((aligned(4))), ct[4096] __attribute__((aligned(4)));
  static uint8_t back[4096] __attribute__((aligned(4)));
  uint8_t key[32], n[13] = {0}, t[16], aad[16];
  const uint32_t overhead = soc_mcycle_overhead();
  for (int i = 0; i < 32; i++) key[i] = (uint8_t)(0x3c * i + 1);
  for (int i = 0; i < 16; i++) aad[i] = (uint8_t)(i + 100);
  for (int i = 0; i < 4096; i++) pt[i] = (uint8_t)(i * 7);
  cv_status_t rc = CV_OK;
  TIME("gcm128_init", cv_gcm_sw_init(&gcm, key, 16));
  TIME4K("gcm128_enc_4k", cv_gcm_sw_encrypt(&gcm, n, 12, 0, 0, pt, ct, 4096, t, 16));
  TIME4K("gcm128_dec_4k", rc |= cv_gcm_sw_decrypt(&gcm, n, 12, 0, 0, ct, back, 4096, t, 16));
  CHECK_MEM(back, pt, 4096);
  TIME("gcm128_pkt64_aad16", cv_gcm_sw_encrypt(&gcm, n, 12, aad, 16, pt, ct, 64, t, 16));
  TIME("ghash_block", cv_gcm_sw_ghash_block(&gcm, t, aad));
  cv_ccm_sw_init(&ccm, key, 16);
  TIME4K("ccm128_enc_4k", cv_ccm_sw_encrypt(&ccm, n, 13, 0, 0, pt, ct, 4096, t, 16));
  TIME4K("ccm128_dec_4k", rc |= cv_ccm_sw_decrypt(&ccm, n, 13, 0, 0, ct, back, 4096, t, 16));
  CHECK_MEM(back, pt, 4096);
  TIME("ccm128_pkt64_aad16", cv_ccm_sw_encrypt(&ccm, n, 13, aad, 16, pt, ct, 64, t, 16));
  cv_chachapoly_sw_init(&cp, key, 32);
  TIME4K("chachapoly_enc_4k", cv_chachapoly_sw_encrypt(&cp, n, 12, 0, 0, pt, ct, 4096, t, 16));
  TIME4K("chachapoly_dec_4k",
       rc |= cv_chachapoly_sw_decrypt(&cp, n, 12, 0, 0, ct, back, 4096, t, 16));
  CHECK_MEM(back, pt, 4096);
  TIME("chachapoly_pkt64_aad16",
       cv_chachapoly_sw_encrypt(&cp, n, 12, aad, 16, pt, ct, 64, t, 16));
  CHECK_EQ(rc, CV_OK);
}

int main(void) {
  int per_alg[4] = {0, 0, 0, 0};
  for (size_t i = 0; i < sizeof(kat_aead) / sizeof(kat_aead[0]); i++) {
    int ok = run(&kat_aead[i]);
    if (!ok) printf("AEAD vector %u (alg %u) failed\n", (unsigned)i, kat_aead[i].alg);
    per_alg[kat_aead[i].alg] += ok;
    CHECK(ok);
  }
  printf("vectors: %d GCM, %d CCM, %d ChaCha20-Poly1305, %d Poly1305\n", per_alg[0], per_alg[1],
         per_alg[2], per_alg[3]);
  bad_inputs();
  streaming();
  constant_time_verify();
  constant_time_data();
  timing();
  return cv_test_done();
}
