# SPDX-License-Identifier: Apache-2.0
# AES engine rules (included by the top Makefile).
#   make aes-test   the CI tests of the AES engine only (Verilator, Icarus smoke, formal, model)
#   make aes-long   long campaign: AES_LONG random blocks (default 100000) per mode and key size
#                   against pycryptodome, on every architecture (Verilator), and the
#                   composite-S-box and pipelined benches whole (CI runs their quick subset)
AES_LONG ?= 100000
AES_LONG_ARCH ?= 0 2

.PHONY: aes-test aes-long
aes-test: setup
	$(ENV) python -m pytest -n $(JOBS) engines/aes/tests

aes-long: setup
	$(ENV) AES_LONG=$(AES_LONG) AES_LONG_ARCH="$(AES_LONG_ARCH)" python -m pytest -s -m long \
	  engines/aes/tests/test_aes.py
