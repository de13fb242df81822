// SPDX-License-Identifier: Apache-2.0
/* test_aes_kat: the published NIST examples through cv_aes.h on every backend (sw, mmio, cpi,
 * cpi-dma, mmio-dma): FIPS-197 appendix C (AES-128/192/256, encrypt and decrypt), SP 800-38A
 * appendix F (ECB, CBC, CFB128, OFB, CTR, both directions, 4 blocks; each also as two calls
 * continued through the returned IV), SP 800-38B / RFC 4493 CMAC (0, 16, 40, 64 bytes). The
 * vectors are in aes_kat_vectors.h (fw/drivers/tests/gen_aes_kat.py). Buffers live in data
 * memory, 16-byte aligned, so the DMA backends take them directly. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "aes_kat_vectors.h"
#include "aes_test_util.h"

static uint8_t in[64] __attribute__((aligned(16)));
static uint8_t out[64] __attribute__((aligned(16)));
static uint8_t tag[16] __attribute__((aligned(16)));
static uint8_t iv[16];


/* One mode call (dir for ECB/CBC/CFB); OFB/CTR ignore dir. */
static int run_mode(cv_aes_ctx *c, int mode, int dir, uint8_t *v, const uint8_t *src,
                    uint8_t *dst, size_t len) {
  switch (mode) {
    case CV_AES_MODE_ECB: return cv_aes_ecb(c, dir, src, dst, len);
    case CV_AES_MODE_CBC: return cv_aes_cbc(c, dir, v, src, dst, len);
    case CV_AES_MODE_CFB128: return cv_aes_cfb128(c, dir, v, src, dst, len);
    case CV_AES_MODE_OFB: return cv_aes_ofb(c, v, src, dst, len);
    default: return cv_aes_ctr(c, v, src, dst, len);
  }
}

static void kat_backend(cv_backend_t b) {
  static cv_aes_ctx ctx;
  for (int s = 0; s < 3; s++) {
    const kat_set_t *k = &kat_sets[s];
    /* FIPS-197 appendix C */
    CHECK_EQ(cv_aes_init(&ctx, b, fips_key, (size_t)k->key_bytes), CV_OK);
    memcpy(in, fips_pt, 16);
    CHECK_EQ(cv_aes_ecb(&ctx, CV_ENCRYPT, in, out, 16), CV_OK);
    CHECK_MEM(out, k->fips_ct, 16);
    CHECK_EQ(cv_aes_ecb(&ctx, CV_DECRYPT, out, in, 16), CV_OK);
    CHECK_MEM(in, fips_pt, 16);

    /* SP 800-38A appendix F */
    CHECK_EQ(cv_aes_init(&ctx, b, k->key, (size_t)k->key_bytes), CV_OK);
    for (int mode = 0; mode <= CV_AES_MODE_CTR; mode++) {
      const uint8_t *iv0 = mode == CV_AES_MODE_CTR ? kat_ctr0 : kat_iv;
      for (int dir = 0; dir < 2; dir++) {
        const uint8_t *src = dir ? k->ct[mode] : kat_pt, *want = dir ? kat_pt : k->ct[mode];
        /* whole message in one call */
        memcpy(in, src, 64);
        memset(out, 0xAA, 64);
        memcpy(iv, iv0, 16);
        int rc = run_mode(&ctx, mode, dir, iv, in, out, 64);
        if (CHECK_EQ(rc, CV_OK) && !CHECK_MEM(out, want, 64))
          printf("  %s key %d mode %d dir %d\n", cv_backend_name(b), k->key_bytes, mode, dir);
        /* 1 + 3 blocks, continued through the returned IV; and in place */
        memcpy(out, in, 64);
        memcpy(iv, iv0, 16);
        CHECK_EQ(run_mode(&ctx, mode, dir, iv, out, out, 16), CV_OK);
        CHECK_EQ(run_mode(&ctx, mode, dir, iv, out + 16, out + 16, 48), CV_OK);
        CHECK_MEM(out, want, 64);
        if (mode == CV_AES_MODE_OFB || mode == CV_AES_MODE_CTR) break;  /* one direction */
      }
    }
    /* SP 800-38B appendix D / RFC 4493 */
    memcpy(in, kat_pt, 64);
    for (int m = 0; m < 4; m++) {
      memset(tag, 0, 16);
      CHECK_EQ(cv_aes_cmac(&ctx, in, kat_cmac_len[m], tag), CV_OK);
      if (!CHECK_MEM(tag, k->cmac[m], 16))
        printf("  %s cmac key %d len %u\n", cv_backend_name(b), k->key_bytes, kat_cmac_len[m]);
    }
  }
  cv_aes_zeroize(&ctx);
}

int main(void) {
  int hw = hw_check_present();
  for (int i = 0; i < AES_TEST_NB; i++) {
    cv_backend_t b = all_backends[i];
    if (!backend_runs(b, hw)) continue;
    kat_backend(b);
    printf("kat %s done\n", cv_backend_name(b));
  }
  return cv_test_done();
}
