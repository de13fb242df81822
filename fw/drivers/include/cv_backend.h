// SPDX-License-Identifier: Apache-2.0
/* cv_backend.h: the coupling backends every Cipher-V driver can run on. One driver API per
 * algorithm; the backend is chosen at run time, per context, and every backend gives identical
 * bytes.
 *
 *   sw        the CPU alone (the software library, fw/crypto); needs no engine
 *   mmio      loads and stores to the engine's register window
 *   cpi       custom instructions carry key and data in registers
 *   cpi-dma   custom instructions program the DMA; the engine reads and writes memory
 *   mmio-dma  the same DMA job programmed through its register window
 *   isa       the standard scalar-crypto instructions of the core (AES, AES-GCM/CCM, SHA-2)
 *
 * The hardware backends need the engine in the SoC build: cv_<engine>_available() says whether
 * it is there, and a hardware init on a SoC without it returns CV_ERR_HW. */
#ifndef CV_BACKEND_H
#define CV_BACKEND_H

#include <stdint.h>

#include "cv_status.h"

typedef enum cv_backend {
  CV_BACKEND_SW = 0,
  CV_BACKEND_MMIO = 1,
  CV_BACKEND_CPI = 2,
  CV_BACKEND_CPI_DMA = 3,
  CV_BACKEND_MMIO_DMA = 4,
  CV_BACKEND_COUNT,      /* the engine couplings: sw and the four above */
  /* The core's scalar-crypto instructions (Zkne, Zknd, Zknh, Zbkb, Zbkc): no engine; for the
   * algorithms the ISA is made for (cv_aes, cv_aead's GCM and CCM, cv_sha2) in a firmware built
   * with FW_ZK=1 (fw/common.mk) on a core built with ZK = 1, else their init returns
   * CV_ERR_HW. A value apart from the couplings, so loops over 0..CV_BACKEND_COUNT-1 leave it
   * out. */
  CV_BACKEND_ISA = 8
} cv_backend_t;

/* Buffers of the DMA backends: aligned to this many bytes (it covers both DMA port widths, 4
 * and 16 bytes) and inside data memory; const data in program memory is out of the DMA's
 * reach. */
#define CV_DMA_ALIGN 16

/* "sw", "mmio", "cpi", "cpi-dma", "mmio-dma", "isa" (the benchmark's coupling names). */
const char *cv_backend_name(cv_backend_t b);

/* The driver part of a PRINCE, PRESENT or ChaCha context: which key the engine holds, the
 * context's copy of its own key (reloaded when another context used the engine in between) and
 * the check word over the context's control words. Only the drivers read or write it. */
typedef struct cv_light_hw {
  uint32_t id;     /* key owner id (0: the sw backend, or not initialised) */
  uint32_t kcfg;   /* the engine's CFG bits that go with the key (size; ChaCha: rounds, layout) */
  uint32_t chk;    /* check word (set by init, cleared by zeroize) */
  uint32_t kw[8];  /* key words in memory order (reloads); wiped by zeroize */
} cv_light_hw;

#endif /* CV_BACKEND_H */
