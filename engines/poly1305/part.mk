# SPDX-License-Identifier: Apache-2.0
# Poly1305 engine rules (included by the top Makefile).
#   make poly1305-test    the CI tests of the Poly1305 engine only (model, Verilator, Icarus smoke)
#   make poly1305-long    random differential campaign: POLY1305_LONG messages (default 5000)
POLY1305_LONG ?= 5000

.PHONY: poly1305-test poly1305-long
poly1305-test: setup
	$(ENV) python -m pytest engines/poly1305/tests

poly1305-long: setup
	$(ENV) POLY1305_RANDOM=$(POLY1305_LONG) python -m pytest -s \
	  engines/poly1305/tests/test_poly1305.py -k verilator
