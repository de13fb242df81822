// SPDX-License-Identifier: Apache-2.0
/* cv_sha2.c: SHA-256, SHA-512 and HMAC-SHA-256 on the sw and isa backends (cv_sha2.h). Both
 * run the library's code (fw/crypto cv_sha2_sw.c): the backend picks its implementation, plain
 * RV32IM or Zknh. This layer adds the drivers' contract: the check word, the buffers' rules and
 * the backend codes. */
#include "cv_sha2.h"

#include "cv_cpl.h"

#define SHA2_MAGIC 0x5A2C0DE5u
#define HMAC_MAGIC 0x4AC25600u

int cv_sha2_isa_available(void) { return cv_sha2_sw_isa_built(); }

/* CV_OK and the library's implementation for a backend; CV_ERR_HW for the engine couplings
 * (no SHA-2 engine) and for isa without FW_ZK; CV_ERR_ARG for anything else. */
static cv_status_t impl_of(cv_backend_t b, int *impl) {
  if (b == CV_BACKEND_SW) {
    *impl = CV_SHA2_IMPL_SW;
    return CV_OK;
  }
  if (b == CV_BACKEND_ISA) {
    *impl = CV_SHA2_IMPL_ISA;
    return cv_sha2_sw_isa_built() ? CV_OK : CV_ERR_HW;
  }
  return (unsigned)b < CV_BACKEND_COUNT ? CV_ERR_HW : CV_ERR_ARG;
}

/* The check word: the words that steer the calls (backend, algorithm, implementation, buffer
 * position, ended). */
static uint32_t seal(uint32_t magic, cv_backend_t b, const cv_sha2_sw_ctx *w) {
  return cv_seal(magic, (uint32_t)b, (uint32_t)w->alg, (uint32_t)w->impl, w->pos,
                 (uint32_t)w->done);
}

cv_status_t cv_sha2_init(cv_sha2_ctx *ctx, cv_backend_t backend, int alg) {
  int impl = 0;
  if (!ctx || (alg != CV_SHA2_256 && alg != CV_SHA2_512)) return CV_ERR_ARG;
  cv_status_t st = impl_of(backend, &impl);
  if (st != CV_OK) return st;
  ctx->backend = backend;
  st = cv_sha2_sw_init(&ctx->sw, alg, impl);
  ctx->chk = seal(SHA2_MAGIC, backend, &ctx->sw);
  return st;
}

cv_status_t cv_sha2_update(cv_sha2_ctx *ctx, const uint8_t *data, size_t len) {
  if (!ctx) return CV_ERR_ARG;
  if (ctx->chk != seal(SHA2_MAGIC, ctx->backend, &ctx->sw)) return CV_ERR_NOKEY;
  if (ctx->sw.done || (len && (!data || cv_buf_rd_bad(data, len)))) return CV_ERR_ARG;
  cv_status_t st = cv_sha2_sw_update(&ctx->sw, data, len);
  ctx->chk = seal(SHA2_MAGIC, ctx->backend, &ctx->sw);
  return st;
}

cv_status_t cv_sha2_final(cv_sha2_ctx *ctx, uint8_t *out, size_t out_len) {
  if (!ctx) return CV_ERR_ARG;
  if (ctx->chk != seal(SHA2_MAGIC, ctx->backend, &ctx->sw)) return CV_ERR_NOKEY;
  if (ctx->sw.done || !out) return CV_ERR_ARG;
  const size_t md = ctx->sw.alg == CV_SHA2_256 ? CV_SHA256_DIGEST : CV_SHA512_DIGEST;
  if (out_len != md) return CV_ERR_OUTLEN;
  if (cv_buf_wr_bad(out, md)) return CV_ERR_ARG;
  cv_status_t st = cv_sha2_sw_final(&ctx->sw, out, out_len);
  ctx->chk = seal(SHA2_MAGIC, ctx->backend, &ctx->sw);
  return st;
}

cv_status_t cv_sha2_hash(cv_backend_t backend, int alg, const uint8_t *msg, size_t len,
                         uint8_t *out, size_t out_len) {
  cv_sha2_ctx ctx;
  cv_status_t st = cv_sha2_init(&ctx, backend, alg);
  if (st != CV_OK) return st;
  if (!out) return CV_ERR_ARG;
  if (out_len != (alg == CV_SHA2_256 ? CV_SHA256_DIGEST : CV_SHA512_DIGEST)) return CV_ERR_OUTLEN;
  if (cv_buf_wr_bad(out, out_len) || (len && (!msg || cv_buf_rd_bad(msg, len))))
    return CV_ERR_ARG;
  st = cv_sha2_update(&ctx, msg, len);
  if (st == CV_OK) st = cv_sha2_final(&ctx, out, out_len);
  cv_sha2_zeroize(&ctx);
  return st;
}

/* A context, a word at a time: both context types are word-aligned and a whole number of words
 * (they hold 64-bit fields); the firmware's memset goes a byte at a time (four instructions a
 * byte, most of a short hash's cycles). volatile: the wipe of a dying context stays. */
static void wipe_words(void *p, size_t n) {
  volatile uint32_t *q = (volatile uint32_t *)p;
  for (n /= 4; n; n--) *q++ = 0;
}

void cv_sha2_zeroize(cv_sha2_ctx *ctx) {
  if (ctx) wipe_words(ctx, sizeof *ctx);
}

/* ---- HMAC-SHA-256 -------------------------------------------------------------------------- */
static uint32_t hseal(const cv_hmac_sha256_ctx *ctx) {
  return seal(HMAC_MAGIC, ctx->backend, &ctx->sw.inner);
}

cv_status_t cv_hmac_sha256_init(cv_hmac_sha256_ctx *ctx, cv_backend_t backend,
                                const uint8_t *key, size_t key_len) {
  int impl = 0;
  if (!ctx || (key_len && (!key || cv_buf_rd_bad(key, key_len)))) return CV_ERR_ARG;
  cv_status_t st = impl_of(backend, &impl);
  if (st != CV_OK) return st;
  ctx->backend = backend;
  st = cv_hmac_sha256_sw_init(&ctx->sw, impl, key, key_len);
  ctx->chk = hseal(ctx);
  return st;
}

cv_status_t cv_hmac_sha256_update(cv_hmac_sha256_ctx *ctx, const uint8_t *data, size_t len) {
  if (!ctx) return CV_ERR_ARG;
  if (ctx->chk != hseal(ctx)) return CV_ERR_NOKEY;
  if (ctx->sw.inner.done || (len && (!data || cv_buf_rd_bad(data, len)))) return CV_ERR_ARG;
  cv_status_t st = cv_hmac_sha256_sw_update(&ctx->sw, data, len);
  ctx->chk = hseal(ctx);
  return st;
}

cv_status_t cv_hmac_sha256_final(cv_hmac_sha256_ctx *ctx, uint8_t *mac, size_t mac_len) {
  if (!ctx) return CV_ERR_ARG;
  if (ctx->chk != hseal(ctx)) return CV_ERR_NOKEY;
  if (ctx->sw.inner.done || !mac) return CV_ERR_ARG;
  if (mac_len < 1 || mac_len > CV_SHA256_DIGEST) return CV_ERR_OUTLEN;
  if (cv_buf_wr_bad(mac, mac_len)) return CV_ERR_ARG;
  cv_status_t st = cv_hmac_sha256_sw_final(&ctx->sw, mac, mac_len);
  ctx->chk = hseal(ctx);
  return st;
}

cv_status_t cv_hmac_sha256(cv_backend_t backend, const uint8_t *key, size_t key_len,
                           const uint8_t *msg, size_t len, uint8_t *mac, size_t mac_len) {
  cv_hmac_sha256_ctx ctx;
  cv_status_t st = cv_hmac_sha256_init(&ctx, backend, key, key_len);
  if (st != CV_OK) return st;
  if (!mac) st = CV_ERR_ARG;
  else if (mac_len < 1 || mac_len > CV_SHA256_DIGEST) st = CV_ERR_OUTLEN;
  else if (cv_buf_wr_bad(mac, mac_len) || (len && (!msg || cv_buf_rd_bad(msg, len))))
    st = CV_ERR_ARG;
  if (st == CV_OK) st = cv_hmac_sha256_update(&ctx, msg, len);
  if (st == CV_OK) st = cv_hmac_sha256_final(&ctx, mac, mac_len);
  cv_hmac_sha256_zeroize(&ctx);
  return st;
}

void cv_hmac_sha256_zeroize(cv_hmac_sha256_ctx *ctx) {
  if (ctx) wipe_words(ctx, sizeof *ctx);
}
_Static_assert(sizeof(cv_sha2_ctx) % 4 == 0 && sizeof(cv_hmac_sha256_ctx) % 4 == 0,
               "wipe_words clears whole words");
