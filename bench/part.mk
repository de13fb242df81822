# bench/part.mk: `make bench` builds the SoC harness and the benchmark firmware, runs every case of
# bench/cases.toml, checks every output, and writes build/bench/results.json, results.md, *.png.
bench: setup gen
	$(ENV) python bench/run.py
	$(ENV) python tools/readme_results.py bench
