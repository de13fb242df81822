// SPDX-License-Identifier: Apache-2.0
/* cv_drv_os_aead.c: the AEAD API calls with their locks (cv_drv_os.c). cv_aead runs GCM and CCM
 * on the AES engine and ChaCha20-Poly1305 on the ChaCha engine, so its hardware calls take that
 * engine's lock (and the DMA's, as every hardware call). A streaming message on the engine
 * (start .. finish) keeps the engine's lock from its start to its finish or zeroize, as a
 * hardware SHA-3 message does: the engine runs one message, and another thread's call on the
 * same engine in between would end it (CV_ERR_ABORTED). */
#ifdef CV_DRV_OS
#include "cv_aead.h"
#include "cv_drv_os_wrap.h"

static cv_aead_ctx *aead_holder;  /* the hardware message that holds its engine's lock */
static uint32_t aead_held;        /* that lock's bit */

/* The engine lock of a context's algorithm (of an init's: alg). */
#define ENGINE_LOCK(alg) \
  ((alg) == CV_AEAD_CHACHA20_POLY1305 ? (uint32_t)L_CHACHA : (uint32_t)L_AES)
#define CTX_LOCK(ctx) ENGINE_LOCK((ctx) ? (ctx)->alg : CV_AEAD_AES_GCM)

cv_status_t __real_cv_aead_init(cv_aead_ctx *, cv_aead_alg_t, cv_backend_t, const uint8_t *,
                                size_t);
cv_status_t __real_cv_aead_encrypt(cv_aead_ctx *, const uint8_t *, size_t, const uint8_t *,
                                   size_t, const uint8_t *, uint8_t *, size_t, uint8_t *,
                                   size_t);
cv_status_t __real_cv_aead_decrypt(cv_aead_ctx *, const uint8_t *, size_t, const uint8_t *,
                                   size_t, const uint8_t *, uint8_t *, size_t, const uint8_t *,
                                   size_t);
cv_status_t __real_cv_aead_start(cv_aead_ctx *, cv_dir_t, const uint8_t *, size_t, size_t,
                                 size_t, size_t);
cv_status_t __real_cv_aead_aad(cv_aead_ctx *, const uint8_t *, size_t);
cv_status_t __real_cv_aead_update(cv_aead_ctx *, const uint8_t *, uint8_t *, size_t);
cv_status_t __real_cv_aead_finish(cv_aead_ctx *, uint8_t *);
void __real_cv_aead_zeroize(cv_aead_ctx *);

/* The message's own hold of its engine's lock ends (finish, zeroize, a failed call that ended
 * the message, or another start by the same thread). */
static void aead_release(void) {
  if (aead_holder) {
    aead_holder = NULL;
    cv_drv_os_give(aead_held);
  }
}
cv_status_t __wrap_cv_aead_init(cv_aead_ctx *ctx, cv_aead_alg_t alg, cv_backend_t b,
                                const uint8_t *key, size_t n) {
  LOCKED(NEEDS(ENGINE_LOCK(alg), b), __real_cv_aead_init(ctx, alg, b, key, n));
}
cv_status_t __wrap_cv_aead_encrypt(cv_aead_ctx *ctx, const uint8_t *nonce, size_t nn,
                                   const uint8_t *aad, size_t an, const uint8_t *in,
                                   uint8_t *out, size_t n, uint8_t *tag, size_t tn) {
  LOCKED(NEEDS(CTX_LOCK(ctx), BACKEND(ctx)),
         __real_cv_aead_encrypt(ctx, nonce, nn, aad, an, in, out, n, tag, tn));
}
cv_status_t __wrap_cv_aead_decrypt(cv_aead_ctx *ctx, const uint8_t *nonce, size_t nn,
                                   const uint8_t *aad, size_t an, const uint8_t *in,
                                   uint8_t *out, size_t n, const uint8_t *tag, size_t tn) {
  LOCKED(NEEDS(CTX_LOCK(ctx), BACKEND(ctx)),
         __real_cv_aead_decrypt(ctx, nonce, nn, aad, an, in, out, n, tag, tn));
}
cv_status_t __wrap_cv_aead_start(cv_aead_ctx *ctx, cv_dir_t d, const uint8_t *nonce, size_t nn,
                                 size_t an, size_t n, size_t tn) {
  const uint32_t f = NEEDS(CTX_LOCK(ctx), BACKEND(ctx));
  if (f == F_NONE || !cv_drv_os_threads())
    return __real_cv_aead_start(ctx, d, nonce, nn, an, n, tn);
  const uint32_t h = cv_drv_os_take(f);
  if (h == TAKE_REFUSED) return CV_ERR_BUSY;
  const cv_status_t st = __real_cv_aead_start(ctx, d, nonce, nn, an, n, tn);
  const uint32_t eng = 1u << CTX_LOCK(ctx);
  cv_drv_os_give(h & (1u << L_DMA));
  if (st == CV_OK && (h & eng)) {
    aead_release();       /* a message of this thread that the start took over */
    aead_holder = ctx;    /* this one keeps the engine's lock until finish or zeroize */
    aead_held = eng;
  } else {
    cv_drv_os_give(h & eng);
  }
  return st;
}
/* After a streaming call: the hold ends with the message (finish, or a failure that ended it:
 * the context's phase is back to none; a refused argument leaves the message and the hold). */
static cv_status_t after(cv_aead_ctx *ctx, cv_status_t st) {
  if (ctx && ctx == aead_holder && ctx->phase == 0 && cv_drv_os_threads()) aead_release();
  return st;
}
cv_status_t __wrap_cv_aead_aad(cv_aead_ctx *ctx, const uint8_t *aad, size_t n) {
  cv_status_t st;
  const uint32_t f = NEEDS(CTX_LOCK(ctx), BACKEND(ctx));
  uint32_t h = 0;
  if (f != F_NONE) {
    h = cv_drv_os_take(f);
    if (h == TAKE_REFUSED) return CV_ERR_BUSY;
  }
  st = __real_cv_aead_aad(ctx, aad, n);
  cv_drv_os_give(h);
  return after(ctx, st);
}
cv_status_t __wrap_cv_aead_update(cv_aead_ctx *ctx, const uint8_t *in, uint8_t *out, size_t n) {
  cv_status_t st;
  const uint32_t f = NEEDS(CTX_LOCK(ctx), BACKEND(ctx));
  uint32_t h = 0;
  if (f != F_NONE) {
    h = cv_drv_os_take(f);
    if (h == TAKE_REFUSED) return CV_ERR_BUSY;
  }
  st = __real_cv_aead_update(ctx, in, out, n);
  cv_drv_os_give(h);
  return after(ctx, st);
}
cv_status_t __wrap_cv_aead_finish(cv_aead_ctx *ctx, uint8_t *tag) {
  const uint32_t f = NEEDS(CTX_LOCK(ctx), BACKEND(ctx));
  uint32_t h = 0;
  if (f != F_NONE) {
    h = cv_drv_os_take(f);
    if (h == TAKE_REFUSED) return CV_ERR_BUSY;
  }
  const cv_status_t st = __real_cv_aead_finish(ctx, tag);
  cv_drv_os_give(h);
  return after(ctx, st);
}
void __wrap_cv_aead_zeroize(cv_aead_ctx *ctx) {
  LOCKED_VOID(CTX_LOCK(ctx) | F_DMA, __real_cv_aead_zeroize(ctx));
  if (ctx && ctx == aead_holder && cv_drv_os_threads()) aead_release();
}

#endif /* CV_DRV_OS */
