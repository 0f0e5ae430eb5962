# SPDX-License-Identifier: GPL-2.0
#
# One root-side guest program for ARCH, static like the CLI (the bench's
# initramfs has no libc), built from $(PROG_DIR)/$(PROG).c into
# $(BUILDDIR)/tests/<its directory>/. The top-level install puts it into
# $(DESTDIR)$(prefix)/bin.
#
# Before including, set PROG (the program's name), PROG_DIR (its
# directory, absolute) and optionally PROG_EXTRA (more .c files of
# PROG_DIR linked in) and PROG_DEPS (files it depends on).

SRCDIR ?= $(abspath $(PROG_DIR)/../..)
HOST_ARCH := $(shell uname -m | sed -e s/x86_64/x86/ -e s/aarch64/arm64/)
ARCH ?= $(HOST_ARCH)
BUILDDIR ?= $(SRCDIR)/build/$(ARCH)
ifeq ($(ARCH),$(HOST_ARCH))
CROSS_COMPILE ?=
else ifeq ($(ARCH),arm64)
CROSS_COMPILE ?= aarch64-linux-gnu-
else
CROSS_COMPILE ?= x86_64-linux-gnu-
endif
ifeq ($(origin CC),default)
CC := $(CROSS_COMPILE)gcc
endif
WARN_CFLAGS ?= -Wall -Wextra -Werror
prefix ?= /usr/local
OUT := $(BUILDDIR)/tests/$(notdir $(PROG_DIR))

.PHONY: all install clean

all: $(OUT)/$(PROG)

$(OUT)/$(PROG): $(PROG_DIR)/$(PROG).c $(PROG_DEPS)
	@mkdir -p $(OUT)
	$(CC) -std=gnu11 -O2 $(WARN_CFLAGS) -I$(SRCDIR)/include -static \
		-o $@ $< $(addprefix $(PROG_DIR)/,$(PROG_EXTRA))

install: all
	install -d $(DESTDIR)$(prefix)/bin
	install -m 755 $(OUT)/$(PROG) $(DESTDIR)$(prefix)/bin/$(PROG)

clean:
	rm -rf $(OUT)
