// SPDX-License-Identifier: Apache-2.0
/* bench_sha2.c: SHA-256, SHA-512 (mode hash) and HMAC-SHA-256 (mode mac, a 32-byte key, the
 * full tag) through cv_sha2.h on the sw and isa backends: one runner, the case's coupling picks
 * the backend, so the rows differ only in the library's implementation. Each measures the
 * one-shot call alone. */
#include "bench.h"
#include "cv_sha2.h"

void bench_sha2(const bench_case_t *c, const uint8_t *key, uint8_t *iv, const uint8_t *in,
                uint8_t *out, bench_result_t *r) {
  (void)iv;
  const cv_backend_t b = c->coupling == BENCH_COUPLING_ISA ? CV_BACKEND_ISA : CV_BACKEND_SW;
  if (c->mode == BENCH_MODE_MAC && c->alg == BENCH_ALG_HMAC_SHA2_256) {
    r->out_len = 32;
    BENCH_BEGIN(r);
    r->status = cv_hmac_sha256(b, key, 32, in, c->bytes, out, 32);
    BENCH_END(r);
  } else if (c->mode == BENCH_MODE_HASH && c->alg != BENCH_ALG_HMAC_SHA2_256) {
    const int alg = c->alg == BENCH_ALG_SHA2_512 ? CV_SHA2_512 : CV_SHA2_256;
    r->out_len = alg == CV_SHA2_512 ? 64 : 32;
    BENCH_BEGIN(r);
    r->status = cv_sha2_hash(b, alg, in, c->bytes, out, r->out_len);
    BENCH_END(r);
  } else {
    r->status = CV_ERR_MODE;
  }
}
