// SPDX-License-Identifier: Apache-2.0
/* bench_aead.c: AES-GCM and AES-CCM (modes gcm, ccm) and ChaCha20-Poly1305 (engine chacha,
 * mode aead) on every backend (sw, mmio, cpi, cpi-dma, mmio-dma; isa for GCM and CCM) through
 * the one API of cv_aead.h; the hardware backends need the AES engine built as aead_top (soc_top
 * AES_AEAD = 1), or the ChaCha engine as chachapoly_top (CHACHA_AEAD = 1); isa an image built
 * with FW_ZK=1 on the core with ZK = 1.
 *
 * A case: the key (its first key_bytes), the nonce (GCM and ChaCha20-Poly1305: the case's IV's
 * first 12 bytes; CCM: its first 13, the length field of IEEE 802.15.4, BLE and Matter), aad_bytes of AAD (xorshift32
 * seeded with the case's seed XOR 0x5A5A5A5A, little-endian bytes as main.c's fill) and a
 * tag_bytes tag. Encryption times cv_aead_encrypt and hands the text and the tag to the check;
 * decryption encrypts first (not timed) and times cv_aead_decrypt of that text and tag in place,
 * its output the message again. Before the timed call one message of no text under the key
 * has run (not timed), so the engine holds the key and GCM's H, as an AES case's expanded key. */
#include "bench.h"
#include "cv_aead.h"
#include "cv_xorshift.h"

static cv_aead_ctx ctx;
static uint8_t aad[64] __attribute__((aligned(4)));
static uint8_t tagb[16] __attribute__((aligned(4)));

static cv_backend_t backend_of(uint8_t coupling) {
  switch (coupling) {
    case BENCH_COUPLING_SW: return CV_BACKEND_SW;
    case BENCH_COUPLING_MMIO: return CV_BACKEND_MMIO;
    case BENCH_COUPLING_CPI: return CV_BACKEND_CPI;
    case BENCH_COUPLING_CPI_DMA: return CV_BACKEND_CPI_DMA;
    case BENCH_COUPLING_MMIO_DMA: return CV_BACKEND_MMIO_DMA;
    case BENCH_COUPLING_ISA: return CV_BACKEND_ISA;
    default: return CV_BACKEND_COUNT;  /* cv_aead_init rejects it */
  }
}

void bench_aead(const bench_case_t *c, const uint8_t *key, uint8_t *iv, const uint8_t *in,
                uint8_t *out, bench_result_t *r) {
  const int ccm = c->mode == BENCH_MODE_CCM;
  const cv_aead_alg_t alg = c->mode == BENCH_MODE_GCM ? CV_AEAD_AES_GCM
                            : ccm                     ? CV_AEAD_AES_CCM
                                                      : CV_AEAD_CHACHA20_POLY1305;
  const size_t nl = ccm ? 13 : 12, al = c->aad_bytes, tl = c->tag_bytes, n = c->bytes;
  uint32_t s = c->seed ^ 0x5A5A5A5Au;
  if (!s) s = 1;
  for (size_t i = 0; i < al && i < sizeof aad; i += 4) {
    const uint32_t v = cv_xorshift32(&s);
    for (size_t k = 0; k < 4 && i + k < al; k++) aad[i + k] = (uint8_t)(v >> (8 * k));
  }
  r->status = al > sizeof aad ? CV_ERR_ARG
                              : cv_aead_init(&ctx, alg, backend_of(c->coupling), key,
                                             c->key_bytes);
  if (r->status != CV_OK) return;
  /* the key into the engine (and GCM's H), not timed */
  r->status = cv_aead_encrypt(&ctx, iv, nl, NULL, 0, NULL, NULL, 0, tagb, tl);
  if (r->status != CV_OK) return;
  r->out_len = n;
  if (c->dir == BENCH_DIR_DECRYPT) {
    r->status = cv_aead_encrypt(&ctx, iv, nl, aad, al, in, out, n, tagb, tl);
    if (r->status != CV_OK) return;
    BENCH_BEGIN(r);
    r->status = cv_aead_decrypt(&ctx, iv, nl, aad, al, out, out, n, tagb, tl);
    BENCH_END(r);
  } else {
    BENCH_BEGIN(r);
    r->status = cv_aead_encrypt(&ctx, iv, nl, aad, al, in, out, n, tagb, tl);
    BENCH_END(r);
    r->tail = tagb;
    r->tail_len = tl;
  }
  cv_aead_zeroize(&ctx);
}
