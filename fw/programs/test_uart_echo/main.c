/* test_uart_echo: bytes sent by the harness on the UART RX line come back through stdio and the
 * raw UART registers, at the reset bit period and at a changed one. The harness pipes
 * "ping\n" then "Cipher-V line two\n" into stdin and is run with --rx-gap 3000 (idle cycles
 * between bytes), which leaves time to change the bit period between the two lines. */
#include <stdio.h>
#include <string.h>

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

  /* Nothing else was sent: the FIFO reads empty and STATUS agrees. */
  CHECK(!(CV_REG32(CV_UART_STATUS_ADDR) & CV_UART_STATUS_RXVALID_MASK));
  CHECK(CV_REG32(CV_UART_RXDATA_ADDR) & CV_UART_RXDATA_EMPTY_MASK);
  CHECK(!(CV_REG32(CV_UART_STATUS_ADDR) & CV_UART_STATUS_RXOVF_MASK));
  cv_uart_set_div(CV_UART_DIV_RESET);
  return cv_test_done();
}
