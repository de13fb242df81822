# SPDX-License-Identifier: Apache-2.0
# fw/crypto/crypto.mk: Make fragment for firmware that links the software crypto baselines.
# Include it from a program Makefile (or fw/common.mk), then add $(CV_CRYPTO_SRCS) to the sources
# and $(CV_CRYPTO_CFLAGS) to CFLAGS. The library needs <stdint.h>/<stddef.h> and the status codes
# (fw/drivers/include/cv_status.h, shared with the drivers, which includes the generated
# build/gen/cv_status_codes.h: run `make gen` first).
CV_CRYPTO_DIR := $(patsubst %/,%,$(dir $(lastword $(MAKEFILE_LIST))))
CV_CRYPTO_SRCS := $(sort $(wildcard $(CV_CRYPTO_DIR)/src/*.c))
CV_CRYPTO_CFLAGS := -I$(CV_CRYPTO_DIR)/include -I$(CV_CRYPTO_DIR)/../drivers/include \
                    -I$(CV_CRYPTO_DIR)/../../build/gen
