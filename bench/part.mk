# SPDX-License-Identifier: Apache-2.0
# bench/part.mk: `make bench` builds the SoC harness and the benchmark firmware, runs every case of
# bench/cases.toml and checks every output (bench/run.py: build/bench/results.json, results.md,
# plots; the committed docs/results/bench.md, bench-summary.json and the published plots), then
# runs the adversarial campaigns at their CI size (make adversarial: docs/results/adversarial.md),
# which ends by writing the README's headline table from the summaries (tools/readme_results.py).
bench: setup gen
	$(ENV) python bench/run.py
	$(MAKE) adversarial

# The benchmark machinery's long tests (marker `long`): cases grouped over two SoC builds.
.PHONY: bench-long
bench-long: setup gen
	$(ENV) python -m pytest -q -m long bench/tests
