// SPDX-License-Identifier: Apache-2.0
/* cv_ccm_sw.h: software AES-CCM (NIST SP 800-38C) and CCM* (IEEE 802.15.4: tag length 0 is
 * encryption only) on the AES of cv_aes_sw.h: one-shot and streaming. */
#ifndef CV_CCM_SW_H
#define CV_CCM_SW_H

#include <stddef.h>
#include <stdint.h>

#include "cv_aes_sw.h"
#include "cv_status.h"

#define CV_CCM_TAG_MAX 16

typedef struct cv_ccm_sw_ctx {
  cv_aes_sw_ctx aes;
  /* one message (start .. finish) */
  uint32_t x[4];        /* CBC-MAC chaining value */
  uint8_t ctr[16];      /* counter block A_i: flags q-1, nonce, i (last q bytes, big-endian) */
  uint8_t ks[16];       /* keystream E(A_i) of the current block */
  uint8_t s0[16];       /* E(A_0): the tag mask */
  uint64_t aad_total, aad_done;  /* bytes of AAD declared at start / given so far */
  uint64_t msg_total, msg_done;  /* bytes of text declared at start / given so far */
  uint32_t cnt;         /* i of the next counter block */
  uint32_t ks_pos;      /* bytes of ks used (16 = none left) */
  uint32_t x_pos;       /* bytes XORed into x since its last encryption */
  int q;                /* length-field bytes, 15 - nonce length */
  cv_dir_t dir;
  int tag_len;          /* 0 (CCM*: no authentication) or 4..16 even */
  int phase;            /* 0 no message, 1 AAD, 2 text, 3 done */
} cv_ccm_sw_ctx;

/* Key setup (16, 24 or 32 bytes, else CV_ERR_KEYLEN). init uses the T-table AES, init_ct the
 * bitsliced constant-time AES (cv_aes_sw_init_ct), which makes CCM constant-time on any core. */
cv_status_t cv_ccm_sw_init(cv_ccm_sw_ctx *ctx, const uint8_t *key, size_t key_len);
cv_status_t cv_ccm_sw_init_ct(cv_ccm_sw_ctx *ctx, const uint8_t *key, size_t key_len);
/* The isa AES (Zkne/Zknd, cv_aes_sw_init_isa): CV_ERR_HW in a build without CV_ZK. */
cv_status_t cv_ccm_sw_init_isa(cv_ccm_sw_ctx *ctx, const uint8_t *key, size_t key_len);

/* One-shot. nonce_len 7..13 (else CV_ERR_ARG); tag_len 4, 6, .., 16 or 0 (CCM*: encryption
 * only, the AAD is then not used and no tag is written or checked), else CV_ERR_OUTLEN; len must
 * fit the length field of 15 - nonce_len bytes, else CV_ERR_LENGTH. Errors write nothing.
 * in == out is allowed. decrypt returns CV_ERR_AUTH when the tag (compared in constant time)
 * does not match, and then zeroes out[0..len). */
cv_status_t cv_ccm_sw_encrypt(cv_ccm_sw_ctx *ctx, const uint8_t *nonce, size_t nonce_len,
                              const uint8_t *aad, size_t aad_len, const uint8_t *in,
                              uint8_t *out, size_t len, uint8_t *tag, size_t tag_len);
cv_status_t cv_ccm_sw_decrypt(cv_ccm_sw_ctx *ctx, const uint8_t *nonce, size_t nonce_len,
                              const uint8_t *aad, size_t aad_len, const uint8_t *in,
                              uint8_t *out, size_t len, const uint8_t *tag, size_t tag_len);

/* Streaming. CCM puts both lengths into its first block, so start takes them; then aad and
 * update calls (any lengths) must supply exactly aad_len and msg_len bytes: a call that goes
 * past them, update before all the AAD, or finish/verify before all the text returns
 * CV_ERR_LENGTH and changes nothing. Calls out of order return CV_ERR_ARG. finish (encryption)
 * writes tag_len bytes, verify (decryption) returns CV_OK or CV_ERR_AUTH. Streaming decryption
 * releases plaintext at each update: nothing of it may be used before verify returns CV_OK. */
cv_status_t cv_ccm_sw_start(cv_ccm_sw_ctx *ctx, cv_dir_t dir, const uint8_t *nonce,
                            size_t nonce_len, size_t aad_len, size_t msg_len, size_t tag_len);
cv_status_t cv_ccm_sw_aad(cv_ccm_sw_ctx *ctx, const uint8_t *aad, size_t len);
cv_status_t cv_ccm_sw_update(cv_ccm_sw_ctx *ctx, const uint8_t *in, uint8_t *out, size_t len);
cv_status_t cv_ccm_sw_finish(cv_ccm_sw_ctx *ctx, uint8_t *tag);
cv_status_t cv_ccm_sw_verify(cv_ccm_sw_ctx *ctx, const uint8_t *tag);

#endif /* CV_CCM_SW_H */
