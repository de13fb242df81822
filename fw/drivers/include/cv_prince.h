// SPDX-License-Identifier: Apache-2.0
/* cv_prince.h: PRINCE (64-bit block, 128-bit key k0 || k1) over every backend (sw, mmio, cpi,
 * cpi-dma, mmio-dma), one API, identical bytes on all of them.
 *
 *   cv_prince_ctx ctx;
 *   cv_status_t st = cv_prince_init(&ctx, CV_BACKEND_CPI, key, 16);  // key in the engine
 *   if (st == CV_OK) st = cv_prince_ecb(&ctx, CV_ENCRYPT, in, out, len);  // whole 8-byte blocks
 *   if (st == CV_OK) st = cv_prince_ctr(&ctx, ctr, in, out, len);  // any length; ctr updated
 *   cv_prince_zeroize(&ctx);
 *
 * Buffers (the rules of every driver, fw/drivers/README.md): out and ctr in data memory, in
 * and the key in data or program memory, out == in or not overlapping; else CV_ERR_ARG, nothing
 * written, on every backend. Any alignment on sw, mmio, cpi; ECB on the DMA backends needs
 * in/out aligned to CV_DMA_ALIGN (16, else CV_ERR_DMA, nothing written), CTR takes any.
 * Errors: CV_ERR_ARG (NULL, unknown backend or direction, the buffers' rules), CV_ERR_KEYLEN
 * (key_len != 16), CV_ERR_LENGTH (ECB not whole blocks, nothing written), CV_ERR_DMA,
 * CV_ERR_NOKEY (not initialised, changed since, or zeroized since), CV_ERR_BUSY,
 * CV_ERR_ABORTED, CV_ERR_HW (from init: no PRINCE engine in this SoC; cv_status.h). */
#ifndef CV_PRINCE_H
#define CV_PRINCE_H

#include <stddef.h>
#include <stdint.h>

#include "cv_backend.h"
#include "cv_prince_sw.h"
#include "cv_status.h"

typedef struct cv_prince_ctx {
  cv_backend_t backend;
  cv_light_hw hw;       /* key owner id, key configuration, check word, key words */
  cv_prince_sw_ctx sw;  /* sw backend: the round keys */
} cv_prince_ctx;

/* 1 when this SoC has the PRINCE engine (its ID and CAP registers answer), else 0. */
int cv_prince_available(void);

CV_MUST_CHECK cv_status_t cv_prince_init(cv_prince_ctx *ctx, cv_backend_t backend,
                                         const uint8_t *key, size_t key_len);
CV_MUST_CHECK cv_status_t cv_prince_ecb(cv_prince_ctx *ctx, cv_dir_t dir, const uint8_t *in,
                                        uint8_t *out, size_t len);
/* CTR as cv_prince_sw_ctr: 64-bit big-endian counter block, +1 per block; a partial last block
 * increments it once and ends the message. */
CV_MUST_CHECK cv_status_t cv_prince_ctr(cv_prince_ctx *ctx, uint8_t ctr[8], const uint8_t *in,
                                        uint8_t *out, size_t len);
/* Clears the engine (key, state) and the context; then CV_ERR_NOKEY until cv_prince_init. */
void cv_prince_zeroize(cv_prince_ctx *ctx);

#endif /* CV_PRINCE_H */
