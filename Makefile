# SPDX-License-Identifier: Apache-2.0
# Cipher-V top-level Makefile. Each part adds its own rules in <part>/part.mk.
# Every target that needs a tool depends on `setup`, which installs what is missing (idempotent).
SHELL := /bin/bash
.DEFAULT_GOAL := help
ENV := source tools/env.sh &&
JOBS ?= 2

.PHONY: help setup gen test lint bench run synth energy lockstep console clean
help:
	@echo "make bench     run the benchmark and the campaigns (docs/results/bench.md, plots)"
	@echo "make test      run the whole test suite (JUnit: build/test/junit.xml)"
	@echo "make lint      Verilator -Wall lint of all RTL"
	@echo "make run ELF=path     run one firmware image on the default SoC (MAX_CYCLES=N: sim/README.md)"
	@echo "make console   interactive console on the simulated SoC (stdin/stdout = UART)"
	@echo "make synth     area and Fmax of every block (docs/results/synth.md)"
	@echo "make energy    energy per operation from gate-level simulation (docs/results/energy.md)"
	@echo "make adversarial   hostile-input campaigns and proofs (docs/results/adversarial.md)"
	@echo "make lockstep INSNS=N SEED=S   random-instruction lockstep against Spike"

setup:
	@bash tools/setup.sh

# Generated headers and tables from the single map sources (soc/memmap.toml, engines/*/regs.toml).
gen: setup
	@$(ENV) python tools/memmap.py

test: setup gen
	@mkdir -p build/test
	$(ENV) python -m pytest -n $(JOBS) --junitxml=build/test/junit.xml $(PYTEST_ARGS)

lint: setup gen
	$(ENV) python tools/lint.py

clean:
	rm -rf build

include $(sort $(wildcard */part.mk engines/*/part.mk))
