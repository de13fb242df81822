# SPDX-License-Identifier: Apache-2.0
# soc/part.mk: file rules for the generated memory-map products (the top Makefile's `gen` target
# always regenerates; these let file targets depend on the generated headers without a phony).
GEN_SOURCES := tools/memmap.py soc/memmap.toml $(wildcard soc/regs/*.toml) $(wildcard engines/*/regs.toml) \
               $(wildcard coupling/regs/*.toml) fw/drivers/status.toml tools/consts.py
GEN_HEADERS := build/gen/soc_memmap.vh build/gen/cv_memmap.h build/gen/cv_consts.h \
               build/gen/cv_status_codes.h

$(GEN_HEADERS) &: $(GEN_SOURCES)
	@$(ENV) python tools/memmap.py && touch $(GEN_HEADERS)

# The SoC's long tests (marker `long`): the Icarus cross-check of test_printf and test_irq.
.PHONY: soc-long
soc-long: setup gen
	$(ENV) python -m pytest -q -m long soc/tests
