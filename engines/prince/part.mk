# PRINCE engine: area of each datapath configuration (build/synth/prince/results.json).
.PHONY: prince-synth
prince-synth: setup
	$(ENV) python engines/prince/synth_prince.py
