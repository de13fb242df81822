# SPDX-License-Identifier: Apache-2.0
# ChaCha engine rules (included by the top Makefile).
#   make chacha-test    the CI tests of the ChaCha engine only (model, Verilator, Icarus smoke)
#   make chacha-long    random differential campaign: CHACHA_LONG messages (default 2000)
#   make chacha-synth   7-series LUT/FF count (the synth/ flow, this block only)
CHACHA_LONG ?= 2000

.PHONY: chacha-test chacha-long chacha-synth
chacha-test: setup
	$(ENV) python -m pytest engines/chacha/tests

chacha-long: setup
	$(ENV) CHACHA_RANDOM=$(CHACHA_LONG) python -m pytest -s engines/chacha/tests/test_chacha.py \
	  -k verilator

chacha-synth:
	$(MAKE) --no-print-directory synth SYNTH_ONLY=chacha SYNTH_FAMILY=xilinx7
