# SPDX-License-Identifier: Apache-2.0
# ChaCha20-Poly1305 engine rules (included by the top Makefile).
#   make chachapoly-test   the CI tests of the engine (model, Verilator, chacha_top's bench on it)
#   make chachapoly-long   every package record, Icarus, CHACHAPOLY_LONG random messages up to
#                          CHACHAPOLY_LONG_MAXLEN bytes; the cv_aead driver on a SoC built with
#                          CHACHA_AEAD = 1
CHACHAPOLY_LONG ?= 2000
CHACHAPOLY_LONG_MAXLEN ?= 4096

.PHONY: chachapoly-test chachapoly-long
chachapoly-test: setup
	$(ENV) python -m pytest -p no:xdist engines/chachapoly/tests

chachapoly-long: setup
	$(ENV) CHACHAPOLY_LONG=$(CHACHAPOLY_LONG) CHACHAPOLY_LONG_MAXLEN=$(CHACHAPOLY_LONG_MAXLEN) \
	  python -m pytest -s -m long -p no:xdist engines/chachapoly/tests
	$(ENV) python -m pytest -q -m long -p no:xdist fw/drivers/tests/test_chachapoly_drivers.py
