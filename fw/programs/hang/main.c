// SPDX-License-Identifier: Apache-2.0
/* hang: prints a line and a partial line, then never exits (sim/tests: the harness stops it at
 * the cycle limit or on a signal, and the output written before the hang must be on stdout,
 * also when stdout is a file or a pipe). Built with -DHANG_TRAP it executes an illegal
 * instruction instead, which the runtime reports as an unexpected trap. */
#include <stdio.h>

int main(void) {
  printf("hang: the last full line\n");
  printf("hang: a partial line");
  fflush(stdout);
#ifdef HANG_TRAP
  __asm__ volatile("unimp");
#endif
  for (;;) {
    __asm__ volatile("");
  }
}
