# SPDX-License-Identifier: Apache-2.0
# synth/part.mk: hardware cost (included by the top Makefile).
#   make synth      every block of synth/blocks.toml on 7-series, ECP5 (+ nextpnr Fmax) and iCE40:
#                   build/synth/results.json, results.md, a table beside the papers' figures, the
#                   committed docs/results/synth.md and synth-summary.json, then the README's
#                   headline table (tools/readme_results.py); fails on a structural check
#                   (latch, multiple drivers, undriven, loop, ...)
#   make synth-ci   the CI subset alone (synth/tests: one 7-series run per block family)
#   SYNTH_ONLY=core,aes:rolled  SYNTH_FAMILY=xilinx7,ecp5  restrict `make synth` (build/synth
#                   only: docs/results keeps the last full run)
SYNTH_ONLY ?=
SYNTH_FAMILY ?= xilinx7,ecp5,ice40,asic

.PHONY: synth synth-ci
synth: setup gen
	$(ENV) python synth/run.py --jobs $(JOBS) --family $(SYNTH_FAMILY) \
	  $(if $(SYNTH_ONLY),--only $(SYNTH_ONLY),--docs docs/results)
	$(if $(SYNTH_ONLY),,$(ENV) python tools/readme_results.py)

synth-ci: setup gen
	$(ENV) python -m pytest -n $(JOBS) synth/tests
