// SPDX-License-Identifier: Apache-2.0
/* perf_main.c: instruction counts of the software crypto baselines on RV32IM under Spike.
 *
 * Each figure is minstret after minus before, minus the cost of an empty measurement, for the
 * best of 3 runs. Results go as "name=value" lines into the .signature section, which Spike
 * dumps with +signature=FILE; a few known answers are checked first so the counts are for
 * working code. Exit code = number of failed checks. */
#include <stdint.h>
#include <string.h>

#include "cv_aes_sw.h"
#include "cv_ccm_sw.h"
#include "cv_chacha_sw.h"
#include "cv_chachapoly_sw.h"
#include "cv_gcm_sw.h"
#include "cv_poly1305_sw.h"
#include "cv_present_sw.h"
#include "cv_prince_sw.h"
#include "cv_sha2_sw.h"
#include "cv_sha3_sw.h"

__attribute__((section(".signature"), aligned(16))) char sig[12288];
static unsigned sig_pos;
static int failures;

static inline uint32_t instret(void) {
  uint32_t v;
  __asm__ volatile("csrr %0, minstret" : "=r"(v));
  return v;
}

static void put(const char *s) {
  while (*s && sig_pos < sizeof(sig) - 1) sig[sig_pos++] = *s++;
}

static void put_u(uint32_t v) {
  char b[12];
  int n = 0;
  do {
    b[n++] = (char)('0' + v % 10);
    v /= 10;
  } while (v);
  while (n) {
    char c[2] = {b[--n], 0};
    put(c);
  }
}

static void report(const char *name, uint32_t v) {
  put(name);
  put("=");
  put_u(v);
  put("\n");
}

static void fail(const char *name) {
  failures++;
  report(name, 0xdeadu);
}

static void check(const char *name, const uint8_t *got, const uint8_t *want, size_t n) {
  if (memcmp(got, want, n) != 0) {
    failures++;
    report(name, 0xdeadu);
  }
}

/* Measured bodies get their arguments through globals so the compiler cannot fold them. */
static cv_aes_sw_ctx aes, aes_ct;
static cv_prince_sw_ctx prince;
static cv_present_sw_ctx present;
static cv_chacha_sw_ctx chacha;
static cv_sha3_sw_ctx sha3;
static uint8_t key[32] __attribute__((aligned(4))), iv[16], blk[16], out[16];
static uint8_t big_in[1024] __attribute__((aligned(4)));
static uint8_t big_out[1024] __attribute__((aligned(4)));
static uint8_t md[64];
static uint32_t keccak_state[50];

typedef void (*body_fn)(void);
static uint32_t overhead;

static uint32_t measure(body_fn f) {
  uint32_t best = 0xffffffffu;
  for (int i = 0; i < 3; i++) {
    uint32_t t0 = instret();
    f();
    uint32_t t1 = instret();
    if (t1 - t0 < best) best = t1 - t0;
  }
  return best - overhead;
}

static void nothing(void) {}
static int klen;
static void b_aes_init(void) { cv_aes_sw_init(&aes, key, (size_t)klen); }
static void b_aes_init_ct(void) { cv_aes_sw_init_ct(&aes_ct, key, (size_t)klen); }
static void b_aes_enc(void) { cv_aes_sw_encrypt_block(&aes, blk, out); }
static void b_aes_dec(void) { cv_aes_sw_decrypt_block(&aes, blk, out); }
static void b_aes_ct_enc(void) { cv_aes_sw_encrypt_block(&aes_ct, blk, out); }
static void b_aes_ct_dec(void) { cv_aes_sw_decrypt_block(&aes_ct, blk, out); }
static void b_aes_ecb16(void) { cv_aes_sw_ecb(&aes, CV_ENCRYPT, blk, out, 16); }
static void b_aes_ecb1k(void) { cv_aes_sw_ecb(&aes, CV_ENCRYPT, big_in, big_out, 1024); }
static void b_aes_ecbd1k(void) { cv_aes_sw_ecb(&aes, CV_DECRYPT, big_in, big_out, 1024); }
static void b_aes_cbc1k(void) { cv_aes_sw_cbc(&aes, CV_ENCRYPT, iv, big_in, big_out, 1024); }
static void b_aes_cbcd1k(void) { cv_aes_sw_cbc(&aes, CV_DECRYPT, iv, big_in, big_out, 1024); }
static void b_aes_cfb1k(void) { cv_aes_sw_cfb128(&aes, CV_ENCRYPT, iv, big_in, big_out, 1024); }
static void b_aes_ofb1k(void) { cv_aes_sw_ofb(&aes, iv, big_in, big_out, 1024); }
static void b_aes_ctr1k(void) { cv_aes_sw_ctr(&aes, iv, big_in, big_out, 1024); }
static void b_aes_cmac1k(void) { cv_aes_sw_cmac(&aes, big_in, 1024, out); }
static void b_aes_ct_ecb1k(void) { cv_aes_sw_ecb(&aes_ct, CV_ENCRYPT, big_in, big_out, 1024); }
static void b_prince_init(void) { cv_prince_sw_init(&prince, key, 16); }
static void b_prince_enc(void) { cv_prince_sw_encrypt_block(&prince, blk, out); }
static void b_prince_dec(void) { cv_prince_sw_decrypt_block(&prince, blk, out); }
static void b_prince_ecb1k(void) { cv_prince_sw_ecb(&prince, CV_ENCRYPT, big_in, big_out, 1024); }
static void b_prince_ctr1k(void) { cv_prince_sw_ctr(&prince, iv, big_in, big_out, 1024); }
static void b_present_init(void) { cv_present_sw_init(&present, key, (size_t)klen); }
static void b_present_enc(void) { cv_present_sw_encrypt_block(&present, blk, out); }
static void b_present_dec(void) { cv_present_sw_decrypt_block(&present, blk, out); }
static void b_present_ecb1k(void) {
  cv_present_sw_ecb(&present, CV_ENCRYPT, big_in, big_out, 1024);
}
static void b_present_ctr1k(void) { cv_present_sw_ctr(&present, iv, big_in, big_out, 1024); }
static int rounds;
static void b_chacha_init(void) { cv_chacha_sw_init(&chacha, key, 32, iv, 8, rounds); }
static void b_chacha64(void) { cv_chacha_sw_xor(&chacha, big_in, big_out, 64); }
static void b_chacha1k(void) { cv_chacha_sw_xor(&chacha, big_in, big_out, 1024); }
static void b_keccakf(void) { cv_sha3_sw_keccakf(keccak_state); }
static int alg, mdlen;
static void b_sha3_64(void) { cv_sha3_sw_hash(alg, big_in, 64, md, (size_t)mdlen); }
static void b_sha3_1k(void) { cv_sha3_sw_hash(alg, big_in, 1024, md, (size_t)mdlen); }
static void b_sha3_0(void) { cv_sha3_sw_hash(alg, big_in, 0, md, (size_t)mdlen); }

/* AEADs: 4 KiB messages (the benchmark's size), a 64-byte packet with 16 bytes of AAD */
static cv_gcm_sw_ctx gcm;
static cv_ccm_sw_ctx ccm;
static cv_chachapoly_sw_ctx cp;
static uint8_t msg4k[4096] __attribute__((aligned(4)));
static uint8_t out4k[4096] __attribute__((aligned(4)));
static uint8_t dec4k[4096] __attribute__((aligned(4)));
static int dec_rc;  /* decryptions measure the ciphertext and tag the encryption just made */
static uint8_t tag[16], nonce[16], ghash_y[16];
static void b_gcm_init(void) { cv_gcm_sw_init(&gcm, key, (size_t)klen); }
static void b_gcm_enc4k(void) {
  cv_gcm_sw_encrypt(&gcm, nonce, 12, 0, 0, msg4k, out4k, 4096, tag, 16);
}
static void b_gcm_dec4k(void) {
  dec_rc |= cv_gcm_sw_decrypt(&gcm, nonce, 12, 0, 0, out4k, dec4k, 4096, tag, 16);
}
static void b_gcm_pkt(void) {
  cv_gcm_sw_encrypt(&gcm, nonce, 12, msg4k + 64, 16, msg4k, out4k, 64, tag, 16);
}
static void b_gcm_empty(void) { cv_gcm_sw_encrypt(&gcm, nonce, 12, 0, 0, 0, 0, 0, tag, 16); }
static void b_ghash(void) { cv_gcm_sw_ghash_block(&gcm, ghash_y, blk); }
static void b_ccm_enc4k(void) {
  cv_ccm_sw_encrypt(&ccm, nonce, 13, 0, 0, msg4k, out4k, 4096, tag, 16);
}
static void b_ccm_dec4k(void) {
  dec_rc |= cv_ccm_sw_decrypt(&ccm, nonce, 13, 0, 0, out4k, dec4k, 4096, tag, 16);
}
static void b_ccm_pkt(void) {
  cv_ccm_sw_encrypt(&ccm, nonce, 13, msg4k + 64, 16, msg4k, out4k, 64, tag, 16);
}
static void b_cp_enc4k(void) {
  cv_chachapoly_sw_encrypt(&cp, nonce, 12, 0, 0, msg4k, out4k, 4096, tag, 16);
}
static void b_cp_dec4k(void) {
  dec_rc |= cv_chachapoly_sw_decrypt(&cp, nonce, 12, 0, 0, out4k, dec4k, 4096, tag, 16);
}
static void b_cp_pkt(void) {
  cv_chachapoly_sw_encrypt(&cp, nonce, 12, msg4k + 64, 16, msg4k, out4k, 64, tag, 16);
}
static void b_poly4k(void) { cv_poly1305_sw_mac(key, msg4k, 4096, tag); }

/* Published answers: GCM test case 2 (McGrew-Viega), SP 800-38C example 1, RFC 8439 2.5.2
 * (Poly1305) and 2.8.2 (ChaCha20-Poly1305, first 16 ciphertext bytes and the tag). */
static void aead_known_answers(void) {
  static const uint8_t gcm_ct[16] = {0x03, 0x88, 0xda, 0xce, 0x60, 0xb6, 0xa3, 0x92,
                                     0xf3, 0x28, 0xc2, 0xb9, 0x71, 0xb2, 0xfe, 0x78};
  static const uint8_t gcm_tag[16] = {0xab, 0x6e, 0x47, 0xd4, 0x2c, 0xec, 0x13, 0xbd,
                                      0xf5, 0x3a, 0x67, 0xb2, 0x12, 0x57, 0xbd, 0xdf};
  static const uint8_t ccm_ct_tag[8] = {0x71, 0x62, 0x01, 0x5b, 0x4d, 0xac, 0x25, 0x5d};
  static const uint8_t poly_key[32] = {
      0x85, 0xd6, 0xbe, 0x78, 0x57, 0x55, 0x6d, 0x33, 0x7f, 0x44, 0x52, 0xfe, 0x42, 0xd5, 0x06,
      0xa8, 0x01, 0x03, 0x80, 0x8a, 0xfb, 0x0d, 0xb2, 0xfd, 0x4a, 0xbf, 0xf6, 0xaf, 0x41, 0x49,
      0xf5, 0x1b};
  static const uint8_t poly_tag[16] = {0xa8, 0x06, 0x1d, 0xc1, 0x30, 0x51, 0x36, 0xc6,
                                       0xc2, 0x2b, 0x8b, 0xaf, 0x0c, 0x01, 0x27, 0xa9};
  static const uint8_t cp_nonce[12] = {0x07, 0, 0, 0, 0x40, 0x41, 0x42, 0x43, 0x44, 0x45, 0x46,
                                       0x47};
  static const uint8_t cp_aad[12] = {0x50, 0x51, 0x52, 0x53, 0xc0, 0xc1, 0xc2, 0xc3,
                                     0xc4, 0xc5, 0xc6, 0xc7};
  static const uint8_t cp_ct[16] = {0xd3, 0x1a, 0x8d, 0x34, 0x64, 0x8e, 0x60, 0xdb,
                                    0x7b, 0x86, 0xaf, 0xbc, 0x53, 0xef, 0x7e, 0xc2};
  static const uint8_t cp_tag[16] = {0x1a, 0xe1, 0x0b, 0x59, 0x4f, 0x09, 0xe2, 0x6a,
                                     0x7e, 0x90, 0x2e, 0xcb, 0xd0, 0x60, 0x06, 0x91};
  static const char sunscreen[] =
      "Ladies and Gentlemen of the class of '99: If I could offer you only one tip for the "
      "future, sunscreen would be it.";
  static const char cfrg[] = "Cryptographic Forum Research Group";
  uint8_t k[32], n[16], a[16], p[128], c[128], t[16];
  memset(k, 0, sizeof(k));
  memset(p, 0, 16);
  cv_gcm_sw_init(&gcm, k, 16);
  cv_gcm_sw_encrypt(&gcm, k, 12, 0, 0, p, c, 16, t, 16);
  check("kat_gcm_ct", c, gcm_ct, 16);
  check("kat_gcm_tag", t, gcm_tag, 16);
  if (cv_gcm_sw_decrypt(&gcm, k, 12, 0, 0, c, c, 16, t, 16) != CV_OK) fail("kat_gcm_dec");
  t[0] ^= 1;
  if (cv_gcm_sw_decrypt(&gcm, k, 12, 0, 0, p, c, 16, t, 16) != CV_ERR_AUTH)
    fail("kat_gcm_forged");
  cv_gcm_sw_init_isa(&gcm, k, 16);
  cv_gcm_sw_encrypt(&gcm, k, 12, 0, 0, p, c, 16, t, 16);
  check("kat_gcm_isa_ct", c, gcm_ct, 16);
  check("kat_gcm_isa_tag", t, gcm_tag, 16);
  for (int i = 0; i < 16; i++) k[i] = (uint8_t)(0x40 + i), n[i] = (uint8_t)(0x10 + i);
  for (int i = 0; i < 8; i++) a[i] = (uint8_t)i;
  for (int i = 0; i < 4; i++) p[i] = (uint8_t)(0x20 + i);
  cv_ccm_sw_init(&ccm, k, 16);
  cv_ccm_sw_encrypt(&ccm, n, 7, a, 8, p, c, 4, c + 4, 4);
  check("kat_ccm", c, ccm_ct_tag, 8);
  cv_poly1305_sw_mac(poly_key, (const uint8_t *)cfrg, sizeof(cfrg) - 1, t);
  check("kat_poly1305", t, poly_tag, 16);
  for (int i = 0; i < 32; i++) k[i] = (uint8_t)(0x80 + i);
  cv_chachapoly_sw_init(&cp, k, 32);
  cv_chachapoly_sw_encrypt(&cp, cp_nonce, 12, cp_aad, 12, (const uint8_t *)sunscreen, c,
                           sizeof(sunscreen) - 1, t, 16);
  check("kat_chachapoly_ct", c, cp_ct, 16);
  check("kat_chachapoly_tag", t, cp_tag, 16);
}

/* SHA-2 and the AES isa version (Spike runs with Zkn: --isa=rv32im_zkn). */
static int impl;
static uint32_t h256[8];
static uint64_t h512[8];
static cv_aes_sw_ctx aes_isa;
static uint32_t ks[60];
static void b_sha256_block(void) {
  if (impl) cv_sha256_isa_blocks(h256, big_in, 1);
  else cv_sha256_sw_blocks(h256, big_in, 1);
}
static void b_sha512_block(void) {
  if (impl) cv_sha512_isa_blocks(h512, big_in, 1);
  else cv_sha512_sw_blocks(h512, big_in, 1);
}
static void b_sha256_1k(void) { cv_sha2_sw_hash(CV_SHA2_256, impl, big_in, 1024, md, 32); }
static void b_sha512_1k(void) { cv_sha2_sw_hash(CV_SHA2_512, impl, big_in, 1024, md, 64); }
static void b_hmac_1k(void) { cv_hmac_sha256_sw(impl, key, 32, big_in, 1024, md, 32); }
static void b_aes_isa_enc(void) { cv_aes_sw_encrypt_block(&aes_isa, blk, out); }
static void b_aes_isa_dec(void) { cv_aes_sw_decrypt_block(&aes_isa, blk, out); }
static void b_aes_isa_ecb1k(void) { cv_aes_sw_ecb(&aes_isa, CV_ENCRYPT, big_in, big_out, 1024); }
static void b_aes_isa_ks_enc(void) { cv_aes_isa_expand_enc(ks, key, 16); }
static void b_aes_isa_ks_dec(void) { cv_aes_isa_expand_dec(ks, aes_isa.ek, 10); }

static void isa_known_answers(void) {
  static const uint8_t sha256_abc[8] = {0xba, 0x78, 0x16, 0xbf, 0x8f, 0x01, 0xcf, 0xea};
  static const uint8_t sha512_abc[8] = {0xdd, 0xaf, 0x35, 0xa1, 0x93, 0x61, 0x7a, 0xba};
  uint8_t o[64], w[64];
  for (int i = 0; i < 2; i++) {
    cv_sha2_sw_hash(CV_SHA2_256, i, (const uint8_t *)"abc", 3, o, 32);
    check(i ? "kat_sha256_isa" : "kat_sha256", o, sha256_abc, 8);
    cv_sha2_sw_hash(CV_SHA2_512, i, (const uint8_t *)"abc", 3, o, 64);
    check(i ? "kat_sha512_isa" : "kat_sha512", o, sha512_abc, 8);
  }
  /* the isa AES against the table version: every key size, both directions */
  for (int kl = 16; kl <= 32; kl += 8) {
    cv_aes_sw_init(&aes, key, (size_t)kl);
    cv_aes_sw_init_isa(&aes_isa, key, (size_t)kl);
    cv_aes_sw_encrypt_block(&aes, blk, o);
    cv_aes_sw_encrypt_block(&aes_isa, blk, w);
    check("kat_aes_isa_enc", w, o, 16);
    cv_aes_sw_decrypt_block(&aes_isa, o, w);
    check("kat_aes_isa_dec", w, blk, 16);
  }
}

static void known_answers(void) {
  static const uint8_t aes_pt[16] = {0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77,
                                     0x88, 0x99, 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xff};
  static const uint8_t aes128_ct[16] = {0x69, 0xc4, 0xe0, 0xd8, 0x6a, 0x7b, 0x04, 0x30,
                                        0xd8, 0xcd, 0xb7, 0x80, 0x70, 0xb4, 0xc5, 0x5a};
  static const uint8_t aes256_ct[16] = {0x8e, 0xa2, 0xb7, 0xca, 0x51, 0x67, 0x45, 0xbf,
                                        0xea, 0xfc, 0x49, 0x90, 0x4b, 0x49, 0x60, 0x89};
  static const uint8_t present80_ct[8] = {0x55, 0x79, 0xc1, 0x38, 0x7b, 0x22, 0x84, 0x45};
  static const uint8_t prince_ct[8] = {0x81, 0x86, 0x65, 0xaa, 0x0d, 0x02, 0xdf, 0xda};
  static const uint8_t chacha20_tc1[16] = {0x76, 0xb8, 0xe0, 0xad, 0xa0, 0xf1, 0x3d, 0x90,
                                           0x40, 0x5d, 0x6a, 0xe5, 0x53, 0x86, 0xbd, 0x28};
  static const uint8_t sha3_512_abc[8] = {0xb7, 0x51, 0x85, 0x0b, 0x1a, 0x57, 0x16, 0x8a};
  uint8_t k[32], o[64], d[16];
  for (int i = 0; i < 32; i++) k[i] = (uint8_t)i;
  cv_aes_sw_init(&aes, k, 16);
  cv_aes_sw_encrypt_block(&aes, aes_pt, o);
  check("kat_aes128", o, aes128_ct, 16);
  cv_aes_sw_decrypt_block(&aes, o, d);
  check("kat_aes128_dec", d, aes_pt, 16);
  cv_aes_sw_init_ct(&aes_ct, k, 32);
  cv_aes_sw_encrypt_block(&aes_ct, aes_pt, o);
  check("kat_aes256_ct", o, aes256_ct, 16);
  cv_aes_sw_decrypt_block(&aes_ct, o, d);
  check("kat_aes256_ct_dec", d, aes_pt, 16);
  memset(k, 0, sizeof(k));
  memset(d, 0, sizeof(d));
  cv_present_sw_init(&present, k, 10);
  cv_present_sw_encrypt_block(&present, d, o);
  check("kat_present80", o, present80_ct, 8);
  cv_prince_sw_init(&prince, k, 16);
  cv_prince_sw_encrypt_block(&prince, d, o);
  check("kat_prince", o, prince_ct, 8);
  cv_chacha_sw_init(&chacha, k, 32, d, 8, 20);
  cv_chacha_sw_keystream(&chacha, o, 64);
  check("kat_chacha20", o, chacha20_tc1, 16);
  cv_sha3_sw_hash(CV_SHA3_512, (const uint8_t *)"abc", 3, o, 64);
  check("kat_sha3_512", o, sha3_512_abc, 8);
}

int main(void) {
  known_answers();
  aead_known_answers();
  overhead = 0;
  overhead = measure(nothing);
  for (int i = 0; i < 32; i++) key[i] = (uint8_t)(0x3c * i + 1);
  for (int i = 0; i < 16; i++) blk[i] = (uint8_t)(7 * i);
  for (int i = 0; i < 1024; i++) big_in[i] = (uint8_t)i;

  static const char *const aes_names[3][16] = {
      {"aes128_init", "aes128_init_ct", "aes128_enc_block", "aes128_dec_block",
       "aes128_ct_enc_block", "aes128_ct_dec_block", "aes128_ecb_16", "aes128_ecb_enc_1k",
       "aes128_ecb_dec_1k", "aes128_cbc_enc_1k", "aes128_cbc_dec_1k", "aes128_cfb_enc_1k",
       "aes128_ofb_1k", "aes128_ctr_1k", "aes128_cmac_1k", "aes128_ct_ecb_enc_1k"},
      {"aes192_init", "aes192_init_ct", "aes192_enc_block", "aes192_dec_block",
       "aes192_ct_enc_block", "aes192_ct_dec_block", "aes192_ecb_16", "aes192_ecb_enc_1k",
       "aes192_ecb_dec_1k", "aes192_cbc_enc_1k", "aes192_cbc_dec_1k", "aes192_cfb_enc_1k",
       "aes192_ofb_1k", "aes192_ctr_1k", "aes192_cmac_1k", "aes192_ct_ecb_enc_1k"},
      {"aes256_init", "aes256_init_ct", "aes256_enc_block", "aes256_dec_block",
       "aes256_ct_enc_block", "aes256_ct_dec_block", "aes256_ecb_16", "aes256_ecb_enc_1k",
       "aes256_ecb_dec_1k", "aes256_cbc_enc_1k", "aes256_cbc_dec_1k", "aes256_cfb_enc_1k",
       "aes256_ofb_1k", "aes256_ctr_1k", "aes256_cmac_1k", "aes256_ct_ecb_enc_1k"}};
  static const body_fn aes_bodies[16] = {
      b_aes_init, b_aes_init_ct, b_aes_enc, b_aes_dec, b_aes_ct_enc, b_aes_ct_dec, b_aes_ecb16,
      b_aes_ecb1k, b_aes_ecbd1k, b_aes_cbc1k, b_aes_cbcd1k, b_aes_cfb1k, b_aes_ofb1k,
      b_aes_ctr1k, b_aes_cmac1k, b_aes_ct_ecb1k};
  for (int s = 0; s < 3; s++) {
    klen = 16 + 8 * s;
    cv_aes_sw_init(&aes, key, (size_t)klen);
    cv_aes_sw_init_ct(&aes_ct, key, (size_t)klen);
    for (int b = 0; b < 16; b++) report(aes_names[s][b], measure(aes_bodies[b]));
  }

  report("prince_init", measure(b_prince_init));
  report("prince_enc_block", measure(b_prince_enc));
  report("prince_dec_block", measure(b_prince_dec));
  report("prince_ecb_enc_1k", measure(b_prince_ecb1k));
  report("prince_ctr_1k", measure(b_prince_ctr1k));
  klen = 10;
  report("present80_init", measure(b_present_init));
  report("present80_enc_block", measure(b_present_enc));
  report("present80_dec_block", measure(b_present_dec));
  report("present80_ecb_enc_1k", measure(b_present_ecb1k));
  report("present80_ctr_1k", measure(b_present_ctr1k));
  klen = 16;
  report("present128_init", measure(b_present_init));
  report("present128_enc_block", measure(b_present_enc));
  report("present128_dec_block", measure(b_present_dec));

  static const int rs[3] = {8, 12, 20};
  static const char *const cn[3][3] = {{"chacha8_init", "chacha8_64", "chacha8_1k"},
                                       {"chacha12_init", "chacha12_64", "chacha12_1k"},
                                       {"chacha20_init", "chacha20_64", "chacha20_1k"}};
  for (int i = 0; i < 3; i++) {
    rounds = rs[i];
    report(cn[i][0], measure(b_chacha_init));
    report(cn[i][1], measure(b_chacha64));
    report(cn[i][2], measure(b_chacha1k));
  }

  isa_known_answers();
  static const char *const hn[2][5] = {
      {"sha256_block", "sha512_block", "sha256_1k", "sha512_1k", "hmac_sha256_1k"},
      {"sha256_isa_block", "sha512_isa_block", "sha256_isa_1k", "sha512_isa_1k",
       "hmac_sha256_isa_1k"}};
  for (impl = 0; impl < 2; impl++) {
    report(hn[impl][0], measure(b_sha256_block));
    report(hn[impl][1], measure(b_sha512_block));
    report(hn[impl][2], measure(b_sha256_1k));
    report(hn[impl][3], measure(b_sha512_1k));
    report(hn[impl][4], measure(b_hmac_1k));
  }
  cv_aes_sw_init_isa(&aes_isa, key, 16);
  report("aes128_isa_enc_block", measure(b_aes_isa_enc));
  report("aes128_isa_dec_block", measure(b_aes_isa_dec));
  report("aes128_isa_ecb_enc_1k", measure(b_aes_isa_ecb1k));
  report("aes128_isa_key_sched_enc", measure(b_aes_isa_ks_enc));
  report("aes128_isa_key_sched_dec", measure(b_aes_isa_ks_dec));

  report("keccakf", measure(b_keccakf));
  static const char *const sn[6][3] = {
      {"sha3_224_0", "sha3_224_64", "sha3_224_1k"}, {"sha3_256_0", "sha3_256_64", "sha3_256_1k"},
      {"sha3_384_0", "sha3_384_64", "sha3_384_1k"}, {"sha3_512_0", "sha3_512_64", "sha3_512_1k"},
      {"shake128_0", "shake128_64", "shake128_1k"}, {"shake256_0", "shake256_64", "shake256_1k"}};
  static const int mds[6] = {28, 32, 48, 64, 32, 64};
  for (int i = 0; i < 6; i++) {
    alg = i;
    mdlen = mds[i];
    report(sn[i][0], measure(b_sha3_0));
    report(sn[i][1], measure(b_sha3_64));
    report(sn[i][2], measure(b_sha3_1k));
  }
  for (int i = 0; i < 4096; i++) msg4k[i] = (uint8_t)(i * 7);
  static const char *const gn[3][4] = {{"gcm128_init", "gcm128_enc_4k", "gcm128_dec_4k",
                                        "gcm128_pkt64_aad16"},
                                       {"gcm192_init", "gcm192_enc_4k", "gcm192_dec_4k",
                                        "gcm192_pkt64_aad16"},
                                       {"gcm256_init", "gcm256_enc_4k", "gcm256_dec_4k",
                                        "gcm256_pkt64_aad16"}};
  for (int s = 0; s < 3; s++) {
    klen = 16 + 8 * s;
    report(gn[s][0], measure(b_gcm_init));
    report(gn[s][1], measure(b_gcm_enc4k));
    report(gn[s][2], measure(b_gcm_dec4k));
    report(gn[s][3], measure(b_gcm_pkt));
  }
  cv_gcm_sw_init(&gcm, key, 16);
  report("gcm128_empty", measure(b_gcm_empty));
  report("ghash_block", measure(b_ghash));
  /* the isa version (GHASH on Zbkc, the AES on Zkne) */
  cv_gcm_sw_init_isa(&gcm, key, 16);
  report("gcm128_isa_enc_4k", measure(b_gcm_enc4k));
  report("gcm128_isa_pkt64_aad16", measure(b_gcm_pkt));
  report("ghash_isa_block", measure(b_ghash));
  cv_ccm_sw_init(&ccm, key, 16);
  report("ccm128_enc_4k", measure(b_ccm_enc4k));
  report("ccm128_dec_4k", measure(b_ccm_dec4k));
  report("ccm128_pkt64_aad16", measure(b_ccm_pkt));
  cv_ccm_sw_init_ct(&ccm, key, 16);
  report("ccm128_ct_enc_4k", measure(b_ccm_enc4k));
  cv_chachapoly_sw_init(&cp, key, 32);
  report("chachapoly_enc_4k", measure(b_cp_enc4k));
  report("chachapoly_dec_4k", measure(b_cp_dec4k));
  report("chachapoly_pkt64_aad16", measure(b_cp_pkt));
  report("poly1305_4k", measure(b_poly4k));
  if (dec_rc != CV_OK) fail("kat_aead_dec_4k");
  check("kat_aead_roundtrip_4k", dec4k, msg4k, 4096);
  report("failures", (uint32_t)failures);
  (void)sha3;
  return failures;
}
