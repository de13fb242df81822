// SPDX-License-Identifier: Apache-2.0
/* cv_aead.h: authenticated encryption, one API for every algorithm and backend.
 *
 *   cv_aead_ctx ctx;
 *   cv_status_t st = cv_aead_init(&ctx, CV_AEAD_AES_GCM, CV_BACKEND_CPI, key, 16);
 *   if (st == CV_OK) st = cv_aead_encrypt(&ctx, nonce, 12, aad, aad_len, pt, ct, len, tag, 16);
 *   if (st == CV_OK) st = cv_aead_decrypt(&ctx, nonce, 12, aad, aad_len, ct, pt, len, tag, 16);
 *   cv_aead_zeroize(&ctx);
 *
 * Algorithms and what they take (anything else: the error named, nothing written):
 *   CV_AEAD_AES_GCM            key 16/24/32 (CV_ERR_KEYLEN); nonce >= 1 byte (12 is the fast
 *                              one: other lengths go through GHASH) (CV_ERR_ARG); tag 4, 8,
 *                              12..16 (CV_ERR_OUTLEN); SP 800-38D
 *   CV_AEAD_AES_CCM            key 16/24/32; nonce 7..13; tag 4..16 even, or 0 (CCM*: IEEE
 *                              802.15.4 encryption only: no tag is written or checked and the
 *                              AAD is not used); len within the length field of 15 - nonce
 *                              bytes (CV_ERR_LENGTH); SP 800-38C
 *   CV_AEAD_CHACHA20_POLY1305  key 32; nonce 12; tag 16; RFC 8439
 * Backends: sw (fw/crypto's cv_gcm_sw, cv_ccm_sw, cv_chachapoly_sw); isa (GCM and CCM on the
 * core's scalar-crypto instructions: the AES on Zkne/Zknd, GCM's GHASH on Zbkc; a firmware built
 * without FW_ZK=1 gets CV_ERR_HW from init, ChaCha20-Poly1305 CV_ERR_MODE); mmio, cpi, cpi-dma
 * and mmio-dma: GCM and CCM on the AES engine built as aead_top (soc_top AES_AEAD = 1),
 * ChaCha20-Poly1305 on the ChaCha engine built as chachapoly_top (soc_top CHACHA_AEAD = 1);
 * cv_aead_hw_available(alg) says so, else a hardware init returns CV_ERR_HW (as every backend
 * but sw does in a build with -DCV_AEAD_SW_ONLY, which leaves the hardware code out: the
 * default console, fw/programs/console/Makefile). On the DMA
 * backends the text goes through the
 * DMA (the nonce, AAD and tag as on cpi / mmio, or with the text in one DMA message job for a
 * one-shot call whose AAD and tag lie in data memory, the AAD aligned to the DMA's port, the
 * tag apart from out): in and out must be aligned to CV_DMA_ALIGN (else CV_ERR_DMA, nothing written);
 * text in program memory goes the cpi (mmio) way.
 *
 * One-shot decryption compares the tag in constant time (the engine compares all its bytes in
 * one cycle; the sw backend with a constant-time loop) and, on a mismatch, returns CV_ERR_AUTH
 * with out[0..len) zeroed: no unauthenticated plaintext leaves the call. Any other error of a
 * decryption also leaves out zeroed.
 *
 * Streaming (long messages): start, then aad calls (any lengths, any number), then update calls,
 * then finish. CCM puts both lengths into its first block, so start takes aad_len and len (the
 * other algorithms ignore them) and the calls must then supply exactly that much
 * (CV_ERR_LENGTH otherwise, at the call that goes past it or at finish). Every update but the
 * last must be a whole number of 16-byte blocks (ChaCha20-Poly1305 on a hardware backend: of
 * 64-byte blocks, the ChaCha engine's): a partial update ends the text, and a later update
 * returns CV_ERR_LENGTH. finish writes the tag (encryption) or checks the received tag
 * (decryption: CV_OK or CV_ERR_AUTH). Streaming decryption releases plaintext at each update, as
 * every multi-part AEAD API does (PSA, mbedTLS): none of it may be used before finish returns
 * CV_OK.
 *
 * The AES engine is shared with cv_aes, the ChaCha engine with cv_chacha: a context owns its
 * engine from its first message until another context (AEAD, AES or ChaCha) uses it; the key is reloaded from the context's copy when ownership
 * changed. A streaming message another context's call interrupted (the engine runs one
 * message) gets CV_ERR_ABORTED from its next aad, update or finish; a start ends any message
 * left unfinished. A DMA job running, or an AES background job (cv_aes_start) pending, gives
 * CV_ERR_BUSY. Results: cv_status.h. */
#ifndef CV_AEAD_H
#define CV_AEAD_H

#include <stddef.h>
#include <stdint.h>

#include "cv_backend.h"
#include "cv_ccm_sw.h"
#include "cv_chachapoly_sw.h"
#include "cv_gcm_sw.h"
#include "cv_status.h"

typedef enum cv_aead_alg {
  CV_AEAD_AES_GCM = 0,
  CV_AEAD_AES_CCM = 1,
  CV_AEAD_CHACHA20_POLY1305 = 2,
  CV_AEAD_ALG_COUNT
} cv_aead_alg_t;

typedef struct cv_aead_ctx {
  cv_aead_alg_t alg;
  cv_backend_t backend;
  uint32_t key_bytes;
  uint32_t id;           /* hardware: which context last loaded the engine (0: none, sw) */
  uint32_t chk;          /* check word over the fields above, set by init, cleared by zeroize */
  /* one message (start .. finish) */
  uint32_t phase;        /* 0 none, 1 AAD, 2 text, 3 text ended by a partial update */
  cv_dir_t dir;
  uint32_t tag_len;
  uint32_t aad_left;     /* CCM: bytes of AAD and text still due */
  uint32_t msg_left;
  uint32_t nbuf;         /* hardware: bytes of the AAD block being collected */
  uint32_t cfg;          /* hardware: the message's CFG (the DMA jobs' ECFG) */
  uint32_t buf[16];      /* hardware: the AAD block being collected (16 or 64 bytes) */
  uint32_t kw[8];        /* hardware: the key, for reloads; wiped by zeroize */
  union {
    cv_gcm_sw_ctx gcm;
    cv_ccm_sw_ctx ccm;
    cv_chachapoly_sw_ctx cp;
  } sw;
} cv_aead_ctx;

/* 1 when this SoC's AES engine runs GCM and CCM (CAP.AEAD), else 0. */
int cv_aead_available(void);
/* 1 when this SoC's engines run alg on the hardware backends (AES or ChaCha CAP.AEAD), else 0. */
int cv_aead_hw_available(cv_aead_alg_t alg);

CV_MUST_CHECK cv_status_t cv_aead_init(cv_aead_ctx *ctx, cv_aead_alg_t alg, cv_backend_t backend,
                                       const uint8_t *key, size_t key_len);
CV_MUST_CHECK cv_status_t cv_aead_encrypt(cv_aead_ctx *ctx, const uint8_t *nonce,
                                          size_t nonce_len, const uint8_t *aad, size_t aad_len,
                                          const uint8_t *in, uint8_t *out, size_t len,
                                          uint8_t *tag, size_t tag_len);
CV_MUST_CHECK cv_status_t cv_aead_decrypt(cv_aead_ctx *ctx, const uint8_t *nonce,
                                          size_t nonce_len, const uint8_t *aad, size_t aad_len,
                                          const uint8_t *in, uint8_t *out, size_t len,
                                          const uint8_t *tag, size_t tag_len);

CV_MUST_CHECK cv_status_t cv_aead_start(cv_aead_ctx *ctx, cv_dir_t dir, const uint8_t *nonce,
                                        size_t nonce_len, size_t aad_len, size_t len,
                                        size_t tag_len);
CV_MUST_CHECK cv_status_t cv_aead_aad(cv_aead_ctx *ctx, const uint8_t *aad, size_t len);
CV_MUST_CHECK cv_status_t cv_aead_update(cv_aead_ctx *ctx, const uint8_t *in, uint8_t *out,
                                         size_t len);
/* Encryption: writes tag_len bytes at tag. Decryption: reads the received tag_len bytes at tag;
 * CV_OK or CV_ERR_AUTH. */
CV_MUST_CHECK cv_status_t cv_aead_finish(cv_aead_ctx *ctx, uint8_t *tag);

void cv_aead_zeroize(cv_aead_ctx *ctx);

#endif /* CV_AEAD_H */
