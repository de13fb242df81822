// SPDX-License-Identifier: Apache-2.0
/* exit42: the harness must return the firmware's exit code (used by soc/tests). */
#include <stdio.h>

int main(void) {
  printf("exiting with 42\n");
  return 42;
}
