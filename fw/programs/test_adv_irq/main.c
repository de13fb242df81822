// SPDX-License-Identifier: Apache-2.0
/* test_adv_irq: interrupt storms (adversarial/adv_irq.md).
 *
 * The machine timer fires every ADV_PERIOD cycles (re-armed by its handler) for the whole run, and
 * the engine units' DONE interrupts (AES line 1, PRINCE line 2) and the DMA's completion
 * interrupt (line 6) are enabled. Each of ADV_ROUNDS rounds runs, under that storm:
 *   1. an AES-CTR DMA job (cpi-dma and mmio-dma in turn, 4 KiB) in the background while the CPU
 *      runs PRINCE messages by custom instructions (START, DATA/DATAL, RESULT per block);
 *   2. a PRINCE DMA job (mmio-dma, 512 bytes ECB) in the background while the CPU runs AES-ECB
 *      by custom instructions (the driver's cpi backend).
 * Checks: every output against the software implementations (fw/crypto), the DMA interrupt taken
 * exactly once per job, one PRINCE DONE interrupt per cpi message, AES DONE interrupts seen,
 * timer interrupts during every round, no interrupt from a line that was not enabled.
 * The last output line is read by adversarial/tests/test_fwcampaigns.py. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "cv_aes.h"
#include "cv_aes_sw.h"
#include "cv_cpl.h"
#include "cv_csr.h"
#include "cv_timer.h"
#include "cv_prince_sw.h"
#include "cv_test.h"
#include "cv_trap.h"
#include "cv_xorshift.h"

#ifndef ADV_ROUNDS
#define ADV_ROUNDS 2u
#endif
#ifndef ADV_SEED
#define ADV_SEED 1u
#endif
#ifndef ADV_PERIOD
#define ADV_PERIOD 300u
#endif

#define AES_LEN 4096u
#define PRINCE_LEN 512u
#define PRINCE_MSGS 4u   /* cpi messages per round */
#define PRINCE_BLKS 4u   /* blocks per message */
#define AES_CPI_LEN 256u

static uint8_t a_in[AES_LEN] __attribute__((aligned(16)));
static uint8_t a_out[AES_LEN] __attribute__((aligned(16)));
static uint8_t a_ref[AES_LEN] __attribute__((aligned(16)));
static uint8_t p_in[PRINCE_LEN] __attribute__((aligned(16)));
static uint8_t p_out[PRINCE_LEN + 16] __attribute__((aligned(16)));
static uint8_t p_ref[PRINCE_LEN] __attribute__((aligned(16)));
static uint8_t aes_key[16], prince_key[16], ctr[16], ctr_ref[16];

static uint32_t rng = ADV_SEED ? ADV_SEED : 1u;
static uint32_t rnd(void) { return cv_xorshift32(&rng); }
static void fill(uint8_t *p, size_t n) { cv_xorshift32_bytes(&rng, p, n); }
static uint32_t word(const uint8_t *p) {
  uint32_t w;
  memcpy(&w, p, 4);
  return w;
}

/* ------------------------------------------------------------------ interrupt handlers */
static volatile uint32_t timer_hits, dma_hits, aes_hits, prince_hits, spurious, period = ADV_PERIOD;

static void on_timer(cv_trap_frame_t *f) {
  (void)f;
  timer_hits = timer_hits + 1u;
  cv_timer_set(period ? cv_timer_now() + period : UINT64_MAX);
}

/* Acknowledge the source first (w1c IS), then the interrupt controller's latched pending bit. */
static uint32_t unit_ack(uint32_t base) {
  uint32_t is = CV_CPL_REG(base, CV_CPL_IS_OFFSET);
  CV_CPL_REG(base, CV_CPL_IS_OFFSET) = is;
  return is;
}
static void on_ext(cv_trap_frame_t *f) {
  (void)f;
  uint32_t act = CV_REG32(CV_INTC_ACTIVE_ADDR);
  if (act & (1u << CV_IRQ_DMA)) {
    if (cv_dma_irq_ack() & CV_DMA_IS_DONE_MASK) dma_hits = dma_hits + 1u;
    else spurious = spurious + 1u;
  }
  if (act & (1u << CV_IRQ_AES)) {
    if (unit_ack(CV_AES_BASE) & CV_CPL_IS_DONE_MASK) aes_hits = aes_hits + 1u;
    else spurious = spurious + 1u;
  }
  if (act & (1u << CV_IRQ_PRINCE)) {
    if (unit_ack(CV_PRINCE_BASE) & CV_CPL_IS_DONE_MASK) prince_hits = prince_hits + 1u;
    else spurious = spurious + 1u;
  }
  if (act & ~((1u << CV_IRQ_DMA) | (1u << CV_IRQ_AES) | (1u << CV_IRQ_PRINCE)))
    spurious = spurious + 1u;
  CV_REG32(CV_INTC_PENDING_ADDR) = act;
}

/* ------------------------------------------------------------- PRINCE by custom instructions */
static void prince_cpi_key(const uint8_t key[16]) {
  CV_CPI_ZERO(CV_ENGINE_PRINCE);
  CV_CPI_KEY(CV_ENGINE_PRINCE, word(key), word(key + 4));
  CV_CPI_KEY(CV_ENGINE_PRINCE, word(key + 8), word(key + 12));
  CV_CPI_CFG(CV_ENGINE_PRINCE, 0);
  CHECK(!(CV_CPI_KLOADW(CV_ENGINE_PRINCE) & CV_CPL_STATUS_ERR_MASK));
}

/* One message of n blocks, encrypting (dir 0) or decrypting (dir 1). */
static void prince_cpi_msg(uint32_t dir, const uint8_t *in, uint8_t *out, unsigned n) {
  CV_CPI_START(CV_ENGINE_PRINCE, dir);
  for (unsigned b = 0; b < n; b++) {
    uint32_t w0 = word(in + 8 * b), w1 = word(in + 8 * b + 4);
    if (b + 1 == n) CV_CPI_DATAL(CV_ENGINE_PRINCE, w0, w1);
    else CV_CPI_DATA(CV_ENGINE_PRINCE, w0, w1);
    uint32_t r0 = CV_CPI_RESULT(CV_ENGINE_PRINCE);
    uint32_t r1 = CV_CPI_RESULT(CV_ENGINE_PRINCE);
    memcpy(out + 8 * b, &r0, 4);
    memcpy(out + 8 * b + 4, &r1, 4);
  }
}

/* ------------------------------------------------------------------ the rounds */
static uint32_t jobs, messages, errors, bad_bytes;

/* Output bytes that differ from the reference (lost or corrupted), counted for the report. */
static int same(const uint8_t *got, const uint8_t *want, size_t n) {
  uint32_t bad = 0;
  for (size_t i = 0; i < n; i++) bad += got[i] != want[i];
  bad_bytes += bad;
  return bad == 0;
}

static void expect(int ok, const char *what, uint32_t round) {
  if (!CHECK(ok)) {
    errors++;
    printf("round %lu: %s\n", (unsigned long)round, what);
  }
}

static void round_aes_dma(uint32_t r, cv_prince_sw_ctx *psw) {
  const cv_backend_t b = (r & 1u) ? CV_BACKEND_MMIO_DMA : CV_BACKEND_CPI_DMA;
  cv_aes_ctx ctx;
  cv_aes_sw_ctx sw;
  fill(aes_key, 16);
  fill(a_in, AES_LEN);
  fill(ctr, 16);
  memcpy(ctr_ref, ctr, 16);
  CHECK_EQ(cv_aes_sw_init(&sw, aes_key, 16), CV_OK);
  CHECK_EQ(cv_aes_sw_ctr(&sw, ctr_ref, a_in, a_ref, AES_LEN), CV_OK);
  expect(cv_aes_init(&ctx, b, aes_key, 16) == CV_OK, "aes init", r);
  memset(a_out, 0, AES_LEN);

  const uint32_t t0 = timer_hits, d0 = dma_hits, p0 = prince_hits;
  expect(cv_aes_start(&ctx, CV_AES_MODE_CTR, 0, ctr, a_in, a_out, AES_LEN) == CV_OK, "start", r);
  const int running = cv_aes_busy(&ctx);  /* the job runs in the background */
  /* The coupling hub's staging belongs to the DMA for the whole job (every engine's input is
   * refused with BUSY_DMA meanwhile): the PRINCE messages follow the job's end. */
  expect(cv_aes_wait(&ctx, ctr) == CV_OK, "aes wait", r);
  for (unsigned m = 0; m < PRINCE_MSGS; m++) {
    static uint8_t pin[8 * PRINCE_BLKS], pout[8 * PRINCE_BLKS], pref[8 * PRINCE_BLKS];
    uint32_t dir = rnd() & 1u;
    fill(pin, sizeof pin);
    CHECK_EQ(cv_prince_sw_ecb(psw, (cv_dir_t)dir, pin, pref, sizeof pin), CV_OK);
    prince_cpi_msg(dir, pin, pout, PRINCE_BLKS);
    messages++;
    expect(same(pout, pref, sizeof pin), "prince cpi output", r);
  }
  jobs++;
  uint32_t spins = 0;
  while (dma_hits == d0 && spins < 100000u) spins++;
  expect(running, "the DMA job ran after its start call", r);
  expect(same(a_out, a_ref, AES_LEN), "aes dma output", r);
  expect(same(ctr, ctr_ref, 16), "aes counter", r);
  expect(dma_hits == d0 + 1u, "one DMA interrupt per job", r);
  expect(prince_hits == p0 + PRINCE_MSGS, "one PRINCE DONE interrupt per message", r);
  expect(timer_hits > t0, "timer interrupts during the round", r);
  cv_aes_zeroize(&ctx);
}

static void round_prince_dma(uint32_t r, cv_prince_sw_ctx *psw) {
  cv_aes_ctx ctx;
  cv_aes_sw_ctx sw;
  static uint8_t in[AES_CPI_LEN], out[AES_CPI_LEN], ref[AES_CPI_LEN];
  fill(aes_key, 16);
  fill(in, sizeof in);
  CHECK_EQ(cv_aes_sw_init(&sw, aes_key, 16), CV_OK);
  CHECK_EQ(cv_aes_sw_ecb(&sw, CV_ENCRYPT, in, ref, sizeof in), CV_OK);
  fill(p_in, PRINCE_LEN);
  CHECK_EQ(cv_prince_sw_ecb(psw, CV_ENCRYPT, p_in, p_ref, PRINCE_LEN), CV_OK);
  memset(p_out, 0x5a, sizeof p_out);
  expect(cv_aes_init(&ctx, CV_BACKEND_CPI, aes_key, 16) == CV_OK, "aes cpi init", r);

  const uint32_t t0 = timer_hits, d0 = dma_hits, a0 = aes_hits;
  cv_dma_mmio_start(CV_ENGINE_PRINCE, 0, (uintptr_t)p_in, (uintptr_t)p_out, PRINCE_LEN, 0);
  const uint32_t st = cv_dma_mmio_wait();  /* (the hub is the DMA's until the job ends) */
  expect(cv_aes_ecb(&ctx, CV_ENCRYPT, in, out, sizeof in) == CV_OK, "aes cpi ecb", r);
  messages++;
  jobs++;
  uint32_t spins = 0;
  while (dma_hits == d0 && spins < 100000u) spins++;
  expect(st != 0xffffffffu && !(st & CV_DMA_STATUS_ERR_MASK), "prince dma status", r);
  expect(same(out, ref, sizeof in), "aes cpi output", r);
  expect(same(p_out, p_ref, PRINCE_LEN), "prince dma output", r);
  expect(same(p_out + PRINCE_LEN, (const uint8_t *)"\x5a", 1), "nothing past the destination", r);
  expect(dma_hits == d0 + 1u, "one DMA interrupt per job", r);
  expect(aes_hits > a0, "AES DONE interrupts", r);
  expect(timer_hits > t0, "timer interrupts during the round", r);
  cv_aes_zeroize(&ctx);
}

int main(void) {
  cv_irq_set_handler(CV_IRQ_M_TIMER, on_timer);
  cv_irq_set_handler(CV_IRQ_M_EXT, on_ext);
  cv_prince_sw_ctx psw;
  fill(prince_key, 16);
  CHECK_EQ(cv_prince_sw_init(&psw, prince_key, 16), CV_OK);
  prince_cpi_key(prince_key);
  /* the PRINCE key stays loaded for the cpi messages: the DMA rounds load their own */
  CV_CPL_REG(CV_AES_BASE, CV_CPL_IE_OFFSET) = CV_CPL_IE_DONE_MASK;
  CV_CPL_REG(CV_PRINCE_BASE, CV_CPL_IE_OFFSET) = CV_CPL_IE_DONE_MASK;
  cv_dma_irq_enable(CV_DMA_IE_DONE_MASK | CV_DMA_IE_ERR_MASK);
  CV_REG32(CV_INTC_ENABLE_ADDR) = (1u << CV_IRQ_DMA) | (1u << CV_IRQ_AES) | (1u << CV_IRQ_PRINCE);
  CV_CSR_SET(mie, CV_MIE_MTIE | CV_MIE_MEIE);
  cv_timer_set(cv_timer_now() + period);
  cv_irq_enable();

  const uint32_t c0 = cv_mcycle();
  for (uint32_t r = 0; r < ADV_ROUNDS; r++) {
    round_aes_dma(r, &psw);
    prince_cpi_key(prince_key);  /* a PRINCE DMA job zeroizes nothing, but reload anyway */
    round_prince_dma(r, &psw);
    prince_cpi_key(prince_key);
  }
  const uint32_t cycles = cv_mcycle() - c0;

  cv_irq_disable();
  CV_CSR_CLEAR(mie, CV_MIE_MTIE | CV_MIE_MEIE);
  period = 0;
  cv_timer_set(UINT64_MAX);
  CV_REG32(CV_INTC_ENABLE_ADDR) = 0;
  cv_dma_irq_enable(0);
  CV_CPL_REG(CV_AES_BASE, CV_CPL_IE_OFFSET) = 0;
  CV_CPL_REG(CV_PRINCE_BASE, CV_CPL_IE_OFFSET) = 0;
  CV_CPI_ZERO(CV_ENGINE_PRINCE);

  CHECK_EQ(spurious, 0);
  CHECK_EQ(jobs, 2u * ADV_ROUNDS);
  printf("adv_irq: seed %lu rounds %lu period %lu jobs %lu messages %lu timer %lu dma %lu "
         "aes %lu prince %lu spurious %lu errors %lu bad_bytes %lu cycles %lu\n",
         (unsigned long)ADV_SEED, (unsigned long)ADV_ROUNDS, (unsigned long)ADV_PERIOD,
         (unsigned long)jobs, (unsigned long)messages, (unsigned long)timer_hits,
         (unsigned long)dma_hits, (unsigned long)aes_hits, (unsigned long)prince_hits,
         (unsigned long)spurious, (unsigned long)errors, (unsigned long)bad_bytes,
         (unsigned long)cycles);
  return cv_test_done();
}
