// SPDX-License-Identifier: Apache-2.0
/* cycle_floor: what the hardware and the core leave for the single-call targets
 * (bench/seeds.toml), measured as the benchmark measures a call (mcycle around a call of a
 * function, result in memory on return, key loaded) but with the bare instruction sequence as
 * the function's body: no argument checks, no context, no key ownership, no error handling. No
 * API can be faster than these on this SoC; the gap between them and the driver's figure is the
 * API's cost. Each sequence's output is compared with the driver's (the key, IV and
 * configuration are the driver's, loaded by its init). Prints "floor <what> <cycles> (api
 * <cycles>)" lines. Not part of `make test` (a figure is reported, never asserted):
 * `make run ELF=build/fw/cycle_floor/...`. */
#include <stdio.h>
#include <string.h>

#include "cv_aes.h"
#include "cv_chacha.h"
#include "cv_cpl.h" /* the bare sequences: custom instructions, registers, DMA jobs */
#include "cv_csr.h"
#include "cv_prince.h"
#include "cv_sha3.h"

#define AES CV_ENGINE_AES
#define PRINCE CV_ENGINE_PRINCE
#define CHACHA CV_ENGINE_CHACHA
#define SHA3 CV_ENGINE_SHA3
#define NOINLINE __attribute__((noinline))
#define REG(base, off) (((volatile uint32_t *)(uintptr_t)(base))[(off) / 4])

static uint32_t in[16] __attribute__((aligned(16)));
static uint32_t out[16] __attribute__((aligned(16)));
static uint32_t ref[16] __attribute__((aligned(16)));
static uint8_t key[32] __attribute__((aligned(16))), nonce[8];
static int bad;

/* AES-128 key setup, schedule ready on return: KEY x2, CFG, KLOADW / the mmio equivalent. */
static NOINLINE uint32_t aes_key_cpi(const uint32_t *k) {
  uint32_t a = k[0], b = k[1], c = k[2], d = k[3];
  CV_CPI_KEY(AES, a, b);
  CV_CPI_KEY(AES, c, d);
  CV_CPI_CFG(AES, 0);
  return CV_CPI_KLOADW(AES);
}
static NOINLINE uint32_t aes_key_mmio(const uint32_t *k) {
  for (int i = 0; i < 4; i++) REG(CV_AES_BASE, CV_CPL_KEY_OFFSET + 4 * i) = k[i];
  REG(CV_AES_BASE, CV_CPL_CFG_OFFSET) = 0;
  REG(CV_AES_BASE, CV_CPL_CTRL_OFFSET) = CV_CPL_CTRL_KEYLOAD_MASK;
  uint32_t s;
  while (!((s = REG(CV_AES_BASE, CV_CPL_STATUS_OFFSET)) & CV_CPL_STATUS_KEY_READY_MASK)) {
  }
  return s;
}
/* One 16-byte AES block (ECB encrypt, the loaded key). */
static NOINLINE void aes_block_cpi(const uint32_t *i, uint32_t *o) {
  uint32_t a = i[0], b = i[1], c = i[2], d = i[3];
  CV_CPI_START(AES, 0);
  CV_CPI_DATA(AES, a, b);
  CV_CPI_DATAL(AES, c, d);
  a = CV_CPI_RESULT(AES);
  b = CV_CPI_RESULT(AES);
  o[0] = a;
  c = CV_CPI_RESULT(AES);
  o[1] = b;
  d = CV_CPI_RESULT(AES);
  o[2] = c;
  o[3] = d;
}
static NOINLINE void aes_block_mmio(const uint32_t *i, uint32_t *o) {
  uint32_t a = i[0], b = i[1], c = i[2], d = i[3];
  REG(CV_AES_BASE, CV_CPL_CFG_OFFSET) = 0;
  REG(CV_AES_BASE, CV_CPL_CTRL_OFFSET) = CV_CPL_CTRL_START_MASK;
  REG(CV_AES_BASE, CV_CPL_DIN_OFFSET) = a;
  REG(CV_AES_BASE, CV_CPL_DIN_OFFSET + 4) = b;
  REG(CV_AES_BASE, CV_CPL_DIN_OFFSET + 8) = c;
  REG(CV_AES_BASE, CV_CPL_DINL_OFFSET + 12) = d;
  while (!(REG(CV_AES_BASE, CV_CPL_STATUS_OFFSET) & CV_CPL_STATUS_OUT_VALID_MASK)) {
  }
  for (int k = 0; k < 4; k++) o[k] = REG(CV_AES_BASE, CV_CPL_DOUT_OFFSET + 4 * k);
}
/* One DMA job from memory to memory and its wait (cpi-dma). */
static NOINLINE uint32_t dma_job(uint32_t eng_cfg_lo, uint32_t cfg, const void *i, void *o,
                                 uint32_t len, uint32_t outlen) {
  CV_CPI_DSEL(eng_cfg_lo, cfg);
  CV_CPI_DADDR((uint32_t)(uintptr_t)i, (uint32_t)(uintptr_t)o);
  CV_CPI_DRUN(len, outlen);
  return CV_CPI_DWAIT();
}
/* One PRINCE block (encrypt). */
static NOINLINE void prince_block_cpi(const uint32_t *i, uint32_t *o) {
  uint32_t a = i[0], b = i[1];
  CV_CPI_START(PRINCE, 0);
  CV_CPI_DATAL(PRINCE, a, b);
  a = CV_CPI_RESULT(PRINCE);
  b = CV_CPI_RESULT(PRINCE);
  o[0] = a;
  o[1] = b;
}
static NOINLINE void prince_block_mmio(const uint32_t *i, uint32_t *o) {
  uint32_t a = i[0], b = i[1];
  REG(CV_PRINCE_BASE, CV_CPL_CFG_OFFSET) = 0;
  REG(CV_PRINCE_BASE, CV_CPL_CTRL_OFFSET) = CV_CPL_CTRL_START_MASK;
  REG(CV_PRINCE_BASE, CV_CPL_DIN_OFFSET) = a;
  REG(CV_PRINCE_BASE, CV_CPL_DINL_OFFSET + 4) = b;
  while (!(REG(CV_PRINCE_BASE, CV_CPL_STATUS_OFFSET) & CV_CPL_STATUS_OUT_VALID_MASK)) {
  }
  a = REG(CV_PRINCE_BASE, CV_CPL_DOUT_OFFSET);
  b = REG(CV_PRINCE_BASE, CV_CPL_DOUT_OFFSET + 4);
  o[0] = a;
  o[1] = b;
}
/* One ChaCha keystream block on cpi from the counter/nonce words iv: the unit needs a whole
 * input block even though keystream mode ignores it (8 DATA of zeros). */
static NOINLINE void chacha_block_cpi(uint32_t cfg, const uint32_t *iv, uint32_t *o) {
  CV_CPI_IV(CHACHA, iv[0], iv[1]);
  CV_CPI_IV(CHACHA, iv[2], iv[3]);
  CV_CPI_IVLOAD(CHACHA);
  CV_CPI_START(CHACHA, cfg);
  for (int k = 0; k < 7; k++) CV_CPI_DATA(CHACHA, 0, 0);
  CV_CPI_DATAL(CHACHA, 0, 0);
#pragma GCC unroll 8
  for (int k = 0; k < 16; k += 2) {
    uint32_t a = CV_CPI_RESULT(CHACHA), b = CV_CPI_RESULT(CHACHA);
    o[k] = a;
    o[k + 1] = b;
  }
}
static NOINLINE uint32_t chacha_block_dma(uint32_t cfg, const uint32_t *iv, uint32_t *o) {
  CV_CPI_IV(CHACHA, iv[0], iv[1]);
  CV_CPI_IV(CHACHA, iv[2], iv[3]);
  CV_CPI_IVLOAD(CHACHA);
  CV_CPI_DSEL(CHACHA, cfg);
  CV_CPI_DADDR((uint32_t)(uintptr_t)o, (uint32_t)(uintptr_t)o);
  CV_CPI_DRUN(64, 0);
  return CV_CPI_DWAIT();
}

static void report(const char *what, uint32_t floor, uint32_t api, const void *a, const void *b,
                   size_t n) {
  int ok = memcmp(a, b, n) == 0;
  bad |= !ok;
  printf("floor %s %lu (api %lu)%s\n", what, (unsigned long)floor, (unsigned long)api,
         ok ? "" : " WRONG");
}

/* The benchmark's bracket: mcycle read, the call, mcycle read. */
#define CYCLES(call) __extension__({ uint32_t t0_ = cv_mcycle(); call; cv_mcycle() - t0_; })

int main(void) {
  for (int i = 0; i < 16; i++) in[i] = 0x01020304u * (uint32_t)(i + 1);
  for (int i = 0; i < 32; i++) key[i] = (uint8_t)(i * 13 + 1);
  uint32_t api, fl, s;
  int st;

  /* AES-128 */
  static cv_aes_ctx aes;
  api = CYCLES(st = cv_aes_init(&aes, CV_BACKEND_CPI, key, 16));
  fl = CYCLES(s = aes_key_cpi((const uint32_t *)(const void *)key));
  bad |= !(s & CV_CPL_STATUS_KEY_READY_MASK);
  st = cv_aes_ecb(&aes, CV_ENCRYPT, (const uint8_t *)in, (uint8_t *)ref, 16);
  memset(out, 0, sizeof out);
  aes_block_cpi(in, out);
  report("aes128-key-setup-cpi", fl, api, out, ref, 16);
  api = CYCLES(st = cv_aes_ecb(&aes, CV_ENCRYPT, (const uint8_t *)in, (uint8_t *)ref, 16));
  fl = CYCLES(aes_block_cpi(in, out));
  report("aes128-ecb-16B-cpi", fl, api, out, ref, 16);
  st |= cv_aes_init(&aes, CV_BACKEND_CPI_DMA, key, 16);
  api = CYCLES(st |= cv_aes_ecb(&aes, CV_ENCRYPT, (const uint8_t *)in, (uint8_t *)ref, 16));
  memset(out, 0, sizeof out);
  fl = CYCLES(s = dma_job(AES, 0, in, out, 16, 0));
  bad |= !cv_dma_status_ok(s);
  report("aes128-ecb-16B-cpi-dma", fl, api, out, ref, 16);
  st |= cv_aes_init(&aes, CV_BACKEND_MMIO, key, 16);
  api = CYCLES(st |= cv_aes_init(&aes, CV_BACKEND_MMIO, key, 16));
  fl = CYCLES(s = aes_key_mmio((const uint32_t *)(const void *)key));
  bad |= !(s & CV_CPL_STATUS_KEY_READY_MASK);
  memset(out, 0, sizeof out);
  aes_block_mmio(in, out);
  report("aes128-key-setup-mmio", fl, api, out, ref, 16);
  api = CYCLES(st |= cv_aes_ecb(&aes, CV_ENCRYPT, (const uint8_t *)in, (uint8_t *)ref, 16));
  fl = CYCLES(aes_block_mmio(in, out));
  report("aes128-ecb-16B-mmio", fl, api, out, ref, 16);

  /* PRINCE */
  static cv_prince_ctx p;
  st |= cv_prince_init(&p, CV_BACKEND_CPI, key, 16);
  api = CYCLES(st |= cv_prince_ecb(&p, CV_ENCRYPT, (const uint8_t *)in, (uint8_t *)ref, 8));
  fl = CYCLES(prince_block_cpi(in, out));
  report("prince-8B-cpi", fl, api, out, ref, 8);
  st |= cv_prince_init(&p, CV_BACKEND_MMIO, key, 16);
  api = CYCLES(st |= cv_prince_ecb(&p, CV_ENCRYPT, (const uint8_t *)in, (uint8_t *)ref, 8));
  fl = CYCLES(prince_block_mmio(in, out));
  report("prince-8B-mmio", fl, api, out, ref, 8);

  /* ChaCha20 keystream, counter 0, 64-bit nonce */
  static cv_chacha_ctx c;
  static const uint32_t iv0[4];  /* counter 0, nonce 0 (the context's IV words) */
  st |= cv_chacha_init(&c, CV_BACKEND_CPI, key, 32, nonce, 8, 20);
  api = CYCLES(st |= cv_chacha_keystream(&c, (uint8_t *)ref, 64));
  fl = CYCLES(chacha_block_cpi(20, iv0, out));
  report("chacha20-64B-cpi", fl, api, out, ref, 64);
  st |= cv_chacha_init(&c, CV_BACKEND_CPI_DMA, key, 32, nonce, 8, 20);
  api = CYCLES(st |= cv_chacha_keystream(&c, (uint8_t *)ref, 64));
  memset(out, 0, sizeof out);
  fl = CYCLES(s = chacha_block_dma(20, iv0, out));
  bad |= !cv_dma_status_ok(s);
  report("chacha20-64B-cpi-dma", fl, api, out, ref, 64);

  /* SHA3-512 of 64 bytes */
  api = CYCLES(st |= cv_sha3_hash(CV_BACKEND_CPI_DMA, CV_SHA3_512, (const uint8_t *)in, 64,
                                  (uint8_t *)ref, 64));
  memset(out, 0, sizeof out);
  fl = CYCLES(s = dma_job(SHA3, CV_SHA3_512, in, out, 64, 64));
  bad |= !cv_dma_status_ok(s);
  report("sha3-512-64B-cpi-dma", fl, api, out, ref, 64);

  if (st != CV_OK) {
    printf("an API call failed: %d\n", st);
    bad = 1;
  }
  printf("cycle_floor: %s\n", bad ? "MISMATCH" : "all outputs match the API's");
  return bad;
}
