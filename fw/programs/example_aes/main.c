// SPDX-License-Identifier: Apache-2.0
/* example_aes: the AES driver in a few lines (fw/drivers/README.md).
 * Encrypts a message with AES-128-CBC on every backend, checks that all give the same bytes,
 * computes a CMAC tag, runs a background DMA job, and prints what happened with cycle counts.
 *   make -C fw/programs/example_aes && make run ELF=build/fw/example_aes/example_aes.elf */
#include <stdio.h>
#include <string.h>

#include "cv_aes.h"
#include "cv_csr.h"
#include "cv_memmap.h"
#include "cv_trap.h"

/* A SoC may be built without the DMA engine: its window then answers with an access fault. */
static int dma_built(void) {
  uint32_t n = cv_trap_count();
  cv_expect_trap(CV_CAUSE_LOAD_FAULT);
  (void)CV_REG32(CV_DMA_ID_ADDR);
  cv_expect_trap(0xffffffffu);
  return cv_trap_count() == n;
}

/* DMA backends read and write data memory themselves: buffers 16-byte aligned, in dmem (not
 * const data, which the linker puts in instruction memory). */
static uint8_t msg[64] __attribute__((aligned(16))) = "Cipher-V: one API, five couplings, same bytes.";
static uint8_t ct[CV_BACKEND_COUNT][64] __attribute__((aligned(16)));
static uint8_t tag[16] __attribute__((aligned(16)));

static const uint8_t key[16] = {0x2b, 0x7e, 0x15, 0x16, 0x28, 0xae, 0xd2, 0xa6,
                                0xab, 0xf7, 0x15, 0x88, 0x09, 0xcf, 0x4f, 0x3c};

static void hex(const char *label, const uint8_t *p, size_t n) {
  printf("%s", label);
  for (size_t i = 0; i < n; i++) printf("%02x", p[i]);
  printf("\n");
}

int main(void) {
  cv_aes_ctx ctx;
  int same = 1;
  const int nb = dma_built() ? CV_BACKEND_COUNT : CV_BACKEND_CPI + 1;
  for (int b = 0; b < nb; b++) {
    /* 1. Key setup: the key schedule is ready when init returns. */
    int rc = cv_aes_init(&ctx, (cv_backend_t)b, key, sizeof key);
    if (rc != CV_OK) {
      printf("%s: init failed (%d)\n", cv_backend_name((cv_backend_t)b), rc);
      return 1;
    }
    /* 2. CBC in two calls: the IV comes back updated, so the second call continues. */
    uint8_t iv[16] = {0};
    uint32_t t0 = cv_mcycle();
    rc = cv_aes_cbc(&ctx, CV_ENCRYPT, iv, msg, ct[b], 32);
    uint32_t t1 = cv_mcycle();
    if (rc == CV_OK) rc = cv_aes_cbc(&ctx, CV_ENCRYPT, iv, msg + 32, ct[b] + 32, 32);
    printf("%-8s cbc 32 B in %5lu cycles, rc %d\n", cv_backend_name((cv_backend_t)b),
           (unsigned long)(t1 - t0), rc);
    if (memcmp(ct[b], ct[0], sizeof ct[0]) != 0) same = 0;
    /* 3. Errors are return values: a partial block in CBC is refused, nothing written. */
    if (cv_aes_cbc(&ctx, CV_ENCRYPT, iv, msg, ct[b], 20) != CV_ERR_LENGTH) same = 0;
    /* 4. Zeroize clears the engine and the context. */
    cv_aes_zeroize(&ctx);
  }
  hex("ciphertext ", ct[0], 64);
  printf("all backends agree: %s\n", same ? "yes" : "NO");

  /* CMAC (SP 800-38B) on the cpi backend. */
  cv_aes_init(&ctx, CV_BACKEND_CPI, key, sizeof key);
  cv_aes_cmac(&ctx, msg, 47, tag);
  hex("cmac       ", tag, 16);

  /* A background job: start, let the CPU do other work, wait (or take CV_IRQ_DMA). */
  if (nb < CV_BACKEND_COUNT) return same ? 0 : 1;
  cv_aes_init(&ctx, CV_BACKEND_CPI_DMA, key, sizeof key);
  uint8_t ctr[16] = {0};
  static uint8_t out[64] __attribute__((aligned(16)));
  cv_aes_start(&ctx, CV_AES_MODE_CTR, CV_ENCRYPT, ctr, msg, out, sizeof msg);
  unsigned spins = 0;
  while (cv_aes_busy(&ctx)) spins++;  /* real code would do useful work here */
  int rc = cv_aes_wait(&ctx, ctr);
  printf("ctr job rc %d after %u polls; counter now ends in %02x\n", rc, spins, ctr[15]);
  cv_aes_zeroize(&ctx);
  return same ? 0 : 1;
}
