// SPDX-License-Identifier: Apache-2.0
/* example_aes: the AES driver in a few lines (fw/drivers/README.md).
 * Encrypts a message with AES-128-CBC on every backend, checks that all give the same bytes,
 * computes a CMAC tag, runs a background DMA job, and prints what happened with cycle counts.
 * Every driver call that can fail returns a cv_status_t, declared CV_MUST_CHECK: the build
 * (-Werror) refuses a call whose result is dropped, so each one is checked here.
 *   make -C fw/programs/example_aes && make run ELF=build/fw/example_aes/example_aes.elf */
#include <stdio.h>
#include <string.h>

#include "cv_aes.h"
#include "cv_csr.h"

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

/* 1 when st is CV_OK; otherwise says which call failed and with which code. */
static int ok(const char *what, cv_status_t st) {
  if (st == CV_OK) return 1;
  printf("%s failed: status %d\n", what, (int)st);
  return 0;
}

int main(void) {
  cv_aes_ctx ctx;
  int same = 1;
  /* 0. Is there an AES engine in this SoC? Without one only the sw backend runs (a hardware
   * init would return CV_ERR_HW). */
  const int hw = cv_aes_available();
  const int nb = hw ? CV_BACKEND_COUNT : CV_BACKEND_SW + 1;
  for (int b = 0; b < nb; b++) {
    const cv_backend_t be = (cv_backend_t)b;
    /* 1. Key setup: the key schedule is ready when init returns. */
    if (!ok("init", cv_aes_init(&ctx, be, key, sizeof key))) return 1;
    /* 2. CBC in two calls: the IV comes back updated, so the second call continues. */
    uint8_t iv[16] = {0};
    uint32_t t0 = cv_mcycle();
    cv_status_t st = cv_aes_cbc(&ctx, CV_ENCRYPT, iv, msg, ct[b], 32);
    uint32_t t1 = cv_mcycle();
    if (st == CV_OK) st = cv_aes_cbc(&ctx, CV_ENCRYPT, iv, msg + 32, ct[b] + 32, 32);
    if (!ok("cbc", st)) return 1;
    printf("%-8s cbc 32 B in %5lu cycles\n", cv_backend_name(be), (unsigned long)(t1 - t0));
    if (memcmp(ct[b], ct[0], sizeof ct[0]) != 0) same = 0;
    /* 3. Errors are return values: a partial block in CBC is refused, nothing written. */
    if (cv_aes_cbc(&ctx, CV_ENCRYPT, iv, msg, ct[b], 20) != CV_ERR_LENGTH) same = 0;
    /* 4. Zeroize clears the engine and the context. */
    cv_aes_zeroize(&ctx);
  }
  hex("ciphertext ", ct[0], 64);
  printf("all backends agree: %s\n", same ? "yes" : "NO");

  /* CMAC (SP 800-38B), on the cpi backend when the engine is there. */
  const cv_backend_t one = hw ? CV_BACKEND_CPI : CV_BACKEND_SW;
  if (!ok("init", cv_aes_init(&ctx, one, key, sizeof key))) return 1;
  if (!ok("cmac", cv_aes_cmac(&ctx, msg, 47, tag))) return 1;
  hex("cmac       ", tag, 16);
  cv_aes_zeroize(&ctx);

  /* A background job: start, let the CPU do other work, wait (or take CV_IRQ_DMA). */
  if (!hw) return same ? 0 : 1;
  if (!ok("init", cv_aes_init(&ctx, CV_BACKEND_CPI_DMA, key, sizeof key))) return 1;
  uint8_t ctr[16] = {0};
  static uint8_t out[64] __attribute__((aligned(16)));
  if (!ok("start", cv_aes_start(&ctx, CV_AES_MODE_CTR, CV_ENCRYPT, ctr, msg, out, sizeof msg)))
    return 1;
  unsigned spins = 0;
  while (cv_aes_busy(&ctx)) spins++;  /* real code would do useful work here */
  if (!ok("wait", cv_aes_wait(&ctx, ctr))) return 1;
  printf("ctr job done after %u polls; counter now ends in %02x\n", spins, ctr[15]);
  cv_aes_zeroize(&ctx);
  return same ? 0 : 1;
}
