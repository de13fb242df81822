# SPDX-License-Identifier: Apache-2.0
# fw/common.mk: shared build rules for every Cipher-V firmware program.
# A program's Makefile is three lines:
#   PROG := test_printf            # optional, defaults to the folder name
#   SRCS := main.c                 # the program's own sources (relative to its folder)
#   include ../../common.mk
# Optional: LIBS := crypto drivers (libraries from fw/<lib>/src/*.c, shared between programs
# built with the same flags: below), CFLAGS_EXTRA (every source, the libraries' too),
# PROG_CFLAGS (the program's own sources only: its test knobs, -DSEED=...), INCLUDES_EXTRA.
# A library's include/ folder is its public interface; a program that uses a library's plumbing
# as well (fw/drivers/internal: the coupling layer, the custom instructions) names that folder
# in INCLUDES_EXTRA, so the line between the two stays visible. Every library sees the status
# codes (fw/drivers/include/cv_status.h: one list for the software and the drivers).
# Outputs: build/fw/<prog>/<prog>.elf, .dis (disassembly), .map (build/fw-rvc/<prog> with FW_RVC=1,
# build/fw-zk/<prog> with FW_ZK=1, build/fw-rvc-zk/<prog> with both).
FW_ROOT := $(abspath $(dir $(lastword $(MAKEFILE_LIST))))
ROOT    := $(abspath $(FW_ROOT)/..)
PROG    ?= $(notdir $(CURDIR))
OUT     := $(ROOT)/build/fw/$(PROG)
GEN     := $(ROOT)/build/gen
LIBS    ?=
COMMA   := ,

CROSS   ?= riscv64-unknown-elf-
CC      := $(CROSS)gcc
AR      := $(CROSS)ar
OBJDUMP := $(CROSS)objdump
# TOOLCHAIN.md: rv32im + -misa-spec=2.2 keeps the CSR instructions and the rv32im multilib.
ARCH    := -march=rv32im -mabi=ilp32 -misa-spec=2.2
# FW_RVC=1 builds for RV32IMC, the core built with RVC = 1 (the default SoC's core is RV32IM),
# into build/fw-rvc/<prog>. GCC maps -march=rv32imc (no _z suffix) onto the rv32im/ilp32
# multilib (there is no rv32imc one), so picolibc and libgcc come in uncompressed, which an
# RV32IMC core runs as well; everything compiled here is compressed.
# RVC_ALIGN: functions and loop heads on 4-byte boundaries. A taken branch or call to a 32-bit
# instruction at an odd halfword needs two fetch words before it can issue (one cycle more than
# the same code without C); the padding sits before the loop, so it runs once per loop entry,
# not per iteration. The core bench (fw/rvc_report.py, core/tests/coresim.py's RVC_ALIGN, the
# same flags) measures it.
RVC_ALIGN := -falign-functions=4 -falign-loops=4
FW_RVC  ?= 0
ifeq ($(FW_RVC),1)
ARCH    := -march=rv32imc -mabi=ilp32 -misa-spec=2.2
CFLAGS_RVC := $(RVC_ALIGN)
OUT     := $(ROOT)/build/fw-rvc/$(PROG)
endif
# FW_ZK=1 builds for a core with the scalar-crypto extensions (core_top ZK = 1) into
# build/fw-zk/<prog> (build/fw-rvc-zk/<prog> with FW_RVC=1): it defines CV_ZK, which compiles in
# the `isa` backend (fw/crypto/src/cv_zk.h: each instruction in inline assembly between
# `.option arch, +zk...` and `.option pop`). -march stays as above: a `_z` suffix would select the
# rv64 multilib (TOOLCHAIN.md), and the compiler itself emits no Zbkb code, so everything but the
# isa backend (the sw baselines among it) is the same RV32IM(C) code as without FW_ZK.
FW_ZK   ?= 0
ifeq ($(FW_ZK),1)
CFLAGS_ZK := -DCV_ZK=1
OUT     := $(ROOT)/build/fw$(if $(filter 1,$(FW_RVC)),-rvc)-zk/$(PROG)
endif
# LIBCFLAGS: the flags of every source, the libraries' too; CFLAGS adds the program's own
# (INCLUDES_EXTRA, PROG_CFLAGS). Built up from the parts, not filtered out of CFLAGS: a flag in
# both CFLAGS_EXTRA and PROG_CFLAGS (-Os) stays in the libraries' flags.
INCLUDES := -I$(FW_ROOT)/runtime/include -I$(GEN) $(foreach l,$(LIBS),-I$(FW_ROOT)/$(l)/include) \
            $(if $(LIBS),-I$(FW_ROOT)/drivers/include)
LIBCFLAGS := $(ARCH) -O2 -std=c11 -Wall -Wextra -Werror -ffunction-sections -fdata-sections \
             -specs=picolibc.specs $(INCLUDES) $(CFLAGS_RVC) $(CFLAGS_ZK) $(CFLAGS_EXTRA)
# Integer-only printf/scanf from picolibc: small and fast (no floating point output).
LDFLAGS := $(ARCH) -specs=picolibc.specs -DPICOLIBC_INTEGER_PRINTF_SCANF -nostartfiles \
           -T $(FW_ROOT)/runtime/link.ld -Wl,--gc-sections -Wl,-Map,$(OUT)/$(PROG).map

# A program that links both the drivers and the RTOS gets the drivers' RTOS build: CV_DRV_OS
# (fw/drivers/internal/cv_drv_hook.h) and every API call wrapped with its engine's lock, the
# wrapped calls being the __wrap_ functions of fw/drivers/src/cv_drv_os_*.c (one list, read here).
ifneq ($(filter drivers,$(LIBS)),)
ifneq ($(filter rtos,$(LIBS)),)
LIBCFLAGS += -DCV_DRV_OS
LDFLAGS += $(patsubst __wrap_%,-Wl$(COMMA)--wrap=%,$(sort $(shell grep -ho '__wrap_cv_[a-z0-9_]*' \
             $(FW_ROOT)/drivers/src/cv_drv_os_*.c)))
endif
endif
CFLAGS  := $(LIBCFLAGS) $(INCLUDES_EXTRA) $(PROG_CFLAGS)

RT_SRCS := $(FW_ROOT)/runtime/crt0.S $(wildcard $(FW_ROOT)/runtime/*.c)
RT_OBJS := $(patsubst $(FW_ROOT)/runtime/%,$(OUT)/runtime/%.o,$(RT_SRCS))
OBJS    := $(patsubst %,$(OUT)/obj/%.o,$(SRCS))
DEPS    := $(RT_OBJS:.o=.d) $(OBJS:.o=.d)

.PHONY: all clean
all: $(OUT)/$(PROG).elf $(OUT)/$(PROG).dis

# The generated headers, written together by one run of tools/memmap.py (touched so that a run
# that changes none of them still leaves them newer than their sources).
GEN_HDRS := $(GEN)/cv_memmap.h $(GEN)/cv_consts.h $(GEN)/cv_status_codes.h
$(GEN_HDRS) &: $(ROOT)/tools/memmap.py $(ROOT)/soc/memmap.toml $(wildcard $(ROOT)/soc/regs/*.toml) \
               $(wildcard $(ROOT)/engines/*/regs.toml) $(wildcard $(ROOT)/coupling/regs/*.toml) \
               $(ROOT)/fw/drivers/status.toml
	cd $(ROOT) && python3 tools/memmap.py && touch $(GEN_HDRS)

$(OUT)/runtime/%.o: $(FW_ROOT)/runtime/% $(GEN_HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -MMD -MP -c $< -o $@

$(OUT)/obj/%.o: % $(GEN_HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -MMD -MP -c $< -o $@

# The libraries (fw/<lib>/src/*.c and *.S, compiled with the library's internal/ folder) are
# built once per set of compile flags, in build/fw-lib/<hash of the flags>/, and shared by every
# program built with those flags (fw/lib.mk). The flags are LIBCFLAGS (above): the program's
# without its INCLUDES_EXTRA and PROG_CFLAGS, which are the program's own and no library's
# business. Programs built in parallel (the tests do) take the folder's lock, so one builds while
# the others wait and then find the archives up to date.
LIBOUT  := $(ROOT)/build/fw-lib/$(shell printf '%s' '$(LIBCFLAGS)' | md5sum | cut -c1-12)
LIBAS   := $(foreach l,$(LIBS),$(LIBOUT)/libcv_$(l).a)

.PHONY: FORCE
FORCE:
$(LIBAS) &: $(GEN_HDRS) FORCE
	@mkdir -p $(LIBOUT)
	@flock $(LIBOUT)/.lock $(MAKE) -s --no-print-directory -f $(FW_ROOT)/lib.mk FW_ROOT=$(FW_ROOT) \
	  LIBOUT=$(LIBOUT) LIBS='$(LIBS)' CC='$(CC)' AR='$(AR)' LIBCFLAGS='$(LIBCFLAGS)'

$(OUT)/$(PROG).elf: $(RT_OBJS) $(OBJS) $(LIBAS) $(FW_ROOT)/runtime/link.ld
	$(CC) $(LDFLAGS) -o $@ $(RT_OBJS) $(OBJS) $(LIBAS)

$(OUT)/$(PROG).dis: $(OUT)/$(PROG).elf
	$(OBJDUMP) -d $< > $@

clean:
	rm -rf $(OUT)

-include $(DEPS)
