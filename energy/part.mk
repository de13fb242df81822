# SPDX-License-Identifier: Apache-2.0
# energy/part.mk: energy per operation (included by the top Makefile).
#   make energy      the gate netlist of the default SoC, its zero-delay simulator, the cases of
#                    energy/cases.toml and the idle program on it: build/energy/results.json,
#                    results.md and the committed docs/results/energy.md (energy/README.md)
#   make energy-ci   the CI subset alone (energy/tests; also part of `make test`)
.PHONY: energy energy-ci
energy: setup gen
	$(ENV) python energy/run.py --docs docs/results

energy-ci: setup gen
	$(ENV) python -m pytest -n $(JOBS) energy/tests
