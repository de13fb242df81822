// SPDX-License-Identifier: Apache-2.0
/* test_aes_rand: random keys, IVs, data and lengths through cv_aes.h on every hardware backend,
 * compared byte for byte (output and returned IV/counter) with the sw backend: every mode, key
 * size and direction, lengths 0..96 bytes (partial last blocks for CFB/OFB/CTR, any length
 * for CMAC), messages split into two calls continued through the IV, unaligned buffers on the
 * backends that take them, in-place operation, and two contexts with different keys used
 * alternately (the driver reloads the engine's key when the owner changes). */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "aes_test_util.h"

#define MAXLEN 96
static uint8_t key[32], iv0[16];
static uint8_t msg[MAXLEN + 16] __attribute__((aligned(16)));
static uint8_t ref[MAXLEN + 16] __attribute__((aligned(16)));
static uint8_t got[MAXLEN + 32] __attribute__((aligned(16)));
static uint8_t gin[MAXLEN + 32] __attribute__((aligned(16)));
static uint8_t ivr[16], ivg[16];
static cv_aes_ctx sw, hw, hw2;

static int call(cv_aes_ctx *c, int mode, int dir, uint8_t *v, const uint8_t *in, uint8_t *out,
                size_t len) {
  switch (mode) {
    case CV_AES_MODE_ECB: return cv_aes_ecb(c, dir, in, out, len);
    case CV_AES_MODE_CBC: return cv_aes_cbc(c, dir, v, in, out, len);
    case CV_AES_MODE_CFB128: return cv_aes_cfb128(c, dir, v, in, out, len);
    case CV_AES_MODE_OFB: return cv_aes_ofb(c, v, in, out, len);
    case CV_AES_MODE_CTR: return cv_aes_ctr(c, v, in, out, len);
    default: return cv_aes_cmac(c, in, len, out);
  }
}

static unsigned fails;
static void one(cv_backend_t b, int kb, int mode, int dir, size_t len, int split, int unal,
                int inplace) {
  int whole = mode == CV_AES_MODE_ECB || mode == CV_AES_MODE_CBC;
  rng_fill(msg, len);
  rng_fill(iv0, 16);
  memcpy(ivr, iv0, 16);
  memcpy(ivg, iv0, 16);
  int rr = call(&sw, mode, dir, ivr, msg, ref, len);
  CHECK_EQ(rr, CV_OK);
  size_t olen = mode == 5 ? 16 : len;
  uint8_t *in = gin + (unal ? 1 : 0), *out = got + (unal ? 3 : 0);
  if (inplace && mode != 5) out = in;
  memcpy(in, msg, len);
  memset(out + olen, 0x5A, 8);
  int rg;
  if (split && mode != 5 && len >= 16) {
    size_t first = 16 * (1 + rng() % (len / 16));
    if (first > len) first = len;
    rg = call(&hw, mode, dir, ivg, in, out, first);
    if (rg == CV_OK) rg = call(&hw, mode, dir, ivg, in + first, out + first, len - first);
  } else {
    rg = call(&hw, mode, dir, ivg, in, out, len);
  }
  (void)whole;
  int ok = CHECK_EQ(rg, CV_OK);
  ok &= CHECK_MEM(out, ref, olen);
  if (mode != CV_AES_MODE_ECB && mode != 5) ok &= CHECK_MEM(ivg, ivr, 16);
  static const uint8_t guard[8] = {0x5A, 0x5A, 0x5A, 0x5A, 0x5A, 0x5A, 0x5A, 0x5A};
  ok &= CHECK_MEM(out + olen, guard, 8);
  if (!ok && fails++ < 10)
    printf("  %s key %d mode %d dir %d len %u split %d unal %d inplace %d\n",
           cv_backend_name(b), kb, mode, dir, (unsigned)len, split, unal, inplace);
}

static void backend(cv_backend_t b) {
  int dma = b == CV_BACKEND_CPI_DMA || b == CV_BACKEND_MMIO_DMA;
  for (int kb = 16; kb <= 32; kb += 8) {
    rng_fill(key, 32);
    CHECK_EQ(cv_aes_init(&sw, CV_BACKEND_SW, key, (size_t)kb), CV_OK);
    CHECK_EQ(cv_aes_init(&hw, b, key, (size_t)kb), CV_OK);
    for (int mode = 0; mode <= 5; mode++) {
      int whole = mode == CV_AES_MODE_ECB || mode == CV_AES_MODE_CBC;
      int ndir = (mode <= CV_AES_MODE_CFB128) ? 2 : 1;
      for (int dir = 0; dir < ndir; dir++) {
        for (int rep = 0; rep < 3; rep++) {
          size_t len = rng() % (MAXLEN + 1);
          if (whole) len &= ~(size_t)15;
          if (rep == 0 && mode == 5) len = (kb == 16) ? 0 : 48;  /* empty and whole CMAC */
          one(b, kb, mode, dir, len, rep == 1, !dma && rep == 2, rep == 0 && !(rng() & 1));
        }
      }
    }
  }
  /* Two contexts with different keys, alternately: each call must use its own key. */
  uint8_t key2[32];
  rng_fill(key, 32);
  rng_fill(key2, 32);
  static cv_aes_ctx sw2;
  CHECK_EQ(cv_aes_init(&sw, CV_BACKEND_SW, key, 16), CV_OK);
  CHECK_EQ(cv_aes_init(&sw2, CV_BACKEND_SW, key2, 32), CV_OK);
  CHECK_EQ(cv_aes_init(&hw, b, key, 16), CV_OK);
  CHECK_EQ(cv_aes_init(&hw2, dma ? CV_BACKEND_CPI : CV_BACKEND_MMIO, key2, 32), CV_OK);
  for (int i = 0; i < 4; i++) {
    rng_fill(msg, 32);
    CHECK_EQ(cv_aes_ecb(&sw, CV_ENCRYPT, msg, ref, 32), CV_OK);
    CHECK_EQ(cv_aes_ecb(&hw, CV_ENCRYPT, msg, got, 32), CV_OK);
    CHECK_MEM(got, ref, 32);
    CHECK_EQ(cv_aes_ecb(&sw2, CV_DECRYPT, msg, ref, 32), CV_OK);
    CHECK_EQ(cv_aes_ecb(&hw2, CV_DECRYPT, msg, got, 32), CV_OK);
    CHECK_MEM(got, ref, 32);
  }
  cv_aes_zeroize(&hw2);
  cv_aes_zeroize(&hw);
}

int main(void) {
  int hw_ok = hw_check_present();
  for (int i = 1; i < AES_TEST_NB; i++) {
    if (!backend_runs(all_backends[i], hw_ok)) continue;
    backend(all_backends[i]);
    printf("rand %s done\n", cv_backend_name(all_backends[i]));
  }
  return cv_test_done();
}
