# PRESENT engine: area of each key-size configuration (build/synth/present/results.json).
.PHONY: present-synth
present-synth: setup
	$(ENV) python engines/present/synth_present.py
