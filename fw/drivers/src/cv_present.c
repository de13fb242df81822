// SPDX-License-Identifier: Apache-2.0
/* cv_present.c: the PRESENT API of cv_present.h. sw: fw/crypto's cv_present_sw_*; the hardware
 * backends: the 64-bit block path of cv_light.h on engine 3. An 80-bit key is the top 80 bits
 * of the 128-bit key bus (key bytes 0..9, then zeros); CFG.KSZ 0 (80) or 1 (128), CFG.DEC. The
 * key size goes with the key (CFG.KSZ at KEYLOAD, the context's kcfg, recorded with the owner:
 * cv_light_kcfg) and every message names the same size. The engine precomputes the decryption
 * key at KEYLOAD (33 cycles), so every block costs the same in both directions. Every call is
 * the API function's validation with the key owner test, then cv_l64_run on the owner's path;
 * anything else (an error to name, the sw backend, a key to reload) takes slow.
 * The ECB call takes the direction as the unsigned int cv_dir_t is compatible with: declared
 * as the enum, GCC schedules its path differently. */
#include "cv_present.h"
#include "cv_light.h"

#define ENG CV_ENGINE_PRESENT
#define PRESENT_MAGIC 0x7E5E4A13u

/* The engine's own error codes as API results (CFG: a reserved mode or key size). */
static const int8_t present_errmap[8] = {
    [CV_PRESENT_STATUS_ERR_CODE_CFG] = CV_ERR_MODE,
    [CV_PRESENT_STATUS_ERR_CODE_BUSY] = CV_ERR_BUSY,
    [CV_PRESENT_STATUS_ERR_CODE_NOKEY] = CV_ERR_NOKEY,
};

int cv_present_available(void) { return cv_cpl_engine_present(ENG); }

static inline uint32_t seal(const cv_present_ctx *ctx) {
  return cv_light_seal(PRESENT_MAGIC, ctx->backend, &ctx->hw, 0, 0);
}

cv_status_t cv_present_init(cv_present_ctx *ctx, cv_backend_t backend, const uint8_t *key,
                            size_t key_len) {
  if (!ctx || !key || (unsigned)backend >= CV_BACKEND_COUNT) return CV_ERR_ARG;
  if (key_len != 10 && key_len != 16) return CV_ERR_KEYLEN;
  if (cv_buf_rd_bad(key, key_len)) return CV_ERR_ARG;
  const uint32_t kcfg = (uint32_t)(key_len == 16 ? CV_PRESENT_CFG_KSZ_128 : CV_PRESENT_CFG_KSZ_80)
                        << CV_PRESENT_CFG_KSZ_SHIFT;
  if (backend == CV_BACKEND_SW) {
    ctx->backend = backend;
    ctx->hw.kcfg = kcfg;
    ctx->hw.id = 0;
    ctx->hw.chk = seal(ctx);
    return cv_present_sw_init(&ctx->sw, key, key_len);
  }
  /* the engine and its coupling free before the context is written: a refused init changes
   * nothing */
  if (__builtin_expect(cv_light_taken(backend), 0)) return CV_ERR_BUSY;
  ctx->backend = backend;
  ctx->hw.kcfg = kcfg;
  ctx->hw.id = cv_light_new_id(ENG);
  ctx->hw.chk = seal(ctx);
  cv_light_set_key(&ctx->hw, key, key_len);
  return cv_light_claim_new(ENG, backend, &ctx->hw, 4, present_errmap);
}

/* Every call that is not its owner's straight path: the error named, the sw backend, or the key
 * claimed and the call made again. */
static __attribute__((noinline, cold)) int slow(void *c, int op, unsigned dir, uint8_t *ctr,
                                          const uint8_t *in, uint8_t *out, size_t len) {
  cv_present_ctx *ctx = c;
  if (!ctx) return CV_ERR_ARG;
  const int r = cv_l64_prep(ENG, ctx->backend, &ctx->hw, seal(ctx), op, dir, ctr, in, out, len,
                            present_errmap);
#if defined(__OPTIMIZE_SIZE__)
  /* every call comes here: the operation at once */
  if (r == CV_L64_AGAIN)
    return cv_l64_run(ENG, CV_PRESENT_BASE, ctx->backend, op,
                      cv_light_kcfg[ENG] | (op == CV_L64_ECB ? (uint32_t)dir : 0u), ctr, in, out,
                      len, present_errmap, slow, ctx, dir);
#else
  if (r == CV_L64_AGAIN)
    return op == CV_L64_ECB ? cv_present_ecb(ctx, dir, in, out, len)
                            : cv_present_ctr(ctx, ctr, in, out, len);
#endif
  if (r == CV_L64_SW)
    return op == CV_L64_ECB ? cv_present_sw_ecb(&ctx->sw, dir, in, out, len)
                            : cv_present_sw_ctr(&ctx->sw, ctr, in, out, len);
  return r == CV_L64_EMPTY ? CV_OK : r;
}

cv_status_t cv_present_ecb(cv_present_ctx *ctx, unsigned dir, const uint8_t *in, uint8_t *out,
                           size_t len) {
#if defined(__OPTIMIZE_SIZE__)
  return slow(ctx, CV_L64_ECB, dir, NULL, in, out, len);
#else
  if (__builtin_expect(ctx == NULL, 0)) return CV_ERR_ARG;
  /* the backend loaded before the argument tests, which hide the load's latency */
  uint32_t bw = (uint32_t)ctx->backend;
  __asm__("" : "+r"(bw));
  const cv_backend_t b = (cv_backend_t)bw;
  if (__builtin_expect(cv_l64_pass(ENG, &ctx->hw, CV_L64_ECB, dir, NULL, in, out, len) != 0, 0))
    return slow(ctx, CV_L64_ECB, dir, NULL, in, out, len);
  return cv_l64_run(ENG, CV_PRESENT_BASE, b, CV_L64_ECB, cv_light_kcfg[ENG] | (uint32_t)dir,
                    NULL, in, out, len, present_errmap, slow, ctx, dir);
#endif
}

cv_status_t cv_present_ctr(cv_present_ctx *ctx, uint8_t ctr[8], const uint8_t *in, uint8_t *out,
                           size_t len) {
#if defined(__OPTIMIZE_SIZE__)
  return slow(ctx, CV_L64_CTR, 0, ctr, in, out, len);
#else
  if (__builtin_expect(ctx == NULL, 0)) return CV_ERR_ARG;
  /* the backend loaded before the argument tests, which hide the load's latency */
  uint32_t bw = (uint32_t)ctx->backend;
  __asm__("" : "+r"(bw));
  const cv_backend_t b = (cv_backend_t)bw;
  if (__builtin_expect(cv_l64_pass(ENG, &ctx->hw, CV_L64_CTR, 0, ctr, in, out, len) != 0, 0))
    return slow(ctx, CV_L64_CTR, 0, ctr, in, out, len);
  return cv_l64_run(ENG, CV_PRESENT_BASE, b, CV_L64_CTR, cv_light_kcfg[ENG], ctr, in, out, len,
                    present_errmap, slow, ctx, 0);
#endif
}

void cv_present_zeroize(cv_present_ctx *ctx) {
  if (!ctx) return;
  if (ctx->backend != CV_BACKEND_SW && (unsigned)ctx->backend < CV_BACKEND_COUNT &&
      !cv_light_absent(ENG))
    cv_light_zeroize(ENG, ctx->backend);
  cv_cpl_wipe(ctx, sizeof *ctx);
}
