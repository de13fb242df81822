// SPDX-License-Identifier: Apache-2.0
/* cv_drv_os_sha3.c: the SHA-3 API calls with their locks (cv_drv_os.c). */
#ifdef CV_DRV_OS
#include "cv_sha3.h"
#include "cv_drv_os_wrap.h"

static cv_sha3_ctx *sha3_holder;  /* the hardware message that holds the SHA-3 lock */

cv_status_t __real_cv_sha3_init(cv_sha3_ctx *, cv_backend_t, int);
cv_status_t __real_cv_sha3_update(cv_sha3_ctx *, const uint8_t *, size_t);
cv_status_t __real_cv_sha3_squeeze(cv_sha3_ctx *, uint8_t *, size_t);
cv_status_t __real_cv_sha3_final(cv_sha3_ctx *, uint8_t *, size_t);
cv_status_t __real_cv_sha3_hash(cv_backend_t, int, const uint8_t *, size_t, uint8_t *, size_t);
void __real_cv_sha3_zeroize(cv_sha3_ctx *);

/* The message's own hold of the SHA-3 lock ends (final, zeroize, or another init by the same
 * thread that took the engine over). */
static void sha3_release(void) {
  if (sha3_holder) {
    sha3_holder = NULL;
    cv_drv_os_give(1u << L_SHA3);
  }
}
cv_status_t __wrap_cv_sha3_init(cv_sha3_ctx *ctx, cv_backend_t b, int alg) {
  const uint32_t f = NEEDS(L_SHA3, b);
  if (f == F_NONE || !cv_drv_os_threads()) return __real_cv_sha3_init(ctx, b, alg);
  const uint32_t h = cv_drv_os_take(f);
  if (h == TAKE_REFUSED) return CV_ERR_BUSY;
  const cv_status_t st = __real_cv_sha3_init(ctx, b, alg);
  cv_drv_os_give(h & (1u << L_DMA));
  if (st == CV_OK) {
    sha3_release();        /* a message of this thread that the init took over */
    sha3_holder = ctx;     /* this one keeps the engine's lock until final or zeroize */
  } else {
    cv_drv_os_give(1u << L_SHA3);
  }
  return st;
}
cv_status_t __wrap_cv_sha3_update(cv_sha3_ctx *ctx, const uint8_t *data, size_t n) {
  LOCKED(NEEDS(L_SHA3, BACKEND(ctx)), __real_cv_sha3_update(ctx, data, n));
}
cv_status_t __wrap_cv_sha3_squeeze(cv_sha3_ctx *ctx, uint8_t *out, size_t n) {
  LOCKED(NEEDS(L_SHA3, BACKEND(ctx)), __real_cv_sha3_squeeze(ctx, out, n));
}
cv_status_t __wrap_cv_sha3_final(cv_sha3_ctx *ctx, uint8_t *out, size_t n) {
  const uint32_t f = NEEDS(L_SHA3, BACKEND(ctx));
  uint32_t h = 0;
  if (f != F_NONE) {
    h = cv_drv_os_take(f);
    if (h == TAKE_REFUSED) return CV_ERR_BUSY;
  }
  const cv_status_t st = __real_cv_sha3_final(ctx, out, n);
  cv_drv_os_give(h);
  if (ctx && ctx == sha3_holder && cv_drv_os_threads()) sha3_release();
  return st;
}
cv_status_t __wrap_cv_sha3_hash(cv_backend_t b, int alg, const uint8_t *msg, size_t n,
                                uint8_t *out, size_t on) {
  LOCKED(NEEDS(L_SHA3, b), __real_cv_sha3_hash(b, alg, msg, n, out, on));
}
void __wrap_cv_sha3_zeroize(cv_sha3_ctx *ctx) {
  LOCKED_VOID(L_SHA3 | F_DMA, __real_cv_sha3_zeroize(ctx));
  if (ctx && ctx == sha3_holder && cv_drv_os_threads()) sha3_release();
}
#endif /* CV_DRV_OS */
