# SPDX-License-Identifier: Apache-2.0
# core/part.mk: rules of the RV32IM core (included by the top Makefile).
.PHONY: core-test core-long lockstep lockstep-long
INSNS ?= 200000
SEED ?= 1

core-test: setup
	$(ENV) python -m pytest -q core/tests

lockstep: setup
	$(ENV) python core/lockstep/lockstep.py --insns $(INSNS) --seed $(SEED)

lockstep-long: setup
	$(ENV) python core/lockstep/lockstep.py --insns 10000000 --seed $(SEED)

# The core's long tests (marker `long`): the fetch's formal check at 12 cycles, 200,000 random
# scalar-crypto vectors against Spike, lockstep seeds 12 to 14.
core-long: setup gen
	$(ENV) python -m pytest -q -m long core/tests
