# SPDX-License-Identifier: Apache-2.0
# AEAD engine rules (included by the top Makefile).
#   make aead-test   the CI tests of the AEAD engine (model, Verilator rolled and pipelined,
#                    Icarus smoke)
#   make aead-long   every CAVP GCM and CCM record and AEAD_LONG random messages per mode
#                    (lengths up to AEAD_LONG_MAXLEN bytes) on both builds, and the model on
#                    every CAVP record; the hub with aead_top (coupling/tests) and the
#                    cv_aead driver on a SoC built with AES_AEAD = 1
AEAD_LONG ?= 2000
AEAD_LONG_MAXLEN ?= 4096

.PHONY: aead-test aead-long
aead-test: setup
	$(ENV) python -m pytest -n $(JOBS) engines/aead/tests

aead-long: setup
	$(ENV) AEAD_MODEL_ALL=1 python -m pytest -p no:xdist -q engines/aead/tests/test_aead_model.py
	$(ENV) AEAD_LONG=$(AEAD_LONG) AEAD_LONG_MAXLEN=$(AEAD_LONG_MAXLEN) python -m pytest -s -m long \
	  -p no:xdist engines/aead/tests/test_aead.py
	$(ENV) python -m pytest -q -m long -p no:xdist coupling/tests/test_cpl_engine.py \
	  fw/drivers/tests/test_aead_drivers.py
