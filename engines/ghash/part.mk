# SPDX-License-Identifier: Apache-2.0
# GHASH engine rules (included by the top Makefile).
#   make ghash-test    the CI tests of the GHASH engine only (model, Verilator, Icarus smoke)
#   make ghash-long    random differential campaign: GHASH_LONG messages (default 5000) and every
#                      first record of the CAVP gcmEncryptExtIV sections (1,575), for
#                      GHASH_DIGIT (default 16; 128 for the one-block-per-cycle build); then
#                      the bench on the DIGIT 128 build (marker `long`)
GHASH_LONG ?= 5000
GHASH_DIGIT ?= 16

.PHONY: ghash-test ghash-long
ghash-test: setup
	$(ENV) python -m pytest engines/ghash/tests

ghash-long: setup
	$(ENV) GHASH_RANDOM=$(GHASH_LONG) GHASH_CAVP=0 GHASH_DIGIT=$(GHASH_DIGIT) python -m pytest -s \
	  engines/ghash/tests/test_ghash.py -k "verilator and not digit128"
	$(ENV) python -m pytest -s -m long engines/ghash/tests/test_ghash.py
