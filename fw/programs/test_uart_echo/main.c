// SPDX-License-Identifier: Apache-2.0
/* test_uart_echo: bytes sent by the harness on the UART RX line come back through stdio and the
 * raw UART registers, at the reset bit period and at a changed one, then an RX overflow. The
 * harness pipes "ping\n", "Cipher-V line two\n" and "0123456789abcdefXYZ" into stdin and is
 * run with --rx-gap 3000 (idle cycles between bytes), which leaves time to change the bit period
 * between the two lines. */
#include <stdio.h>
#include <string.h>

#include "cv_csr.h"
#include "cv_memmap.h"
#include "cv_test.h"
#include "cv_uart.h"

static int read_line(char *buf, int n) {
  int len = 0;
  for (;;) {
    int c = getchar();
    if (c == '\n' || c == EOF) break;
    if (len < n - 1) buf[len++] = (char)c;
  }
  buf[len] = 0;
  return len;
}

int main(void) {
  char line[64];
  CHECK_EQ(CV_REG32(CV_UART_DIV_ADDR), CV_UART_DIV_RESET);
  int n = read_line(line, sizeof line);
  printf("echo: %s\n", line);
  CHECK_EQ(n, 4);
  CHECK(strcmp(line, "ping") == 0);

  /* A new bit period on both sides: the harness follows the SoC's divider. */
  cv_uart_set_div(7);
  CHECK_EQ(CV_REG32(CV_UART_DIV_ADDR), 7);
  n = read_line(line, sizeof line);
  printf("echo: %s\n", line);
  CHECK(strcmp(line, "Cipher-V line two") == 0);

  /* Overflow: the harness then sends "0123456789abcdefXYZ" (19 bytes) while nothing is read.
   * The FIFO keeps the first UART_FIFO_DEPTH (16) bytes and flags the loss. */
  uint32_t t0 = cv_mcycle();
  while (cv_mcycle() - t0 < 19u * 3200u) {
  }
  uint32_t st = CV_REG32(CV_UART_STATUS_ADDR);
  CHECK(st & CV_UART_STATUS_RXFULL_MASK);
  CHECK(st & CV_UART_STATUS_RXOVF_MASK);
  for (int i = 0; i < 16; i++) {
    int c = cv_uart_getc();
    CHECK_EQ(c, "0123456789abcdef"[i]);
  }
  CHECK_EQ(cv_uart_getc(), -1);
  CHECK(CV_REG32(CV_UART_RXDATA_ADDR) & CV_UART_RXDATA_EMPTY_MASK);
  CHECK(!(CV_REG32(CV_UART_STATUS_ADDR) & CV_UART_STATUS_RXVALID_MASK));
  CHECK(CV_REG32(CV_UART_STATUS_ADDR) & CV_UART_STATUS_RXOVF_MASK);  /* sticky */
  CV_REG32(CV_UART_CTRL_ADDR) = CV_UART_CTRL_CLROVF_MASK;
  CHECK(!(CV_REG32(CV_UART_STATUS_ADDR) & CV_UART_STATUS_RXOVF_MASK));
  cv_uart_set_div(CV_UART_DIV_RESET);
  return cv_test_done();
}
