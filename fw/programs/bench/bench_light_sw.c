// SPDX-License-Identifier: Apache-2.0
/* bench_light_sw.c: the software backends of the lightweight engines (fw/crypto): PRINCE and
 * PRESENT (init, ECB, CTR), ChaCha (init; keystream: the keystream alone; xor: the message XOR
 * the keystream, which is both encryption and decryption) and SHA-3/SHAKE (hash, one shot).
 * Each measures only the API call that does the work, like bench_aes_sw.c. */
#include "bench.h"
#include "cv_chacha_sw.h"
#include "cv_present_sw.h"
#include "cv_prince_sw.h"
#include "cv_sha3_sw.h"

static cv_prince_sw_ctx prince;
static cv_present_sw_ctx present;
static cv_chacha_sw_ctx chacha;

/* One 8-byte-block cipher behind PRINCE and PRESENT. */
typedef struct block64_ops {
  int (*init)(void *ctx, const uint8_t *key, size_t key_len);
  void (*enc)(const void *ctx, const uint8_t in[8], uint8_t out[8]);
  int (*ecb)(const void *ctx, int dir, const uint8_t *in, uint8_t *out, size_t len);
  int (*ctr)(const void *ctx, uint8_t ctr[8], const uint8_t *in, uint8_t *out, size_t len);
  void *ctx;
} block64_ops_t;

static void run_block64(const block64_ops_t *o, const bench_case_t *c, const uint8_t *key,
                        uint8_t *iv, const uint8_t *in, uint8_t *out, bench_result_t *r) {
  if (c->mode == BENCH_MODE_INIT) {
    BENCH_BEGIN(r);
    r->status = o->init(o->ctx, key, c->key_bytes);
    BENCH_END(r);
    o->enc(o->ctx, in, out);  /* the check: one block under the new key */
    r->out_len = 8;
    return;
  }
  r->status = o->init(o->ctx, key, c->key_bytes);
  if (r->status != CV_OK) return;
  r->out_len = c->bytes;
  if (c->mode == BENCH_MODE_ECB) {
    int dir = c->dir == BENCH_DIR_DECRYPT ? CV_DECRYPT : CV_ENCRYPT;
    BENCH_BEGIN(r);
    r->status = o->ecb(o->ctx, dir, in, out, c->bytes);
    BENCH_END(r);
  } else if (c->mode == BENCH_MODE_CTR) {
    BENCH_BEGIN(r);
    r->status = o->ctr(o->ctx, iv, in, out, c->bytes);
    BENCH_END(r);
  } else {
    r->status = CV_ERR_MODE;
  }
}

/* Adapters from the typed fw/crypto functions to block64_ops_t. */
static int prince_init(void *x, const uint8_t *k, size_t n) { return cv_prince_sw_init(x, k, n); }
static void prince_enc(const void *x, const uint8_t in[8], uint8_t out[8]) {
  cv_prince_sw_encrypt_block(x, in, out);
}
static int prince_ecb(const void *x, int d, const uint8_t *in, uint8_t *out, size_t n) {
  return cv_prince_sw_ecb(x, d, in, out, n);
}
static int prince_ctr(const void *x, uint8_t ctr[8], const uint8_t *in, uint8_t *out, size_t n) {
  return cv_prince_sw_ctr(x, ctr, in, out, n);
}
static int present_init(void *x, const uint8_t *k, size_t n) {
  return cv_present_sw_init(x, k, n);
}
static void present_enc(const void *x, const uint8_t in[8], uint8_t out[8]) {
  cv_present_sw_encrypt_block(x, in, out);
}
static int present_ecb(const void *x, int d, const uint8_t *in, uint8_t *out, size_t n) {
  return cv_present_sw_ecb(x, d, in, out, n);
}
static int present_ctr(const void *x, uint8_t ctr[8], const uint8_t *in, uint8_t *out, size_t n) {
  return cv_present_sw_ctr(x, ctr, in, out, n);
}

void bench_prince_sw(const bench_case_t *c, const uint8_t *key, uint8_t *iv, const uint8_t *in,
                     uint8_t *out, bench_result_t *r) {
  static const block64_ops_t ops = {prince_init, prince_enc, prince_ecb, prince_ctr, &prince};
  run_block64(&ops, c, key, iv, in, out, r);
}

void bench_present_sw(const bench_case_t *c, const uint8_t *key, uint8_t *iv, const uint8_t *in,
                      uint8_t *out, bench_result_t *r) {
  static const block64_ops_t ops = {present_init, present_enc, present_ecb, present_ctr,
                                    &present};
  run_block64(&ops, c, key, iv, in, out, r);
}

/* ChaCha: the nonce is the first 8 (original layout) or 12 (RFC 8439) bytes of iv, counter 0. */
void bench_chacha_sw(const bench_case_t *c, const uint8_t *key, uint8_t *iv, const uint8_t *in,
                     uint8_t *out, bench_result_t *r) {
  size_t nonce_len = c->alg == BENCH_ALG_CHACHA20_RFC8439 ? 12 : 8;
  int rounds = c->alg == BENCH_ALG_CHACHA8 ? 8 : c->alg == BENCH_ALG_CHACHA12 ? 12 : 20;
  if (c->mode == BENCH_MODE_INIT) {
    BENCH_BEGIN(r);
    r->status = cv_chacha_sw_init(&chacha, key, c->key_bytes, iv, nonce_len, rounds);
    BENCH_END(r);
    if (r->status == CV_OK) r->status = cv_chacha_sw_keystream(&chacha, out, 64);
    r->out_len = 64;
    return;
  }
  r->status = cv_chacha_sw_init(&chacha, key, c->key_bytes, iv, nonce_len, rounds);
  if (r->status != CV_OK) return;
  r->out_len = c->bytes;
  if (c->mode != BENCH_MODE_KEYSTREAM && c->mode != BENCH_MODE_XOR) {
    r->status = CV_ERR_MODE;
    return;
  }
  /* keystream: the output alone (the input is not read); xor: encryption of the message */
  BENCH_BEGIN(r);
  if (c->mode == BENCH_MODE_KEYSTREAM) r->status = cv_chacha_sw_keystream(&chacha, out, c->bytes);
  else r->status = cv_chacha_sw_xor(&chacha, in, out, c->bytes);
  BENCH_END(r);
}

/* SHA-3: digest of the message (SHAKE: 64 bytes of output). */
void bench_sha3_sw(const bench_case_t *c, const uint8_t *key, uint8_t *iv, const uint8_t *in,
                   uint8_t *out, bench_result_t *r) {
  (void)key;
  (void)iv;
  static const uint8_t alg[] = {
      [BENCH_ALG_SHA3_224] = CV_SHA3_224, [BENCH_ALG_SHA3_256] = CV_SHA3_256,
      [BENCH_ALG_SHA3_384] = CV_SHA3_384, [BENCH_ALG_SHA3_512] = CV_SHA3_512,
      [BENCH_ALG_SHAKE128] = CV_SHAKE128, [BENCH_ALG_SHAKE256] = CV_SHAKE256};
  static const uint8_t md[] = {28, 32, 48, 64, 64, 64};
  if (c->mode != BENCH_MODE_HASH || c->alg < BENCH_ALG_SHA3_224 || c->alg > BENCH_ALG_SHAKE256) {
    r->status = CV_ERR_MODE;
    return;
  }
  size_t n = md[c->alg - BENCH_ALG_SHA3_224];
  BENCH_BEGIN(r);
  r->status = cv_sha3_sw_hash(alg[c->alg], in, c->bytes, out, n);
  BENCH_END(r);
  r->out_len = n;
}
