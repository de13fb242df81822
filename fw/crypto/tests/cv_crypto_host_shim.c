// SPDX-License-Identifier: Apache-2.0
/* cv_crypto_host_shim.c: host-only helpers so the Python tests can size the context structs. */
#include "cv_aes_sw.h"
#include "cv_ccm_sw.h"
#include "cv_chacha_sw.h"
#include "cv_chachapoly_sw.h"
#include "cv_gcm_sw.h"
#include "cv_poly1305_sw.h"
#include "cv_present_sw.h"
#include "cv_prince_sw.h"
#include "cv_sha2_sw.h"
#include "cv_sha3_sw.h"

size_t cv_host_sizeof(int which);

size_t cv_host_sizeof(int which) {
  switch (which) {
    case 0: return sizeof(cv_aes_sw_ctx);
    case 1: return sizeof(cv_prince_sw_ctx);
    case 2: return sizeof(cv_present_sw_ctx);
    case 3: return sizeof(cv_chacha_sw_ctx);
    case 4: return sizeof(cv_sha3_sw_ctx);
    case 5: return sizeof(cv_gcm_sw_ctx);
    case 6: return sizeof(cv_ccm_sw_ctx);
    case 7: return sizeof(cv_chachapoly_sw_ctx);
    case 8: return sizeof(cv_poly1305_sw_ctx);
    case 9: return sizeof(cv_sha2_sw_ctx);
    case 10: return sizeof(cv_hmac_sha256_sw_ctx);
    default: return 0;
  }
}
