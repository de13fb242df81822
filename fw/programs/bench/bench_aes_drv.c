// SPDX-License-Identifier: Apache-2.0
/* bench_aes_drv.c: the hardware AES backends (mmio, cpi, cpi-dma, mmio-dma) and isa (the core's
 * Zkne/Zknd, an image built with FW_ZK=1) through the one driver API of fw/drivers (cv_aes.h). One runner for all four: the case's coupling selects the
 * backend, everything else is the same call, so the rows differ only in how the data moves.
 * A case with call BENCH_CALL_START (DMA backends) times cv_aes_start alone, the time until the
 * CPU is free again while the job runs (what FAC-V's "RoCC Mem" figures measure); cv_aes_wait
 * then finishes the job outside the timed region and its output is checked like any other. */
#include "bench.h"
#include "cv_aes.h"

static cv_aes_ctx ctx;

static cv_backend_t backend_of(uint8_t coupling) {
  switch (coupling) {
    case BENCH_COUPLING_MMIO: return CV_BACKEND_MMIO;
    case BENCH_COUPLING_CPI: return CV_BACKEND_CPI;
    case BENCH_COUPLING_CPI_DMA: return CV_BACKEND_CPI_DMA;
    case BENCH_COUPLING_MMIO_DMA: return CV_BACKEND_MMIO_DMA;
    case BENCH_COUPLING_ISA: return CV_BACKEND_ISA;
    default: return CV_BACKEND_COUNT;  /* cv_aes_init rejects it */
  }
}

void bench_aes_drv(const bench_case_t *c, const uint8_t *key, uint8_t *iv, const uint8_t *in,
                   uint8_t *out, bench_result_t *r) {
  int dir = c->dir == BENCH_DIR_DECRYPT ? CV_DECRYPT : CV_ENCRYPT;
  cv_backend_t b = backend_of(c->coupling);
  if (c->mode == BENCH_MODE_INIT) {
    /* Key setup is measured (schedule ready on return); its check is one ECB block. */
    BENCH_BEGIN(r);
    r->status = cv_aes_init(&ctx, b, key, c->key_bytes);
    BENCH_END(r);
    if (r->status == CV_OK) r->status = cv_aes_ecb(&ctx, CV_ENCRYPT, in, out, 16);
    r->out_len = 16;
    return;
  }
  r->status = cv_aes_init(&ctx, b, key, c->key_bytes);
  if (r->status != CV_OK) return;
  r->out_len = c->bytes;
  if (c->call == BENCH_CALL_START) {
    cv_aes_mode_t mode;
    switch (c->mode) {
      case BENCH_MODE_ECB: mode = CV_AES_MODE_ECB; break;
      case BENCH_MODE_CBC: mode = CV_AES_MODE_CBC; break;
      case BENCH_MODE_CFB128: mode = CV_AES_MODE_CFB128; break;
      case BENCH_MODE_OFB: mode = CV_AES_MODE_OFB; break;
      case BENCH_MODE_CTR: mode = CV_AES_MODE_CTR; break;
      default: r->status = CV_ERR_MODE; return;
    }
    BENCH_BEGIN(r);
    r->status = cv_aes_start(&ctx, mode, dir, iv, in, out, c->bytes);
    BENCH_END(r);
    if (r->status == CV_OK) r->status = cv_aes_wait(&ctx, iv);
    return;
  }
  switch (c->mode) {
    case BENCH_MODE_ECB:
      BENCH_BEGIN(r);
      r->status = cv_aes_ecb(&ctx, dir, in, out, c->bytes);
      BENCH_END(r);
      break;
    case BENCH_MODE_CBC:
      BENCH_BEGIN(r);
      r->status = cv_aes_cbc(&ctx, dir, iv, in, out, c->bytes);
      BENCH_END(r);
      break;
    case BENCH_MODE_CFB128:
      BENCH_BEGIN(r);
      r->status = cv_aes_cfb128(&ctx, dir, iv, in, out, c->bytes);
      BENCH_END(r);
      break;
    case BENCH_MODE_OFB:
      BENCH_BEGIN(r);
      r->status = cv_aes_ofb(&ctx, iv, in, out, c->bytes);
      BENCH_END(r);
      break;
    case BENCH_MODE_CTR:
      BENCH_BEGIN(r);
      r->status = cv_aes_ctr(&ctx, iv, in, out, c->bytes);
      BENCH_END(r);
      break;
    case BENCH_MODE_CMAC:
      BENCH_BEGIN(r);
      r->status = cv_aes_cmac(&ctx, in, c->bytes, out);
      BENCH_END(r);
      r->out_len = 16;
      break;
    default:
      r->status = CV_ERR_MODE;
      break;
  }
}
