// SPDX-License-Identifier: Apache-2.0
/* cv_zk.h: the scalar-crypto instructions (Zkne, Zknd, Zknh, Zbkb, Zbkc) the `isa` code of this
 * library uses, one inline function each, compiled in with CV_ZK (fw/common.mk FW_ZK=1).
 *
 * On RISC-V each function is one instruction in inline assembly between `.option arch, +z..`
 * and `.option pop`: the compiler's -march stays rv32im (a `_z` suffix would select the rv64
 * multilib, see TOOLCHAIN.md), the object's arch attribute too, and nothing outside these
 * functions uses the extensions. The asm is not volatile, so the compiler schedules it like any
 * arithmetic. On a host (the tests under fw/crypto/tests) each function is the specification's
 * definition in C, so the isa code runs and is checked there as well. */
#ifndef CV_ZK_H
#define CV_ZK_H

#include <stdint.h>

#if defined(__riscv)

#define CV_ZK_R(name, ext)                                                                   \
  static inline uint32_t cv_##name(uint32_t a, uint32_t b) {                                 \
    uint32_t r;                                                                              \
    __asm__(".option push\n.option arch, +" ext "\n" #name " %0, %1, %2\n.option pop"        \
            : "=r"(r) : "r"(a), "r"(b));                                                     \
    return r;                                                                                \
  }
#define CV_ZK_U(name, ext)                                                                   \
  static inline uint32_t cv_##name(uint32_t a) {                                             \
    uint32_t r;                                                                              \
    __asm__(".option push\n.option arch, +" ext "\n" #name " %0, %1\n.option pop"            \
            : "=r"(r) : "r"(a));                                                             \
    return r;                                                                                \
  }
/* AES: rd = rs1 ^ f(byte bs of rs2); bs must be a constant, hence a macro. */
#define CV_ZK_AES(name, ext, a, b, bs)                                                       \
  __extension__({                                                                            \
    uint32_t r_;                                                                             \
    __asm__(".option push\n.option arch, +" ext "\n" #name " %0, %1, %2, %3\n.option pop"    \
            : "=r"(r_) : "r"(a), "r"(b), "i"(bs));                                           \
    r_;                                                                                      \
  })
#define cv_aes32esmi(a, b, bs) CV_ZK_AES(aes32esmi, "zkne", a, b, bs)
#define cv_aes32esi(a, b, bs)  CV_ZK_AES(aes32esi, "zkne", a, b, bs)
#define cv_aes32dsmi(a, b, bs) CV_ZK_AES(aes32dsmi, "zknd", a, b, bs)
#define cv_aes32dsi(a, b, bs)  CV_ZK_AES(aes32dsi, "zknd", a, b, bs)
/* rd = rotate right of a by the constant n (Zbkb rori) */
#define cv_rori(a, n)                                                                        \
  __extension__({                                                                            \
    uint32_t r_;                                                                             \
    __asm__(".option push\n.option arch, +zbkb\nrori %0, %1, %2\n.option pop"                \
            : "=r"(r_) : "r"(a), "i"(n));                                                    \
    r_;                                                                                      \
  })

CV_ZK_U(sha256sig0, "zknh")
CV_ZK_U(sha256sig1, "zknh")
CV_ZK_U(sha256sum0, "zknh")
CV_ZK_U(sha256sum1, "zknh")
CV_ZK_R(sha512sig0h, "zknh")
CV_ZK_R(sha512sig0l, "zknh")
CV_ZK_R(sha512sig1h, "zknh")
CV_ZK_R(sha512sig1l, "zknh")
CV_ZK_R(sha512sum0r, "zknh")
CV_ZK_R(sha512sum1r, "zknh")
CV_ZK_U(rev8, "zbkb")
CV_ZK_U(brev8, "zbkb")
CV_ZK_R(andn, "zbkb")
CV_ZK_R(clmul, "zbkc")
CV_ZK_R(clmulh, "zbkc")

#else /* host: the specification's definitions */

static inline uint32_t cv_zk_ror(uint32_t x, unsigned n) { return (x >> n) | (x << (32 - n)); }
static inline uint32_t cv_sha256sig0(uint32_t x) {
  return cv_zk_ror(x, 7) ^ cv_zk_ror(x, 18) ^ (x >> 3);
}
static inline uint32_t cv_sha256sig1(uint32_t x) {
  return cv_zk_ror(x, 17) ^ cv_zk_ror(x, 19) ^ (x >> 10);
}
static inline uint32_t cv_sha256sum0(uint32_t x) {
  return cv_zk_ror(x, 2) ^ cv_zk_ror(x, 13) ^ cv_zk_ror(x, 22);
}
static inline uint32_t cv_sha256sum1(uint32_t x) {
  return cv_zk_ror(x, 6) ^ cv_zk_ror(x, 11) ^ cv_zk_ror(x, 25);
}
static inline uint32_t cv_sha512sig0h(uint32_t a, uint32_t b) {
  return (a >> 1) ^ (a >> 7) ^ (a >> 8) ^ (b << 31) ^ (b << 24);
}
static inline uint32_t cv_sha512sig0l(uint32_t a, uint32_t b) {
  return (a >> 1) ^ (a >> 7) ^ (a >> 8) ^ (b << 31) ^ (b << 25) ^ (b << 24);
}
static inline uint32_t cv_sha512sig1h(uint32_t a, uint32_t b) {
  return (a << 3) ^ (a >> 6) ^ (a >> 19) ^ (b >> 29) ^ (b << 13);
}
static inline uint32_t cv_sha512sig1l(uint32_t a, uint32_t b) {
  return (a << 3) ^ (a >> 6) ^ (a >> 19) ^ (b >> 29) ^ (b << 26) ^ (b << 13);
}
static inline uint32_t cv_sha512sum0r(uint32_t a, uint32_t b) {
  return (a << 25) ^ (a << 30) ^ (a >> 28) ^ (b >> 7) ^ (b >> 2) ^ (b << 4);
}
static inline uint32_t cv_sha512sum1r(uint32_t a, uint32_t b) {
  return (a << 23) ^ (a >> 14) ^ (a >> 18) ^ (b >> 9) ^ (b << 18) ^ (b << 14);
}
static inline uint32_t cv_rev8(uint32_t x) {
  return (x >> 24) | ((x >> 8) & 0xff00u) | ((x << 8) & 0xff0000u) | (x << 24);
}
static inline uint32_t cv_andn(uint32_t a, uint32_t b) { return a & ~b; }
static inline uint32_t cv_brev8(uint32_t x) {
  x = ((x >> 1) & 0x55555555u) | ((x & 0x55555555u) << 1);
  x = ((x >> 2) & 0x33333333u) | ((x & 0x33333333u) << 2);
  return ((x >> 4) & 0x0f0f0f0fu) | ((x & 0x0f0f0f0fu) << 4);
}
static inline uint64_t cv_zk_clmul64(uint32_t a, uint32_t b) {
  uint64_t r = 0;
  for (int i = 0; i < 32; i++)
    if ((b >> i) & 1u) r ^= (uint64_t)a << i;
  return r;
}
static inline uint32_t cv_clmul(uint32_t a, uint32_t b) { return (uint32_t)cv_zk_clmul64(a, b); }
static inline uint32_t cv_clmulh(uint32_t a, uint32_t b) {
  return (uint32_t)(cv_zk_clmul64(a, b) >> 32);
}

/* AES: the S-box computed (inversion in GF(2^8) as x^254, then the affine map). */
static inline uint8_t cv_zk_xt(uint8_t x) { return (uint8_t)((x << 1) ^ ((x >> 7) * 0x1b)); }
static inline uint8_t cv_zk_gmul(uint8_t a, uint8_t b) {
  uint8_t r = 0;
  for (int i = 0; i < 8; i++) {
    if (b & 1) r ^= a;
    a = cv_zk_xt(a);
    b >>= 1;
  }
  return r;
}
static inline uint8_t cv_zk_inv(uint8_t x) {
  uint8_t r = 1;
  for (int i = 0; i < 254; i++) r = cv_zk_gmul(r, x);
  return r;
}
static inline uint8_t cv_zk_rol8(uint8_t x, unsigned n) {
  return (uint8_t)((x << n) | (x >> (8 - n)));
}
static inline uint8_t cv_zk_sbox_calc(uint8_t x) {
  uint8_t i = cv_zk_inv(x);
  return i ^ cv_zk_rol8(i, 1) ^ cv_zk_rol8(i, 2) ^ cv_zk_rol8(i, 3) ^ cv_zk_rol8(i, 4) ^ 0x63;
}
/* The host's S-boxes: computed once from the definition above (speed only: the host model
 * needs no constant time). */
static inline const uint8_t *cv_zk_tables(void) {
  static uint8_t t[512];
  static int ready;
  if (!ready) {
    for (int x = 0; x < 256; x++) {
      t[x] = cv_zk_sbox_calc((uint8_t)x);
      t[256 + t[x]] = (uint8_t)x;
    }
    ready = 1;
  }
  return t;
}
static inline uint8_t cv_zk_sbox(uint8_t x) { return cv_zk_tables()[x]; }
static inline uint8_t cv_zk_isbox(uint8_t x) { return cv_zk_tables()[256 + x]; }
static inline uint32_t cv_zk_aes(uint32_t a, uint32_t b, unsigned bs, int dec, int mix) {
  uint8_t x = (uint8_t)(b >> (8 * bs));
  uint8_t s = dec ? cv_zk_isbox(x) : cv_zk_sbox(x);
  uint32_t m;
  if (!mix) m = s;
  else if (!dec)  /* column (2s, s, s, 3s), bytes 0..3 */
    m = (uint32_t)cv_zk_gmul(s, 2) | (uint32_t)s << 8 | (uint32_t)s << 16 |
        (uint32_t)cv_zk_gmul(s, 3) << 24;
  else            /* column (14s, 9s, 13s, 11s) */
    m = (uint32_t)cv_zk_gmul(s, 14) | (uint32_t)cv_zk_gmul(s, 9) << 8 |
        (uint32_t)cv_zk_gmul(s, 13) << 16 | (uint32_t)cv_zk_gmul(s, 11) << 24;
  return a ^ ((m << (8 * bs)) | (bs ? m >> (32 - 8 * bs) : 0));
}
#define cv_aes32esmi(a, b, bs) cv_zk_aes(a, b, bs, 0, 1)
#define cv_aes32esi(a, b, bs)  cv_zk_aes(a, b, bs, 0, 0)
#define cv_aes32dsmi(a, b, bs) cv_zk_aes(a, b, bs, 1, 1)
#define cv_aes32dsi(a, b, bs)  cv_zk_aes(a, b, bs, 1, 0)
#define cv_rori(a, n) cv_zk_ror(a, n)

#endif /* __riscv */

#endif /* CV_ZK_H */
