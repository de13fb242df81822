// SPDX-License-Identifier: Apache-2.0
/* cv_test.h: tiny self-checking test framework; a program ends with `return cv_test_done();`,
 * which prints exactly "N passed, N failed" and returns non-zero when something failed. */
#ifndef CV_TEST_H
#define CV_TEST_H

#include <stddef.h>
#include <stdint.h>

int cv_test_check(int ok, const char *expr, const char *file, int line);
int cv_test_check_eq(uint32_t got, uint32_t want, const char *expr, const char *file, int line);
int cv_test_check_mem(const void *got, const void *want, size_t n, const char *expr,
                      const char *file, int line);
int cv_test_done(void);

#define CHECK(cond) cv_test_check(!!(cond), #cond, __FILE__, __LINE__)
#define CHECK_EQ(got, want) \
  cv_test_check_eq((uint32_t)(got), (uint32_t)(want), #got " == " #want, __FILE__, __LINE__)
#define CHECK_MEM(got, want, n) \
  cv_test_check_mem((got), (want), (n), #got " == " #want, __FILE__, __LINE__)

#endif /* CV_TEST_H */
