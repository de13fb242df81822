// SPDX-License-Identifier: Apache-2.0
/* aes_test_util.h: helpers shared by the AES driver test programs (fw/programs/test_aes_*):
 * the backend list, a presence probe of the hardware, a reproducible random source. */
#ifndef AES_TEST_UTIL_H
#define AES_TEST_UTIL_H

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "cv_aes.h"
#include "cv_cpl.h"
#include "cv_memmap.h"
#include "cv_test.h"
#include "cv_trap.h"

/* Every backend; a firmware built with FW_ZK=1 (CV_ZK) has isa as well, last: AES_TEST_NB. */
#if defined(CV_ZK)
#define AES_TEST_NB (CV_BACKEND_COUNT + 1)
#else
#define AES_TEST_NB CV_BACKEND_COUNT
#endif
static const cv_backend_t all_backends[AES_TEST_NB] = {
    CV_BACKEND_SW, CV_BACKEND_MMIO, CV_BACKEND_CPI, CV_BACKEND_CPI_DMA, CV_BACKEND_MMIO_DMA,
#if defined(CV_ZK)
    CV_BACKEND_ISA
#endif
};

/* Reads addr; 1 if it answered, 0 if it raised a load access fault (nothing mapped). */
static inline int probe_load(uint32_t addr, uint32_t *value) {
  uint32_t n0 = cv_trap_count();
  cv_expect_trap(CV_CAUSE_LOAD_FAULT);
  uint32_t v = CV_REG32(addr);
  cv_expect_trap(0xffffffffu);  /* disarm */
  if (value) *value = v;
  return cv_trap_count() == n0;
}

/* The AES unit is built into the default SoC and identifies itself (CHECKed). The DMA is
 * probed: the program prints "hw: dma present" or "hw: dma absent", and the pytest wrapper
 * (fw/drivers/tests/test_aes_drivers.py) requires "present" whenever soc_top instantiates
 * cpl_dma, so every backend must run on the default SoC. Returns bit 0: AES unit, bit 1: DMA. */
static inline int hw_check_present(void) {
  uint32_t id = 0, did = 0, dcap = 0;
  int aes = probe_load(CV_AES_ID_ADDR, &id);
  int dma = probe_load(CV_DMA_ID_ADDR, &did) && probe_load(CV_DMA_CAP_ADDR, &dcap);
  CHECK(aes);
  if (aes) {
    CHECK_EQ((id & CV_CPL_ID_MAGIC_MASK) >> CV_CPL_ID_MAGIC_SHIFT, CV_CPL_ID_MAGIC_CIPHER_V);
    CHECK_EQ((id & CV_CPL_ID_ENGINE_MASK) >> CV_CPL_ID_ENGINE_SHIFT, CV_ENGINE_AES);
  }
  if (dma) {
    CHECK_EQ((did & CV_DMA_ID_MAGIC_MASK) >> CV_DMA_ID_MAGIC_SHIFT, CV_DMA_ID_MAGIC_CIPHER_V);
    CHECK(dcap & (1u << (CV_DMA_CAP_ENGINES_SHIFT + CV_ENGINE_AES)));
  }
  printf("hw: dma %s\n", aes && dma ? "present" : "absent");
  return (aes ? 1 : 0) | (aes && dma ? 2 : 0);
}

/* Whether backend b can run with the hardware found (hw from hw_check_present). */
static inline int backend_runs(cv_backend_t b, int hw) {
  if (b == CV_BACKEND_SW || b == CV_BACKEND_ISA) return 1;
  if (b == CV_BACKEND_CPI_DMA || b == CV_BACKEND_MMIO_DMA) return (hw & 2) != 0;
  return (hw & 1) != 0;
}

/* xorshift32: reproducible test data. */
static uint32_t rng_state = 0x12345678u;
static inline uint32_t rng(void) {
  uint32_t x = rng_state;
  x ^= x << 13;
  x ^= x >> 17;
  x ^= x << 5;
  return rng_state = x;
}
static inline void rng_fill(uint8_t *p, size_t n) {
  for (size_t i = 0; i < n; i++) p[i] = (uint8_t)rng();
}

#endif /* AES_TEST_UTIL_H */
