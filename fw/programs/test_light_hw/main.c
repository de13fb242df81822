// SPDX-License-Identifier: Apache-2.0
/* test_light_hw: PRINCE, PRESENT, ChaCha and SHA-3 behind their coupling units, on mmio, cpi and
 * mmio-dma, against the papers' known answers (VECTORS.md) and the software implementations
 * (fw/crypto) on random data; plus key registers reading 0 and bad configurations. */
#include <string.h>

#include "cv_chacha_sw.h"
#include "cv_cpl.h"
#include "cv_present_sw.h"
#include "cv_prince_sw.h"
#include "cv_sha3_sw.h"
#include "cv_test.h"
#include "cv_xorshift.h"

static uint32_t rng = 0x2545F491u;
static uint32_t rnd(void) { return cv_xorshift32(&rng); }
static void fill(uint8_t *p, size_t n) { cv_xorshift32_bytes(&rng, p, n); }

static uint8_t in[512] __attribute__((aligned(16)));
static uint8_t out[512 + 16] __attribute__((aligned(16)));
static uint8_t ref[512] __attribute__((aligned(16)));
static uint8_t key[32] __attribute__((aligned(16)));

static void unhex(const char *h, uint8_t *p) {
  for (; h[0] && h[1]; h += 2) {
    int hi = h[0] <= '9' ? h[0] - '0' : (h[0] | 32) - 'a' + 10;
    int lo = h[1] <= '9' ? h[1] - '0' : (h[1] | 32) - 'a' + 10;
    *p++ = (uint8_t)(hi << 4 | lo);
  }
}

static uint32_t word(const uint8_t *p) {
  uint32_t w;
  memcpy(&w, p, 4);
  return w;
}

/* A whole message through the unit by mmio: START, blocks in, blocks out (bw words each). */
/* STATUS once the engine has answered a command: a START reaches the engine a cycle after the
 * CTRL write, and a STATUS read issued at once shows BUSY (coupling/README.md). */
static uint32_t settled(uint32_t base) {
  return cv_cpl_mmio_wait_clear(base, CV_CPL_STATUS_BUSY_MASK);
}

static int mmio_run(uint32_t base, uint32_t cfg, const uint8_t *src, uint8_t *dst, size_t nblk,
                    unsigned bw) {
  CV_CPL_REG(base, CV_CPL_CFG_OFFSET) = cfg;
  cv_cpl_mmio_ctrl(base, CV_CPL_CTRL_START_MASK);
  for (size_t b = 0; b < nblk; b++) {
    uint32_t w[16];
    memcpy(w, src + 4 * bw * b, 4 * bw);
    cv_cpl_mmio_push(base, w, bw, b + 1 == nblk);
    uint32_t st = cv_cpl_mmio_wait(base, CV_CPL_STATUS_OUT_VALID_MASK);
    if (st == 0xFFFFFFFFu || (st & CV_CPL_STATUS_ERR_MASK)) return -1;
    cv_cpl_mmio_pop(base, w, bw);
    memcpy(dst + 4 * bw * b, w, 4 * bw);
  }
  return (int)(cv_cpl_mmio_wait_clear(base, CV_CPL_STATUS_BUSY_MASK) & CV_CPL_STATUS_ERR_MASK);
}

static int key_regs_read_zero(uint32_t base) {
  for (unsigned i = 0; i < 8; i++)
    if (CV_CPL_REG(base, CV_CPL_KEY_OFFSET + 4 * i) != 0) return 0;
  return 1;
}

static int dma_job(uint32_t engine, uint32_t ecfg, const uint8_t *src, uint8_t *dst, size_t len,
                   size_t outlen) {
  cv_dma_mmio_start(engine, ecfg, (uintptr_t)src, (uintptr_t)dst, (uint32_t)len,
                    (uint32_t)outlen);
  uint32_t st = cv_dma_mmio_wait();
  return st == 0xFFFFFFFFu ? -1 : (int)(st & CV_DMA_STATUS_ERR_MASK);
}

static void test_prince(void) {
  const uint32_t base = CV_PRINCE_BASE;
  CHECK_EQ(CV_CPL_REG(base, CV_CPL_ID_OFFSET) >> 16, 0xC502u);
  /* paper appendix A row 5: key k0 || k1 */
  unhex("0000000000000000fedcba9876543210", key);
  uint32_t kw[4];
  memcpy(kw, key, 16);
  CHECK(!(cv_cpl_mmio_key(base, 0, kw, 4) & CV_CPL_STATUS_ERR_MASK));
  CHECK(key_regs_read_zero(base));
  unhex("0123456789abcdef", in);
  CHECK_EQ(mmio_run(base, 0, in, out, 1, 2), 0);
  unhex("ae25ad3ca8fa9ccf", ref);
  CHECK(memcmp(out, ref, 8) == 0);
  /* random key and blocks, both directions, mmio and mmio-dma, against the software */
  cv_prince_sw_ctx sw;
  fill(key, 16);
  memcpy(kw, key, 16);
  CHECK_EQ(cv_prince_sw_init(&sw, key, 16), CV_OK);
  CHECK(!(cv_cpl_mmio_key(base, 0, kw, 4) & CV_CPL_STATUS_ERR_MASK));
  for (int dir = 0; dir < 2; dir++) {
    fill(in, 64);
    CHECK_EQ(cv_prince_sw_ecb(&sw, dir, in, ref, 64), CV_OK);
    CHECK_EQ(mmio_run(base, (uint32_t)dir, in, out, 8, 2), 0);
    CHECK(memcmp(out, ref, 64) == 0);
    memset(out, 0, 80);
    CHECK_EQ(dma_job(CV_ENGINE_PRINCE, (uint32_t)dir, in, out, 64, 0), 0);
    CHECK(memcmp(out, ref, 64) == 0);
    CHECK_EQ(out[64], 0);  /* nothing past the destination */
  }
  /* cpi: one block each way */
  CV_CPI_START(CV_ENGINE_PRINCE, 0);
  CV_CPI_DATAL(CV_ENGINE_PRINCE, word(in), word(in + 4));
  uint32_t r0 = CV_CPI_RESULT(CV_ENGINE_PRINCE);
  uint32_t r1 = CV_CPI_RESULT(CV_ENGINE_PRINCE);
  CHECK_EQ(cv_prince_sw_ecb(&sw, CV_ENCRYPT, in, ref, 8), CV_OK);
  CHECK_EQ(r0, word(ref));
  CHECK_EQ(r1, word(ref + 4));
  /* a partial block is refused by the DMA (PRINCE takes whole blocks), nothing written */
  memset(out, 0x5A, 32);
  CHECK(dma_job(CV_ENGINE_PRINCE, 0, in, out, 12, 0) != 0);
  CHECK_EQ(out[0], 0x5A);
  /* CTR in the unit (CFG.MODE = 1, the IV is the counter): 7 blocks by mmio from a counter
   * that carries out of the low word, then 21 bytes (a partial last block) by mmio-dma, the
   * counter going on from where the first message ended; the counter reads back as the IV */
  uint8_t c0[8], c1[8];
  fill(c0, 8);
  memset(c0 + 4, 0xff, 3);
  c0[7] = 0xfd;  /* the fourth block carries into the high word */
  memcpy(c1, c0, 8);
  fill(in, 77);
  CHECK_EQ(cv_prince_sw_ctr(&sw, c0, in, ref, 77), CV_OK);
  uint32_t cw[2];
  memcpy(cw, c1, 8);
  cv_cpl_mmio_iv_load(base, cw, 2);
  CHECK_EQ(mmio_run(base, 8, in, out, 7, 2), 0);
  CHECK(memcmp(out, ref, 56) == 0);
  memset(out + 56, 0x5A, 32);
  CHECK_EQ(dma_job(CV_ENGINE_PRINCE, 8 | 1, in + 56, out + 56, 21, 0), 0);  /* DEC: ignored */
  CHECK(memcmp(out + 56, ref + 56, 21) == 0);
  CHECK_EQ(out[77], 0x5A);  /* the padded block's last 3 bytes are not written */
  cv_cpl_mmio_iv_read(base, cw, 2);
  CHECK(memcmp(cw, c0, 8) == 0);  /* 10 blocks on */
  /* cpi: one CTR block, IV by instruction */
  memcpy(cw, c1, 8);
  CV_CPI_IV(CV_ENGINE_PRINCE, cw[0], cw[1]);
  CV_CPI_IVLOAD(CV_ENGINE_PRINCE);
  CV_CPI_START(CV_ENGINE_PRINCE, 8);
  CV_CPI_DATAL(CV_ENGINE_PRINCE, word(in), word(in + 4));
  r0 = CV_CPI_RESULT(CV_ENGINE_PRINCE);
  r1 = CV_CPI_RESULT(CV_ENGINE_PRINCE);
  CHECK_EQ(r0, word(ref));
  CHECK_EQ(r1, word(ref + 4));
  CHECK_EQ(cv_prince_sw_ctr(&sw, c1, in, out, 8), CV_OK);  /* c1 one block on */
  CHECK_EQ(CV_CPI_IVRD(CV_ENGINE_PRINCE, 0), word(c1));
  CHECK_EQ(CV_CPI_IVRD(CV_ENGINE_PRINCE, 1), word(c1 + 4));
  /* reserved key size: error, and the engine still works afterwards */
  CV_CPL_REG(base, CV_CPL_CFG_OFFSET) = 2;
  cv_cpl_mmio_ctrl(base, CV_CPL_CTRL_START_MASK);
  CHECK(settled(base) & CV_CPL_STATUS_ERR_MASK);
  CHECK_EQ(cv_prince_sw_ecb(&sw, CV_ENCRYPT, in, ref, 8), CV_OK);
  CHECK_EQ(mmio_run(base, 0, in, out, 1, 2), 0);
  CHECK(memcmp(out, ref, 8) == 0);
  cv_cpl_mmio_zeroize(base);
  CHECK(!(CV_CPL_REG(base, CV_CPL_STATUS_OFFSET) & CV_CPL_STATUS_KEY_READY_MASK));
}

static void test_present(void) {
  const uint32_t base = CV_PRESENT_BASE;
  CHECK_EQ(CV_CPL_REG(base, CV_CPL_ID_OFFSET) >> 16, 0xC503u);
  uint32_t kw[4];
  /* 80-bit key all ones, plaintext all ones (key in the top 80 bits of the key bus) */
  memset(key, 0, 16);
  memset(key, 0xff, 10);
  memcpy(kw, key, 16);
  CHECK(!(cv_cpl_mmio_key(base, 0, kw, 4) & CV_CPL_STATUS_ERR_MASK));
  memset(in, 0xff, 8);
  CHECK_EQ(mmio_run(base, 0, in, out, 1, 2), 0);
  unhex("3333dcd3213210d2", ref);
  CHECK(memcmp(out, ref, 8) == 0);
  /* 128-bit key all ones */
  memset(key, 0xff, 16);
  memcpy(kw, key, 16);
  CHECK(!(cv_cpl_mmio_key(base, 2, kw, 4) & CV_CPL_STATUS_ERR_MASK));
  CHECK_EQ(mmio_run(base, 2, in, out, 1, 2), 0);
  unhex("628d9fbd4218e5b4", ref);
  CHECK(memcmp(out, ref, 8) == 0);
  CHECK(key_regs_read_zero(base));
  /* random, both key sizes and directions, mmio and mmio-dma */
  for (int ks = 0; ks < 2; ks++) {
    cv_present_sw_ctx sw;
    memset(key, 0, 16);
    fill(key, ks ? 16 : 10);
    memcpy(kw, key, 16);
    CHECK_EQ(cv_present_sw_init(&sw, key, ks ? 16 : 10), CV_OK);
    uint32_t kcfg = (uint32_t)ks << 1;
    CHECK(!(cv_cpl_mmio_key(base, kcfg, kw, 4) & CV_CPL_STATUS_ERR_MASK));
    for (int dir = 0; dir < 2; dir++) {
      fill(in, 48);
      CHECK_EQ(cv_present_sw_ecb(&sw, dir, in, ref, 48), CV_OK);
      CHECK_EQ(mmio_run(base, kcfg | (uint32_t)dir, in, out, 6, 2), 0);
      CHECK(memcmp(out, ref, 48) == 0);
      memset(out, 0, 48);
      CHECK_EQ(dma_job(CV_ENGINE_PRESENT, kcfg | (uint32_t)dir, in, out, 48, 0), 0);
      CHECK(memcmp(out, ref, 48) == 0);
    }
  }
  /* CTR (CFG.MODE = 1) with the 128-bit key loaded last, 40 bytes by mmio-dma */
  {
    cv_present_sw_ctx sw;
    CHECK_EQ(cv_present_sw_init(&sw, key, 16), CV_OK);
    uint8_t c0[8];
    uint32_t cw[2];
    fill(c0, 8);
    memcpy(cw, c0, 8);
    fill(in, 40);
    CHECK_EQ(cv_present_sw_ctr(&sw, c0, in, ref, 40), CV_OK);
    cv_cpl_mmio_iv_load(base, cw, 2);
    CHECK_EQ(dma_job(CV_ENGINE_PRESENT, 8 | 2, in, out, 40, 0), 0);
    CHECK(memcmp(out, ref, 40) == 0);
  }
  /* key size 2 is reserved: error */
  CV_CPL_REG(base, CV_CPL_CFG_OFFSET) = 4;
  cv_cpl_mmio_ctrl(base, CV_CPL_CTRL_START_MASK);
  CHECK(settled(base) & CV_CPL_STATUS_ERR_MASK);
  cv_cpl_mmio_zeroize(base);
}

static void test_chacha(void) {
  const uint32_t base = CV_CHACHA_BASE;
  CHECK_EQ(CV_CPL_REG(base, CV_CPL_ID_OFFSET) >> 16, 0xC504u);
  uint32_t kw[8], iv[4];
  /* TC8, 8 and 20 rounds, keystream block 0 (original layout: counter 0, 8-byte nonce) */
  unhex("c46ec1b18ce8a878725a37e780dfb7351f68ed2e194c79fbc6aebee1a667975d", key);
  memcpy(kw, key, 32);
  uint8_t ivb[16] = {0};
  unhex("1ada31d5cf688221", ivb + 8);
  memcpy(iv, ivb, 16);
  static const char *const want[2] = {"838751b42d8ddd8a3d77f48825a2ba75",
                                      "f63a89b75c2271f9368816542ba52f06"};
  for (int i = 0; i < 2; i++) {
    uint32_t cfg = i ? 20u : 8u;
    CHECK(!(cv_cpl_mmio_key(base, cfg, kw, 8) & CV_CPL_STATUS_ERR_MASK));
    cv_cpl_mmio_iv_load(base, iv, 4);
    memset(in, 0, 64);
    CHECK_EQ(mmio_run(base, cfg, in, out, 1, 16), 0);
    unhex(want[i], ref);
    CHECK(memcmp(out, ref, 16) == 0);
  }
  CHECK(key_regs_read_zero(base));
  /* random: ChaCha20 RFC 8439 XOR over 3 blocks by mmio, and 150 bytes by DMA */
  cv_chacha_sw_ctx sw;
  fill(key, 32);
  fill(ivb, 16);
  ivb[0] = ivb[1] = ivb[2] = ivb[3] = 0;  /* 32-bit counter 0 */
  memcpy(kw, key, 32);
  memcpy(iv, ivb, 16);
  uint32_t cfg = 20u | (1u << 6) | (1u << 7);
  CHECK(!(cv_cpl_mmio_key(base, cfg, kw, 8) & CV_CPL_STATUS_ERR_MASK));
  fill(in, 192);
  CHECK_EQ(cv_chacha_sw_init(&sw, key, 32, ivb + 4, 12, 20), CV_OK);
  CHECK_EQ(cv_chacha_sw_xor(&sw, in, ref, 192), CV_OK);
  cv_cpl_mmio_iv_load(base, iv, 4);
  CHECK_EQ(mmio_run(base, cfg, in, out, 3, 16), 0);
  CHECK(memcmp(out, ref, 192) == 0);
  uint32_t back[4];
  cv_cpl_mmio_iv_read(base, back, 4);
  CHECK_EQ(back[0], 3u);  /* the next block's counter */
  cv_cpl_mmio_iv_load(base, iv, 4);
  memset(out, 0x77, 160);
  CHECK_EQ(dma_job(CV_ENGINE_CHACHA, cfg, in, out, 150, 0), 0);
  CHECK(memcmp(out, ref, 150) == 0);
  CHECK_EQ(out[150], 0x77);  /* bytes past the message length are not written */
  /* 7 rounds: error CFG (code 1), nothing produced */
  CV_CPL_REG(base, CV_CPL_CFG_OFFSET) = 7;
  cv_cpl_mmio_ctrl(base, CV_CPL_CTRL_START_MASK);
  uint32_t st = settled(base);
  CHECK(st & CV_CPL_STATUS_ERR_MASK);
  CHECK_EQ(CV_CPL_ERR_CODE(st), 1u);
  cv_cpl_mmio_zeroize(base);
}

/* "abc" hashed on mmio with CFG cfg: the output's first `words` 8-byte words into out. */
static void sha3_mmio_abc(uint32_t base, uint32_t cfg, int words) {
  uint32_t w[2] = {0, 0};
  memcpy(w, "abc", 3);
  CV_CPL_REG(base, CV_CPL_LAST_BYTES_OFFSET) = 3;
  CV_CPL_REG(base, CV_CPL_CFG_OFFSET) = cfg;
  cv_cpl_mmio_ctrl(base, CV_CPL_CTRL_START_MASK);
  cv_cpl_mmio_push(base, w, 2, 1);
  for (int i = 0; i < words; i++) {
    CHECK(!(cv_cpl_mmio_wait(base, CV_CPL_STATUS_OUT_VALID_MASK) & CV_CPL_STATUS_ERR_MASK));
    cv_cpl_mmio_pop(base, w, 2);
    memcpy(out + 8 * i, w, 8);
  }
}

static void test_sha3(void) {
  const uint32_t base = CV_SHA3_BASE;
  CHECK_EQ(CV_CPL_REG(base, CV_CPL_ID_OFFSET) >> 16, 0xC505u);
  /* SHA3-512("abc") by mmio: one 8-byte word with 3 valid bytes */
  sha3_mmio_abc(base, CV_SHA3_512, 8);
  CHECK_EQ(cv_sha3_sw_hash(CV_SHA3_512, (const uint8_t *)"abc", 3, ref, 64), CV_OK);
  CHECK(memcmp(out, ref, 64) == 0);
  /* every function by DMA over random lengths (empty included), against the software */
  static const uint16_t outlen[6] = {28, 32, 48, 64, 100, 37};
  for (int f = 0; f < 6; f++) {
    size_t len = f == 0 ? 0 : (size_t)(rnd() % 300);
    fill(in, len);
    CHECK_EQ(cv_sha3_sw_hash(f, in, len, ref, outlen[f]), CV_OK);
    memset(out, 0x33, outlen[f] + 8);
    uint32_t cfg = (uint32_t)f | (f >= 4 ? (uint32_t)outlen[f] << 16 : 0);
    CHECK_EQ(dma_job(CV_ENGINE_SHA3, cfg, in, out, len, outlen[f]), 0);
    CHECK(memcmp(out, ref, outlen[f]) == 0);
    CHECK_EQ(out[outlen[f]], 0x33);
  }
  /* SHAKE128 without an output length (XOF) on mmio: 30 words (two squeezes) of an endless
   * output, then ZEROIZE ends it: idle at once */
  sha3_mmio_abc(base, CV_SHAKE128 | CV_SHA3_CFG_XOF_MASK, 30);
  CHECK_EQ(cv_sha3_sw_hash(CV_SHAKE128, (const uint8_t *)"abc", 3, ref, 240), CV_OK);
  CHECK(memcmp(out, ref, 240) == 0);
  CHECK(CV_CPL_REG(base, CV_CPL_STATUS_OFFSET) & CV_CPL_STATUS_BUSY_MASK);
  cv_cpl_mmio_zeroize(base);
  CHECK(!(CV_CPL_REG(base, CV_CPL_STATUS_OFFSET) & CV_CPL_STATUS_BUSY_MASK));
  /* a DMA job ends with the last output word, which an XOF never gives: refused (DMA code 5
   * ENGINE; the engine refused the start with CFG, and the DMA's failure path zeroized it, so
   * its STATUS is clear again), nothing written, and the next job runs */
  memset(out, 0x33, 80);
  cv_dma_mmio_start(CV_ENGINE_SHA3, CV_SHAKE128 | CV_SHA3_CFG_XOF_MASK, (uintptr_t)in,
                    (uintptr_t)out, 16, 64);
  uint32_t st = cv_dma_mmio_wait();
  CHECK_EQ(CV_DMA_ERR_CODE(st), 5u);
  CHECK_EQ(CV_CPL_REG(base, CV_CPL_STATUS_OFFSET) &
           (CV_CPL_STATUS_BUSY_MASK | CV_CPL_STATUS_ERR_MASK), 0u);
  CHECK_EQ(out[0], 0x33);
  CHECK_EQ(out[63], 0x33);
  CHECK_EQ(cv_sha3_sw_hash(CV_SHAKE128, in, 16, ref, 64), CV_OK);
  CHECK_EQ(dma_job(CV_ENGINE_SHA3, CV_SHAKE128 | (64u << 16), in, out, 16, 64), 0);
  CHECK(memcmp(out, ref, 64) == 0);
  /* function 6 is reserved: error CFG */
  CV_CPL_REG(base, CV_CPL_CFG_OFFSET) = 6;
  cv_cpl_mmio_ctrl(base, CV_CPL_CTRL_START_MASK);
  CHECK_EQ(CV_CPL_ERR_CODE(settled(base)), 1u);
  cv_cpl_mmio_zeroize(base);
}

int main(void) {
  test_prince();
  test_present();
  test_chacha();
  test_sha3();
  return cv_test_done();
}
