// SPDX-License-Identifier: Apache-2.0
/* test_printf: printf over the UART, the counters, and the test framework itself. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cv_csr.h"
#include "cv_memmap.h"
#include "cv_sim.h"
#include "cv_test.h"
#include "cv_uart.h"

int main(void) {
  char buf[64];
  printf("hello from Cipher-V\n");
  snprintf(buf, sizeof buf, "%d %u %x %s %c", -42, 42u, 0xbeefu, "str", 'z');
  CHECK(strcmp(buf, "-42 42 beef str z") == 0);
  snprintf(buf, sizeof buf, "[%5d|%-4x|%08lx]", 17, 0xau, 0x12345678ul);
  CHECK(strcmp(buf, "[   17|a   |12345678]") == 0);

  /* Counters advance, and a loop of known length retires at least that many instructions. */
  uint32_t c0 = cv_mcycle(), i0 = cv_minstret();
  volatile uint32_t sink = 0;
  for (uint32_t i = 0; i < 100; i++) sink += i;
  uint32_t c1 = cv_mcycle(), i1 = cv_minstret();
  CHECK_EQ(sink, 4950);
  CHECK(i1 - i0 >= 300);
  CHECK(c1 - c0 >= i1 - i0);  /* at most one instruction per cycle */
  uint64_t c64 = cv_mcycle64();
  CHECK(c64 > c1);

  /* The heap (picolibc malloc over __heap_start..__heap_end) lies in dmem, below the stack. */
  uint8_t *heap = malloc(1000);
  CHECK(heap != NULL);
  CHECK((uintptr_t)heap >= CV_DMEM_BASE && (uintptr_t)heap + 1000 < (uintptr_t)&sink);
  if (heap) memset(heap, 0xa5, 1000);
  free(heap);

  /* The framework's own comparisons. */
  static const uint8_t a[4] = {1, 2, 3, 4};
  uint8_t b[4] = {1, 2, 3, 4};
  CHECK_MEM(b, a, sizeof a);
  printf("cycles %lu instret %lu\n", (unsigned long)(c1 - c0), (unsigned long)(i1 - i0));

  /* simctrl PUTC bypasses the UART: flush the UART first so the two streams do not interleave. */
  cv_uart_flush();
  for (const char *p = "putc ok\n"; *p; p++) cv_sim_putc(*p);
  return cv_test_done();
}
