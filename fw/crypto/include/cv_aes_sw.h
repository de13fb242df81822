// SPDX-License-Identifier: Apache-2.0
/* cv_aes_sw.h: software AES-128/192/256 (T-table and constant-time) with ECB/CBC/CFB128/OFB/CTR
 * and CMAC, the baseline every AES accelerator is compared with. */
#ifndef CV_AES_SW_H
#define CV_AES_SW_H

#include <stddef.h>
#include <stdint.h>

#include "cv_status.h"

#define CV_AES_BLOCK_BYTES 16

/* Implementations (ctx->impl). */
#define CV_AES_SW_IMPL_TABLE 0  /* 32-bit T-tables: fast; constant-time only on a cacheless core */
#define CV_AES_SW_IMPL_CT    1  /* bitsliced (2 blocks per pass), no secret-dependent loads or
                                   branches anywhere */
#define CV_AES_SW_IMPL_ISA   2  /* the scalar-crypto instructions (Zkne/Zknd, built with CV_ZK):
                                   no table, the same time for every key and block */

typedef struct cv_aes_sw_ctx {
  uint32_t ek[60];  /* table: encryption round keys (little-endian column words);
                       ct: bit slices 0-3 of each round key */
  uint32_t dk[60];  /* table: decryption round keys (InvMixColumns applied, reversed);
                       ct: bit slices 4-7 of each round key */
  int rounds;       /* 10, 12 or 14 */
  int impl;         /* CV_AES_SW_IMPL_* */
} cv_aes_sw_ctx;

/* Key expansion. key_len 16, 24 or 32, else CV_ERR_KEYLEN. init selects the table version,
 * init_ct the constant-time one; both give identical results. A build with -DCV_CRYPTO_SMALL
 * has no constant-time version: init_ct returns CV_ERR_MODE (after the checks above). */
cv_status_t cv_aes_sw_init(cv_aes_sw_ctx *ctx, const uint8_t *key, size_t key_len);
cv_status_t cv_aes_sw_init_ct(cv_aes_sw_ctx *ctx, const uint8_t *key, size_t key_len);
/* The isa version: CV_ERR_HW in a build without CV_ZK (fw/common.mk FW_ZK=1). */
cv_status_t cv_aes_sw_init_isa(cv_aes_sw_ctx *ctx, const uint8_t *key, size_t key_len);
#if defined(CV_ZK)
/* Its key schedules alone (benchmarks): ek the encryption round keys of a 16/24/32-byte key,
 * dk the decryption ones (InvMixColumns applied, reversed) from ek, nr rounds. */
void cv_aes_isa_expand_enc(uint32_t *restrict ek, const uint8_t *restrict key, size_t key_len);
void cv_aes_isa_expand_dec(uint32_t *dk, const uint32_t *ek, int nr);
#endif

void cv_aes_sw_encrypt_block(const cv_aes_sw_ctx *ctx, const uint8_t in[16], uint8_t out[16]);
void cv_aes_sw_decrypt_block(const cv_aes_sw_ctx *ctx, const uint8_t in[16], uint8_t out[16]);

/* ECB/CBC: len % 16 != 0 -> CV_ERR_LENGTH and nothing is written (neither out nor iv).
 * dir is CV_ENCRYPT or CV_DECRYPT (else CV_ERR_ARG). in == out is allowed.
 * CBC leaves the last ciphertext block in iv, so a later call continues the message. */
cv_status_t cv_aes_sw_ecb(const cv_aes_sw_ctx *ctx, cv_dir_t dir, const uint8_t *in,
                          uint8_t *out, size_t len);
cv_status_t cv_aes_sw_cbc(const cv_aes_sw_ctx *ctx, cv_dir_t dir, uint8_t iv[16],
                          const uint8_t *in, uint8_t *out, size_t len);

/* CFB128/OFB/CTR take any length. After whole blocks, iv/ctr hold exactly the state that lets a
 * later call continue the message. A partial last block (len % 16 = n != 0) ends the message:
 *   CFB128: iv = E(iv) with its first n bytes replaced by the n ciphertext bytes;
 *   OFB:    iv = the last keystream block E(iv) (its unused bytes are dropped);
 *   CTR:    ctr is incremented once (the unused keystream bytes are dropped).
 * So calls are only seamless when every call but the last has len % 16 == 0.
 * CTR increments the whole 128-bit counter block big-endian (mod 2^128). */
cv_status_t cv_aes_sw_cfb128(const cv_aes_sw_ctx *ctx, cv_dir_t dir, uint8_t iv[16],
                             const uint8_t *in, uint8_t *out, size_t len);
cv_status_t cv_aes_sw_ofb(const cv_aes_sw_ctx *ctx, uint8_t iv[16], const uint8_t *in,
                          uint8_t *out, size_t len);
cv_status_t cv_aes_sw_ctr(const cv_aes_sw_ctx *ctx, uint8_t ctr[16],
                          const uint8_t *in, uint8_t *out, size_t len);

/* AES-CMAC (NIST SP 800-38B), any message length including 0; full 16-byte tag. */
cv_status_t cv_aes_sw_cmac(const cv_aes_sw_ctx *ctx, const uint8_t *msg, size_t len,
                           uint8_t mac[16]);

#endif /* CV_AES_SW_H */
