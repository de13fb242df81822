# SPDX-License-Identifier: Apache-2.0
# SHA-3 engine rules (included by the top Makefile).
#   make sha3-test    the CI tests of the SHA-3 engine only (model, Verilator, Icarus smoke)
#   make sha3-long    every CAVP record (ShortMsg, LongMsg, VariableOut) and SHA3_MONTE
#                     Monte Carlo checkpoints (default 1; the file has 100, ~5 min each)
#   make sha3-synth   7-series LUT/FF count (the synth/ flow, this block only)
SHA3_MONTE ?= 1

.PHONY: sha3-test sha3-long sha3-synth
sha3-test: setup
	$(ENV) python -m pytest engines/sha3/tests

sha3-long: setup
	$(ENV) SHA3_FULL=1 SHA3_MONTE_CHECKPOINTS=$(SHA3_MONTE) python -m pytest -s \
	  engines/sha3/tests/test_sha3.py -k verilator

sha3-synth:
	$(MAKE) --no-print-directory synth SYNTH_ONLY=sha3 SYNTH_FAMILY=xilinx7
