// SPDX-License-Identifier: Apache-2.0
/* perf.c: typical compiled code (loops, loads/stores, calls, branches) for the core's CPI.
   Returns 1 (pass) or (n << 1) | 1 when check n fails. */
typedef unsigned int uint32_t;
typedef unsigned char uint8_t;

static const char msg[] = "123456789";
static int arr[64];
static uint8_t src[256], dst[256];

static __attribute__((noinline)) uint32_t crc32(const uint8_t *p, int n) {
  uint32_t c = 0xffffffffu;
  for (int i = 0; i < n; i++) {
    c ^= p[i];
    for (int k = 0; k < 8; k++) c = (c >> 1) ^ (0xedb88320u & -(c & 1));
  }
  return ~c;
}

static __attribute__((noinline)) void isort(int *a, int n) {
  for (int i = 1; i < n; i++) {
    int v = a[i], j = i - 1;
    while (j >= 0 && a[j] > v) { a[j + 1] = a[j]; j--; }
    a[j + 1] = v;
  }
}

static __attribute__((noinline)) int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

static __attribute__((noinline)) void copy(uint8_t *d, const uint8_t *s, int n) {
  for (int i = 0; i < n; i++) d[i] = s[i];
}

int main(void) {
  if (crc32((const uint8_t *)msg, 9) != 0xcbf43926u) return (1 << 1) | 1;
  uint32_t x = 12345;
  for (int i = 0; i < 64; i++) { x = x * 1103515245u + 12345u; arr[i] = (int)(x >> 8) - (1 << 22); }
  isort(arr, 64);
  for (int i = 1; i < 64; i++) if (arr[i - 1] > arr[i]) return (2 << 1) | 1;
  if (fib(15) != 610) return (3 << 1) | 1;
  for (int i = 0; i < 256; i++) src[i] = (uint8_t)(i * 7);
  copy(dst, src, 256);
  for (int i = 0; i < 256; i++) if (dst[i] != (uint8_t)(i * 7)) return (4 << 1) | 1;
  if (crc32(dst, 256) != crc32(src, 256)) return (5 << 1) | 1;
  return 1;
}
