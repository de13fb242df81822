// SPDX-License-Identifier: Apache-2.0
/* cv_status.h: the result of every Cipher-V crypto call that can fail, and the direction
 * argument, shared by the drivers (fw/drivers) and the software library (fw/crypto).
 *
 * A call returns CV_OK (0) or a negative CV_ERR_* code; no call returns anything else. The
 * codes, their values and meanings have one source, fw/drivers/status.toml, from which
 * `make gen` writes the typed enums cv_status_t and cv_dir_t (build/gen/cv_status_codes.h,
 * each code with its meaning), the X-macro CV_STATUS_CODES(X) and the table in
 * docs/constants.md. Two codes need a word more for the driver user: CV_ERR_NOKEY means the
 * context must be initialised again (never initialised, or its key was zeroized since), and
 * CV_ERR_HW from a hardware init means the SoC build has no such engine
 * (cv_<engine>_available() asks beforehand). How the hardware's own error codes map onto these:
 * fw/drivers/README.md.
 *
 * Driver functions that can fail are declared CV_MUST_CHECK: ignoring their result is a
 * compile error under the firmware's -Werror. */
#ifndef CV_STATUS_H
#define CV_STATUS_H

#include "cv_status_codes.h"

/* A result the caller must look at. */
#define CV_MUST_CHECK __attribute__((warn_unused_result))

#endif /* CV_STATUS_H */
