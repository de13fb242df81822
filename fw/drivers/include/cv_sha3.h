// SPDX-License-Identifier: Apache-2.0
/* cv_sha3.h: SHA3-224/256/384/512 and SHAKE128/256 (FIPS 202) over every backend (sw, mmio,
 * cpi, cpi-dma, mmio-dma), one API, identical bytes on all of them.
 *
 *   st = cv_sha3_hash(CV_BACKEND_CPI_DMA, CV_SHA3_512, msg, len, md, 64);  // one shot
 *   cv_sha3_ctx ctx;                                                    // streaming
 *   st = cv_sha3_init(&ctx, CV_BACKEND_CPI, CV_SHAKE128);
 *   st = cv_sha3_update(&ctx, part1, n1);  st = cv_sha3_update(&ctx, part2, n2);
 *   st = cv_sha3_final(&ctx, out, 200);
 *   st = cv_sha3_squeeze(&ctx, out, 4096); ...  // SHAKE as an XOF: pieces of any size,
 *   st = cv_sha3_final(&ctx, out, 0);           // final ends the message
 * (each st checked before the next call).
 *
 * Output lengths: SHA3-* exactly the digest size (28/32/48/64), else CV_ERR_OUTLEN; SHAKE any
 * length on every backend, in one call or in pieces (cv_sha3_squeeze; the engine squeezes
 * without end, CFG.XOF, and final drops the rest). cv_sha3_hash gives a SHAKE output of up to
 * 65,535 bytes in one DMA job on the DMA backends, a longer one through cpi or mmio.
 * The engine holds one message at a time: a hardware context owns it from cv_sha3_init to
 * cv_sha3_final; another context's init takes it over, and the first one's next call returns
 * CV_ERR_ABORTED. The hardware keeps the state (it cannot be read out), so a streaming message
 * feeds the engine word by word through cpi (cpi, cpi-dma) or mmio (mmio, mmio-dma); the DMA
 * backends use the DMA for cv_sha3_hash (padding in hardware; msg and out aligned to
 * CV_DMA_ALIGN, an out of up to 64 bytes that is not goes through an internal buffer, a msg in
 * program memory through cpi or mmio; else CV_ERR_DMA).
 * Buffers (the rules of every driver, fw/drivers/README.md): out in data memory, msg and data in
 * data or program memory, a digest at its message's start or apart from it; else CV_ERR_ARG,
 * nothing written, the message as it was, on every backend. final ends the message on every
 * backend: every later call but init and zeroize is CV_ERR_ARG.
 * Errors: CV_ERR_ARG (NULL, unknown backend or algorithm, the buffers' rules, a call after final,
 * update after a squeeze), CV_ERR_NOKEY (a context never initialised, changed since, or
 * zeroized), CV_ERR_MODE (squeeze of SHA3-*), CV_ERR_OUTLEN, CV_ERR_DMA, CV_ERR_ABORTED,
 * CV_ERR_BUSY, CV_ERR_HW (from init or a one-shot hash: no SHA-3 engine in this SoC;
 * cv_status.h). */
#ifndef CV_SHA3_H
#define CV_SHA3_H

#include <stddef.h>
#include <stdint.h>

#include "cv_backend.h"
#include "cv_sha3_sw.h"
#include "cv_status.h"

typedef struct cv_sha3_ctx {
  cv_backend_t backend;
  int alg;               /* CV_SHA3_* / CV_SHAKE* */
  uint32_t id;           /* hardware: owner id of the engine's running message (0: none) */
  uint32_t buf[2];       /* hardware: the held-back last word (sent by final or more data) */
  uint32_t buf_len;      /* hardware: bytes in buf (0..8) */
  uint32_t outlen;       /* hardware: the engine's OUTLEN for this message (SHAKE; 0: XOF) */
  uint32_t squeezing;    /* hardware: the message has ended; buf holds output (buf_len unread) */
  cv_sha3_sw_ctx sw;     /* sw backend */
  uint32_t chk;          /* check word over the words above that steer the calls, sealed again
                            by every call; cleared by zeroize */
} cv_sha3_ctx;

/* 1 when this SoC has the SHA-3 engine (its ID and CAP registers answer), else 0. */
int cv_sha3_available(void);

CV_MUST_CHECK cv_status_t cv_sha3_init(cv_sha3_ctx *ctx, cv_backend_t backend, int alg);
CV_MUST_CHECK cv_status_t cv_sha3_update(cv_sha3_ctx *ctx, const uint8_t *data, size_t len);
/* SHAKE: the next out_len bytes of the output, any number of calls, after the message (no
 * update after it); final reads the last piece and ends. SHA3-*: CV_ERR_MODE. */
CV_MUST_CHECK cv_status_t cv_sha3_squeeze(cv_sha3_ctx *ctx, uint8_t *out, size_t out_len);
CV_MUST_CHECK cv_status_t cv_sha3_final(cv_sha3_ctx *ctx, uint8_t *out, size_t out_len);
CV_MUST_CHECK cv_status_t cv_sha3_hash(cv_backend_t backend, int alg, const uint8_t *msg,
                                       size_t len, uint8_t *out, size_t out_len);
/* Clears the engine (a running message is dropped) and the context. */
void cv_sha3_zeroize(cv_sha3_ctx *ctx);

#endif /* CV_SHA3_H */
