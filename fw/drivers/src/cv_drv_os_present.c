// SPDX-License-Identifier: Apache-2.0
/* cv_drv_os_present.c: the PRESENT API calls with their locks (cv_drv_os.c). */
#ifdef CV_DRV_OS
#include "cv_present.h"
#include "cv_drv_os_wrap.h"

cv_status_t __real_cv_present_init(cv_present_ctx *, cv_backend_t, const uint8_t *, size_t);
cv_status_t __real_cv_present_ecb(cv_present_ctx *, cv_dir_t, const uint8_t *, uint8_t *,
                                  size_t);
cv_status_t __real_cv_present_ctr(cv_present_ctx *, uint8_t *, const uint8_t *, uint8_t *,
                                  size_t);
void __real_cv_present_zeroize(cv_present_ctx *);
cv_status_t __wrap_cv_present_init(cv_present_ctx *ctx, cv_backend_t b, const uint8_t *key,
                                   size_t n) {
  LOCKED(NEEDS(L_PRESENT, b), __real_cv_present_init(ctx, b, key, n));
}
cv_status_t __wrap_cv_present_ecb(cv_present_ctx *ctx, cv_dir_t d, const uint8_t *in,
                                  uint8_t *out, size_t n) {
  LOCKED(NEEDS(L_PRESENT, BACKEND(ctx)), __real_cv_present_ecb(ctx, d, in, out, n));
}
cv_status_t __wrap_cv_present_ctr(cv_present_ctx *ctx, uint8_t ctr[8], const uint8_t *in,
                                  uint8_t *out, size_t n) {
  LOCKED(NEEDS(L_PRESENT, BACKEND(ctx)), __real_cv_present_ctr(ctx, ctr, in, out, n));
}
void __wrap_cv_present_zeroize(cv_present_ctx *ctx) {
  LOCKED_VOID(L_PRESENT | F_DMA, __real_cv_present_zeroize(ctx));
}

#endif /* CV_DRV_OS */
