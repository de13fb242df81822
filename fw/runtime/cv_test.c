// SPDX-License-Identifier: Apache-2.0
/* cv_test.c: the self-checking test framework behind cv_test.h. */
#include <stdio.h>
#include <string.h>

#include "cv_test.h"

static unsigned passed, failed;

int cv_test_check(int ok, const char *expr, const char *file, int line) {
  if (ok) {
    passed++;
  } else {
    failed++;
    printf("FAIL %s:%d: %s\n", file, line, expr);
  }
  return ok;
}

int cv_test_check_eq(uint32_t got, uint32_t want, const char *expr, const char *file, int line) {
  if (got == want) {
    passed++;
    return 1;
  }
  failed++;
  printf("FAIL %s:%d: %s: got 0x%08lx, want 0x%08lx\n", file, line, expr, (unsigned long)got,
         (unsigned long)want);
  return 0;
}

int cv_test_check_mem(const void *got, const void *want, size_t n, const char *expr,
                      const char *file, int line) {
  const uint8_t *g = got, *w = want;
  for (size_t i = 0; i < n; i++) {
    if (g[i] != w[i]) {
      failed++;
      printf("FAIL %s:%d: %s: byte %u: got 0x%02x, want 0x%02x\n", file, line, expr, (unsigned)i,
             g[i], w[i]);
      return 0;
    }
  }
  passed++;
  return 1;
}

int cv_test_done(void) {
  printf("%u passed, %u failed\n", passed, failed);
  return failed ? 1 : 0;
}
