// SPDX-License-Identifier: Apache-2.0
/* cv_prince.c: the PRINCE API of cv_prince.h. sw: fw/crypto's cv_prince_sw_*; the hardware
 * backends: the 64-bit block path of cv_light.c on engine 2 (KEY x4 words, CFG.DEC), with a
 * single-block fast path on cpi (START, DATAL, RESULT x2).
 * The ECB call takes the direction as the unsigned int cv_dir_t is compatible with: declared
 * as the enum, GCC schedules its fast path differently. */
#include "cv_prince.h"
#include "cv_light.h"

#define ENG CV_ENGINE_PRINCE

/* The engine's own error codes as API results. */
static const int8_t prince_errmap[8] = {
    [CV_PRINCE_STATUS_ERR_CODE_CFG] = CV_ERR_MODE,
    [CV_PRINCE_STATUS_ERR_CODE_BUSY] = CV_ERR_BUSY,
    [CV_PRINCE_STATUS_ERR_CODE_NOKEY] = CV_ERR_NOKEY,
};

int cv_prince_available(void) { return cv_cpl_engine_present(ENG); }

cv_status_t cv_prince_init(cv_prince_ctx *ctx, cv_backend_t backend, const uint8_t *key,
                           size_t key_len) {
  if (!ctx || !key || (unsigned)backend >= CV_BACKEND_COUNT) return CV_ERR_ARG;
  if (key_len != 16) return CV_ERR_KEYLEN;
  ctx->backend = backend;
  if (backend == CV_BACKEND_SW) {
    ctx->hw.id = 0xFFFFFFFFu;
    return cv_prince_sw_init(&ctx->sw, key, key_len);
  }
  ctx->hw.id = cv_light_new_id(ENG);
  ctx->hw.kcfg = (uint32_t)CV_PRINCE_CFG_KSZ_128 << CV_PRINCE_CFG_KSZ_SHIFT;
  cv_light_set_key(&ctx->hw, key, 16);
  return cv_light_reclaim(ENG, backend, &ctx->hw, 4, prince_errmap);
}

cv_status_t cv_prince_ecb(cv_prince_ctx *ctx, unsigned dir, const uint8_t *in, uint8_t *out,
                          size_t len) {
  int st;
  if (__builtin_expect(ctx != NULL, 1) &&
      CV_L64_FAST(ENG, CV_PRINCE_BASE, ctx, (uint32_t)dir, dir, in, out, len, &st, prince_errmap))
    return st;
  if (!ctx || !in || !out || (unsigned)dir > 1) return CV_ERR_ARG;
  if (len & 7) return CV_ERR_LENGTH;
  if (ctx->backend == CV_BACKEND_SW)
    return ctx->hw.id ? cv_prince_sw_ecb(&ctx->sw, dir, in, out, len) : CV_ERR_NOKEY;
  return cv_l64_ecb(ENG, ctx->backend, &ctx->hw, (uint32_t)dir, in, out, len >> 3,
                    prince_errmap);
}

cv_status_t cv_prince_ctr(cv_prince_ctx *ctx, uint8_t ctr[8], const uint8_t *in, uint8_t *out,
                          size_t len) {
  int st;
  if (__builtin_expect(ctx != NULL && ctr != NULL, 1) &&
      CV_L64_CTR_FAST(ENG, CV_PRINCE_BASE, ctx, 0, ctr, in, out, len, &st, prince_errmap))
    return st;
  if (!ctx || !ctr || ((!in || !out) && len)) return CV_ERR_ARG;
  if (ctx->backend == CV_BACKEND_SW)
    return ctx->hw.id ? cv_prince_sw_ctr(&ctx->sw, ctr, in, out, len) : CV_ERR_NOKEY;
  return cv_l64_ctr(ENG, ctx->backend, &ctx->hw, 0, ctr, in, out, len, prince_errmap);
}

void cv_prince_zeroize(cv_prince_ctx *ctx) {
  if (!ctx) return;
  if (ctx->backend != CV_BACKEND_SW && (unsigned)ctx->backend < CV_BACKEND_COUNT &&
      !cv_light_absent(ENG))
    cv_light_zeroize(ENG, ctx->backend);
  cv_cpl_wipe(ctx, sizeof *ctx);
}
