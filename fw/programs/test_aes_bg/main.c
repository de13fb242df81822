// SPDX-License-Identifier: Apache-2.0
/* test_aes_bg: an AES job in the background. cv_aes_start launches a 4 KiB CTR job on each DMA
 * backend; meanwhile the CPU computes a CRC-32 of another buffer with machine-timer interrupts
 * firing every few hundred cycles; the DMA completion interrupt (intc line CV_IRQ_DMA) arrives;
 * cv_aes_wait returns the counter. Checks: both results (CTR output vs the sw backend, CRC vs a
 * second computation with interrupts off), the completion interrupt was taken exactly once and
 * only after the job, timer interrupts fired during the job, and the job ran concurrently
 * (the CPU finished work while the DMA was still busy). Before the CRC the CPU copies words in
 * dmem in a tight loop while the job runs: the DMA's write queue then rarely finds port A free
 * and writes on port B (coupling/README.md, cpl_dma); the copy is checked too. The job owns the
 * coupling hub: PRINCE and ChaCha calls on cpi while it runs answer CV_ERR_BUSY (no trap, no
 * output), and after the wait they run and match their software backends. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "aes_test_util.h"
#include "cv_chacha.h"
#include "cv_csr.h"
#include "cv_prince.h"
#include "cv_timer.h"

#define N 4096
static uint8_t in[N] __attribute__((aligned(16)));
static uint8_t out[N] __attribute__((aligned(16)));
static uint8_t ref[N] __attribute__((aligned(16)));
static uint8_t work[1024];
static uint32_t copy_src[256], copy_dst[256];
static uint8_t key[16], ctr[16], ctr_ref[16];
static cv_aes_ctx ctx, sw;
static cv_prince_ctx pr_hw, pr_sw;
static cv_chacha_ctx cc_hw, cc_sw;
static uint8_t l_in[64] __attribute__((aligned(16))), l_out[64] __attribute__((aligned(16)));
static uint8_t l_ref[64];

static volatile uint32_t timer_hits, dma_hits, dma_is, busy_at_irq;

static void on_timer(cv_trap_frame_t *f) {
  (void)f;
  timer_hits = timer_hits + 1;
  cv_timer_set(cv_timer_now() + 300);
}
static void on_ext(cv_trap_frame_t *f) {
  (void)f;
  uint32_t act = CV_REG32(CV_INTC_ACTIVE_ADDR);
  if (act & (1u << CV_IRQ_DMA)) {
    busy_at_irq = CV_REG32(CV_DMA_STATUS_ADDR) & CV_DMA_STATUS_BUSY_MASK;
    dma_is = cv_dma_irq_ack();  /* source first, then the latched pending bit */
    CV_REG32(CV_INTC_PENDING_ADDR) = 1u << CV_IRQ_DMA;
    dma_hits = dma_hits + 1;
  }
}

static uint32_t crc32(const uint8_t *p, size_t n) {
  uint32_t c = 0xFFFFFFFFu;
  for (size_t i = 0; i < n; i++) {
    c ^= p[i];
    for (int k = 0; k < 8; k++) c = (c >> 1) ^ (0xEDB88320u & (0u - (c & 1u)));
  }
  return ~c;
}

/* rounds x 256 word loads and stores to dmem, back to back */
static void hammer(int rounds) {
  for (int r = 0; r < rounds; r++) {
    for (int i = 0; i < 256; i += 4) {
      uint32_t a = copy_src[i], b = copy_src[i + 1], c = copy_src[i + 2], d = copy_src[i + 3];
      copy_dst[i] = a + (uint32_t)r;
      copy_dst[i + 1] = b + (uint32_t)r;
      copy_dst[i + 2] = c + (uint32_t)r;
      copy_dst[i + 3] = d + (uint32_t)r;
    }
  }
}

static void run(cv_backend_t b) {
  rng_fill(key, 16);
  rng_fill(in, N);
  rng_fill(ctr, 16);
  rng_fill(work, sizeof work);
  rng_fill((uint8_t *)copy_src, sizeof copy_src);
  memcpy(ctr_ref, ctr, 16);
  CHECK_EQ(cv_aes_init(&sw, CV_BACKEND_SW, key, 16), CV_OK);
  CHECK_EQ(cv_aes_ctr(&sw, ctr_ref, in, ref, N), CV_OK);
  const uint32_t crc_ref = crc32(work, sizeof work);
  CHECK_EQ(cv_aes_init(&ctx, b, key, 16), CV_OK);
  const int light = cv_prince_available() && cv_chacha_available();
  if (light) {
    static const uint8_t nonce[12] = {1, 2, 3};
    uint8_t k32[32];
    for (int i = 0; i < 32; i++) k32[i] = (uint8_t)(7 * i + 5);
    CHECK_EQ(cv_prince_init(&pr_hw, CV_BACKEND_CPI, key, 16), CV_OK);
    CHECK_EQ(cv_prince_init(&pr_sw, CV_BACKEND_SW, key, 16), CV_OK);
    CHECK_EQ(cv_chacha_init(&cc_hw, CV_BACKEND_CPI, k32, 32, nonce, 12, 20), CV_OK);
    CHECK_EQ(cv_chacha_init(&cc_sw, CV_BACKEND_SW, k32, 32, nonce, 12, 20), CV_OK);
    for (int i = 0; i < 64; i++) l_in[i] = (uint8_t)(3 * i + 1);
  }
  memset(out, 0, N);

  timer_hits = 0;
  dma_hits = 0;
  cv_dma_irq_enable(CV_DMA_IE_DONE_MASK | CV_DMA_IE_ERR_MASK);
  CV_REG32(CV_INTC_ENABLE_ADDR) = 1u << CV_IRQ_DMA;
  CV_CSR_SET(mie, CV_MIE_MTIE | CV_MIE_MEIE);
  cv_timer_set(cv_timer_now() + 200);
  cv_irq_enable();

  CHECK_EQ(cv_aes_start(&ctx, CV_AES_MODE_CTR, 0, ctr, in, out, N), CV_OK);
  memset(l_out, 0xA5, sizeof l_out);
  /* the job owns the hub: refused, nothing written (at once: certainly before the job ends) */
  const int pr_st = light ? cv_prince_ecb(&pr_hw, CV_ENCRYPT, l_in, l_out, 64) : CV_ERR_BUSY;
  const int cc_st = light ? cv_chacha_xor(&cc_hw, l_in, l_out, 64) : CV_ERR_BUSY;
  uint32_t crc = crc32(work, 16);  /* a first slice, certainly before the job ends */
  uint32_t hits_mid = dma_hits;     /* no completion yet ... */
  int busy_mid = cv_aes_busy(&ctx); /* ... and still running: the CPU worked alongside */
  CHECK_EQ(pr_st, CV_ERR_BUSY);
  CHECK_EQ(cc_st, CV_ERR_BUSY);
  for (int i = 0; i < 64; i++) CHECK_EQ(l_out[i], 0xA5);
  hammer(4);
  crc = crc32(work, sizeof work);
  uint32_t spins = 0;
  while (dma_hits == 0 && spins < 1000000) spins++;
  CHECK_EQ(cv_aes_wait(&ctx, ctr), CV_OK);

  cv_irq_disable();
  CV_CSR_CLEAR(mie, CV_MIE_MTIE | CV_MIE_MEIE);
  cv_timer_set(UINT64_MAX);
  CV_REG32(CV_INTC_ENABLE_ADDR) = 0;
  cv_dma_irq_enable(0);

  CHECK(busy_mid);            /* the CPU worked while the DMA ran */
  CHECK_EQ(hits_mid, 0);
  CHECK_EQ(dma_hits, 1);      /* completion interrupt exactly once */
  CHECK_EQ(busy_at_irq, 0);   /* ... after the job */
  CHECK(dma_is & CV_DMA_IS_DONE_MASK);
  CHECK(!(dma_is & CV_DMA_IS_ERR_MASK));
  CHECK(timer_hits >= 3);
  CHECK_EQ(crc, crc_ref);
  for (int i = 0; i < 256; i++) CHECK_EQ(copy_dst[i], copy_src[i] + 3u);
  CHECK_MEM(out, ref, N);
  CHECK_MEM(ctr, ctr_ref, 16);
  if (light) {  /* after the wait: the keys come back, the outputs match software */
    CHECK_EQ(cv_prince_ecb(&pr_hw, CV_ENCRYPT, l_in, l_out, 64), CV_OK);
    CHECK_EQ(cv_prince_ecb(&pr_sw, CV_ENCRYPT, l_in, l_ref, 64), CV_OK);
    CHECK_MEM(l_out, l_ref, 64);
    CHECK_EQ(cv_chacha_xor(&cc_hw, l_in, l_out, 64), CV_OK);
    CHECK_EQ(cv_chacha_xor(&cc_sw, l_in, l_ref, 64), CV_OK);
    CHECK_MEM(l_out, l_ref, 64);
    cv_prince_zeroize(&pr_hw);
    cv_chacha_zeroize(&cc_hw);
  }
  printf("bg %s: timer interrupts %lu, dma interrupts %lu\n", cv_backend_name(b),
         (unsigned long)timer_hits, (unsigned long)dma_hits);
  cv_aes_zeroize(&ctx);
}

int main(void) {
  int hw = hw_check_present();
  cv_irq_set_handler(CV_IRQ_M_TIMER, on_timer);
  cv_irq_set_handler(CV_IRQ_M_EXT, on_ext);
  if (hw & 2) {
    run(CV_BACKEND_CPI_DMA);
    run(CV_BACKEND_MMIO_DMA);
  }
  return cv_test_done();
}
