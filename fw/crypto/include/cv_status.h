// SPDX-License-Identifier: Apache-2.0
/* cv_status.h: status codes and directions shared by every Cipher-V crypto API (sw and drivers). */
#ifndef CV_STATUS_H
#define CV_STATUS_H

#define CV_OK          0
#define CV_ERR_KEYLEN  (-1)  /* key length not supported by the algorithm */
#define CV_ERR_LENGTH  (-2)  /* data length not allowed (e.g. not whole blocks); nothing written */
#define CV_ERR_ARG     (-3)  /* bad argument (NULL pointer, unknown direction or algorithm) */
#define CV_ERR_ROUNDS  (-4)  /* round count not supported */
#define CV_ERR_BUSY    (-5)  /* engine busy (hardware backends) */
#define CV_ERR_DMA     (-6)  /* DMA error: bad address, wrap or overlap (hardware backends) */
#define CV_ERR_MODE    (-7)  /* mode or layout not supported */
#define CV_ERR_OUTLEN  (-8)  /* output length not allowed (e.g. SHA-3 digest size) */
#define CV_ERR_NOKEY   (-9)  /* no key in the engine (zeroized, or never initialised) */
#define CV_ERR_ABORTED (-10) /* the operation was aborted (DMA ABORT, zeroize during a job) */
#define CV_ERR_HW      (-11) /* unexpected hardware state (protocol error, engine missing) */

#define CV_ENCRYPT 0
#define CV_DECRYPT 1

#endif /* CV_STATUS_H */
