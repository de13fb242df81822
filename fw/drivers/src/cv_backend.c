// SPDX-License-Identifier: Apache-2.0
/* cv_backend.c: backend names (the benchmark's coupling names). */
#include "cv_backend.h"

const char *cv_backend_name(cv_backend_t b) {
  static const char *const names[CV_BACKEND_COUNT] = {"sw", "mmio", "cpi", "cpi-dma",
                                                       "mmio-dma"};
  if (b == CV_BACKEND_ISA) return "isa";
  return ((unsigned)b < CV_BACKEND_COUNT) ? names[b] : "?";
}
