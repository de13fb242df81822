# SPDX-License-Identifier: Apache-2.0
# fw/lib.mk: builds the firmware libraries fw/<lib>/src/*.c and *.S into
# $(LIBOUT)/libcv_<lib>.a, each compiled with $(LIBCFLAGS) and the library's internal/ folder.
# Called by fw/common.mk under the lock of $(LIBOUT) (one folder per set of flags, shared by the
# programs built with them); not meant to be run by hand.
.PHONY: all
all: $(foreach l,$(LIBS),$(LIBOUT)/libcv_$(l).a)

DEPS :=
define LIB_RULES
$(LIBOUT)/$(1)/%.o: $(FW_ROOT)/$(1)/src/%.c
	@mkdir -p $$(dir $$@)
	$$(CC) $$(LIBCFLAGS) -I$(FW_ROOT)/$(1)/internal -MMD -MP -c $$< -o $$@
$(LIBOUT)/$(1)/%.S.o: $(FW_ROOT)/$(1)/src/%.S
	@mkdir -p $$(dir $$@)
	$$(CC) $$(LIBCFLAGS) -I$(FW_ROOT)/$(1)/internal -MMD -MP -c $$< -o $$@
$(LIBOUT)/libcv_$(1).a: $(patsubst $(FW_ROOT)/$(1)/src/%.c,$(LIBOUT)/$(1)/%.o,$(wildcard $(FW_ROOT)/$(1)/src/*.c)) \
                        $(patsubst $(FW_ROOT)/$(1)/src/%.S,$(LIBOUT)/$(1)/%.S.o,$(wildcard $(FW_ROOT)/$(1)/src/*.S))
	@rm -f $$@
	$$(AR) rcs $$@ $$^
DEPS += $(patsubst $(FW_ROOT)/$(1)/src/%.c,$(LIBOUT)/$(1)/%.d,$(wildcard $(FW_ROOT)/$(1)/src/*.c)) \
        $(patsubst $(FW_ROOT)/$(1)/src/%.S,$(LIBOUT)/$(1)/%.S.d,$(wildcard $(FW_ROOT)/$(1)/src/*.S))
endef
$(foreach l,$(LIBS),$(eval $(call LIB_RULES,$(l))))

-include $(DEPS)
