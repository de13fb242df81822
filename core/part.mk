# SPDX-License-Identifier: Apache-2.0
# core/part.mk: rules of the RV32IM core (included by the top Makefile).
.PHONY: core-test core-long lockstep lockstep-long
INSNS ?= 200000
SEED ?= 1

core-test: setup
	$(ENV) python -m pytest -q core/tests

RVC ?= 0
ZK ?= 0

lockstep: setup
	$(ENV) python core/lockstep/lockstep.py --insns $(INSNS) --seed $(SEED) $(if $(filter 1,$(RVC)),--rvc) $(if $(filter 1,$(ZK)),--zk)

lockstep-long: setup
	$(ENV) python core/lockstep/lockstep.py --insns 10000000 --seed $(SEED) $(if $(filter 1,$(RVC)),--rvc) $(if $(filter 1,$(ZK)),--zk)

# The core's long tests (marker `long`): the fetch's formal check at 12 cycles (9 with C),
# 200,000 random scalar-crypto vectors against Spike, lockstep seeds 12 to 14 (and 22 to 24
# with C and Zkn).
core-long: setup gen
	$(ENV) python -m pytest -q -m long core/tests
