# sim/part.mk: the Verilator C++ harness of the SoC and `make run ELF=path`.
# build/sim/verilator/cv_sim is rebuilt when any RTL of the SoC or the core, the generated map
# or the harness changes. TRACE=0 builds without waveform support. Waveforms are FST when lz4.h
# is installed (Verilator 5.048's FST writer needs Debian liblz4-dev), else VCD.
SIM_DIR     := build/sim/verilator
SIM_BIN     := $(SIM_DIR)/cv_sim
TRACE       ?= 1
MAX_CYCLES  ?= 1000000000   # `make run` stops (exit 124) after this many cycles; 0 = no limit
SIM_RTL     := $(wildcard soc/rtl/*.v core/rtl/*.v) soc/rtl/sources.f $(wildcard core/rtl/sources.f)
SIM_VFLAGS  := --cc --exe --build -j 2 -O3 --x-assign fast --x-initial fast --noassert \
               -Wno-fatal -Wno-lint -Wno-style --top-module soc_top -Ibuild/gen \
               -CFLAGS "-O2 -I$(CURDIR)/build/gen" $(if $(filter 1,$(TRACE)),$(if $(wildcard /usr/include/lz4.h),--trace-fst,--trace))

$(SIM_BIN): $(SIM_RTL) sim/verilator/cv_sim.cpp build/gen/soc_memmap.vh sim/part.mk
	@mkdir -p $(SIM_DIR)
	$(ENV) verilator $(SIM_VFLAGS) --Mdir $(SIM_DIR)/obj -f soc/rtl/sources.f \
	  $(CURDIR)/sim/verilator/cv_sim.cpp -o $(CURDIR)/$(SIM_BIN) > $(SIM_DIR)/build.log 2>&1 \
	  || (tail -40 $(SIM_DIR)/build.log; exit 1)

.PHONY: sim-build
sim-build: $(SIM_BIN)

run: setup $(SIM_BIN)
	@test -n "$(ELF)" || (echo "usage: make run ELF=path/to/program.elf [MAX_CYCLES=N]"; exit 2)
	@$(SIM_BIN) --max-cycles $(MAX_CYCLES) $(ELF)
