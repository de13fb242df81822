// SPDX-License-Identifier: Apache-2.0
/* cv_drv_os_chacha.c: the ChaCha API calls with their locks (cv_drv_os.c). */
#ifdef CV_DRV_OS
#include "cv_chacha.h"
#include "cv_drv_os_wrap.h"

cv_status_t __real_cv_chacha_init(cv_chacha_ctx *, cv_backend_t, const uint8_t *, size_t,
                                  const uint8_t *, size_t, int);
void __real_cv_chacha_set_counter(cv_chacha_ctx *, uint64_t);
uint64_t __real_cv_chacha_get_counter(const cv_chacha_ctx *);
cv_status_t __real_cv_chacha_keystream(cv_chacha_ctx *, uint8_t *, size_t);
cv_status_t __real_cv_chacha_xor(cv_chacha_ctx *, const uint8_t *, uint8_t *, size_t);
void __real_cv_chacha_zeroize(cv_chacha_ctx *);
cv_status_t __wrap_cv_chacha_init(cv_chacha_ctx *ctx, cv_backend_t b, const uint8_t *key,
                                  size_t n, const uint8_t *nonce, size_t nn, int rounds) {
  LOCKED(NEEDS(L_CHACHA, b), __real_cv_chacha_init(ctx, b, key, n, nonce, nn, rounds));
}
void __wrap_cv_chacha_set_counter(cv_chacha_ctx *ctx, uint64_t c) {
  const cv_backend_t b = BACKEND(ctx);
  if (b == CV_BACKEND_SW) {
    __real_cv_chacha_set_counter(ctx, c);
    return;
  }
  LOCKED_VOID(L_CHACHA, __real_cv_chacha_set_counter(ctx, c));
}
uint64_t __wrap_cv_chacha_get_counter(const cv_chacha_ctx *ctx) {
  if (BACKEND(ctx) == CV_BACKEND_SW) return __real_cv_chacha_get_counter(ctx);
  uint64_t c;
  LOCKED_VOID(L_CHACHA, c = __real_cv_chacha_get_counter(ctx));
  return c;
}
cv_status_t __wrap_cv_chacha_keystream(cv_chacha_ctx *ctx, uint8_t *out, size_t n) {
  LOCKED(NEEDS(L_CHACHA, BACKEND(ctx)), __real_cv_chacha_keystream(ctx, out, n));
}
cv_status_t __wrap_cv_chacha_xor(cv_chacha_ctx *ctx, const uint8_t *in, uint8_t *out,
                                 size_t n) {
  LOCKED(NEEDS(L_CHACHA, BACKEND(ctx)), __real_cv_chacha_xor(ctx, in, out, n));
}
void __wrap_cv_chacha_zeroize(cv_chacha_ctx *ctx) {
  LOCKED_VOID(L_CHACHA | F_DMA, __real_cv_chacha_zeroize(ctx));
}

#endif /* CV_DRV_OS */
