# SPDX-License-Identifier: Apache-2.0
# fw/part.mk: firmware rules of the top Makefile.
#   make console   the interactive console (fw/programs/console) on the simulated SoC, with
#                  stdin/stdout as the UART. The harness sends one line per prompt ("cv> "),
#                  because the SoC's UART has no flow control; `quit` (or Ctrl-C) leaves.
#                  No cycle limit: the console waits for its user as long as it takes.
.PHONY: console drivers-long
console: setup gen $(SIM_BIN)
	@$(ENV) $(MAKE) -s -C fw/programs/console
	@$(SIM_BIN) --quiet --max-cycles 0 --rx-prompt "cv> " build/fw/console/console.elf

# The drivers' long tests (marker `long`): the AES and lightweight drivers' misuse programs
# built -Os, and the AEAD driver on SoCs built with AES_AEAD = 1 and CHACHA_AEAD = 1.
drivers-long: setup gen
	$(ENV) python -m pytest -q -m long fw/drivers/tests

include fw/rtos/part.mk

# Code size of every program and the core bench's cycles, with and without the C extension:
# docs/results/rvc.md (fw/rvc_report.py)
.PHONY: rvc-report
rvc-report: setup gen
	$(ENV) python fw/rvc_report.py
