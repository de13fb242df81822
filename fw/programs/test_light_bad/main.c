// SPDX-License-Identifier: Apache-2.0
/* test_light_bad: the PRINCE, PRESENT and ChaCha drivers under misuse, on every backend, against
 * the contract of fw/drivers/README.md ("The contract"; SHA-3's misuse is test_sha3_drv's). Every
 * call runs GUARDED (guard_util.h): a trap or a call that does not return is a failed check, and
 * the program goes on. Guard bytes surround every output and every context.
 *  - never initialised: a zero-filled or garbage context (its backend field set, or garbage too)
 *    gets CV_ERR_NOKEY from every call, nothing written; zeroize and the counter calls do not
 *    trap and write nothing outside the context; the engine works for a real context after;
 *  - changed after init: each byte of the context's control part (and a sample of the rest)
 *    flipped in turn, with the context holding the engine (and, for the control part, with
 *    another context holding it):
 *    every call returns CV_OK or an error and writes nothing outside its output, and a changed
 *    backend or key id gets CV_ERR_NOKEY;
 *  - in and out overlapping other than exactly in place: CV_ERR_ARG, nothing written, the counter
 *    unchanged; in place and adjacent buffers work;
 *  - buffers outside data memory: an output or counter in program memory, unmapped, or running
 *    off the end of data memory, and an input that is unmapped or runs off program memory, get
 *    CV_ERR_ARG, nothing written; an input in program memory gives the sw backend's bytes on every
 *    backend.
 * Prints "bad <engine> <backend> done" for fw/drivers/tests/test_light_drivers.py. */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "cv_chacha.h"
#include "cv_memmap.h"
#include "cv_present.h"
#include "cv_prince.h"
#include "cv_test.h"
#include "guard_util.h"

/* The test's own code for size: every light driver and software baseline is linked. */
#pragma GCC optimize("Os")

#define NB CV_BACKEND_COUNT
#define E7 0xE7
#define C3 0xC3

static uint8_t in[512] __attribute__((aligned(16)));
static uint8_t dst[512 + 64] __attribute__((aligned(16)));  /* 32 guard bytes each side */
static uint8_t ref[512] __attribute__((aligned(16)));
static uint8_t key[32] __attribute__((aligned(16)));
#define OUT (dst + 32)
/* Constant input in program memory (.rodata), 16-byte aligned as the DMA backends want it. */
static const uint8_t rom[256] __attribute__((aligned(16))) = {
    0x3c, 0x71, 0x0e, 0x9a, 0x55, 0x12, 0xf0, 0x8b, 0x23, 0x67, 0xd4, 0x01, 0xbe, 0x49, 0x7f, 0xc2};
static uint8_t rom_copy[256];
/* Addresses outside the memories: unmapped, and ranges that run off their ends. */
#define UNMAPPED ((uint8_t *)(uintptr_t)0x40000000u)
#define DMEM_END(n) ((uint8_t *)(uintptr_t)(CV_DMEM_BASE + CV_DMEM_SIZE - (n)))
#define IMEM_END(n) ((const uint8_t *)(uintptr_t)(CV_IMEM_BASE + CV_IMEM_SIZE - (n)))
#define ROM_OUT ((uint8_t *)(uintptr_t)rom)

/* A context between guard bytes. */
static struct {
  uint8_t pre[16];
  union {
    cv_prince_ctx p;
    cv_present_ctx r;
    cv_chacha_ctx c;
  } u;
  uint8_t post[16];
} box;
static union {
  cv_prince_ctx p;
  cv_present_ctx r;
  cv_chacha_ctx c;
} other, swc;

static void guards_set(void) {
  memset(dst, E7, sizeof dst);
  memset(box.pre, C3, sizeof box.pre);
  memset(box.post, C3, sizeof box.post);
}
/* Nothing written in the 32 bytes before OUT and the 32 after OUT[0..n), nor around the
 * context. */
static int guards_ok(size_t n) {
  for (size_t i = 0; i < 32; i++)
    if (dst[i] != E7 || dst[32 + n + i] != E7) return 0;
  for (size_t i = 0; i < 16; i++)
    if (box.pre[i] != C3 || box.post[i] != C3) return 0;
  return 1;
}
/* Nothing written in dst at all, nor around the context, nor in the program memory's constants. */
static int untouched(void) {
  for (size_t i = 0; i < sizeof dst; i++)
    if (dst[i] != E7) return 0;
  return guards_ok(0) && memcmp(rom, rom_copy, sizeof rom) == 0;
}
static int is_status(int r) { return r == CV_OK || (r <= CV_ERR_KEYLEN && r >= CV_ERR_HW); }

static uint32_t rs = 0x2545F491u;
static uint32_t rnd(void) {
  rs ^= rs << 13;
  rs ^= rs >> 17;
  rs ^= rs << 5;
  return rs;
}
static void fill(uint8_t *p, size_t n) {
  for (size_t i = 0; i < n; i++) p[i] = (uint8_t)rnd();
}


/* ------------------------------------------------------------------ PRINCE and PRESENT */
typedef struct b64 {
  const char *name;
  size_t size, klen;
  int (*init)(void *, cv_backend_t, const uint8_t *, size_t);
  int (*ecb)(void *, int, const uint8_t *, uint8_t *, size_t);
  int (*ctr)(void *, uint8_t *, const uint8_t *, uint8_t *, size_t);
  void (*zero)(void *);
} b64_t;

static int p_init(void *c, cv_backend_t b, const uint8_t *k, size_t n) {
  return cv_prince_init(c, b, k, n);
}
static int p_ecb(void *c, int d, const uint8_t *i, uint8_t *o, size_t n) {
  return cv_prince_ecb(c, d, i, o, n);
}
static int p_ctr(void *c, uint8_t *v, const uint8_t *i, uint8_t *o, size_t n) {
  return cv_prince_ctr(c, v, i, o, n);
}
static void p_zero(void *c) { cv_prince_zeroize(c); }
static int r_init(void *c, cv_backend_t b, const uint8_t *k, size_t n) {
  return cv_present_init(c, b, k, n);
}
static int r_ecb(void *c, int d, const uint8_t *i, uint8_t *o, size_t n) {
  return cv_present_ecb(c, d, i, o, n);
}
static int r_ctr(void *c, uint8_t *v, const uint8_t *i, uint8_t *o, size_t n) {
  return cv_present_ctr(c, v, i, o, n);
}
static void r_zero(void *c) { cv_present_zeroize(c); }

static const b64_t prince_ops = {"prince", sizeof(cv_prince_ctx), 16, p_init, p_ecb, p_ctr, p_zero};
static const b64_t present_ops = {"present", sizeof(cv_present_ctx), 10, r_init, r_ecb, r_ctr,
                                  r_zero};

/* The backend field (first in every light context) and the key id. */
_Static_assert(offsetof(cv_prince_ctx, backend) == 0 && offsetof(cv_present_ctx, backend) == 0 &&
                   offsetof(cv_chacha_ctx, backend) == 0,
               "the backend comes first");
static int checked_b64(size_t off, size_t id_off) {
  return off < sizeof(cv_backend_t) || (off >= id_off && off < id_off + 4);
}

static void b64_uninit(const b64_t *o, cv_backend_t b) {
  void *c = &box.u;
  static const uint8_t fills[4] = {0x00, 0xA5, 0xFF, 0x5A};
  for (int f = 0; f < 4; f++) {
    memset(c, fills[f], o->size);
    if (f < 3) *(cv_backend_t *)c = b;
    uint8_t ctr[8] = {1, 2, 3, 4, 5, 6, 7, 8}, c0[8];
    memcpy(c0, ctr, 8);
    guards_set();
    EXPECT(o->ecb(c, CV_ENCRYPT, in, OUT, 8), CV_ERR_NOKEY);
    EXPECT(o->ecb(c, CV_DECRYPT, in, OUT, 64), CV_ERR_NOKEY);
    EXPECT(o->ecb(c, CV_ENCRYPT, in, OUT, 0), CV_ERR_NOKEY);
    EXPECT(o->ctr(c, ctr, in, OUT, 8), CV_ERR_NOKEY);
    EXPECT(o->ctr(c, ctr, in, OUT, 21), CV_ERR_NOKEY);
    EXPECT(o->ctr(c, ctr, in, OUT, 0), CV_ERR_NOKEY);
    CHECK(untouched());
    CHECK_MEM(ctr, c0, 8);
    GUARDED_VOID(o->zero(c));
    CHECK(untouched());
  }
  /* the engine works for a real context after all that */
  fill(key, 16);
  fill(in, 64);
  CHECK_EQ(o->init(&swc, CV_BACKEND_SW, key, o->klen), CV_OK);
  CHECK_EQ(o->ecb(&swc, CV_ENCRYPT, in, ref, 64), CV_OK);
  EXPECT(o->init(c, b, key, o->klen), CV_OK);
  EXPECT(o->ecb(c, CV_ENCRYPT, in, OUT, 64), CV_OK);
  CHECK_MEM(OUT, ref, 64);
  GUARDED_VOID(o->zero(c));
}

static void b64_tamper(const b64_t *o, cv_backend_t b, size_t id_off) {
  void *c = &box.u;
  fill(key, 16);
  fill(in, 64);
  for (size_t off = 0; off < o->size; off = guard_next_off(off, o->size)) {
    const int variants = b == CV_BACKEND_SW || off >= 56 ? 1 : 2;
    for (int displaced = 0; displaced < variants; displaced++) {
      guards_set();
      EXPECT(o->init(c, b, key, o->klen), CV_OK);
      if (displaced) EXPECT(o->init(&other, b, key, o->klen), CV_OK);
      ((uint8_t *)c)[off] ^= 0x5A;
      uint8_t ctr[8] = {0};
      int r1 = GUARDED(o->ecb(c, CV_ENCRYPT, in, OUT, 16));
      int r2 = GUARDED(o->ctr(c, ctr, in, OUT, 21));
      int ok = CHECK(is_status(r1) && is_status(r2)) & CHECK(guards_ok(21));
      if (checked_b64(off, id_off))
        ok &= CHECK_EQ(r1, CV_ERR_NOKEY) & CHECK_EQ(r2, CV_ERR_NOKEY);
      GUARDED_VOID(o->zero(c));
      ok &= CHECK(guards_ok(21));
      if (!ok) printf("  %s %s byte %u%s\n", o->name, cv_backend_name(b), (unsigned)off,
                      displaced ? " (displaced)" : "");
    }
  }
  GUARDED_VOID(o->zero(&other));
}

static void b64_overlap(const b64_t *o, cv_backend_t b) {
  void *c = &box.u;
  fill(key, 16);
  fill(in, 128);
  EXPECT(o->init(c, b, key, o->klen), CV_OK);
  CHECK_EQ(o->init(&swc, CV_BACKEND_SW, key, o->klen), CV_OK);
  guards_set();
  memcpy(OUT, in, 64);
  uint8_t ctr[8] = {9, 8, 7, 6, 5, 4, 3, 2}, c0[8];
  memcpy(c0, ctr, 8);
  EXPECT(o->ecb(c, CV_ENCRYPT, OUT, OUT + 8, 32), CV_ERR_ARG);
  EXPECT(o->ecb(c, CV_DECRYPT, OUT + 16, OUT, 32), CV_ERR_ARG);
  EXPECT(o->ecb(c, CV_ENCRYPT, OUT, OUT + 24, 32), CV_ERR_ARG);
  EXPECT(o->ctr(c, ctr, OUT, OUT + 3, 21), CV_ERR_ARG);
  EXPECT(o->ctr(c, ctr, OUT + 5, OUT, 21), CV_ERR_ARG);
  EXPECT(o->ctr(c, ctr, OUT, OUT + 16, 32), CV_ERR_ARG);
  CHECK_MEM(OUT, in, 64);
  CHECK_MEM(ctr, c0, 8);
  CHECK(guards_ok(64));
  /* exactly in place, and next to each other, are fine */
  CHECK_EQ(o->ecb(&swc, CV_ENCRYPT, in, ref, 32), CV_OK);
  EXPECT(o->ecb(c, CV_ENCRYPT, OUT, OUT, 32), CV_OK);
  CHECK_MEM(OUT, ref, 32);
  EXPECT(o->ecb(c, CV_ENCRYPT, in, OUT + 32, 32), CV_OK);
  EXPECT(o->ecb(c, CV_DECRYPT, OUT + 32, OUT, 32), CV_OK);
  CHECK_MEM(OUT, in, 32);
  GUARDED_VOID(o->zero(c));
}

static void b64_buffers(const b64_t *o, cv_backend_t b) {
  void *c = &box.u;
  fill(key, 16);
  fill(in, 64);
  EXPECT(o->init(c, b, key, o->klen), CV_OK);
  CHECK_EQ(o->init(&swc, CV_BACKEND_SW, key, o->klen), CV_OK);
  uint8_t ctr[8] __attribute__((aligned(8))) = {0}, c0[8] = {0};
  guards_set();
  EXPECT(o->ecb(c, CV_ENCRYPT, in, ROM_OUT, 16), CV_ERR_ARG);
  EXPECT(o->ecb(c, CV_ENCRYPT, in, UNMAPPED, 16), CV_ERR_ARG);
  EXPECT(o->ecb(c, CV_ENCRYPT, in, DMEM_END(8), 16), CV_ERR_ARG);
  EXPECT(o->ecb(c, CV_ENCRYPT, UNMAPPED, OUT, 16), CV_ERR_ARG);
  EXPECT(o->ecb(c, CV_ENCRYPT, DMEM_END(8), OUT, 16), CV_ERR_ARG);
  EXPECT(o->ecb(c, CV_ENCRYPT, IMEM_END(8), OUT, 16), CV_ERR_ARG);
  EXPECT(o->ctr(c, ctr, in, ROM_OUT, 21), CV_ERR_ARG);
  EXPECT(o->ctr(c, ROM_OUT, in, OUT, 21), CV_ERR_ARG);
  EXPECT(o->ctr(c, UNMAPPED, in, OUT, 21), CV_ERR_ARG);
  EXPECT(o->ctr(c, ctr, UNMAPPED, OUT, 21), CV_ERR_ARG);
  EXPECT(o->ctr(c, ctr, in, DMEM_END(16), 21), CV_ERR_ARG);
  CHECK(untouched());
  CHECK_MEM(ctr, c0, 8);
  /* input in program memory: the sw backend's bytes on every backend */
  CHECK_EQ(o->ecb(&swc, CV_ENCRYPT, rom, ref, 64), CV_OK);
  EXPECT(o->ecb(c, CV_ENCRYPT, rom, OUT, 64), CV_OK);
  CHECK_MEM(OUT, ref, 64);
  CHECK_EQ(o->ctr(&swc, c0, rom, ref, 45), CV_OK);
  EXPECT(o->ctr(c, ctr, rom, OUT, 45), CV_OK);
  CHECK_MEM(OUT, ref, 45);
  CHECK_MEM(ctr, c0, 8);
  CHECK(guards_ok(64));
  GUARDED_VOID(o->zero(c));
}

/* ------------------------------------------------------------------ ChaCha */
static void chacha_uninit(cv_backend_t b) {
  cv_chacha_ctx *c = &box.u.c;
  static const uint8_t fills[4] = {0x00, 0xA5, 0xFF, 0x5A};
  for (int f = 0; f < 4; f++) {
    memset(c, fills[f], sizeof *c);
    if (f < 3) c->backend = b;
    guards_set();
    EXPECT(cv_chacha_keystream(c, OUT, 64), CV_ERR_NOKEY);
    EXPECT(cv_chacha_keystream(c, OUT, 10), CV_ERR_NOKEY);
    EXPECT(cv_chacha_keystream(c, OUT, 0), CV_ERR_NOKEY);
    EXPECT(cv_chacha_xor(c, in, OUT, 64), CV_ERR_NOKEY);
    EXPECT(cv_chacha_xor(c, in, OUT, 130), CV_ERR_NOKEY);
    EXPECT(cv_chacha_xor(c, in, OUT, 0), CV_ERR_NOKEY);
    GUARDED_VOID(cv_chacha_set_counter(c, 5));
    EXPECT((int)cv_chacha_get_counter(c), 0);
    EXPECT(cv_chacha_xor(c, in, OUT, 64), CV_ERR_NOKEY);  /* still not a context */
    CHECK(untouched());
    GUARDED_VOID(cv_chacha_zeroize(c));
    CHECK(untouched());
  }
  uint8_t nonce[12] = {0};
  fill(key, 32);
  fill(in, 128);
  CHECK_EQ(cv_chacha_init(&swc.c, CV_BACKEND_SW, key, 32, nonce, 12, 20), CV_OK);
  CHECK_EQ(cv_chacha_xor(&swc.c, in, ref, 128), CV_OK);
  EXPECT(cv_chacha_init(c, b, key, 32, nonce, 12, 20), CV_OK);
  EXPECT(cv_chacha_xor(c, in, OUT, 128), CV_OK);
  CHECK_MEM(OUT, ref, 128);
  GUARDED_VOID(cv_chacha_zeroize(c));
}

static void chacha_tamper(cv_backend_t b) {
  cv_chacha_ctx *c = &box.u.c;
  const uint8_t nonce[12] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
  fill(key, 32);
  fill(in, 128);
  const size_t id_off = offsetof(cv_chacha_ctx, hw.id);
  for (size_t off = 0; off < sizeof *c; off = guard_next_off(off, sizeof *c)) {
    const int variants = b == CV_BACKEND_SW || off >= 56 ? 1 : 2;
    for (int displaced = 0; displaced < variants; displaced++) {
      guards_set();
      EXPECT(cv_chacha_init(c, b, key, 32, nonce, 12, 20), CV_OK);
      if (displaced) EXPECT(cv_chacha_init(&other.c, b, key, 16, nonce, 8, 8), CV_OK);
      ((uint8_t *)c)[off] ^= 0x5A;
      int r1 = GUARDED(cv_chacha_xor(c, in, OUT, 100));
      int r2 = GUARDED(cv_chacha_keystream(c, OUT, 70));
      int r3 = GUARDED(cv_chacha_xor(c, in, OUT, 64));
      GUARDED_VOID(cv_chacha_set_counter(c, 3));
      (void)GUARDED((int)cv_chacha_get_counter(c));
      int ok = CHECK(is_status(r1) && is_status(r2) && is_status(r3)) & CHECK(guards_ok(100));
      if (off < sizeof(cv_backend_t) || (off >= id_off && off < id_off + 4))
        ok &= CHECK_EQ(r1, CV_ERR_NOKEY) & CHECK_EQ(r2, CV_ERR_NOKEY);
      GUARDED_VOID(cv_chacha_zeroize(c));
      ok &= CHECK(guards_ok(100));
      if (!ok) printf("  chacha %s byte %u%s\n", cv_backend_name(b), (unsigned)off,
                      displaced ? " (displaced)" : "");
    }
  }
  GUARDED_VOID(cv_chacha_zeroize(&other.c));
}

static void chacha_overlap_buffers(cv_backend_t b) {
  cv_chacha_ctx *c = &box.u.c;
  uint8_t nonce[8] = {8, 7, 6, 5, 4, 3, 2, 1};
  fill(key, 32);
  fill(in, 256);
  EXPECT(cv_chacha_init(c, b, key, 32, nonce, 8, 12), CV_OK);
  CHECK_EQ(cv_chacha_init(&swc.c, CV_BACKEND_SW, key, 32, nonce, 8, 12), CV_OK);
  GUARDED_VOID(cv_chacha_set_counter(c, 7));
  cv_chacha_set_counter(&swc.c, 7);
  guards_set();
  memcpy(OUT, in, 256);
  EXPECT(cv_chacha_xor(c, OUT, OUT + 1, 100), CV_ERR_ARG);
  EXPECT(cv_chacha_xor(c, OUT + 64, OUT, 128), CV_ERR_ARG);
  EXPECT(cv_chacha_xor(c, OUT, OUT + 64, 128), CV_ERR_ARG);
  CHECK_MEM(OUT, in, 256);
  CHECK(guards_ok(256));
  EXPECT(cv_chacha_keystream(c, ROM_OUT, 64), CV_ERR_ARG);
  EXPECT(cv_chacha_keystream(c, UNMAPPED, 64), CV_ERR_ARG);
  EXPECT(cv_chacha_keystream(c, DMEM_END(32), 64), CV_ERR_ARG);
  EXPECT(cv_chacha_xor(c, in, ROM_OUT, 64), CV_ERR_ARG);
  EXPECT(cv_chacha_xor(c, UNMAPPED, OUT, 64), CV_ERR_ARG);
  EXPECT(cv_chacha_xor(c, IMEM_END(16), OUT, 64), CV_ERR_ARG);
  CHECK(memcmp(rom, rom_copy, sizeof rom) == 0);
  CHECK_MEM(OUT, in, 256);
  CHECK(guards_ok(256));
  CHECK(cv_chacha_get_counter(c) == 7);  /* no refused call moved the counter */
  /* exactly in place, input in program memory: the sw backend's bytes */
  CHECK_EQ(cv_chacha_xor(&swc.c, in, ref, 100), CV_OK);
  EXPECT(cv_chacha_xor(c, OUT, OUT, 100), CV_OK);
  CHECK_MEM(OUT, ref, 100);
  CHECK_EQ(cv_chacha_xor(&swc.c, rom, ref, 192), CV_OK);
  EXPECT(cv_chacha_xor(c, rom, OUT, 192), CV_OK);
  CHECK_MEM(OUT, ref, 192);
  CHECK(cv_chacha_get_counter(c) == cv_chacha_get_counter(&swc.c));
  GUARDED_VOID(cv_chacha_zeroize(c));
}

int main(void) {
  memcpy(rom_copy, rom, sizeof rom);
  for (int i = 0; i < NB; i++) {
    const cv_backend_t b = (cv_backend_t)i;
    b64_uninit(&prince_ops, b);
    b64_tamper(&prince_ops, b, offsetof(cv_prince_ctx, hw.id));
    b64_overlap(&prince_ops, b);
    b64_buffers(&prince_ops, b);
    printf("bad prince %s done at %lu\n", cv_backend_name(b), (unsigned long)cv_mcycle());
    b64_uninit(&present_ops, b);
    b64_tamper(&present_ops, b, offsetof(cv_present_ctx, hw.id));
    b64_overlap(&present_ops, b);
    b64_buffers(&present_ops, b);
    printf("bad present %s done at %lu\n", cv_backend_name(b), (unsigned long)cv_mcycle());
    chacha_uninit(b);
    chacha_tamper(b);
    chacha_overlap_buffers(b);
    printf("bad chacha %s done at %lu\n", cv_backend_name(b), (unsigned long)cv_mcycle());
  }
  return cv_test_done();
}
