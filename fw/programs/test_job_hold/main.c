// SPDX-License-Identifier: Apache-2.0
/* test_job_hold: an AES background job holds the DMA from its start to its wait (the contract of
 * fw/drivers/README.md, "Background jobs"), found by the API fuzzing campaign
 * (adversarial/apifuzz.md). Every call runs GUARDED (guard_util.h).
 *  - A job the DMA refuses (in and out overlapping, left to the DMA's own check) must be named by
 *    its wait (CV_ERR_ARG), even when the other engines' calls come between the start and the
 *    wait: those that need the DMA are refused (CV_ERR_BUSY) and write nothing, since their job
 *    would replace the DMA status the wait reads (the wait then answered CV_OK, nothing written).
 *  - A refused init changes nothing: PRINCE's and ChaCha's inits on a DMA backend while the job
 *    holds the DMA answer CV_ERR_BUSY and leave the context with its old key.
 *  - SHA-3's one-call hash on a DMA backend while the job holds the DMA answers CV_ERR_BUSY and
 *    leaves another context's streaming message in the engine.
 * After the wait every engine works again. soc/tests/test_firmware.py runs it (exit 0,
 * "N passed, 0 failed"). */
#include <stdio.h>
#include <string.h>

#include "cv_aes.h"
#include "cv_chacha.h"
#include "cv_prince.h"
#include "cv_sha3.h"
#include "cv_test.h"
#include "guard_util.h"

static uint8_t buf[256] __attribute__((aligned(16)));
static uint8_t in[128] __attribute__((aligned(16)));
static uint8_t out[128 + 16] __attribute__((aligned(16)));
static uint8_t ref[128] __attribute__((aligned(16)));
static uint8_t iv[16] __attribute__((aligned(4)));
static const uint8_t key[32] = {0x60, 0x3d, 0xeb, 0x10, 0x15, 0xca, 0x71, 0xbe, 0x2b, 0x73, 0xae,
                                0xf0, 0x85, 0x7d, 0x77, 0x81, 0x1f, 0x35, 0x2c, 0x07, 0x3b, 0x61,
                                0x08, 0xd7, 0x2d, 0x98, 0x10, 0xa3, 0x09, 0x14, 0xdf, 0xf4};
static const uint8_t nonce[12] = {7, 6, 5, 4, 3, 2, 1, 0, 9, 8, 7, 6};
static cv_aes_ctx aes;
static cv_prince_ctx pr;
static cv_chacha_ctx ch;
static cv_sha3_ctx sh;

static void fill(uint8_t *p, size_t n, uint8_t seed) {
  for (size_t i = 0; i < n; i++) p[i] = (uint8_t)(seed + 37 * i);
}
static int all(const uint8_t *p, size_t n, uint8_t v) {
  for (size_t i = 0; i < n; i++)
    if (p[i] != v) return 0;
  return 1;
}

/* An AES job the DMA refuses: the start (by the context whose key is in the engine) issues it,
 * in and out overlap by 16 bytes. */
static void start_refused(cv_backend_t b) {
  EXPECT(cv_aes_init(&aes, b, key, 16), CV_OK);
  memset(iv, 0x11, 16);
  EXPECT(cv_aes_start(&aes, CV_AES_MODE_CTR, CV_ENCRYPT, iv, buf, buf + 16, 64), CV_OK);
}

static void check(cv_backend_t b) {
  /* references before the job: PRINCE ECB with the first key, ChaCha's first keystream, SHA-3 */
  EXPECT(cv_prince_init(&pr, b, key, 16), CV_OK);
  fill(in, 64, 1);
  EXPECT(cv_prince_ecb(&pr, CV_ENCRYPT, in, ref, 64), CV_OK);
  fill(buf, sizeof buf, 9);

  /* 1. the other engines' DMA calls between the start and the wait are refused */
  start_refused(b);
  memset(out, 0xE7, sizeof out);
  EXPECT(cv_prince_ecb(&pr, CV_ENCRYPT, in, out, 64), CV_ERR_BUSY);
  EXPECT(cv_sha3_hash(b, CV_SHA3_256, in, 64, out, 32), CV_ERR_BUSY);
  CHECK(all(out, sizeof out, 0xE7));
  EXPECT(cv_aes_wait(&aes, iv), CV_ERR_ARG);  /* the refused job, named */
  CHECK(all(iv, 16, 0x11));
  EXPECT(cv_prince_ecb(&pr, CV_ENCRYPT, in, out, 64), CV_OK);  /* works again */
  CHECK_MEM(out, ref, 64);

  /* 2. a refused init changes nothing */
  start_refused(b);
  EXPECT(cv_prince_init(&pr, b, key + 16, 16), CV_ERR_BUSY);
  EXPECT(cv_aes_wait(&aes, iv), CV_ERR_ARG);
  EXPECT(cv_prince_ecb(&pr, CV_ENCRYPT, in, out, 64), CV_OK);
  CHECK_MEM(out, ref, 64);  /* the first key */
  EXPECT(cv_chacha_init(&ch, b, key, 32, nonce, 12, 20), CV_OK);
  EXPECT(cv_chacha_keystream(&ch, ref, 64), CV_OK);
  EXPECT(cv_chacha_init(&ch, b, key, 32, nonce, 12, 20), CV_OK);
  start_refused(b);
  EXPECT(cv_chacha_init(&ch, b, key + 16, 16, nonce, 8, 8), CV_ERR_BUSY);
  EXPECT(cv_chacha_keystream(&ch, out, 64), CV_ERR_BUSY);
  EXPECT(cv_aes_wait(&aes, iv), CV_ERR_ARG);
  EXPECT(cv_chacha_keystream(&ch, out, 64), CV_OK);
  CHECK_MEM(out, ref, 64);  /* the first key and nonce, counter 0 */

  /* 3. the one-call hash does not take the engine from a streaming message while refused */
  EXPECT(cv_sha3_hash(CV_BACKEND_SW, CV_SHA3_256, in, 100, ref, 32), CV_OK);
  EXPECT(cv_sha3_init(&sh, CV_BACKEND_CPI, CV_SHA3_256), CV_OK);
  EXPECT(cv_sha3_update(&sh, in, 40), CV_OK);
  start_refused(b);
  EXPECT(cv_sha3_hash(b, CV_SHA3_512, in, 64, out, 64), CV_ERR_BUSY);
  EXPECT(cv_aes_wait(&aes, iv), CV_ERR_ARG);
  EXPECT(cv_sha3_update(&sh, in + 40, 60), CV_OK);
  EXPECT(cv_sha3_final(&sh, out, 32), CV_OK);
  CHECK_MEM(out, ref, 32);

  GUARDED_VOID(cv_aes_zeroize(&aes));
  GUARDED_VOID(cv_prince_zeroize(&pr));
  GUARDED_VOID(cv_chacha_zeroize(&ch));
}

int main(void) {
  check(CV_BACKEND_CPI_DMA);
  check(CV_BACKEND_MMIO_DMA);
  printf("job hold done\n");
  return cv_test_done();
}
