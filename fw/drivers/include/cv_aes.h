// SPDX-License-Identifier: Apache-2.0
/* cv_aes.h: AES-128/192/256 over every backend (sw, mmio, cpi, cpi-dma, mmio-dma), one API.
 *
 *   cv_aes_ctx ctx;
 *   cv_status_t st = cv_aes_init(&ctx, CV_BACKEND_CPI_DMA, key, 16);  // expands in the background
 *   if (st == CV_OK) st = cv_aes_cbc(&ctx, CV_ENCRYPT, iv, msg, out, len);  // iv updated
 *   if (st == CV_OK) st = cv_aes_cmac(&ctx, msg, len, tag);
 *   cv_aes_zeroize(&ctx);                                 // clears the engine and the context
 *
 * Buffers: out == in (in place) or not overlapping in, on every backend (else CV_ERR_ARG,
 * nothing written). Any alignment for sw, mmio and cpi; the DMA backends need in/out aligned
 * to CV_AES_DMA_ALIGN and inside data memory (else CV_ERR_DMA, nothing written). On the DMA
 * backends the range and overlap are checked by the DMA itself before anything moves, so such
 * a call also leaves the DMA's STATUS.ERR/IS.ERR set, which raises the DMA interrupt if IE.ERR
 * is enabled (a CFB decryption ending in a partial block is checked in software; a CMAC
 * message the tag overlaps is the DMA's CV_ERR_DMA). ECB/CBC need whole blocks (CV_ERR_LENGTH, nothing
 * written); CFB128/OFB/CTR take any length. The hardware engine is one shared resource: a
 * context owns it from init until another context's init or zeroize (the driver reloads the key
 * when ownership changed).
 * Results (cv_status.h): CV_OK, CV_ERR_KEYLEN, CV_ERR_LENGTH, CV_ERR_ARG, CV_ERR_DMA,
 * CV_ERR_BUSY, CV_ERR_NOKEY (never initialised, zeroized, or the engine was zeroized: init
 * again; cv_aes_wait too),
 * CV_ERR_ABORTED (DMA job aborted), CV_ERR_HW (from init: no AES engine in this SoC). */
#ifndef CV_AES_H
#define CV_AES_H

#include <stddef.h>
#include <stdint.h>

#include "cv_aes_sw.h"
#include "cv_backend.h"
#include "cv_consts.h"
#include "cv_status.h"

#define CV_AES_DMA_ALIGN CV_DMA_ALIGN

/* Modes of cv_aes_start: the engine's CFG.MODE codes (generated, docs/constants.md). */
typedef enum cv_aes_mode {
  CV_AES_MODE_ECB = CV_AES_CFG_MODE_ECB,
  CV_AES_MODE_CBC = CV_AES_CFG_MODE_CBC,
  CV_AES_MODE_CFB128 = CV_AES_CFG_MODE_CFB128,
  CV_AES_MODE_OFB = CV_AES_CFG_MODE_OFB,
  CV_AES_MODE_CTR = CV_AES_CFG_MODE_CTR
} cv_aes_mode_t;

typedef struct cv_aes_ctx {
  cv_backend_t backend;
  int key_bytes;           /* 16, 24 or 32 */
  cv_aes_sw_ctx sw;        /* sw backend: the expanded key */
  uint32_t id;             /* hardware backends: which context last loaded the engine */
  uint32_t ksz;            /* hardware backends: the engine's CFG.KSZ for key_bytes */
  uint32_t magic;          /* set by init, cleared by zeroize: a context never initialised
                              (zero-filled or garbage) gets CV_ERR_NOKEY from every call */
} cv_aes_ctx;

/* 1 when this SoC has the AES engine (its ID and CAP registers answer), else 0. The sw backend
 * works either way. */
int cv_aes_available(void);

/* On a hardware backend init returns once the key is loaded: the engine expands it in the
 * background and holds the context's first block until the schedule is ready. */
CV_MUST_CHECK cv_status_t cv_aes_init(cv_aes_ctx *ctx, cv_backend_t backend, const uint8_t *key,
                                      size_t key_len);
CV_MUST_CHECK cv_status_t cv_aes_ecb(cv_aes_ctx *ctx, cv_dir_t dir, const uint8_t *in,
                                     uint8_t *out, size_t len);
CV_MUST_CHECK cv_status_t cv_aes_cbc(cv_aes_ctx *ctx, cv_dir_t dir, uint8_t iv[16],
                                     const uint8_t *in, uint8_t *out, size_t len);
CV_MUST_CHECK cv_status_t cv_aes_cfb128(cv_aes_ctx *ctx, cv_dir_t dir, uint8_t iv[16],
                                        const uint8_t *in, uint8_t *out, size_t len);
CV_MUST_CHECK cv_status_t cv_aes_ofb(cv_aes_ctx *ctx, uint8_t iv[16], const uint8_t *in,
                                     uint8_t *out, size_t len);
CV_MUST_CHECK cv_status_t cv_aes_ctr(cv_aes_ctx *ctx, uint8_t ctr[16], const uint8_t *in,
                                     uint8_t *out, size_t len);
/* SP 800-38B / RFC 4493, any length including 0. */
CV_MUST_CHECK cv_status_t cv_aes_cmac(cv_aes_ctx *ctx, const uint8_t *msg, size_t len,
                                      uint8_t tag[16]);
void cv_aes_zeroize(cv_aes_ctx *ctx);

/* Asynchronous DMA jobs (cpi-dma, mmio-dma): start, let the CPU work, then wait. The DMA
 * interrupt (intc line CV_IRQ_DMA) fires at completion when enabled. cv_aes_busy is 1 while
 * the job runs; cv_aes_wait returns its result (and the IV/counter that continues the
 * message). cv_aes_start returns CV_ERR_ARG (NULL context, in/out with a length, IV outside
 * ECB; direction above 1), CV_ERR_MODE (not a DMA backend, mode above CTR), CV_ERR_LENGTH
 * (ECB/CBC not whole blocks), CV_ERR_DMA (in/out not aligned to CV_AES_DMA_ALIGN),
 * CV_ERR_NOKEY, CV_ERR_BUSY (another job still runs) itself, nothing written. The buffers'
 * range and overlap are the DMA's checks, made before anything moves: a job the DMA refuses
 * ends at once (the DMA interrupt's ERR) with cv_aes_wait returning CV_ERR_DMA (range) or
 * CV_ERR_ARG (in/out overlapping other than in place), nothing written and the IV unchanged;
 * a start whose context must reload its key first, or a CFB decryption ending in a partial
 * block, checks them in software and returns the error itself. */
CV_MUST_CHECK cv_status_t cv_aes_start(cv_aes_ctx *ctx, cv_aes_mode_t mode, cv_dir_t dir,
                                       uint8_t iv[16], const uint8_t *in, uint8_t *out,
                                       size_t len);
int cv_aes_busy(const cv_aes_ctx *ctx);
CV_MUST_CHECK cv_status_t cv_aes_wait(cv_aes_ctx *ctx, uint8_t iv[16]);

#endif /* CV_AES_H */
