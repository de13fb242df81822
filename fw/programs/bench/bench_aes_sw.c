// SPDX-License-Identifier: Apache-2.0
/* bench_aes_sw.c: the software AES backend (fw/crypto cv_aes_sw, T-table implementation). */
#include "bench.h"
#include "cv_aes_sw.h"

static cv_aes_sw_ctx ctx;

void bench_aes_sw(const bench_case_t *c, const uint8_t *key, uint8_t *iv, const uint8_t *in,
                  uint8_t *out, bench_result_t *r) {
  int dir = c->dir == BENCH_DIR_DECRYPT ? CV_DECRYPT : CV_ENCRYPT;
  if (c->mode == BENCH_MODE_INIT) {
    /* Key setup is measured; its check is one ECB block of the message under the new key. */
    BENCH_BEGIN(r);
    r->status = cv_aes_sw_init(&ctx, key, c->key_bytes);
    BENCH_END(r);
    cv_aes_sw_encrypt_block(&ctx, in, out);
    r->out_len = 16;
    return;
  }
  r->status = cv_aes_sw_init(&ctx, key, c->key_bytes);
  if (r->status != CV_OK) return;
  r->out_len = c->bytes;
  switch (c->mode) {
    case BENCH_MODE_ECB:
      BENCH_BEGIN(r);
      r->status = cv_aes_sw_ecb(&ctx, dir, in, out, c->bytes);
      BENCH_END(r);
      break;
    case BENCH_MODE_CBC:
      BENCH_BEGIN(r);
      r->status = cv_aes_sw_cbc(&ctx, dir, iv, in, out, c->bytes);
      BENCH_END(r);
      break;
    case BENCH_MODE_CFB128:
      BENCH_BEGIN(r);
      r->status = cv_aes_sw_cfb128(&ctx, dir, iv, in, out, c->bytes);
      BENCH_END(r);
      break;
    case BENCH_MODE_OFB:
      BENCH_BEGIN(r);
      r->status = cv_aes_sw_ofb(&ctx, iv, in, out, c->bytes);
      BENCH_END(r);
      break;
    case BENCH_MODE_CTR:
      BENCH_BEGIN(r);
      r->status = cv_aes_sw_ctr(&ctx, iv, in, out, c->bytes);
      BENCH_END(r);
      break;
    case BENCH_MODE_CMAC:
      BENCH_BEGIN(r);
      r->status = cv_aes_sw_cmac(&ctx, in, c->bytes, out);
      BENCH_END(r);
      r->out_len = 16;
      break;
    default:
      r->status = CV_ERR_MODE;
      break;
  }
}
