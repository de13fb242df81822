# SPDX-License-Identifier: Apache-2.0
# ip/litex/part.mk: the LiteX demo (ip/README.md, "LiteX"), included by ip/part.mk.
#   make litex-demo   installs the demo's packages (tools/setup.sh litex), generates a LiteX SoC
#                     (VexRiscv, the five engines over Wishbone), builds its firmware and its
#                     Verilator simulation, runs it, and fails unless every check passed
#                     (LITEX_ARGS: python -m ip.litex.demo --help). Not part of make test: the
#                     Verilator build of the SoC takes minutes.
.PHONY: litex-demo

litex-demo: gen
	@bash tools/setup.sh litex
	$(ENV) python -m ip.litex.demo $(LITEX_ARGS)
