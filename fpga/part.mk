# SPDX-License-Identifier: Apache-2.0
# fpga/part.mk: `make bitstream BOARD=<board>` (fpga/boards/<board>.toml; default ulx3s): the
# default SoC with the console firmware, synthesized, placed and routed for the board's part
# and packed into build/fpga/<board>/<board>.bit; fails if timing is not met at the board's
# clock. About 40 minutes on one core (fpga/README.md).
BOARD ?= ulx3s
.PHONY: bitstream
bitstream: setup gen
	$(ENV) python fpga/bitstream.py --board $(BOARD)
