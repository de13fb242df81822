# SPDX-License-Identifier: Apache-2.0
# PRESENT engine rules (included by the top Makefile).
#   make present-synth  7-series LUT/FF of each key-size configuration (the synth/ flow)
.PHONY: present-synth
present-synth:
	$(MAKE) --no-print-directory synth SYNTH_ONLY=present SYNTH_FAMILY=xilinx7
