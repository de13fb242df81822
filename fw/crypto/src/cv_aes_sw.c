// SPDX-License-Identifier: Apache-2.0
/* cv_aes_sw.c: software AES (FIPS-197) for RV32IM: a T-table version (default) and a bitsliced
 * constant-time version, with ECB/CBC/CFB128/OFB/CTR and CMAC on top of either. */
#include "cv_aes_sw.h"

#if defined(CV_ZK)
#include <string.h>  /* memcpy of a misaligned key; the T-table build is freestanding */
#endif

#include "cv_bytes.h"

#define CT_ONES 0xffffffffu  /* all-ones slice (affine constants of the bitsliced S-box) */
#include "cv_aes_sw_tables.h"
#if defined(CV_ZK)
#include "cv_zk.h"
#endif

/* State and round keys are little-endian column words: row r of a column sits in bits 8r..8r+7,
 * so an aligned block is loaded with four plain lw (RV32 is little-endian) and the tables are
 * laid out for that order (see tools/gen_tables.py). */

/* A T-table lookup with the byte index already scaled by 4: RV32IM has no scaled addressing and
 * no rotate, so "shift, mask with 0x3fc, add, lw" (4 instructions) is the cheapest lookup. */
#define TL(t, off) (*(const uint32_t *)(const void *)((const uint8_t *)(t) + (off)))
#define I0(x) (((x) << 2) & 0x3fcu)
#define I1(x) (((x) >> 6) & 0x3fcu)
#define I2(x) (((x) >> 14) & 0x3fcu)
#define I3(x) (((x) >> 22) & 0x3fcu)
/* TE(n, off) / TD(n, off): encryption / decryption table n (te_n = te_0 rotated left by 8n).
 * -DCV_CRYPTO_SMALL (size-bound programs such as the console) keeps only table 0 of each
 * direction and rotates: one rotate (3 instructions) more per lookup. Those two tables are
 * computed into data memory by the first init (from the S-box: te_0[x] is the column
 * (2, 1, 1, 3) S(x), td_0[x] (14, 9, 13, 11) S^-1(x)), and so is S^-1: program memory holds
 * the S-box only. */
#ifdef CV_CRYPTO_SMALL
static inline uint32_t rotl_tab(uint32_t v, unsigned r) {
  return r ? (v << r) | (v >> (32u - r)) : v;
}
static uint32_t small_te0[256], small_td0[256];
static uint8_t small_inv_sbox[256];
#define TE(n, off) rotl_tab(TL(small_te0, off), 8u * (n))
#define TD(n, off) rotl_tab(TL(small_td0, off), 8u * (n))
static inline void tables_unused(void) {
  (void)cv_aes_te0, (void)cv_aes_te1, (void)cv_aes_te2, (void)cv_aes_te3;
  (void)cv_aes_td0, (void)cv_aes_td1, (void)cv_aes_td2, (void)cv_aes_td3, (void)cv_aes_inv_sbox;
}

static uint32_t xt(uint32_t b) { return (b << 1 ^ (b >> 7) * 0x11bu) & 0xffu; }

static void small_tables(void) {
  static int ready;
  if (ready) return;
  cv_invert8(cv_aes_sbox, small_inv_sbox);
  for (int i = 0; i < 256; i++) {
    const uint32_t s = cv_aes_sbox[i], v = small_inv_sbox[i];
    const uint32_t v2 = xt(v), v4 = xt(v2), v8 = xt(v4);
    small_te0[i] = xt(s) | s << 8 | s << 16 | (xt(s) ^ s) << 24;
    small_td0[i] = (v8 ^ v4 ^ v2) | (v8 ^ v) << 8 | (v8 ^ v4 ^ v) << 16 | (v8 ^ v2 ^ v) << 24;
  }
  ready = 1;
}
/* All rounds but the last, one per iteration over a state array (the default build unrolls two
 * per iteration in registers). Row r of output column c comes from input column c + r
 * (encryption) or c - r (decryption). */
static void small_rounds(const uint32_t *tab, int dec, const uint32_t *rk, int rounds,
                         uint32_t s[4]) {
  for (int i = 1; i < rounds; i++) {
    uint32_t t[4];
    for (int c = 0; c < 4; c++) {
      uint32_t a1 = s[(c + (dec ? 3 : 1)) & 3], a2 = s[(c + 2) & 3];
      uint32_t a3 = s[(c + (dec ? 1 : 3)) & 3];
      t[c] = TL(tab, I0(s[c])) ^ rotl_tab(TL(tab, I1(a1)), 8) ^ rotl_tab(TL(tab, I2(a2)), 16) ^
             rotl_tab(TL(tab, I3(a3)), 24) ^ rk[4 * i + c];
    }
    for (int c = 0; c < 4; c++) s[c] = t[c];
  }
}
#define SMALL_ROUNDS(tab, dec)                                \
  do {                                                        \
    uint32_t st[4] = {s0, s1, s2, s3};                        \
    small_rounds(tab, dec, rk, ctx->rounds, st);              \
    t0 = st[0], t1 = st[1], t2 = st[2], t3 = st[3];           \
    rk += 4 * ctx->rounds;                                    \
    (void)r;                                                  \
  } while (0)
#else
#define TE(n, off) TL(cv_aes_te##n, off)
#define TD(n, off) TL(cv_aes_td##n, off)
#endif

/* Zeroing loops would become memset calls, which picolibc does a byte at a time; the empty asm
 * keeps this a word loop. */
static void zero_words(uint32_t *p, int n) {
  for (int i = 0; i < n; i++) {
    p[i] = 0;
    __asm__ volatile("" : : "r"(p) : "memory");
  }
}

static void load_block(const uint8_t *p, uint32_t w[4]) {
  if (((uintptr_t)p & 3u) == 0) {
    const cv_word_t *q = (const cv_word_t *)(const void *)p;
    w[0] = q[0]; w[1] = q[1]; w[2] = q[2]; w[3] = q[3];
  } else {
    w[0] = ld32(p); w[1] = ld32(p + 4); w[2] = ld32(p + 8); w[3] = ld32(p + 12);
  }
}

static void store_block(uint8_t *p, const uint32_t w[4]) {
  if (((uintptr_t)p & 3u) == 0) {
    cv_word_t *q = (cv_word_t *)(void *)p;
    q[0] = w[0]; q[1] = w[1]; q[2] = w[2]; q[3] = w[3];
  } else {
    st32(p, w[0]); st32(p + 4, w[1]); st32(p + 8, w[2]); st32(p + 12, w[3]);
  }
}

/* ------------------------------------------------------------------------------------------ */
/* T-table implementation                                                                     */

static uint32_t sub_word(uint32_t w) {
  return (uint32_t)cv_aes_sbox[w & 0xff] | (uint32_t)cv_aes_sbox[(w >> 8) & 0xff] << 8 |
         (uint32_t)cv_aes_sbox[(w >> 16) & 0xff] << 16 | (uint32_t)cv_aes_sbox[w >> 24] << 24;
}

/* Key expansion of FIPS-197 5.2 on little-endian words (RotWord is a rotate right by 8).
 * sub is the SubWord to use (table or bitsliced). */
static void expand_key(uint32_t *w, const uint8_t *key, size_t key_len,
                       uint32_t (*sub)(uint32_t)) {
  const int nk = (int)(key_len / 4);
  const int total = 4 * (nk + 7);
  uint32_t rcon = 1;
  for (int i = 0; i < nk; i++) w[i] = ld32(key + 4 * i);
  /* j = i mod nk kept as a counter: the core's divider is iterative, a rem per word is slow */
  for (int i = nk, j = 0; i < total; i++) {
    uint32_t t = w[i - 1];
    if (j == 0) {
      t = sub((t >> 8) | (t << 24)) ^ rcon;
      rcon = (rcon << 1) ^ (0x11bu & (0u - (rcon >> 7)));
    } else if (nk > 6 && j == 4) {
      t = sub(t);
    }
    w[i] = w[i - nk] ^ t;
    if (++j == nk) j = 0;
  }
}

/* InvMixColumns of one word through the decryption tables: Td_r[S[b]] undoes the S-box. */
static uint32_t inv_mix_word(uint32_t w) {
  return TD(0, 4u * cv_aes_sbox[w & 0xff]) ^ TD(1, 4u * cv_aes_sbox[(w >> 8) & 0xff]) ^
         TD(2, 4u * cv_aes_sbox[(w >> 16) & 0xff]) ^ TD(3, 4u * cv_aes_sbox[w >> 24]);
}

static void tab_encrypt(const cv_aes_sw_ctx *ctx, const uint32_t in[4], uint32_t out[4]) {
  const uint32_t *rk = ctx->ek;
  uint32_t s0 = in[0] ^ rk[0], s1 = in[1] ^ rk[1], s2 = in[2] ^ rk[2], s3 = in[3] ^ rk[3];
  uint32_t t0, t1, t2, t3;
  int r = ctx->rounds >> 1;
  /* Output column c takes row r from input column c + r (ShiftRows folded into the indices). */
#define EROUND(d0, d1, d2, d3, a0, a1, a2, a3, k)                                              \
  d0 = TE(0, I0(a0)) ^ TE(1, I1(a1)) ^ TE(2, I2(a2)) ^              \
       TE(3, I3(a3)) ^ (k)[0];                                                        \
  d1 = TE(0, I0(a1)) ^ TE(1, I1(a2)) ^ TE(2, I2(a3)) ^              \
       TE(3, I3(a0)) ^ (k)[1];                                                        \
  d2 = TE(0, I0(a2)) ^ TE(1, I1(a3)) ^ TE(2, I2(a0)) ^              \
       TE(3, I3(a1)) ^ (k)[2];                                                        \
  d3 = TE(0, I0(a3)) ^ TE(1, I1(a0)) ^ TE(2, I2(a1)) ^              \
       TE(3, I3(a2)) ^ (k)[3]
#ifdef CV_CRYPTO_SMALL
  SMALL_ROUNDS(small_te0, 0);
#else
  for (;;) {
    EROUND(t0, t1, t2, t3, s0, s1, s2, s3, rk + 4);
    rk += 8;
    if (--r == 0) break;
    EROUND(s0, s1, s2, s3, t0, t1, t2, t3, rk);
  }
#endif
#undef EROUND
#define SB(x) ((uint32_t)cv_aes_sbox[(x)])
  out[0] = (SB(t0 & 0xff) | SB((t1 >> 8) & 0xff) << 8 | SB((t2 >> 16) & 0xff) << 16 |
            SB(t3 >> 24) << 24) ^ rk[0];
  out[1] = (SB(t1 & 0xff) | SB((t2 >> 8) & 0xff) << 8 | SB((t3 >> 16) & 0xff) << 16 |
            SB(t0 >> 24) << 24) ^ rk[1];
  out[2] = (SB(t2 & 0xff) | SB((t3 >> 8) & 0xff) << 8 | SB((t0 >> 16) & 0xff) << 16 |
            SB(t1 >> 24) << 24) ^ rk[2];
  out[3] = (SB(t3 & 0xff) | SB((t0 >> 8) & 0xff) << 8 | SB((t1 >> 16) & 0xff) << 16 |
            SB(t2 >> 24) << 24) ^ rk[3];
#undef SB
}

static void tab_decrypt(const cv_aes_sw_ctx *ctx, const uint32_t in[4], uint32_t out[4]) {
  const uint32_t *rk = ctx->dk;
  uint32_t s0 = in[0] ^ rk[0], s1 = in[1] ^ rk[1], s2 = in[2] ^ rk[2], s3 = in[3] ^ rk[3];
  uint32_t t0, t1, t2, t3;
  int r = ctx->rounds >> 1;
  /* Equivalent inverse cipher: output column c takes row r from input column c - r. */
#define DROUND(d0, d1, d2, d3, a0, a1, a2, a3, k)                                              \
  d0 = TD(0, I0(a0)) ^ TD(1, I1(a3)) ^ TD(2, I2(a2)) ^              \
       TD(3, I3(a1)) ^ (k)[0];                                                        \
  d1 = TD(0, I0(a1)) ^ TD(1, I1(a0)) ^ TD(2, I2(a3)) ^              \
       TD(3, I3(a2)) ^ (k)[1];                                                        \
  d2 = TD(0, I0(a2)) ^ TD(1, I1(a1)) ^ TD(2, I2(a0)) ^              \
       TD(3, I3(a3)) ^ (k)[2];                                                        \
  d3 = TD(0, I0(a3)) ^ TD(1, I1(a2)) ^ TD(2, I2(a1)) ^              \
       TD(3, I3(a0)) ^ (k)[3]
#ifdef CV_CRYPTO_SMALL
  SMALL_ROUNDS(small_td0, 1);
#else
  for (;;) {
    DROUND(t0, t1, t2, t3, s0, s1, s2, s3, rk + 4);
    rk += 8;
    if (--r == 0) break;
    DROUND(s0, s1, s2, s3, t0, t1, t2, t3, rk);
  }
#endif
#undef DROUND
#ifdef CV_CRYPTO_SMALL
#define IS(x) ((uint32_t)small_inv_sbox[(x)])
#else
#define IS(x) ((uint32_t)cv_aes_inv_sbox[(x)])
#endif
  out[0] = (IS(t0 & 0xff) | IS((t3 >> 8) & 0xff) << 8 | IS((t2 >> 16) & 0xff) << 16 |
            IS(t1 >> 24) << 24) ^ rk[0];
  out[1] = (IS(t1 & 0xff) | IS((t0 >> 8) & 0xff) << 8 | IS((t3 >> 16) & 0xff) << 16 |
            IS(t2 >> 24) << 24) ^ rk[1];
  out[2] = (IS(t2 & 0xff) | IS((t1 >> 8) & 0xff) << 8 | IS((t0 >> 16) & 0xff) << 16 |
            IS(t3 >> 24) << 24) ^ rk[2];
  out[3] = (IS(t3 & 0xff) | IS((t2 >> 8) & 0xff) << 8 | IS((t1 >> 16) & 0xff) << 16 |
            IS(t0 >> 24) << 24) ^ rk[3];
#undef IS
}

/* ------------------------------------------------------------------------------------------ */
/* Constant-time bitsliced implementation                                                     */
/* Two blocks at a time as eight 32-bit bit slices: slice i holds bit i of all 16 bytes of block
 * A in bits 15..0 and of block B in bits 31..16, byte (row r, column c) at bit 4r + c of its
 * half. The S-box is computed (GF(2^8) inverse as x^254, then the affine map), never looked up,
 * and nothing branches on data, so time is independent of key and data on any core. A single
 * block costs the same as two (the other half is ignored); ECB, CTR and CBC decryption feed
 * pairs. Round keys are stored pre-sliced and duplicated in both halves: slices 0-3 of round r
 * in ek[4r..4r+3], slices 4-7 in dk[4r..4r+3]. */

typedef uint32_t sl_t;

static void ct_pack(const uint32_t a[4], const uint32_t b[4], sl_t s[8]) {
  for (int i = 0; i < 8; i++) s[i] = 0;
  for (int c = 0; c < 4; c++) {
    for (int i = 0; i < 8; i++) {
      uint32_t x = (a[c] >> i) & 0x01010101u;   /* bit i of rows 0..3 at 0, 8, 16, 24 */
      uint32_t y = (b[c] >> i) & 0x01010101u;
      x = (x | (x >> 4)) & 0x00110011u;
      y = (y | (y >> 4)) & 0x00110011u;
      x = (x | (x >> 8)) & 0x00001111u;         /* now at 0, 4, 8, 12 */
      y = (y | (y >> 8)) & 0x00001111u;
      s[i] |= (x | y << 16) << c;
    }
  }
}

static void ct_unpack(const sl_t s[8], uint32_t a[4], uint32_t b[4]) {
  for (int c = 0; c < 4; c++) {
    uint32_t va = 0, vb = 0;
    for (int i = 0; i < 8; i++) {
      uint32_t x = (s[i] >> c) & 0x11111111u;
      uint32_t y = x >> 16;
      x &= 0x1111u;
      x = (x | (x << 8)) & 0x00110011u;
      y = (y | (y << 8)) & 0x00110011u;
      x = (x | (x << 4)) & 0x01010101u;
      y = (y | (y << 4)) & 0x01010101u;
      va |= x << i;
      vb |= y << i;
    }
    a[c] = va;
    if (b) b[c] = vb;
  }
}

/* ct_sbox / ct_inv_sbox are generated straight-line code (tools/gen_tables.py): GF(2^8)
 * inversion as x^254 over bitsliced operands (4 multiplications, 3 linear maps) and the affine
 * maps, all plain AND/XOR on the slices. */

/* Rows are the nibbles of each 16-bit half; no shift below crosses from one half to the other
 * because every mask keeps bits whose source lies in the same nibble. */
static void ct_shift_rows(sl_t s[8]) {
  for (int i = 0; i < 8; i++) {
    sl_t x = s[i];
    s[i] = (x & 0x000f000fu) | ((x >> 1) & 0x00700070u) | ((x << 3) & 0x00800080u) |
           ((x >> 2) & 0x03000300u) | ((x << 2) & 0x0c000c00u) | ((x << 1) & 0xe000e000u) |
           ((x >> 3) & 0x10001000u);
  }
}

static void ct_inv_shift_rows(sl_t s[8]) {
  for (int i = 0; i < 8; i++) {
    sl_t x = s[i];
    s[i] = (x & 0x000f000fu) | ((x << 1) & 0x00e000e0u) | ((x >> 3) & 0x00100010u) |
           ((x >> 2) & 0x03000300u) | ((x << 2) & 0x0c000c00u) | ((x >> 1) & 0x70007000u) |
           ((x << 3) & 0x80008000u);
  }
}

/* Row rotations inside each half: nibble r takes nibble r+1 (rot1) or r+2 (rot2). */
#define ROT1(x) ((((x) >> 4) & 0x0fff0fffu) | (((x) & 0x000f000fu) << 12))
#define ROT2(x) ((((x) >> 8) & 0x00ff00ffu) | (((x) & 0x00ff00ffu) << 8))

static void ct_xtime(const sl_t t[8], sl_t r[8]) {
  r[0] = t[7];
  r[1] = t[0] ^ t[7];
  r[2] = t[1];
  r[3] = t[2] ^ t[7];
  r[4] = t[3] ^ t[7];
  r[5] = t[4];
  r[6] = t[5];
  r[7] = t[6];
}

/* b_r = 2 a_r + 3 a_{r+1} + a_{r+2} + a_{r+3} = 2 t_r + a_{r+1} + t_{r+2}, t = a + rot1(a). */
static void ct_mix_columns(sl_t s[8]) {
  sl_t t[8], x[8];
  for (int i = 0; i < 8; i++) t[i] = s[i] ^ ROT1(s[i]);
  ct_xtime(t, x);
  for (int i = 0; i < 8; i++) s[i] = x[i] ^ ROT1(s[i]) ^ ROT2(t[i]);
}

/* InvMixColumns = MixColumns after the circulant (5 0 4 0): a_r + 4 (a_r + a_{r+2}). */
static void ct_inv_mix_columns(sl_t s[8]) {
  sl_t t[8], x[8];
  for (int i = 0; i < 8; i++) t[i] = s[i] ^ ROT2(s[i]);
  ct_xtime(t, x);
  ct_xtime(x, t);
  for (int i = 0; i < 8; i++) s[i] ^= t[i];
  ct_mix_columns(s);
}

static void ct_add_key(sl_t s[8], const cv_aes_sw_ctx *ctx, int r) {
  const uint32_t *k = ctx->ek + 4 * r, *l = ctx->dk + 4 * r;
  s[0] ^= k[0]; s[1] ^= k[1]; s[2] ^= k[2]; s[3] ^= k[3];
  s[4] ^= l[0]; s[5] ^= l[1]; s[6] ^= l[2]; s[7] ^= l[3];
}

static uint32_t ct_sub_word(uint32_t w) {
  uint32_t v[4] = {w, 0, 0, 0}, o[4];
  sl_t s[8];
  ct_pack(v, v, s);
  ct_sbox(s);
  ct_unpack(s, o, 0);
  return o[0];
}

static void ct_encrypt2(const cv_aes_sw_ctx *ctx, const uint32_t a[4], const uint32_t b[4],
                        uint32_t oa[4], uint32_t ob[4]) {
  sl_t s[8];
  ct_pack(a, b, s);
  ct_add_key(s, ctx, 0);
  for (int r = 1; r < ctx->rounds; r++) {
    ct_sbox(s);
    ct_shift_rows(s);
    ct_mix_columns(s);
    ct_add_key(s, ctx, r);
  }
  ct_sbox(s);
  ct_shift_rows(s);
  ct_add_key(s, ctx, ctx->rounds);
  ct_unpack(s, oa, ob);
}

static void ct_decrypt2(const cv_aes_sw_ctx *ctx, const uint32_t a[4], const uint32_t b[4],
                        uint32_t oa[4], uint32_t ob[4]) {
  sl_t s[8];
  ct_pack(a, b, s);
  ct_add_key(s, ctx, ctx->rounds);
  for (int r = ctx->rounds - 1; r > 0; r--) {
    ct_inv_shift_rows(s);
    ct_inv_sbox(s);
    ct_add_key(s, ctx, r);
    ct_inv_mix_columns(s);
  }
  ct_inv_shift_rows(s);
  ct_inv_sbox(s);
  ct_add_key(s, ctx, 0);
  ct_unpack(s, oa, ob);
}

static void ct_encrypt(const cv_aes_sw_ctx *ctx, const uint32_t in[4], uint32_t out[4]) {
  ct_encrypt2(ctx, in, in, out, 0);
}

static void ct_decrypt(const cv_aes_sw_ctx *ctx, const uint32_t in[4], uint32_t out[4]) {
  ct_decrypt2(ctx, in, in, out, 0);
}

/* ------------------------------------------------------------------------------------------ */
/* Scalar-crypto implementation (Zkne/Zknd, with CV_ZK)                                        */

#if defined(CV_ZK)
/* Each aes32es(m)i takes one byte of a state column through the S-box (and its MixColumns
 * column), rotated into place and XORed into the accumulator: output column j gathers byte i of
 * column (j + i) mod 4 (ShiftRows) on the way. The state lives in registers, the round keys are
 * the table version's (little-endian column words; dk with InvMixColumns applied, reversed), so
 * no table is read: the time is the same for every key and block. */
#define ISA_ENC_COL(f, k, a, b, c, d) f(f(f(f(k, a, 0), b, 1), c, 2), d, 3)
#define ISA_ENC_ROUND(f, rk, s0, s1, s2, s3, t0, t1, t2, t3) \
  t0 = ISA_ENC_COL(f, (rk)[0], s0, s1, s2, s3);              \
  t1 = ISA_ENC_COL(f, (rk)[1], s1, s2, s3, s0);              \
  t2 = ISA_ENC_COL(f, (rk)[2], s2, s3, s0, s1);              \
  t3 = ISA_ENC_COL(f, (rk)[3], s3, s0, s1, s2)
/* InvShiftRows: output column j gathers byte i of column (j - i) mod 4. */
#define ISA_DEC_ROUND(f, rk, s0, s1, s2, s3, t0, t1, t2, t3) \
  t0 = ISA_ENC_COL(f, (rk)[0], s0, s3, s2, s1);              \
  t1 = ISA_ENC_COL(f, (rk)[1], s1, s0, s3, s2);              \
  t2 = ISA_ENC_COL(f, (rk)[2], s2, s1, s0, s3);              \
  t3 = ISA_ENC_COL(f, (rk)[3], s3, s2, s1, s0)

static inline __attribute__((always_inline)) void isa_encrypt(const cv_aes_sw_ctx *ctx,
                                                              const uint32_t in[4],
                                                              uint32_t out[4]) {
  const uint32_t *rk = ctx->ek;
  uint32_t s0 = in[0] ^ rk[0], s1 = in[1] ^ rk[1], s2 = in[2] ^ rk[2], s3 = in[3] ^ rk[3];
  uint32_t t0, t1, t2, t3;
  for (int r = ctx->rounds / 2 - 1; r > 0; r--) {  /* two rounds per pass */
    ISA_ENC_ROUND(cv_aes32esmi, rk + 4, s0, s1, s2, s3, t0, t1, t2, t3);
    ISA_ENC_ROUND(cv_aes32esmi, rk + 8, t0, t1, t2, t3, s0, s1, s2, s3);
    rk += 8;
  }
  ISA_ENC_ROUND(cv_aes32esmi, rk + 4, s0, s1, s2, s3, t0, t1, t2, t3);
  ISA_ENC_ROUND(cv_aes32esi, rk + 8, t0, t1, t2, t3, s0, s1, s2, s3);
  out[0] = s0; out[1] = s1; out[2] = s2; out[3] = s3;
}

static inline __attribute__((always_inline)) void isa_decrypt(const cv_aes_sw_ctx *ctx,
                                                              const uint32_t in[4],
                                                              uint32_t out[4]) {
  const uint32_t *rk = ctx->dk;
  uint32_t s0 = in[0] ^ rk[0], s1 = in[1] ^ rk[1], s2 = in[2] ^ rk[2], s3 = in[3] ^ rk[3];
  uint32_t t0, t1, t2, t3;
  for (int r = ctx->rounds / 2 - 1; r > 0; r--) {
    ISA_DEC_ROUND(cv_aes32dsmi, rk + 4, s0, s1, s2, s3, t0, t1, t2, t3);
    ISA_DEC_ROUND(cv_aes32dsmi, rk + 8, t0, t1, t2, t3, s0, s1, s2, s3);
    rk += 8;
  }
  ISA_DEC_ROUND(cv_aes32dsmi, rk + 4, s0, s1, s2, s3, t0, t1, t2, t3);
  ISA_DEC_ROUND(cv_aes32dsi, rk + 8, t0, t1, t2, t3, s0, s1, s2, s3);
  out[0] = s0; out[1] = s1; out[2] = s2; out[3] = s3;
}

#if !defined(__riscv)  /* the host's key schedules (RISC-V: cv_aes_zk.S) */
/* SubWord: the four bytes through the S-box, each left in place. */
static uint32_t isa_sub_word(uint32_t w) { return ISA_ENC_COL(cv_aes32esi, 0u, w, w, w, w); }

/* InvMixColumns of one word: S-box forward (aes32esi), then aes32dsmi, whose inverse S-box
 * undoes it and leaves InvMixColumns. */
static uint32_t isa_inv_mix_word(uint32_t w) {
  const uint32_t s = isa_sub_word(w);
  return ISA_ENC_COL(cv_aes32dsmi, 0u, s, s, s, s);
}
#endif
#endif

/* ------------------------------------------------------------------------------------------ */
/* Public API                                                                                 */

typedef void (*block_fn)(const cv_aes_sw_ctx *, const uint32_t *, uint32_t *);

/* -DCV_CRYPTO_SMALL leaves the bitsliced version out (init_ct: CV_ERR_MODE): its code is only
 * reached through the context's impl, which the linker cannot see is never CT. */
#ifdef CV_CRYPTO_SMALL
#define IS_CT(ctx) ((void)(ctx), 0)
#else
#define IS_CT(ctx) ((ctx)->impl == CV_AES_SW_IMPL_CT)
#endif

static block_fn enc_fn(const cv_aes_sw_ctx *ctx) {
#if defined(CV_ZK)
  if (ctx->impl == CV_AES_SW_IMPL_ISA) return isa_encrypt;
#endif
  return IS_CT(ctx) ? ct_encrypt : tab_encrypt;
}

static block_fn dec_fn(const cv_aes_sw_ctx *ctx) {
#if defined(CV_ZK)
  if (ctx->impl == CV_AES_SW_IMPL_ISA) return isa_decrypt;
#endif
  return IS_CT(ctx) ? ct_decrypt : tab_decrypt;
}

static int key_len_ok(size_t key_len) {
  return key_len == 16 || key_len == 24 || key_len == 32;
}

cv_status_t cv_aes_sw_init(cv_aes_sw_ctx *ctx, const uint8_t *key, size_t key_len) {
  if (!ctx || !key) return CV_ERR_ARG;
  if (!key_len_ok(key_len)) return CV_ERR_KEYLEN;
#ifdef CV_CRYPTO_SMALL
  small_tables();
#endif
  const int nr = (int)key_len / 4 + 6;
  ctx->rounds = nr;
  ctx->impl = CV_AES_SW_IMPL_TABLE;
  expand_key(ctx->ek, key, key_len, sub_word);
  for (int i = 0; i < 4; i++) {
    ctx->dk[i] = ctx->ek[4 * nr + i];
    ctx->dk[4 * nr + i] = ctx->ek[i];
  }
  for (int r = 1; r < nr; r++)
    for (int i = 0; i < 4; i++) ctx->dk[4 * r + i] = inv_mix_word(ctx->ek[4 * (nr - r) + i]);
  zero_words(ctx->ek + 4 * (nr + 1), 60 - 4 * (nr + 1));
  zero_words(ctx->dk + 4 * (nr + 1), 60 - 4 * (nr + 1));
  return CV_OK;
}

cv_status_t cv_aes_sw_init_isa(cv_aes_sw_ctx *ctx, const uint8_t *key, size_t key_len) {
  if (!ctx || !key) return CV_ERR_ARG;
  if (!key_len_ok(key_len)) return CV_ERR_KEYLEN;
#if defined(CV_ZK)
  const int nr = (int)key_len / 4 + 6;
  ctx->rounds = nr;
  ctx->impl = CV_AES_SW_IMPL_ISA;
  cv_aes_isa_expand_enc(ctx->ek, key, key_len);
  cv_aes_isa_expand_dec(ctx->dk, ctx->ek, nr);
  zero_words(ctx->ek + 4 * (nr + 1), 60 - 4 * (nr + 1));
  zero_words(ctx->dk + 4 * (nr + 1), 60 - 4 * (nr + 1));
  return CV_OK;
#else
  return CV_ERR_HW;
#endif
}

#if defined(CV_ZK)
#if defined(__riscv)
/* cv_aes_zk.S: cv_aes_isa_expand_enc (AES-128 from an aligned key itself, the rest here),
 * cv_aes_isa_expand_dec and the AES-192/256 schedules, from the key as aligned words */
void cv_aes192_zk_ek(uint32_t *ek, const uint32_t *key);
void cv_aes256_zk_ek(uint32_t *ek, const uint32_t *key);
void cv_aes_zk_ek_other(uint32_t *ek, const uint8_t *key, size_t key_len);

/* a key of another length or misaligned (copied first); AES-128 from a copy goes the way of
 * an aligned key again */
void cv_aes_zk_ek_other(uint32_t *ek, const uint8_t *key, size_t key_len) {
  uint32_t copy[8];
  const uint32_t *k = (const cv_word_t *)(const void *)key;
  const int misaligned = ((uintptr_t)key & 3u) != 0;
  if (misaligned) {
    memcpy(copy, key, key_len);
    k = copy;
  }
  if (key_len == 16) cv_aes_isa_expand_enc(ek, (const uint8_t *)k, 16);
  else if (key_len == 24) cv_aes192_zk_ek(ek, k);
  else cv_aes256_zk_ek(ek, k);
  if (misaligned) zero_words(copy, 8);
}
#else
void cv_aes_isa_expand_enc(uint32_t *restrict ek, const uint8_t *restrict key,
                           size_t key_len) {
  if (key_len != 16) {
    expand_key(ek, key, key_len, isa_sub_word);
    return;
  }
  /* AES-128 unrolled: per round RotWord (rori), SubWord with the round constant folded into the
   * accumulator, in two chains of two aes32esi, three XORs, four stores. */
  static const uint8_t rcon[10] = {0x01, 0x02, 0x04, 0x08, 0x10, 0x20, 0x40, 0x80, 0x1b, 0x36};
  uint32_t w0 = ld32(key), w1 = ld32(key + 4), w2 = ld32(key + 8), w3 = ld32(key + 12);
  ek[0] = w0; ek[1] = w1; ek[2] = w2; ek[3] = w3;
  for (int r = 0; r < 10; r++) {
    const uint32_t t = cv_rori(w3, 8);
    const uint32_t lo = cv_aes32esi(cv_aes32esi(w0 ^ rcon[r], t, 0), t, 1);
    const uint32_t hi = cv_aes32esi(cv_aes32esi(0u, t, 2), t, 3);
    w0 = lo ^ hi;
    w1 ^= w0;
    w2 ^= w1;
    w3 ^= w2;
    ek += 4;
    ek[0] = w0; ek[1] = w1; ek[2] = w2; ek[3] = w3;
  }
}
#endif

#if !defined(__riscv)  /* RISC-V: cv_aes_zk.S */
void cv_aes_isa_expand_dec(uint32_t *dk, const uint32_t *ek, int nr) {
  for (int i = 0; i < 4; i++) {
    dk[i] = ek[4 * nr + i];
    dk[4 * nr + i] = ek[i];
  }
  for (int r = 1; r < nr; r++)
    for (int i = 0; i < 4; i++) dk[4 * r + i] = isa_inv_mix_word(ek[4 * (nr - r) + i]);
}
#endif
#endif

cv_status_t cv_aes_sw_init_ct(cv_aes_sw_ctx *ctx, const uint8_t *key, size_t key_len) {
  if (!ctx || !key) return CV_ERR_ARG;
  if (!key_len_ok(key_len)) return CV_ERR_KEYLEN;
#ifdef CV_CRYPTO_SMALL
  return CV_ERR_MODE;
#endif
  const int nr = (int)key_len / 4 + 6;
  uint32_t w[60];
  ctx->rounds = nr;
  ctx->impl = CV_AES_SW_IMPL_CT;
  expand_key(w, key, key_len, ct_sub_word);
  for (int r = 0; r <= nr; r++) {
    sl_t s[8];
    ct_pack(w + 4 * r, w + 4 * r, s);  /* the same key in both halves */
    for (int i = 0; i < 4; i++) {
      ctx->ek[4 * r + i] = s[i];
      ctx->dk[4 * r + i] = s[4 + i];
    }
  }
  zero_words(ctx->ek + 4 * (nr + 1), 60 - 4 * (nr + 1));
  zero_words(ctx->dk + 4 * (nr + 1), 60 - 4 * (nr + 1));
  zero_words(w, 60);
  return CV_OK;
}

void cv_aes_sw_encrypt_block(const cv_aes_sw_ctx *ctx, const uint8_t in[16], uint8_t out[16]) {
  uint32_t w[4];
  load_block(in, w);
  enc_fn(ctx)(ctx, w, w);
  store_block(out, w);
}

void cv_aes_sw_decrypt_block(const cv_aes_sw_ctx *ctx, const uint8_t in[16], uint8_t out[16]) {
  uint32_t w[4];
  load_block(in, w);
  dec_fn(ctx)(ctx, w, w);
  store_block(out, w);
}

cv_status_t cv_aes_sw_ecb(const cv_aes_sw_ctx *ctx, cv_dir_t dir, const uint8_t *in, uint8_t *out,
                          size_t len) {
  if (!ctx || (len && (!in || !out))) return CV_ERR_ARG;
  if (dir != CV_ENCRYPT && dir != CV_DECRYPT) return CV_ERR_ARG;
  if (len % 16) return CV_ERR_LENGTH;
  block_fn f = dir == CV_ENCRYPT ? enc_fn(ctx) : dec_fn(ctx);
  uint32_t w[4];
  size_t off = 0;
#if defined(CV_ZK)
  if (ctx->impl == CV_AES_SW_IMPL_ISA && (((uintptr_t)in | (uintptr_t)out) & 3u) == 0) {
    /* aligned buffers: the words in place, no copy and no indirect call per block */
    const cv_word_t *src = (const cv_word_t *)(const void *)in;
    cv_word_t *dst = (cv_word_t *)(void *)out;
    if (dir == CV_ENCRYPT)
      for (; off < len; off += 16, src += 4, dst += 4) isa_encrypt(ctx, src, dst);
    else
      for (; off < len; off += 16, src += 4, dst += 4) isa_decrypt(ctx, src, dst);
    return CV_OK;
  }
#endif
  if (IS_CT(ctx)) {  /* two blocks per bitsliced pass */
    uint32_t v[4];
    for (; off + 32 <= len; off += 32) {
      load_block(in + off, w);
      load_block(in + off + 16, v);
      if (dir == CV_ENCRYPT)
        ct_encrypt2(ctx, w, v, w, v);
      else
        ct_decrypt2(ctx, w, v, w, v);
      store_block(out + off, w);
      store_block(out + off + 16, v);
    }
  }
  for (; off < len; off += 16) {
    load_block(in + off, w);
    f(ctx, w, w);
    store_block(out + off, w);
  }
  return CV_OK;
}

cv_status_t cv_aes_sw_cbc(const cv_aes_sw_ctx *ctx, cv_dir_t dir, uint8_t iv[16], const uint8_t *in,
                          uint8_t *out, size_t len) {
  if (!ctx || !iv || (len && (!in || !out))) return CV_ERR_ARG;
  if (dir != CV_ENCRYPT && dir != CV_DECRYPT) return CV_ERR_ARG;
  if (len % 16) return CV_ERR_LENGTH;
  uint32_t v[4], w[4], c[4];
  load_block(iv, v);
  if (dir == CV_ENCRYPT) {
    block_fn f = enc_fn(ctx);
    for (size_t off = 0; off < len; off += 16) {
      load_block(in + off, w);
      for (int i = 0; i < 4; i++) v[i] ^= w[i];
      f(ctx, v, v);
      store_block(out + off, v);
    }
  } else {
    block_fn f = dec_fn(ctx);
    size_t off = 0;
    if (IS_CT(ctx)) {  /* two blocks per bitsliced pass */
      uint32_t c1[4], w1[4];
      for (; off + 32 <= len; off += 32) {
        load_block(in + off, c);
        load_block(in + off + 16, c1);
        ct_decrypt2(ctx, c, c1, w, w1);
        for (int i = 0; i < 4; i++) {
          w[i] ^= v[i];
          w1[i] ^= c[i];
          v[i] = c1[i];
        }
        store_block(out + off, w);
        store_block(out + off + 16, w1);
      }
    }
    for (; off < len; off += 16) {
      load_block(in + off, c);  /* kept: in may equal out */
      f(ctx, c, w);
      for (int i = 0; i < 4; i++) {
        w[i] ^= v[i];
        v[i] = c[i];
      }
      store_block(out + off, w);
    }
  }
  store_block(iv, v);
  return CV_OK;
}

cv_status_t cv_aes_sw_cfb128(const cv_aes_sw_ctx *ctx, cv_dir_t dir, uint8_t iv[16],
                             const uint8_t *in, uint8_t *out, size_t len) {
  if (!ctx || !iv || (len && (!in || !out))) return CV_ERR_ARG;
  if (dir != CV_ENCRYPT && dir != CV_DECRYPT) return CV_ERR_ARG;
  block_fn f = enc_fn(ctx);
  uint32_t v[4], w[4];
  size_t off = 0;
  load_block(iv, v);
  for (; off + 16 <= len; off += 16) {
    f(ctx, v, v);
    load_block(in + off, w);
    for (int i = 0; i < 4; i++) {
      uint32_t x = v[i] ^ w[i];
      v[i] = dir == CV_ENCRYPT ? x : w[i];  /* next input: the ciphertext */
      w[i] = x;
    }
    store_block(out + off, w);
  }
  if (off < len) {
    uint8_t ks[16];
    f(ctx, v, v);
    store_block(ks, v);
    for (size_t i = 0; off + i < len; i++) {
      uint8_t x = in[off + i];
      uint8_t y = (uint8_t)(x ^ ks[i]);
      out[off + i] = y;
      ks[i] = dir == CV_ENCRYPT ? y : x;
    }
    load_block(ks, v);
  }
  store_block(iv, v);
  return CV_OK;
}

cv_status_t cv_aes_sw_ofb(const cv_aes_sw_ctx *ctx, uint8_t iv[16], const uint8_t *in, uint8_t *out,
                          size_t len) {
  if (!ctx || !iv || (len && (!in || !out))) return CV_ERR_ARG;
  block_fn f = enc_fn(ctx);
  uint32_t v[4], w[4];
  size_t off = 0;
  load_block(iv, v);
  for (; off + 16 <= len; off += 16) {
    f(ctx, v, v);
    load_block(in + off, w);
    for (int i = 0; i < 4; i++) w[i] ^= v[i];
    store_block(out + off, w);
  }
  if (off < len) {
    uint8_t ks[16];
    f(ctx, v, v);
    store_block(ks, v);
    for (size_t i = 0; off + i < len; i++) out[off + i] = (uint8_t)(in[off + i] ^ ks[i]);
  }
  store_block(iv, v);
  return CV_OK;
}

static void ctr_inc(uint8_t c[16]) {
  for (int i = 15; i >= 0; i--)
    if (++c[i] != 0) break;
}

cv_status_t cv_aes_sw_ctr(const cv_aes_sw_ctx *ctx, uint8_t ctr[16], const uint8_t *in,
                          uint8_t *out, size_t len) {
  if (!ctx || !ctr || (len && (!in || !out))) return CV_ERR_ARG;
  block_fn f = enc_fn(ctx);
  uint32_t c[4], k[4], w[4];
  uint8_t *cb = (uint8_t *)c;  /* the counter kept as an aligned byte string */
  size_t off = 0;
  load_block(ctr, c);  /* byte order kept: ctr_inc works on the bytes */
  if (IS_CT(ctx)) {  /* two counter blocks per bitsliced pass */
    uint32_t c1[4], k1[4], w1[4];
    for (; off + 32 <= len; off += 32) {
      for (int i = 0; i < 4; i++) c1[i] = c[i];
      ctr_inc((uint8_t *)c1);
      ct_encrypt2(ctx, c, c1, k, k1);
      for (int i = 0; i < 4; i++) c[i] = c1[i];
      ctr_inc(cb);
      load_block(in + off, w);
      load_block(in + off + 16, w1);
      for (int i = 0; i < 4; i++) {
        w[i] ^= k[i];
        w1[i] ^= k1[i];
      }
      store_block(out + off, w);
      store_block(out + off + 16, w1);
    }
  }
  for (; off + 16 <= len; off += 16) {
    f(ctx, c, k);
    ctr_inc(cb);
    load_block(in + off, w);
    for (int i = 0; i < 4; i++) w[i] ^= k[i];
    store_block(out + off, w);
  }
  if (off < len) {
    uint8_t ks[16];
    f(ctx, c, k);
    ctr_inc(cb);
    store_block(ks, k);
    for (size_t i = 0; off + i < len; i++) out[off + i] = (uint8_t)(in[off + i] ^ ks[i]);
  }
  store_block(ctr, c);
  return CV_OK;
}

/* Doubling in GF(2^128) on the big-endian byte string (SP 800-38B subkeys). */
static void cmac_dbl(uint8_t b[16]) {
  uint8_t carry = (uint8_t)(b[0] >> 7);
  for (int i = 0; i < 15; i++) b[i] = (uint8_t)(b[i] << 1 | b[i + 1] >> 7);
  b[15] = (uint8_t)((b[15] << 1) ^ (0x87u & (0u - carry)));
}

cv_status_t cv_aes_sw_cmac(const cv_aes_sw_ctx *ctx, const uint8_t *msg, size_t len,
                           uint8_t mac[16]) {
  if (!ctx || !mac || (len && !msg)) return CV_ERR_ARG;
  block_fn f = enc_fn(ctx);
  uint32_t x[4] = {0, 0, 0, 0}, w[4], kw[4];
  uint8_t k[16], last[16];
  f(ctx, x, kw);
  store_block(k, kw);
  cmac_dbl(k);                                  /* K1 */
  size_t full = len ? (len - 1) / 16 : 0;       /* blocks before the last one */
  size_t rem = len - 16 * full;                 /* 1..16, or 0 for the empty message */
  for (size_t b = 0; b < full; b++) {
    load_block(msg + 16 * b, w);
    for (int i = 0; i < 4; i++) x[i] ^= w[i];
    f(ctx, x, x);
  }
  if (rem == 16) {
    for (int i = 0; i < 16; i++) last[i] = (uint8_t)(msg[16 * full + i] ^ k[i]);
  } else {
    cmac_dbl(k);                                /* K2 */
    for (int i = 0; i < 16; i++) {
      uint8_t m = (size_t)i < rem ? msg[16 * full + i] : (size_t)i == rem ? 0x80 : 0;
      last[i] = (uint8_t)(m ^ k[i]);
    }
  }
  load_block(last, w);
  for (int i = 0; i < 4; i++) x[i] ^= w[i];
  f(ctx, x, x);
  store_block(mac, x);
  return CV_OK;
}
