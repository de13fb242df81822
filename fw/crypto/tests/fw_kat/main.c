// SPDX-License-Identifier: Apache-2.0
/* main.c: the software crypto library on the SoC: NIST/RFC known answers (generated header) for
 * AES (both implementations, all modes), SHA-3 and ChaCha20, VECTORS.md answers for PRINCE,
 * PRESENT and ChaCha8/20, bad-input codes, then cycle counts per operation ("cycles NAME N"). */
#include <stdio.h>
#include <string.h>

#include "crypto_kat_vectors.h"
#include "cv_aes_sw.h"
#include "cv_chacha_sw.h"
#include "cv_csr.h"
#include "cv_present_sw.h"
#include "cv_prince_sw.h"
#include "cv_sha3_sw.h"
#include "cv_test.h"
#include "../soc_timing.h"

#define D(off) (kat_data + (off))

static uint8_t buf[512], iv[16];
static cv_aes_sw_ctx aes;

static int run_aes(const kat_aes_t *v, int ct) {
  int rc = ct ? cv_aes_sw_init_ct(&aes, D(v->key), v->key_len)
              : cv_aes_sw_init(&aes, D(v->key), v->key_len);
  if (rc != CV_OK) return 0;
  memcpy(iv, D(v->iv), 16);
  switch (v->mode) {
    case 0: rc = cv_aes_sw_ecb(&aes, v->dir, D(v->in), buf, v->len); break;
    case 1: rc = cv_aes_sw_cbc(&aes, v->dir, iv, D(v->in), buf, v->len); break;
    case 2: rc = cv_aes_sw_cfb128(&aes, v->dir, iv, D(v->in), buf, v->len); break;
    case 3: rc = cv_aes_sw_ofb(&aes, iv, D(v->in), buf, v->len); break;
    case 4: rc = cv_aes_sw_ctr(&aes, iv, D(v->in), buf, v->len); break;
    default: rc = cv_aes_sw_cmac(&aes, D(v->in), v->len, buf); break;
  }
  size_t n = v->mode == 5 ? 16 : v->len;
  return rc == CV_OK && memcmp(buf, D(v->out), n) == 0;
}

static void hex(const char *s, uint8_t *out, size_t n) {
  for (size_t i = 0; i < n; i++) {
    unsigned hi = (unsigned)(s[2 * i] <= '9' ? s[2 * i] - '0' : (s[2 * i] | 32) - 'a' + 10);
    unsigned lo = (unsigned)(s[2 * i + 1] <= '9' ? s[2 * i + 1] - '0'
                                                 : (s[2 * i + 1] | 32) - 'a' + 10);
    out[i] = (uint8_t)(hi << 4 | lo);
  }
}

static void light_vectors(void) {
  /* VECTORS.md: PRINCE (k0 || k1), PRESENT-80/128, ChaCha TC1/TC8 */
  static const char *const prince[5][3] = {
      {"0000000000000000", "00000000000000000000000000000000", "818665aa0d02dfda"},
      {"ffffffffffffffff", "00000000000000000000000000000000", "604ae6ca03c20ada"},
      {"0000000000000000", "ffffffffffffffff0000000000000000", "9fb51935fc3df524"},
      {"0000000000000000", "0000000000000000ffffffffffffffff", "78a54cbe737bb7ef"},
      {"0123456789abcdef", "0000000000000000fedcba9876543210", "ae25ad3ca8fa9ccf"}};
  static const char *const present[8][3] = {
      {"00000000000000000000", "0000000000000000", "5579c1387b228445"},
      {"ffffffffffffffffffff", "0000000000000000", "e72c46c0f5945049"},
      {"00000000000000000000", "ffffffffffffffff", "a112ffc72f68417b"},
      {"ffffffffffffffffffff", "ffffffffffffffff", "3333dcd3213210d2"},
      {"00000000000000000000000000000000", "0000000000000000", "96db702a2e6900af"},
      {"ffffffffffffffffffffffffffffffff", "0000000000000000", "13238c710272a5d8"},
      {"00000000000000000000000000000000", "ffffffffffffffff", "3c6019e5e5edd563"},
      {"ffffffffffffffffffffffffffffffff", "ffffffffffffffff", "628d9fbd4218e5b4"}};
  static const char *const chacha[4][4] = {
      {"0000000000000000000000000000000000000000000000000000000000000000", "0000000000000000",
       "8", "3e00ef2f895f40d67f5bb8e81f09a5a1"},
      {"0000000000000000000000000000000000000000000000000000000000000000", "0000000000000000",
       "20", "76b8e0ada0f13d90405d6ae55386bd28"},
      {"c46ec1b18ce8a878725a37e780dfb7351f68ed2e194c79fbc6aebee1a667975d", "1ada31d5cf688221",
       "8", "838751b42d8ddd8a3d77f48825a2ba75"},
      {"c46ec1b18ce8a878725a37e780dfb7351f68ed2e194c79fbc6aebee1a667975d", "1ada31d5cf688221",
       "20", "f63a89b75c2271f9368816542ba52f06"}};
  uint8_t k[32], p[16], c[16], o[64];
  for (int i = 0; i < 5; i++) {
    cv_prince_sw_ctx x;
    hex(prince[i][0], p, 8);
    hex(prince[i][1], k, 16);
    hex(prince[i][2], c, 8);
    CHECK_EQ(cv_prince_sw_init(&x, k, 16), CV_OK);
    cv_prince_sw_encrypt_block(&x, p, o);
    CHECK_MEM(o, c, 8);
    cv_prince_sw_decrypt_block(&x, c, o);
    CHECK_MEM(o, p, 8);
  }
  for (int i = 0; i < 8; i++) {
    cv_present_sw_ctx x;
    size_t kl = strlen(present[i][0]) / 2;
    hex(present[i][0], k, kl);
    hex(present[i][1], p, 8);
    hex(present[i][2], c, 8);
    CHECK_EQ(cv_present_sw_init(&x, k, kl), CV_OK);
    cv_present_sw_encrypt_block(&x, p, o);
    CHECK_MEM(o, c, 8);
    cv_present_sw_decrypt_block(&x, c, o);
    CHECK_MEM(o, p, 8);
  }
  for (int i = 0; i < 4; i++) {
    cv_chacha_sw_ctx x;
    hex(chacha[i][0], k, 32);
    hex(chacha[i][1], p, 8);
    hex(chacha[i][3], c, 16);
    CHECK_EQ(cv_chacha_sw_init(&x, k, 32, p, 8, chacha[i][2][0] == '8' ? 8 : 20), CV_OK);
    CHECK_EQ(cv_chacha_sw_keystream(&x, o, 16), CV_OK);
    CHECK_MEM(o, c, 16);
  }
}

static void bad_inputs(void) {
  uint8_t k[32] = {0}, b[32];
  cv_aes_sw_ctx a;
  cv_present_sw_ctx pr;
  cv_chacha_sw_ctx ch;
  cv_sha3_sw_ctx s;
  CHECK_EQ(cv_aes_sw_init(&a, k, 20), CV_ERR_KEYLEN);
  CHECK_EQ(cv_aes_sw_init(&a, k, 16), CV_OK);
  memset(b, 0xa5, sizeof(b));
  CHECK_EQ(cv_aes_sw_ecb(&a, CV_ENCRYPT, k, b, 17), CV_ERR_LENGTH);
  CHECK_EQ(cv_aes_sw_cbc(&a, CV_DECRYPT, iv, k, b, 15), CV_ERR_LENGTH);
  CHECK(b[0] == 0xa5 && b[16] == 0xa5);
  CHECK_EQ(cv_present_sw_init(&pr, k, 12), CV_ERR_KEYLEN);
  CHECK_EQ(cv_chacha_sw_init(&ch, k, 32, k, 8, 10), CV_ERR_ROUNDS);
  CHECK_EQ(cv_sha3_sw_init(&s, CV_SHA3_256), CV_OK);
  CHECK_EQ(cv_sha3_sw_final(&s, b, 20), CV_ERR_OUTLEN);
}

/* cycles of one call, best of 3 (soc_timing.h) */
#define TIME(name, call) TIME_N(name, 3, call)

static void timing(void) {
  static uint8_t key[32], blk[16], out[64], big[1024] __attribute__((aligned(4)));
  static uint32_t keccak[50];
  const uint32_t overhead = soc_mcycle_overhead();
  cv_aes_sw_ctx a;
  TIME("aes128_init", cv_aes_sw_init(&a, key, 16));
  TIME("aes128_enc_block", cv_aes_sw_encrypt_block(&a, blk, out));
  TIME("aes128_dec_block", cv_aes_sw_decrypt_block(&a, blk, out));
  TIME("aes128_ecb_enc_1k", cv_aes_sw_ecb(&a, CV_ENCRYPT, big, big, 1024));
  TIME("aes128_ctr_1k", cv_aes_sw_ctr(&a, iv, big, big, 1024));
  cv_aes_sw_init(&a, key, 32);
  TIME("aes256_enc_block", cv_aes_sw_encrypt_block(&a, blk, out));
  cv_aes_sw_init_ct(&a, key, 16);
  TIME("aes128_ct_enc_block", cv_aes_sw_encrypt_block(&a, blk, out));
  cv_prince_sw_ctx pc;
  cv_prince_sw_init(&pc, key, 16);
  TIME("prince_enc_block", cv_prince_sw_encrypt_block(&pc, blk, out));
  cv_present_sw_ctx ps;
  cv_present_sw_init(&ps, key, 10);
  TIME("present80_enc_block", cv_present_sw_encrypt_block(&ps, blk, out));
  cv_chacha_sw_ctx cc;
  cv_chacha_sw_init(&cc, key, 32, blk, 8, 20);
  TIME("chacha20_64", cv_chacha_sw_xor(&cc, big, big, 64));
  cv_chacha_sw_init(&cc, key, 32, blk, 8, 8);
  TIME("chacha8_64", cv_chacha_sw_xor(&cc, big, big, 64));
  TIME("keccakf", cv_sha3_sw_keccakf(keccak));
  TIME("sha3_512_64", cv_sha3_sw_hash(CV_SHA3_512, big, 64, out, 64));
}

int main(void) {
  for (size_t i = 0; i < sizeof(kat_aes) / sizeof(kat_aes[0]); i++) {
    const kat_aes_t *v = &kat_aes[i];
    if (!run_aes(v, 0)) printf("AES table vector %u failed\n", (unsigned)i);
    CHECK(run_aes(v, 0));
    if (i % 4 == 0) CHECK(run_aes(v, 1));  /* constant-time: every 4th vector (15x slower) */
  }
  for (size_t i = 0; i < sizeof(kat_sha3) / sizeof(kat_sha3[0]); i++) {
    const kat_sha3_t *v = &kat_sha3[i];
    uint8_t md[64];
    CHECK_EQ(cv_sha3_sw_hash(v->alg, D(v->msg), v->len, md, v->md_len), CV_OK);
    CHECK_MEM(md, D(v->md), v->md_len);
  }
  for (size_t i = 0; i < sizeof(kat_chacha) / sizeof(kat_chacha[0]); i++) {
    const kat_chacha_t *v = &kat_chacha[i];
    cv_chacha_sw_ctx x;
    CHECK_EQ(cv_chacha_sw_init(&x, D(v->key), 32, D(v->nonce), 12, 20), CV_OK);
    cv_chacha_sw_set_counter(&x, v->counter);
    CHECK_EQ(cv_chacha_sw_xor(&x, D(v->in), buf, v->len), CV_OK);
    CHECK_MEM(buf, D(v->out), v->len);
  }
  light_vectors();
  bad_inputs();
  timing();
  return cv_test_done();
}
