// SPDX-License-Identifier: Apache-2.0
/* test_sha2_drv: the SHA-2 driver (cv_sha2.h) on the sw and isa backends.
 * The host sends one record per prompt "sha2> " (cv_sim --rx-prompt: the UART has no flow
 * control), a line: an op ('2' SHA-256, '5' SHA-512, 'M' HMAC-SHA-256, 'Q' end), then for HMAC
 * a space and the key in hex, then a space and the message in hex. For each the program computes the digest or tag on every backend this build has (sw,
 * and isa with FW_ZK=1), the isa one also from an odd address and in two streamed pieces,
 * checks they agree and prints "r <hex> <cycles sw> <cycles isa>" (cycles of the one-shot call,
 * less the mcycle reads; isa 0 when not built); the host checks the bytes against
 * hashlib/hmac and that records of equal lengths took equal cycles. Then fixed checks of the
 * error codes, and "N passed, N failed". */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "cv_csr.h"
#include "cv_sha2.h"
#include "cv_test.h"
#include "cv_uart.h"

static uint8_t msg[4100] __attribute__((aligned(16)));
static uint8_t key[300] __attribute__((aligned(4)));
static uint8_t out[3][64] __attribute__((aligned(4)));

static int nibble(int c) { return c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10; }

/* Hex digits up to a space or the newline into p (at most max bytes); returns the byte count
 * and in *end the character that ended them. */
static uint32_t get_hex(uint8_t *p, uint32_t max, int *end) {
  uint32_t n = 0;
  for (;;) {
    int c = cv_uart_getc_blocking();
    if (c == ' ' || c == '\n') {
      *end = c;
      return n;
    }
    int d = cv_uart_getc_blocking();
    if (n < max) p[n] = (uint8_t)(nibble(c) << 4 | nibble(d));
    n++;
  }
}

/* One call on backend b into o: the one-shot (timed) or, with split, streamed in two pieces
 * from msg + off. */
static cv_status_t one(int op, cv_backend_t b, uint32_t klen, uint32_t off, uint32_t len,
                       int split, uint8_t *o, uint32_t *cycles) {
  const uint8_t *m = msg + off;
  const size_t md = op == '5' ? 64 : 32;
  cv_status_t st;
  if (!split) {
    uint32_t t0 = cv_mcycle();
    if (op == 'M') st = cv_hmac_sha256(b, key, klen, m, len, o, md);
    else st = cv_sha2_hash(b, op == '5' ? CV_SHA2_512 : CV_SHA2_256, m, len, o, md);
    uint32_t t1 = cv_mcycle();
    *cycles = t1 - t0;
    return st;
  }
  const uint32_t h = len / 3;
  if (op == 'M') {
    cv_hmac_sha256_ctx c;
    st = cv_hmac_sha256_init(&c, b, key, klen);
    if (st == CV_OK) st = cv_hmac_sha256_update(&c, m, h);
    if (st == CV_OK) st = cv_hmac_sha256_update(&c, m + h, len - h);
    if (st == CV_OK) st = cv_hmac_sha256_final(&c, o, md);
    return st;
  }
  cv_sha2_ctx c;
  st = cv_sha2_init(&c, b, op == '5' ? CV_SHA2_512 : CV_SHA2_256);
  if (st == CV_OK) st = cv_sha2_update(&c, m, h);
  if (st == CV_OK) st = cv_sha2_update(&c, m + h, len - h);
  if (st == CV_OK) st = cv_sha2_final(&c, o, md);
  return st;
}

static void errors(void) {
  cv_sha2_ctx c;
  cv_hmac_sha256_ctx hc;
  uint8_t d[64];
  const cv_status_t isa = cv_sha2_isa_available() ? CV_OK : CV_ERR_HW;
  CHECK_EQ(cv_sha2_init(&c, CV_BACKEND_ISA, CV_SHA2_256), isa);
  CHECK_EQ(cv_sha2_init(&c, CV_BACKEND_CPI, CV_SHA2_256), CV_ERR_HW);
  CHECK_EQ(cv_sha2_init(&c, (cv_backend_t)7, CV_SHA2_256), CV_ERR_ARG);
  CHECK_EQ(cv_sha2_init(&c, CV_BACKEND_SW, 2), CV_ERR_ARG);
  CHECK_EQ(cv_hmac_sha256_init(&hc, CV_BACKEND_MMIO, key, 4), CV_ERR_HW);
  memset(&c, 0, sizeof c);
  CHECK_EQ(cv_sha2_update(&c, msg, 1), CV_ERR_NOKEY);
  CHECK_EQ(cv_sha2_final(&c, d, 32), CV_ERR_NOKEY);
  memset(&hc, 0x5a, sizeof hc);
  CHECK_EQ(cv_hmac_sha256_update(&hc, msg, 1), CV_ERR_NOKEY);
  CHECK_EQ(cv_sha2_init(&c, CV_BACKEND_SW, CV_SHA2_512), CV_OK);
  CHECK_EQ(cv_sha2_final(&c, d, 32), CV_ERR_OUTLEN);
  CHECK_EQ(cv_sha2_update(&c, (const uint8_t *)0x30000000u, 4), CV_ERR_ARG);  /* unmapped */
  CHECK_EQ(cv_sha2_final(&c, (uint8_t *)0x100u, 64), CV_ERR_ARG);  /* program memory */
  CHECK_EQ(cv_sha2_final(&c, d, 64), CV_OK);
  CHECK_EQ(cv_sha2_update(&c, msg, 1), CV_ERR_ARG);  /* after final */
  CHECK_EQ(cv_sha2_final(&c, d, 64), CV_ERR_ARG);
  c.backend = CV_BACKEND_ISA;  /* changed after init */
  CHECK_EQ(cv_sha2_update(&c, msg, 1), CV_ERR_NOKEY);
  CHECK_EQ(cv_hmac_sha256(CV_BACKEND_SW, key, 4, msg, 4, d, 0), CV_ERR_OUTLEN);
  CHECK_EQ(cv_hmac_sha256(CV_BACKEND_SW, key, 4, msg, 4, d, 33), CV_ERR_OUTLEN);
  CHECK_EQ(cv_sha2_hash(CV_BACKEND_SW, CV_SHA2_256, msg, 4, NULL, 32), CV_ERR_ARG);
}

int main(void) {
  const int isa = cv_sha2_isa_available();
  printf("isa %d\n", isa);
  for (;;) {
    printf("sha2> ");
    fflush(stdout);
    const int op = cv_uart_getc_blocking();
    if (op == 'Q') break;
    int end = cv_uart_getc_blocking();  /* the space after the op */
    uint32_t klen = 0;
    if (op == 'M') klen = get_hex(key, sizeof key, &end);
    const uint32_t len = get_hex(msg, sizeof msg - 1, &end);
    if (!CHECK(klen <= sizeof key && len < sizeof msg && end == '\n')) break;
    const size_t md = op == '5' ? 64 : 32;
    uint32_t cyc[2] = {0, 0}, t0 = cv_mcycle(), ovh = cv_mcycle() - t0, dummy;
    CHECK_EQ(one(op, CV_BACKEND_SW, klen, 0, len, 0, out[0], &cyc[0]), CV_OK);
    if (isa) {
      CHECK_EQ(one(op, CV_BACKEND_ISA, klen, 0, len, 0, out[1], &cyc[1]), CV_OK);
      CHECK_MEM(out[1], out[0], md);
      memmove(msg + 1, msg, len);
      CHECK_EQ(one(op, CV_BACKEND_ISA, klen, 1, len, 1, out[2], &dummy), CV_OK);
      CHECK_MEM(out[2], out[0], md);
      memmove(msg, msg + 1, len);
    }
    CHECK_EQ(one(op, CV_BACKEND_SW, klen, 0, len, 1, out[2], &dummy), CV_OK);
    CHECK_MEM(out[2], out[0], md);
    printf("r ");
    for (size_t i = 0; i < md; i++) printf("%02x", out[0][i]);
    printf(" %lu %lu\n", (unsigned long)(cyc[0] - ovh), (unsigned long)(isa ? cyc[1] - ovh : 0));
  }
  errors();
  return cv_test_done();
}
