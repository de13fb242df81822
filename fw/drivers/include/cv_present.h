// SPDX-License-Identifier: Apache-2.0
/* cv_present.h: PRESENT-80 and PRESENT-128 (64-bit block) over every backend (sw, mmio, cpi,
 * cpi-dma, mmio-dma), one API, identical bytes on all of them.
 *
 *   cv_present_ctx ctx;
 *   cv_status_t st = cv_present_init(&ctx, CV_BACKEND_CPI, key, 10);  // 10 or 16 bytes
 *   if (st == CV_OK) st = cv_present_ecb(&ctx, CV_DECRYPT, in, out, len);  // whole blocks
 *   if (st == CV_OK) st = cv_present_ctr(&ctx, ctr, in, out, len);  // any length; ctr updated
 *   cv_present_zeroize(&ctx);
 *
 * Keys are big-endian bytes (k79 / k127 first). Buffers, errors and key ownership as
 * cv_prince.h (CV_ERR_KEYLEN: key_len not 10 or 16). */
#ifndef CV_PRESENT_H
#define CV_PRESENT_H

#include <stddef.h>
#include <stdint.h>

#include "cv_backend.h"
#include "cv_present_sw.h"
#include "cv_status.h"

typedef struct cv_present_ctx {
  cv_backend_t backend;
  cv_light_hw hw;        /* key owner id, CFG.KSZ, check word, key words */
  cv_present_sw_ctx sw;  /* sw backend: the round keys */
} cv_present_ctx;

/* 1 when this SoC has the PRESENT engine (its ID and CAP registers answer), else 0. */
int cv_present_available(void);

CV_MUST_CHECK cv_status_t cv_present_init(cv_present_ctx *ctx, cv_backend_t backend,
                                          const uint8_t *key, size_t key_len);
CV_MUST_CHECK cv_status_t cv_present_ecb(cv_present_ctx *ctx, cv_dir_t dir, const uint8_t *in,
                                         uint8_t *out, size_t len);
CV_MUST_CHECK cv_status_t cv_present_ctr(cv_present_ctx *ctx, uint8_t ctr[8],
                                         const uint8_t *in, uint8_t *out, size_t len);
void cv_present_zeroize(cv_present_ctx *ctx);

#endif /* CV_PRESENT_H */
