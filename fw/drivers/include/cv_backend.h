// SPDX-License-Identifier: Apache-2.0
/* cv_backend.h: the coupling backends every Cipher-V driver can run on (SYSTEM.md, coupling
 * styles). One driver API per algorithm; the backend is chosen at run time, and every backend
 * gives identical bytes. */
#ifndef CV_BACKEND_H
#define CV_BACKEND_H

#include "cv_status.h" /* status codes: one list for the software and the drivers */

typedef enum cv_backend {
  CV_BACKEND_SW = 0,       /* the CPU alone (fw/crypto) */
  CV_BACKEND_MMIO = 1,     /* loads/stores to the engine's register block */
  CV_BACKEND_CPI = 2,      /* custom instructions carry key/data in registers */
  CV_BACKEND_CPI_DMA = 3,  /* custom instructions program the DMA; the engine reads memory */
  CV_BACKEND_MMIO_DMA = 4, /* memory-mapped DMA descriptor */
  CV_BACKEND_COUNT
} cv_backend_t;

/* "sw", "mmio", "cpi", "cpi-dma", "mmio-dma" (the benchmark's coupling names). */
const char *cv_backend_name(cv_backend_t b);

#endif /* CV_BACKEND_H */
