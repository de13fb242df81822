// SPDX-License-Identifier: Apache-2.0
/* bench_light_drv.c: the hardware backends (mmio, cpi, cpi-dma, mmio-dma) of PRINCE, PRESENT,
 * ChaCha and SHA-3 through their driver APIs (fw/drivers: cv_prince.h, cv_present.h,
 * cv_chacha.h, cv_sha3.h). One runner per engine; the case's coupling is the backend
 * (BENCH_COUPLING_* and CV_BACKEND_* share their numbering), so the rows of one engine differ
 * only in how the data moves. The work measured and the output checked are those of the
 * software runners (bench_light_sw.c): init (key setup; check: one block / 64 bytes of
 * keystream), ECB, CTR, keystream (from counter 0, no input), xor (the message XOR the
 * keystream), hash (SHAKE: 64 bytes). */
#include "bench.h"
#include "cv_chacha.h"
#include "cv_present.h"
#include "cv_prince.h"
#include "cv_sha3.h"

_Static_assert((int)BENCH_COUPLING_MMIO == (int)CV_BACKEND_MMIO &&
                   (int)BENCH_COUPLING_CPI == (int)CV_BACKEND_CPI &&
                   (int)BENCH_COUPLING_CPI_DMA == (int)CV_BACKEND_CPI_DMA &&
                   (int)BENCH_COUPLING_MMIO_DMA == (int)CV_BACKEND_MMIO_DMA,
               "coupling ids are backend ids");

static union {
  cv_prince_ctx prince;
  cv_present_ctx present;
  cv_chacha_ctx chacha;
} ctx;

/* PRINCE and PRESENT share the runner: the same calls with the engine's functions. */
#define RUN_BLOCK64(P)                                                              \
  do {                                                                              \
    cv_backend_t b = (cv_backend_t)c->coupling;                                     \
    int dir = c->dir == BENCH_DIR_DECRYPT ? CV_DECRYPT : CV_ENCRYPT;                \
    if (c->mode == BENCH_MODE_INIT) {                                               \
      BENCH_BEGIN(r);                                                               \
      r->status = cv_##P##_init(&ctx.P, b, key, c->key_bytes);                      \
      BENCH_END(r);                                                                 \
      if (r->status == CV_OK) r->status = cv_##P##_ecb(&ctx.P, CV_ENCRYPT, in, out, 8); \
      r->out_len = 8;                                                               \
      break;                                                                        \
    }                                                                               \
    r->status = cv_##P##_init(&ctx.P, b, key, c->key_bytes);                        \
    if (r->status != CV_OK) break;                                                  \
    r->out_len = c->bytes;                                                          \
    if (c->mode == BENCH_MODE_ECB) {                                                \
      BENCH_BEGIN(r);                                                               \
      r->status = cv_##P##_ecb(&ctx.P, dir, in, out, c->bytes);                     \
      BENCH_END(r);                                                                 \
    } else if (c->mode == BENCH_MODE_CTR) {                                         \
      BENCH_BEGIN(r);                                                               \
      r->status = cv_##P##_ctr(&ctx.P, iv, in, out, c->bytes);                      \
      BENCH_END(r);                                                                 \
    } else {                                                                        \
      r->status = CV_ERR_MODE;                                                      \
    }                                                                               \
  } while (0)

void bench_prince_drv(const bench_case_t *c, const uint8_t *key, uint8_t *iv, const uint8_t *in,
                      uint8_t *out, bench_result_t *r) {
  RUN_BLOCK64(prince);
}

void bench_present_drv(const bench_case_t *c, const uint8_t *key, uint8_t *iv,
                       const uint8_t *in, uint8_t *out, bench_result_t *r) {
  RUN_BLOCK64(present);
}

/* ChaCha: the nonce is the first 8 (original layout) or 12 (RFC 8439) bytes of iv, counter 0. */
void bench_chacha_drv(const bench_case_t *c, const uint8_t *key, uint8_t *iv, const uint8_t *in,
                      uint8_t *out, bench_result_t *r) {
  cv_backend_t b = (cv_backend_t)c->coupling;
  size_t nonce_len = c->alg == BENCH_ALG_CHACHA20_RFC8439 ? 12 : 8;
  int rounds = c->alg == BENCH_ALG_CHACHA8 ? 8 : c->alg == BENCH_ALG_CHACHA12 ? 12 : 20;
  if (c->mode == BENCH_MODE_INIT) {
    BENCH_BEGIN(r);
    r->status = cv_chacha_init(&ctx.chacha, b, key, c->key_bytes, iv, nonce_len, rounds);
    BENCH_END(r);
    if (r->status == CV_OK) r->status = cv_chacha_keystream(&ctx.chacha, out, 64);
    r->out_len = 64;
    return;
  }
  r->status = cv_chacha_init(&ctx.chacha, b, key, c->key_bytes, iv, nonce_len, rounds);
  if (r->status != CV_OK) return;
  r->out_len = c->bytes;
  if (c->mode != BENCH_MODE_KEYSTREAM && c->mode != BENCH_MODE_XOR) {
    r->status = CV_ERR_MODE;
    return;
  }
  /* keystream: the output alone (the input is not read); xor: encryption of the message */
  BENCH_BEGIN(r);
  if (c->mode == BENCH_MODE_KEYSTREAM) r->status = cv_chacha_keystream(&ctx.chacha, out, c->bytes);
  else r->status = cv_chacha_xor(&ctx.chacha, in, out, c->bytes);
  BENCH_END(r);
}

/* SHA-3: one-shot digest (SHAKE: 64 bytes of output). */
void bench_sha3_drv(const bench_case_t *c, const uint8_t *key, uint8_t *iv, const uint8_t *in,
                    uint8_t *out, bench_result_t *r) {
  (void)key;
  (void)iv;
  if (c->mode != BENCH_MODE_HASH || c->alg < BENCH_ALG_SHA3_224 || c->alg > BENCH_ALG_SHAKE256) {
    r->status = CV_ERR_MODE;
    return;
  }
  static const uint8_t md[] = {28, 32, 48, 64, 64, 64};
  const int alg = c->alg - BENCH_ALG_SHA3_224;  /* CV_SHA3_224 .. CV_SHAKE256 in order */
  size_t n = md[alg];
  BENCH_BEGIN(r);
  r->status = cv_sha3_hash((cv_backend_t)c->coupling, alg, in, c->bytes, out, n);
  BENCH_END(r);
  r->out_len = n;
}
