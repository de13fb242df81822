// SPDX-License-Identifier: Apache-2.0
/* bench: runs every case of build/bench/bench_cases.h and prints one line per case:
 *   BENCH id=<n> cycles=<c> instret=<i> status=<s> crc=<crc32 of the output, hex>
 * then "BENCH done <n>". A watchdog (machine timer) bounds every case: a call still running
 * after BENCH_BUDGET cycles prints "BENCH hung id=<n>" and ends the run with exit code
 * BENCH_EXIT_HUNG (bench/run.py records the case as failed and runs the rest again); an
 * unexpected trap ends it through the runtime's report. A case without a runner in this build, or longer than the message
 * buffer, reports status CV_ERR_ARG (never verified). bench/run.py replays the inputs (xorshift32 from the case's seed),
 * computes the expected output with pycryptodome and compares the CRCs. */
#include <stdio.h>
#include <string.h>

#include "bench.h"
#include "bench_cases.h"
#include "cv_csr.h"
#include "cv_memmap.h"
#include "cv_sim.h"
#include "cv_status.h"
#include "cv_trap.h"
#include "cv_uart.h"
#include "cv_xorshift.h"

typedef struct bench_backend {
  uint8_t engine, coupling;
  bench_fn fn;
} bench_backend_t;

/* One row per (engine, coupling) that has a runner (fn 0: not built, see bench.h). */
static const bench_backend_t backends[] = {
    {BENCH_ENGINE_AES, BENCH_COUPLING_SW, bench_aes_sw},
    {BENCH_ENGINE_PRINCE, BENCH_COUPLING_SW, bench_prince_sw},
    {BENCH_ENGINE_PRESENT, BENCH_COUPLING_SW, bench_present_sw},
    {BENCH_ENGINE_CHACHA, BENCH_COUPLING_SW, bench_chacha_sw},
    {BENCH_ENGINE_SHA3, BENCH_COUPLING_SW, bench_sha3_sw},
    {BENCH_ENGINE_AES, BENCH_COUPLING_MMIO, bench_aes_drv},
    {BENCH_ENGINE_AES, BENCH_COUPLING_CPI, bench_aes_drv},
    {BENCH_ENGINE_AES, BENCH_COUPLING_CPI_DMA, bench_aes_drv},
    {BENCH_ENGINE_AES, BENCH_COUPLING_MMIO_DMA, bench_aes_drv},
    {BENCH_ENGINE_AES, BENCH_COUPLING_ISA, bench_aes_drv},
    {BENCH_ENGINE_SHA2, BENCH_COUPLING_SW, bench_sha2},
    {BENCH_ENGINE_SHA2, BENCH_COUPLING_ISA, bench_sha2},
    {BENCH_ENGINE_PRINCE, BENCH_COUPLING_MMIO, bench_prince_drv},
    {BENCH_ENGINE_PRINCE, BENCH_COUPLING_CPI, bench_prince_drv},
    {BENCH_ENGINE_PRINCE, BENCH_COUPLING_CPI_DMA, bench_prince_drv},
    {BENCH_ENGINE_PRINCE, BENCH_COUPLING_MMIO_DMA, bench_prince_drv},
    {BENCH_ENGINE_PRESENT, BENCH_COUPLING_MMIO, bench_present_drv},
    {BENCH_ENGINE_PRESENT, BENCH_COUPLING_CPI, bench_present_drv},
    {BENCH_ENGINE_PRESENT, BENCH_COUPLING_CPI_DMA, bench_present_drv},
    {BENCH_ENGINE_PRESENT, BENCH_COUPLING_MMIO_DMA, bench_present_drv},
    {BENCH_ENGINE_CHACHA, BENCH_COUPLING_MMIO, bench_chacha_drv},
    {BENCH_ENGINE_CHACHA, BENCH_COUPLING_CPI, bench_chacha_drv},
    {BENCH_ENGINE_CHACHA, BENCH_COUPLING_CPI_DMA, bench_chacha_drv},
    {BENCH_ENGINE_CHACHA, BENCH_COUPLING_MMIO_DMA, bench_chacha_drv},
    {BENCH_ENGINE_SHA3, BENCH_COUPLING_MMIO, bench_sha3_drv},
    {BENCH_ENGINE_SHA3, BENCH_COUPLING_CPI, bench_sha3_drv},
    {BENCH_ENGINE_SHA3, BENCH_COUPLING_CPI_DMA, bench_sha3_drv},
    {BENCH_ENGINE_SHA3, BENCH_COUPLING_MMIO_DMA, bench_sha3_drv},
};

static uint8_t key[32] __attribute__((aligned(4)));
static uint8_t iv[16] __attribute__((aligned(4)));
static uint8_t in[BENCH_IN_BYTES] __attribute__((aligned(16)));
static uint8_t out[BENCH_OUT_BYTES] __attribute__((aligned(16)));
static uint32_t crc_table[256];

/* Watchdog budget of one case, in cycles: fill, call and check (sw AES is under 220 cycles
 * per byte; everything else is faster). */
#define BENCH_BUDGET(bytes) (400000u + 600u * (uint32_t)(bytes))
#define BENCH_EXIT_HUNG 3u
static volatile unsigned current;

static void watchdog_arm(uint32_t budget) {
  CV_REG32(CV_TIMER_MTIMECMP_HI_ADDR) = 0xffffffffu;
  CV_REG32(CV_TIMER_MTIME_LO_ADDR) = 0;
  CV_REG32(CV_TIMER_MTIME_HI_ADDR) = 0;
  CV_REG32(CV_TIMER_MTIMECMP_LO_ADDR) = budget;
  CV_REG32(CV_TIMER_MTIMECMP_HI_ADDR) = 0;
}

static void watchdog_disarm(void) { CV_REG32(CV_TIMER_MTIMECMP_HI_ADDR) = 0xffffffffu; }

static void watchdog_fired(cv_trap_frame_t *f) {
  (void)f;
  watchdog_disarm();
  printf("BENCH hung id=%u\n", bench_cases[current].id);
  cv_sim_exit(BENCH_EXIT_HUNG);
}

/* Little-endian bytes of consecutive xorshift32 outputs. */
static void fill(uint32_t *s, uint8_t *p, size_t n) {
  for (size_t i = 0; i < n; i += 4) {
    uint32_t v = cv_xorshift32(s);
    for (size_t k = 0; k < 4 && i + k < n; k++) p[i + k] = (uint8_t)(v >> (8 * k));
  }
}

static void crc_init(void) {
  for (uint32_t i = 0; i < 256; i++) {
    uint32_t c = i;
    for (int k = 0; k < 8; k++) c = (c & 1u) ? (c >> 1) ^ 0xedb88320u : c >> 1;
    crc_table[i] = c;
  }
}

/* CRC-32 (IEEE, as Python's zlib.crc32) of p[0..n) then t[0..tn). */
static uint32_t crc32(const uint8_t *p, size_t n, const uint8_t *t, size_t tn) {
  uint32_t c = 0xffffffffu;
  for (size_t i = 0; i < n; i++) c = crc_table[(c ^ p[i]) & 0xffu] ^ (c >> 8);
  for (size_t i = 0; i < tn; i++) c = crc_table[(c ^ t[i]) & 0xffu] ^ (c >> 8);
  return c ^ 0xffffffffu;
}

int main(void) {
  crc_init();
  cv_uart_set_div(1);  /* the report is long: one cycle per bit (the harness follows) */
  unsigned failed = 0;
  watchdog_disarm();
  cv_irq_set_handler(CV_IRQ_M_TIMER, watchdog_fired);
  CV_CSR_SET(mie, CV_MIE_MTIE);
  CV_CSR_SET(mstatus, CV_MSTATUS_MIE);
  for (unsigned i = 0; i < BENCH_NCASES; i++) {
    const bench_case_t *c = &bench_cases[i];
    current = i;
    watchdog_arm(BENCH_BUDGET(c->bytes));
    uint32_t s = c->seed;
    fill(&s, key, sizeof key);
    fill(&s, iv, sizeof iv);
    size_t n = c->bytes ? c->bytes : 16;
    bench_result_t r = {0, 0, CV_ERR_ARG, 0, NULL, 0};
    uint8_t *dst = n <= BENCH_OUT_BYTES ? out : in;  /* in place when out is too small */
    if (n <= BENCH_IN_BYTES) {
      fill(&s, in, n);
      if (dst == out) memset(out, 0, n < 16 ? 16 : n);
      if (c->mode == BENCH_MODE_GCM || c->mode == BENCH_MODE_CCM || c->mode == BENCH_MODE_AEAD) {
        if (bench_aead) bench_aead(c, key, iv, in, dst, &r);  /* every backend: cv_aead */
      } else {
        for (unsigned b = 0; b < sizeof backends / sizeof backends[0]; b++) {
          if (backends[b].engine == c->engine && backends[b].coupling == c->coupling) {
            if (backends[b].fn) backends[b].fn(c, key, iv, in, dst, &r);
            break;
          }
        }
      }
    }
    watchdog_disarm();
    if (r.status != CV_OK) failed++;
    printf("BENCH id=%u cycles=%lu instret=%lu status=%d crc=%08lx\n", c->id,
           (unsigned long)r.cycles, (unsigned long)r.instret, r.status,
           (unsigned long)crc32(dst, r.out_len, r.tail, r.tail_len));
  }
  printf("BENCH done %u\n", (unsigned)BENCH_NCASES);
  return failed ? 1 : 0;
}
