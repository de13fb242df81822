// SPDX-License-Identifier: Apache-2.0
/* cv_cpl.c: the engine-agnostic coupling layer (cv_cpl.h): which engines are built, error
 * decoding, the DMA buffer check, key loads. */
#include "cv_cpl.h"

/* Short copy loops stay loops: a call to memcpy costs more than 4-word copies. */
#pragma GCC optimize("no-tree-loop-distribute-patterns")

int cv_cpl_engine_present(unsigned eng) {
  uint32_t base;
  switch (eng) {
    case CV_ENGINE_AES: base = CV_AES_BASE; break;
    case CV_ENGINE_PRINCE: base = CV_PRINCE_BASE; break;
    case CV_ENGINE_PRESENT: base = CV_PRESENT_BASE; break;
    case CV_ENGINE_CHACHA: base = CV_CHACHA_BASE; break;
    case CV_ENGINE_SHA3: base = CV_SHA3_BASE; break;
    default: return 0;
  }
  const uint32_t did = CV_REG32(CV_DMA_ID_ADDR);
  if ((did & CV_DMA_ID_MAGIC_MASK) >> CV_DMA_ID_MAGIC_SHIFT != CV_DMA_ID_MAGIC_CIPHER_V) return 0;
  const uint32_t engines = (CV_REG32(CV_DMA_CAP_ADDR) & CV_DMA_CAP_ENGINES_MASK) >>
                           CV_DMA_CAP_ENGINES_SHIFT;
  if (!(engines & (1u << eng))) return 0;
  const uint32_t id = CV_CPL_REG(base, CV_CPL_ID_OFFSET);
  const uint32_t cap = CV_CPL_REG(base, CV_CPL_CAP_OFFSET);
  return (id & CV_CPL_ID_MAGIC_MASK) >> CV_CPL_ID_MAGIC_SHIFT == CV_CPL_ID_MAGIC_CIPHER_V &&
         (id & CV_CPL_ID_ENGINE_MASK) >> CV_CPL_ID_ENGINE_SHIFT == eng &&
         (cap & CV_CPL_CAP_BLOCK_BYTES_MASK) != 0;
}

int cv_cpl_status_err(uint32_t status, const int8_t *eng_map) {
  if (status == 0xFFFFFFFFu) return CV_ERR_HW;  /* poll limit */
  if (!(status & CV_CPL_STATUS_ERR_MASK)) return CV_OK;
  uint32_t code = CV_CPL_ERR_CODE(status);
  switch (code) {
    case CV_CPL_STATUS_ERR_CODE_OVERRUN: return CV_ERR_BUSY;
    case CV_CPL_STATUS_ERR_CODE_UNDERFLOW: return CV_ERR_HW;
    case CV_CPL_STATUS_ERR_CODE_BUSY_DMA: return CV_ERR_BUSY;
    case CV_CPL_STATUS_ERR_CODE_BUSY_OTHER: return CV_ERR_BUSY;
    case CV_CPL_STATUS_ERR_CODE_OP: return CV_ERR_ARG;
    default: break;
  }
  if (code >= 1 && code < CV_CPL_STATUS_ERR_CODE_OVERRUN && eng_map && eng_map[code])
    return eng_map[code];
  return CV_ERR_HW;
}

int cv_dma_status_err(uint32_t dma_status, uint32_t unit_status, const int8_t *eng_map) {
  if (dma_status == 0xFFFFFFFFu) return CV_ERR_HW;
  if (!(dma_status & CV_DMA_STATUS_ERR_MASK)) return CV_OK;
  switch (CV_DMA_ERR_CODE(dma_status)) {
    /* the buffers break the API's rules (outside data memory, overlapping other than in
     * place): the same answer as the cpi, mmio and sw backends give */
    case CV_DMA_STATUS_ERR_CODE_RANGE:
    case CV_DMA_STATUS_ERR_CODE_OVERLAP: return CV_ERR_ARG;
    case CV_DMA_STATUS_ERR_CODE_ALIGN: return CV_ERR_DMA;
    case CV_DMA_STATUS_ERR_CODE_LENGTH: return CV_ERR_LENGTH;
    case CV_DMA_STATUS_ERR_CODE_ENGINE: {
      int e = cv_cpl_status_err(unit_status, eng_map);
      return e ? e : CV_ERR_HW;
    }
    case CV_DMA_STATUS_ERR_CODE_BUSY: return CV_ERR_BUSY;
    case CV_DMA_STATUS_ERR_CODE_ABORTED: return CV_ERR_ABORTED;
    default: return CV_ERR_HW;
  }
}

void cv_cpl_wipe(void *p, size_t n) {
  volatile uint8_t *q = (volatile uint8_t *)p;
  while (n--) *q++ = 0;
}

int cv_dma_check(uintptr_t src, size_t len, uintptr_t dst, size_t outlen, uint32_t align) {
  const uint32_t lo = CV_DMEM_BASE, hi = CV_DMEM_BASE + CV_DMEM_SIZE;
  if (((src | dst) & (align - 1u)) != 0) return CV_ERR_DMA;
  if (src < lo || src > hi || len > hi - src) return CV_ERR_DMA;
  if (dst < lo || dst > hi || outlen > hi - dst) return CV_ERR_DMA;
  if (dst != src && len && outlen && dst < src + len && src < dst + outlen) return CV_ERR_DMA;
  return CV_OK;
}

uint32_t cv_cpl_mmio_key(uint32_t base, uint32_t cfg, const uint32_t *kw, unsigned nwords) {
  CV_CPL_REG(base, CV_CPL_CFG_OFFSET) = cfg;
  for (unsigned i = 0; i < nwords; i++) CV_CPL_REG(base, CV_CPL_KEY_OFFSET + 4 * i) = kw[i];
  CV_CPL_REG(base, CV_CPL_CTRL_OFFSET) = CV_CPL_CTRL_KEYLOAD_MASK;
  return cv_cpl_mmio_wait(base, CV_CPL_STATUS_KEY_READY_MASK);
}

uint32_t cv_dma_mmio_key(uint32_t engine, uint32_t kcfg, uintptr_t addr) {
  CV_REG32(CV_DMA_ENGINE_ADDR) = engine;
  CV_REG32(CV_DMA_ECFG_ADDR) = kcfg;
  CV_REG32(CV_DMA_SRC_ADDR) = (uint32_t)addr;
  __asm__ volatile("" ::: "memory");
  CV_REG32(CV_DMA_CTRL_ADDR) = CV_DMA_CTRL_KEYLOAD_MASK;
  return cv_dma_mmio_wait();
}

uint32_t cv_dma_cpi_key(uint32_t engine, uint32_t kcfg, uintptr_t addr) {
  CV_CPI_DSEL(engine, kcfg);
  CV_CPI_DKEY(addr, kcfg);
  return cv_dma_cpi_wait();
}

#if defined(__OPTIMIZE_SIZE__)
/* The rules' helpers of cv_cpl.h, one copy each in size-optimised builds. */
uint32_t cv_seal(uint32_t magic, uint32_t a, uint32_t b, uint32_t c, uint32_t d, uint32_t e) {
  return magic + a + b * 3u + c * 5u + d * 9u + e * 17u;
}
uint32_t cv_buf_io_bad(const void *in, const void *out, size_t len) {
  const uintptr_t d = (uintptr_t)out - CV_DMEM_BASE, e = len - 1u;
  const uint32_t mem = CV_BUF_OVER(len | d | (cv_buf_rd_off(in) + e) | (d + e));
  return mem | cv_buf_overlap(in, len, out, len);
}
#endif
