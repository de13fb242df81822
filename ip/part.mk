# SPDX-License-Identifier: Apache-2.0
# ip/part.mk: the engines as drop-in IP (ip/README.md), included by the top Makefile.
#   make ip-cores   rewrite the FuseSoC cores of ip/cores from the parts' rtl/sources.f
#   make ip-long    the long form of the wrappers' tests: Verilator, every CAVP vector of the
#                   files the CI samples, 60 random messages per bench, and every engine's
#                   known answer through FuseSoC's sim_wb targets too (IP_LONG=1), and the
#                   SoC's FuseSoC sim target running fw/programs/example_aes
#   make ip-area    the wrappers' LUT6 against the native register block: their xilinx7 entries
#                   of synth/blocks.toml, then docs/results/ip-area.md (ip/area.py)
# The CI size of the same tests runs in `make test` (ip/tests).
.PHONY: ip-cores ip-long ip-area

ip-cores: setup gen
	$(ENV) python ip/fusesoc.py

ip-long: setup gen
	$(ENV) IP_LONG=1 nice -n 5 python -m pytest -n $(JOBS) -m "long or not long" ip/tests

ip-area: setup gen
	$(ENV) python synth/run.py --family xilinx7 --only $$(python ip/area.py --entries)
	$(ENV) python ip/area.py --docs docs/results

include ip/litex/part.mk
