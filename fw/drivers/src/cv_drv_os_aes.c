// SPDX-License-Identifier: Apache-2.0
/* cv_drv_os_aes.c: the AES API calls with their locks (cv_drv_os.c). */
#ifdef CV_DRV_OS
#include "cv_aes.h"
#include "cv_drv_os_wrap.h"

static cv_aes_ctx *job_ctx;  /* the pending background job's context, and its locks */
static uint32_t job_held;

cv_status_t __real_cv_aes_init(cv_aes_ctx *, cv_backend_t, const uint8_t *, size_t);
cv_status_t __real_cv_aes_ecb(cv_aes_ctx *, cv_dir_t, const uint8_t *, uint8_t *, size_t);
cv_status_t __real_cv_aes_cbc(cv_aes_ctx *, cv_dir_t, uint8_t *, const uint8_t *, uint8_t *,
                              size_t);
cv_status_t __real_cv_aes_cfb128(cv_aes_ctx *, cv_dir_t, uint8_t *, const uint8_t *, uint8_t *,
                                 size_t);
cv_status_t __real_cv_aes_ofb(cv_aes_ctx *, uint8_t *, const uint8_t *, uint8_t *, size_t);
cv_status_t __real_cv_aes_ctr(cv_aes_ctx *, uint8_t *, const uint8_t *, uint8_t *, size_t);
cv_status_t __real_cv_aes_cmac(cv_aes_ctx *, const uint8_t *, size_t, uint8_t *);
void __real_cv_aes_zeroize(cv_aes_ctx *);
cv_status_t __real_cv_aes_start(cv_aes_ctx *, cv_aes_mode_t, cv_dir_t, uint8_t *,
                                const uint8_t *, uint8_t *, size_t);
cv_status_t __real_cv_aes_wait(cv_aes_ctx *, uint8_t *);

uint32_t cv_drv_os_hold_aes(cv_backend_t b) {
  if (NO_LOCK(b)) return 0;
  const uint32_t h = cv_drv_os_take(L_AES | F_DMA);
  return h == TAKE_REFUSED ? 0 : h;
}

cv_status_t __wrap_cv_aes_init(cv_aes_ctx *ctx, cv_backend_t b, const uint8_t *key, size_t n) {
  LOCKED(NEEDS(L_AES, b), __real_cv_aes_init(ctx, b, key, n));
}
cv_status_t __wrap_cv_aes_ecb(cv_aes_ctx *ctx, cv_dir_t d, const uint8_t *in, uint8_t *out,
                              size_t n) {
  LOCKED(NEEDS(L_AES, BACKEND(ctx)), __real_cv_aes_ecb(ctx, d, in, out, n));
}
cv_status_t __wrap_cv_aes_cbc(cv_aes_ctx *ctx, cv_dir_t d, uint8_t iv[16], const uint8_t *in,
                              uint8_t *out, size_t n) {
  LOCKED(NEEDS(L_AES, BACKEND(ctx)), __real_cv_aes_cbc(ctx, d, iv, in, out, n));
}
cv_status_t __wrap_cv_aes_cfb128(cv_aes_ctx *ctx, cv_dir_t d, uint8_t iv[16],
                                 const uint8_t *in, uint8_t *out, size_t n) {
  LOCKED(NEEDS(L_AES, BACKEND(ctx)), __real_cv_aes_cfb128(ctx, d, iv, in, out, n));
}
cv_status_t __wrap_cv_aes_ofb(cv_aes_ctx *ctx, uint8_t iv[16], const uint8_t *in, uint8_t *out,
                              size_t n) {
  LOCKED(NEEDS(L_AES, BACKEND(ctx)), __real_cv_aes_ofb(ctx, iv, in, out, n));
}
cv_status_t __wrap_cv_aes_ctr(cv_aes_ctx *ctx, uint8_t ctr[16], const uint8_t *in, uint8_t *out,
                              size_t n) {
  LOCKED(NEEDS(L_AES, BACKEND(ctx)), __real_cv_aes_ctr(ctx, ctr, in, out, n));
}
cv_status_t __wrap_cv_aes_cmac(cv_aes_ctx *ctx, const uint8_t *msg, size_t n, uint8_t tag[16]) {
  LOCKED(NEEDS(L_AES, BACKEND(ctx)), __real_cv_aes_cmac(ctx, msg, n, tag));
}
void __wrap_cv_aes_zeroize(cv_aes_ctx *ctx) {
  LOCKED_VOID(L_AES | F_DMA, __real_cv_aes_zeroize(ctx));
}
cv_status_t __wrap_cv_aes_start(cv_aes_ctx *ctx, cv_aes_mode_t mode, cv_dir_t d, uint8_t iv[16],
                                const uint8_t *in, uint8_t *out, size_t n) {
  const cv_backend_t b = BACKEND(ctx);
  const uint32_t f = NO_LOCK(b) ? F_NONE : L_AES | F_DMA;
  uint32_t h = 0;
  if (f != F_NONE) {
    h = cv_drv_os_take(f);
    if (h == TAKE_REFUSED) return CV_ERR_BUSY;
  }
  const cv_status_t st = __real_cv_aes_start(ctx, mode, d, iv, in, out, n);
  if (st == CV_OK && h && job_ctx == NULL) {  /* the job keeps the locks until its wait */
    job_ctx = ctx;
    cv_drv_os_job_thread = cv_os_self();
    job_held = h;
  } else {
    cv_drv_os_give(h);
  }
  return st;
}
cv_status_t __wrap_cv_aes_wait(cv_aes_ctx *ctx, uint8_t iv[16]) {
  if (ctx && ctx == job_ctx && cv_os_self() == cv_drv_os_job_thread) {
    const cv_status_t st = __real_cv_aes_wait(ctx, iv);
    const uint32_t h = job_held;
    job_ctx = NULL;
    cv_drv_os_job_thread = NULL;
    cv_drv_os_give(h);
    return st;
  }
  LOCKED(NEEDS(L_AES, BACKEND(ctx)), __real_cv_aes_wait(ctx, iv));
}

#endif /* CV_DRV_OS */
