// SPDX-License-Identifier: Apache-2.0
/* cv_sha2_sw.h: SHA-256, SHA-512 (FIPS 180-4) and HMAC-SHA-256 (FIPS 198-1) in two versions:
 * plain RV32IM C (CV_SHA2_IMPL_SW, every build) and the scalar-crypto instructions
 * (CV_SHA2_IMPL_ISA: Zknh's sha256sig/sum and the RV32 sha512 forms, Zbkb's rev8 and andn;
 * compiled in with CV_ZK, fw/common.mk FW_ZK=1; without it init refuses it with CV_ERR_HW).
 * Both give identical bytes and take a fixed number of instructions per block. */
#ifndef CV_SHA2_SW_H
#define CV_SHA2_SW_H

#include <stddef.h>
#include <stdint.h>

#include "cv_status.h"

/* Algorithms. */
#define CV_SHA2_256 0
#define CV_SHA2_512 1

/* Implementations (ctx->impl). */
#define CV_SHA2_IMPL_SW  0
#define CV_SHA2_IMPL_ISA 1

#define CV_SHA256_DIGEST 32
#define CV_SHA512_DIGEST 64

typedef struct cv_sha2_sw_ctx {
  union {
    uint32_t h32[8];   /* SHA-256 state */
    uint64_t h64[8];   /* SHA-512 state */
  } h;
  uint8_t buf[128];    /* the block being filled */
  uint64_t len;        /* message bytes so far */
  uint32_t pos;        /* bytes in buf */
  int alg;             /* CV_SHA2_* */
  int impl;            /* CV_SHA2_IMPL_* */
  int done;            /* 1 after final */
} cv_sha2_sw_ctx;

/* 1 when this build has the isa implementation (CV_ZK). */
int cv_sha2_sw_isa_built(void);

/* Unknown alg or impl -> CV_ERR_ARG; impl ISA in a build without it -> CV_ERR_HW. */
cv_status_t cv_sha2_sw_init(cv_sha2_sw_ctx *ctx, int alg, int impl);
/* Any lengths; after final -> CV_ERR_ARG. */
cv_status_t cv_sha2_sw_update(cv_sha2_sw_ctx *ctx, const uint8_t *data, size_t len);
/* out_len must be the digest size (32 or 64) else CV_ERR_OUTLEN (nothing written, the message
 * kept); once (then CV_ERR_ARG). */
cv_status_t cv_sha2_sw_final(cv_sha2_sw_ctx *ctx, uint8_t *out, size_t out_len);
cv_status_t cv_sha2_sw_hash(int alg, int impl, const uint8_t *msg, size_t len, uint8_t *out,
                            size_t out_len);

/* HMAC-SHA-256: a key of any length (longer than 64 bytes: hashed first). The context keeps
 * the inner hash and the key block for the outer one. */
typedef struct cv_hmac_sha256_sw_ctx {
  cv_sha2_sw_ctx inner;
  uint32_t okey[16];   /* key block ^ opad */
} cv_hmac_sha256_sw_ctx;

cv_status_t cv_hmac_sha256_sw_init(cv_hmac_sha256_sw_ctx *ctx, int impl, const uint8_t *key,
                                   size_t key_len);
cv_status_t cv_hmac_sha256_sw_update(cv_hmac_sha256_sw_ctx *ctx, const uint8_t *data,
                                     size_t len);
/* mac_len 1..32 (a truncated tag is the first bytes, FIPS 198-1 5) else CV_ERR_OUTLEN. */
cv_status_t cv_hmac_sha256_sw_final(cv_hmac_sha256_sw_ctx *ctx, uint8_t *mac, size_t mac_len);
cv_status_t cv_hmac_sha256_sw(int impl, const uint8_t *key, size_t key_len, const uint8_t *msg,
                              size_t len, uint8_t *mac, size_t mac_len);

/* The compression functions on whole blocks (tests and benchmarks). */
void cv_sha256_sw_blocks(uint32_t h[8], const uint8_t *blk, size_t nblk);
void cv_sha512_sw_blocks(uint64_t h[8], const uint8_t *blk, size_t nblk);
#if defined(CV_ZK)
void cv_sha256_isa_blocks(uint32_t h[8], const uint8_t *blk, size_t nblk);
void cv_sha512_isa_blocks(uint64_t h[8], const uint8_t *blk, size_t nblk);
#endif

#endif /* CV_SHA2_SW_H */
