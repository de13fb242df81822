// SPDX-License-Identifier: Apache-2.0
/* cv_aes.h: AES-128/192/256 over every backend (sw, mmio, cpi, cpi-dma, mmio-dma, isa), one API.
 *
 *   cv_aes_ctx ctx;
 *   cv_status_t st = cv_aes_init(&ctx, CV_BACKEND_CPI_DMA, key, 16);  // expands in the background
 *   if (st == CV_OK) st = cv_aes_cbc(&ctx, CV_ENCRYPT, iv, msg, out, len);  // iv updated
 *   if (st == CV_OK) st = cv_aes_cmac(&ctx, msg, len, tag);
 *   cv_aes_zeroize(&ctx);                                 // clears the engine and the context
 *
 * Buffers (the rules of every driver, fw/drivers/README.md): out, the IV and the tag in data
 * memory, in, the message and the key in data or program memory; out == in (in place) or not
 * overlapping in, a tag at the message's start or apart from it; else CV_ERR_ARG, nothing
 * written, on every backend. Any alignment for sw, mmio and cpi; the DMA backends need in/out
 * (the CMAC message) aligned to CV_AES_DMA_ALIGN (else CV_ERR_DMA, nothing written), and take
 * an input in program memory, which the DMA cannot read, through their cpi or mmio coupling.
 * On the DMA backends the DMA checks in and out itself before anything moves, so a refused
 * call also leaves the DMA's STATUS.ERR/IS.ERR set, which raises the DMA interrupt if IE.ERR is
 * enabled. ECB/CBC need whole blocks (CV_ERR_LENGTH, nothing written); CFB128/OFB/CTR take any
 * length. The hardware engine is one shared resource: a context owns it from init until
 * another context's init or zeroize (the driver reloads the key when ownership changed).
 * Results (cv_status.h): CV_OK, CV_ERR_KEYLEN, CV_ERR_LENGTH, CV_ERR_ARG, CV_ERR_DMA,
 * CV_ERR_BUSY, CV_ERR_NOKEY (never initialised, changed since init, zeroized, or the engine was
 * zeroized: init again; cv_aes_wait too), CV_ERR_ABORTED (DMA job aborted), CV_ERR_HW (from
 * init: no AES engine in this SoC; for isa: a firmware built without FW_ZK).
 * isa: the core's Zkne/Zknd instructions (fw/crypto cv_aes_sw_init_isa: no table, the same time
 * for every key and block), in a firmware built with FW_ZK=1 for a core with ZK = 1. It runs as
 * the sw backend does (the context's backend field reads CV_BACKEND_SW, its sw.impl
 * CV_AES_SW_IMPL_ISA), with the sw backend's rules. */
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
  uint32_t chk;            /* check word over the fields above that steer the calls, set by
                              init, cleared by zeroize: a context never initialised (zero-filled
                              or garbage), or changed since, gets CV_ERR_NOKEY */
  uint32_t job;            /* its id from a background job's start until the job's wait: a
                              wait that finds the job gone (another context's zeroize ended it)
                              answers CV_ERR_ABORTED; an init (a new id) drops it */
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
 * ECB; direction above 1; the IV outside data memory), CV_ERR_MODE (not a DMA backend, mode
 * above CTR), CV_ERR_LENGTH (ECB/CBC not whole blocks), CV_ERR_DMA (in/out not aligned to
 * CV_AES_DMA_ALIGN), CV_ERR_NOKEY, CV_ERR_BUSY (a job is pending) itself, nothing written. The
 * memories and overlap of in and out are the DMA's checks, made before anything moves: a job
 * the DMA refuses ends at once (the DMA interrupt's ERR) with cv_aes_wait returning CV_ERR_ARG,
 * nothing written and the IV unchanged; a start whose context must reload its key first, or a
 * CFB decryption ending in a partial block, checks them in software and returns the error
 * itself. An input in program memory runs at the start, through the cpi or mmio coupling.
 * The job owns the engine from its start to its wait: every other AES call on a hardware
 * backend (init, a cipher or CMAC call, another start), of any context, returns CV_ERR_BUSY
 * and touches nothing until the job's context calls cv_aes_wait, so the wait always returns
 * the job's own IV/counter. A zeroize ends the job at once (the engine is cleared): when it is
 * another context's, the job's cv_aes_wait then returns CV_ERR_ABORTED. cv_aes_wait of a
 * context without a job returns CV_OK and writes nothing. */
CV_MUST_CHECK cv_status_t cv_aes_start(cv_aes_ctx *ctx, cv_aes_mode_t mode, cv_dir_t dir,
                                       uint8_t iv[16], const uint8_t *in, uint8_t *out,
                                       size_t len);
int cv_aes_busy(const cv_aes_ctx *ctx);
CV_MUST_CHECK cv_status_t cv_aes_wait(cv_aes_ctx *ctx, uint8_t iv[16]);

#endif /* CV_AES_H */
