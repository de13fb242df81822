// SPDX-License-Identifier: Apache-2.0
/* cv_sha2.h: SHA-256, SHA-512 (FIPS 180-4) and HMAC-SHA-256 (FIPS 198-1) on the sw and isa
 * backends, one API, identical bytes on both. SHA-2 has no engine in the SoC: its accelerator
 * is the core's Zknh (with Zbkb's rev8 and andn), the isa backend, in a firmware built with
 * FW_ZK=1 (fw/common.mk) for a core built with ZK = 1.
 *
 *   st = cv_sha2_hash(CV_BACKEND_ISA, CV_SHA2_256, msg, len, md, 32);     // one shot
 *   cv_sha2_ctx ctx;                                                     // streaming
 *   st = cv_sha2_init(&ctx, CV_BACKEND_SW, CV_SHA2_512);
 *   st = cv_sha2_update(&ctx, part1, n1);  st = cv_sha2_update(&ctx, part2, n2);
 *   st = cv_sha2_final(&ctx, md, 64);
 *   st = cv_hmac_sha256(CV_BACKEND_ISA, key, klen, msg, len, tag, 32);   // HMAC, one shot
 * (each st checked before the next call).
 *
 * Lengths: a digest is exactly the algorithm's size (32 or 64) else CV_ERR_OUTLEN; an HMAC tag
 * 1..32 bytes (a truncated tag is the first bytes) else CV_ERR_OUTLEN; a key any length.
 * Buffers (the rules of every driver, fw/drivers/README.md): out in data memory, msg, data and
 * key in data or program memory, else CV_ERR_ARG with nothing written and the message as it was.
 * final ends the message: every later call but init and zeroize is CV_ERR_ARG.
 * Errors: CV_ERR_ARG (NULL, an unknown backend or algorithm, the buffers' rules, a call after
 * final), CV_ERR_HW (init or a one-shot call on a coupling backend, mmio to mmio-dma: no SHA-2
 * engine; or on isa in a firmware built without FW_ZK), CV_ERR_NOKEY (a context never
 * initialised, changed since, or zeroized), CV_ERR_OUTLEN (cv_status.h).
 * Timing: the instructions of a call depend on the lengths and the buffers' alignment only,
 * never on the message or key bytes. */
#ifndef CV_SHA2_H
#define CV_SHA2_H

#include <stddef.h>
#include <stdint.h>

#include "cv_backend.h"
#include "cv_sha2_sw.h"
#include "cv_status.h"

typedef struct cv_sha2_ctx {
  cv_backend_t backend;
  cv_sha2_sw_ctx sw;
  uint32_t chk;        /* check word over backend, algorithm and message position, sealed again
                          by every call; cleared by zeroize */
} cv_sha2_ctx;

typedef struct cv_hmac_sha256_ctx {
  cv_backend_t backend;
  cv_hmac_sha256_sw_ctx sw;
  uint32_t chk;
} cv_hmac_sha256_ctx;

/* 1 when this firmware has the isa backend (built with FW_ZK=1), else 0. */
int cv_sha2_isa_available(void);

CV_MUST_CHECK cv_status_t cv_sha2_init(cv_sha2_ctx *ctx, cv_backend_t backend, int alg);
CV_MUST_CHECK cv_status_t cv_sha2_update(cv_sha2_ctx *ctx, const uint8_t *data, size_t len);
CV_MUST_CHECK cv_status_t cv_sha2_final(cv_sha2_ctx *ctx, uint8_t *out, size_t out_len);
CV_MUST_CHECK cv_status_t cv_sha2_hash(cv_backend_t backend, int alg, const uint8_t *msg,
                                       size_t len, uint8_t *out, size_t out_len);
void cv_sha2_zeroize(cv_sha2_ctx *ctx);

CV_MUST_CHECK cv_status_t cv_hmac_sha256_init(cv_hmac_sha256_ctx *ctx, cv_backend_t backend,
                                              const uint8_t *key, size_t key_len);
CV_MUST_CHECK cv_status_t cv_hmac_sha256_update(cv_hmac_sha256_ctx *ctx, const uint8_t *data,
                                                size_t len);
CV_MUST_CHECK cv_status_t cv_hmac_sha256_final(cv_hmac_sha256_ctx *ctx, uint8_t *mac,
                                               size_t mac_len);
CV_MUST_CHECK cv_status_t cv_hmac_sha256(cv_backend_t backend, const uint8_t *key,
                                         size_t key_len, const uint8_t *msg, size_t len,
                                         uint8_t *mac, size_t mac_len);
void cv_hmac_sha256_zeroize(cv_hmac_sha256_ctx *ctx);

#endif /* CV_SHA2_H */
