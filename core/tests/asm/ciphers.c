// SPDX-License-Identifier: Apache-2.0
/* ciphers.c: the repository's software ciphers (fw/crypto) on the core bench, for the CPI on
   the software ciphers (the core's target: at most 1.3, core/README.md, "Costs (cycles per
   instruction)"). Each cipher runs on 256 bytes and must invert
   (AES-128, PRESENT-80, PRINCE: ECB decrypt of encrypt; ChaCha20: xor twice) or hash to the
   known SHA3-256 of the empty message. Returns 1 (pass) or (n << 1) | 1 when check n fails. */
#include "cv_aes_sw.h"
#include "cv_chacha_sw.h"
#include "cv_present_sw.h"
#include "cv_prince_sw.h"
#include "cv_sha3_sw.h"
#include "cv_status.h"

static uint8_t key[32], buf[256], enc[256], dec[256];
static const uint8_t sha3_empty[32] = {
  0xa7, 0xff, 0xc6, 0xf8, 0xbf, 0x1e, 0xd7, 0x66, 0x51, 0xc1, 0x47, 0x56, 0xa0, 0x61, 0xd6, 0x62,
  0xf5, 0x80, 0xff, 0x4d, 0xe4, 0x3b, 0x49, 0xfa, 0x82, 0xd8, 0x0a, 0x4b, 0x80, 0xf8, 0x43, 0x4a};

static int same(const uint8_t *a, const uint8_t *b, int n) {
  for (int i = 0; i < n; i++) if (a[i] != b[i]) return 0;
  return 1;
}

static int differs(const uint8_t *a, const uint8_t *b, int n) { return !same(a, b, n); }

int main(void) {
  for (int i = 0; i < 32; i++) key[i] = (uint8_t)(i * 13 + 1);
  for (int i = 0; i < 256; i++) buf[i] = (uint8_t)(i * 7 + 3);

  cv_aes_sw_ctx aes;
  if (cv_aes_sw_init(&aes, key, 16) != CV_OK) return (1 << 1) | 1;
  cv_aes_sw_ecb(&aes, CV_ENCRYPT, buf, enc, 256);
  cv_aes_sw_ecb(&aes, CV_DECRYPT, enc, dec, 256);
  if (!same(buf, dec, 256) || !differs(buf, enc, 256)) return (2 << 1) | 1;

  cv_chacha_sw_ctx cc;
  if (cv_chacha_sw_init(&cc, key, 32, key, 12, 20) != CV_OK) return (3 << 1) | 1;
  cv_chacha_sw_xor(&cc, buf, enc, 256);
  cv_chacha_sw_set_counter(&cc, 0);
  cv_chacha_sw_xor(&cc, enc, dec, 256);
  if (!same(buf, dec, 256) || !differs(buf, enc, 256)) return (4 << 1) | 1;

  cv_present_sw_ctx pr;
  if (cv_present_sw_init(&pr, key, 10) != CV_OK) return (5 << 1) | 1;
  cv_present_sw_ecb(&pr, CV_ENCRYPT, buf, enc, 256);
  cv_present_sw_ecb(&pr, CV_DECRYPT, enc, dec, 256);
  if (!same(buf, dec, 256) || !differs(buf, enc, 256)) return (6 << 1) | 1;

  cv_prince_sw_ctx pc;
  if (cv_prince_sw_init(&pc, key, 16) != CV_OK) return (7 << 1) | 1;
  cv_prince_sw_ecb(&pc, CV_ENCRYPT, buf, enc, 256);
  cv_prince_sw_ecb(&pc, CV_DECRYPT, enc, dec, 256);
  if (!same(buf, dec, 256) || !differs(buf, enc, 256)) return (8 << 1) | 1;

  uint8_t h[32];
  cv_sha3_sw_hash(CV_SHA3_256, buf, 0, h, 32);
  if (!same(h, sha3_empty, 32)) return (9 << 1) | 1;
  cv_sha3_sw_hash(CV_SHA3_256, buf, 256, h, 32);
  if (same(h, sha3_empty, 32)) return (10 << 1) | 1;
  return 1;
}
