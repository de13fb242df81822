// SPDX-License-Identifier: Apache-2.0
/* cv_chacha.h: ChaCha8/12/20 with 256- or 128-bit keys, the original layout (64-bit nonce,
 * 64-bit counter carried across 2^32) and RFC 8439 (96-bit nonce, 32-bit counter), over every
 * backend (sw, mmio, cpi, cpi-dma, mmio-dma), one API, identical bytes on all of them.
 *
 *   cv_chacha_ctx ctx;
 *   cv_status_t st = cv_chacha_init(&ctx, CV_BACKEND_CPI_DMA, key, 32, nonce, 12, 20);
 *   cv_chacha_set_counter(&ctx, 1);                   // RFC 8439 encryption starts at 1
 *   if (st == CV_OK) st = cv_chacha_xor(&ctx, in, out, len);  // any length; calls continue
 *   if (st == CV_OK) st = cv_chacha_keystream(&ctx, ks, len);
 *   cv_chacha_zeroize(&ctx);
 *
 * Semantics are cv_chacha_sw.h's: the nonce length chooses the layout (8: original, 12: RFC
 * 8439), calls continue seamlessly (the unused keystream bytes of a partial block are used
 * first by the next call). Buffers (the rules of every driver, fw/drivers/README.md): out in
 * data memory, in, the key and the nonce in data or program memory, out == in or not
 * overlapping; else CV_ERR_ARG, nothing written, the counter unchanged, on every backend.
 * Errors: CV_ERR_ARG (NULL, unknown backend, nonce_len not 8 or 12, the buffers' rules),
 * CV_ERR_KEYLEN (key_len not 16 or 32), CV_ERR_ROUNDS (rounds not 8, 12 or 20), CV_ERR_DMA
 * (DMA backends: in/out not aligned to CV_DMA_ALIGN; nothing written), CV_ERR_NOKEY (not
 * initialised, changed since, or zeroized since), CV_ERR_BUSY, CV_ERR_ABORTED, CV_ERR_HW (from
 * init: no ChaCha engine in this SoC; cv_status.h). */
#ifndef CV_CHACHA_H
#define CV_CHACHA_H

#include <stddef.h>
#include <stdint.h>

#include "cv_backend.h"
#include "cv_chacha_sw.h"
#include "cv_status.h"

typedef struct cv_chacha_ctx {
  cv_backend_t backend;
  cv_light_hw hw;        /* key owner id, CFG.ROUNDS | K128 | RFC (kcfg), check word, key */
  uint32_t iv[4];        /* hardware: state words 12..15, the counter of the next block */
  uint32_t ks[16];       /* hardware: keystream of the last partial block */
  uint32_t ks_pos;       /* hardware: bytes of ks used (64: none left) */
  cv_chacha_sw_ctx sw;   /* sw backend */
} cv_chacha_ctx;

/* 1 when this SoC has the ChaCha engine (its ID and CAP registers answer), else 0. */
int cv_chacha_available(void);

CV_MUST_CHECK cv_status_t cv_chacha_init(cv_chacha_ctx *ctx, cv_backend_t backend,
                                         const uint8_t *key, size_t key_len,
                                         const uint8_t *nonce, size_t nonce_len, int rounds);
/* Next block's counter (RFC 8439: the low 32 bits); a set drops leftover keystream. Of a context
 * that is none (never initialised, changed since, zeroized: its check word does not match), set
 * changes nothing and get answers 0. */
void cv_chacha_set_counter(cv_chacha_ctx *ctx, uint64_t counter);
uint64_t cv_chacha_get_counter(const cv_chacha_ctx *ctx);
CV_MUST_CHECK cv_status_t cv_chacha_keystream(cv_chacha_ctx *ctx, uint8_t *out, size_t len);
CV_MUST_CHECK cv_status_t cv_chacha_xor(cv_chacha_ctx *ctx, const uint8_t *in, uint8_t *out,
                                        size_t len);
void cv_chacha_zeroize(cv_chacha_ctx *ctx);

#endif /* CV_CHACHA_H */
