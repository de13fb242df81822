# SPDX-License-Identifier: Apache-2.0
# PRINCE engine rules (included by the top Makefile).
#   make prince-synth   7-series LUT/FF of each datapath configuration (the synth/ flow)
#   make prince-long    the long bench runs of PRINCE and PRESENT (unrolled PRINCE on Verilator,
#                       every PRESENT RPC=2 test on Icarus)
.PHONY: prince-synth prince-long
prince-synth:
	$(MAKE) --no-print-directory synth SYNTH_ONLY=prince SYNTH_FAMILY=xilinx7

prince-long: setup
	$(ENV) CV_LONG=1 python -m pytest -m "long or not long" engines/prince/tests engines/present/tests
