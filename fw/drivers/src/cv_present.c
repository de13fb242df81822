// SPDX-License-Identifier: Apache-2.0
/* cv_present.c: the PRESENT API of cv_present.h. sw: fw/crypto's cv_present_sw_*; the hardware
 * backends: the 64-bit block path of cv_light.c on engine 3. An 80-bit key is the top 80 bits
 * of the 128-bit key bus (key bytes 0..9, then zeros); CFG.KSZ 0 (80) or 1 (128), CFG.DEC. The
 * key size goes with the key (CFG.KSZ at KEYLOAD, the context's kcfg) and every message names
 * the same size. The engine precomputes the decryption key at KEYLOAD (33 cycles), so every
 * block costs the same in both directions.
 * The ECB call takes the direction as the unsigned int cv_dir_t is compatible with: declared
 * as the enum, GCC schedules its fast path differently. */
#include "cv_present.h"
#include "cv_light.h"

#define ENG CV_ENGINE_PRESENT

/* The engine's own error codes as API results (CFG: a reserved mode or key size). */
static const int8_t present_errmap[8] = {
    [CV_PRESENT_STATUS_ERR_CODE_CFG] = CV_ERR_MODE,
    [CV_PRESENT_STATUS_ERR_CODE_BUSY] = CV_ERR_BUSY,
    [CV_PRESENT_STATUS_ERR_CODE_NOKEY] = CV_ERR_NOKEY,
};

int cv_present_available(void) { return cv_cpl_engine_present(ENG); }

cv_status_t cv_present_init(cv_present_ctx *ctx, cv_backend_t backend, const uint8_t *key,
                            size_t key_len) {
  if (!ctx || !key || (unsigned)backend >= CV_BACKEND_COUNT) return CV_ERR_ARG;
  if (key_len != 10 && key_len != 16) return CV_ERR_KEYLEN;
  ctx->backend = backend;
  if (backend == CV_BACKEND_SW) {
    ctx->hw.id = 0xFFFFFFFFu;
    return cv_present_sw_init(&ctx->sw, key, key_len);
  }
  ctx->hw.id = cv_light_new_id(ENG);
  ctx->hw.kcfg = (uint32_t)(key_len == 16 ? CV_PRESENT_CFG_KSZ_128 : CV_PRESENT_CFG_KSZ_80)
                 << CV_PRESENT_CFG_KSZ_SHIFT;
  cv_light_set_key(&ctx->hw, key, key_len);
  return cv_light_reclaim(ENG, backend, &ctx->hw, 4, present_errmap);
}

cv_status_t cv_present_ecb(cv_present_ctx *ctx, unsigned dir, const uint8_t *in, uint8_t *out,
                           size_t len) {
  int st;
  if (__builtin_expect(ctx != NULL, 1) &&
      CV_L64_FAST(ENG, CV_PRESENT_BASE, ctx, ctx->hw.kcfg | (uint32_t)dir, dir, in, out, len,
                  &st, present_errmap))
    return st;
  if (!ctx || !in || !out || (unsigned)dir > 1) return CV_ERR_ARG;
  if (len & 7) return CV_ERR_LENGTH;
  if (ctx->backend == CV_BACKEND_SW)
    return ctx->hw.id ? cv_present_sw_ecb(&ctx->sw, dir, in, out, len) : CV_ERR_NOKEY;
  return cv_l64_ecb(ENG, ctx->backend, &ctx->hw, ctx->hw.kcfg | (uint32_t)dir, in, out,
                    len >> 3, present_errmap);
}

cv_status_t cv_present_ctr(cv_present_ctx *ctx, uint8_t ctr[8], const uint8_t *in, uint8_t *out,
                           size_t len) {
  int st;
  if (__builtin_expect(ctx != NULL && ctr != NULL, 1) &&
      CV_L64_CTR_FAST(ENG, CV_PRESENT_BASE, ctx, ctx->hw.kcfg, ctr, in, out, len, &st,
                      present_errmap))
    return st;
  if (!ctx || !ctr || ((!in || !out) && len)) return CV_ERR_ARG;
  if (ctx->backend == CV_BACKEND_SW)
    return ctx->hw.id ? cv_present_sw_ctr(&ctx->sw, ctr, in, out, len) : CV_ERR_NOKEY;
  return cv_l64_ctr(ENG, ctx->backend, &ctx->hw, ctx->hw.kcfg, ctr, in, out, len,
                    present_errmap);
}

void cv_present_zeroize(cv_present_ctx *ctx) {
  if (!ctx) return;
  if (ctx->backend != CV_BACKEND_SW && (unsigned)ctx->backend < CV_BACKEND_COUNT &&
      !cv_light_absent(ENG))
    cv_light_zeroize(ENG, ctx->backend);
  cv_cpl_wipe(ctx, sizeof *ctx);
}
