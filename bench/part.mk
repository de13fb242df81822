# SPDX-License-Identifier: Apache-2.0
# bench/part.mk: `make bench` builds the SoC harness and the benchmark firmware, runs every case of
# bench/cases.toml, checks every output, and writes build/bench/results.json, results.md, *.png;
# then the adversarial campaigns at their CI size (adversarial/README.md) write their report,
# build/bench/adversarial.{json,md}. Both tables are spliced into the README.
bench: setup gen
	$(ENV) python bench/run.py
	$(MAKE) adversarial
	$(ENV) python tools/readme_results.py bench
	$(ENV) python tools/readme_results.py adversarial
