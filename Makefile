# SPDX-License-Identifier: GPL-2.0
#
# Top-level build. Everything for one architecture lands in build/$(ARCH)/:
#
#   make [ARCH=arm64|x86] [CROSS_COMPILE=...] [KDIR=...]
#   make install [DESTDIR=...] [prefix=/usr/local]
#   make unit-test     host unit tests
#   make misra         MISRA C:2012 check of the hypervisor (cppcheck)
#   make coverage      hypervisor coverage from the QEMU scenarios on both
#                      arches, unit-test coverage beside it (tests/coverage/run)
#   make check         unit tests and every QEMU scenario on both arches
#   make check-vmx     the Bochs (Intel VMX) scenarios, tests/bench/run-bochs
#   make bench         realtime figures under QEMU -icount (tests/perf/bench;
#                      BENCH_ARCHES=arm64 for one arch), not in make check
#   make check-kernels the smoke subset and a dkms build on every supported
#                      kernel (tests/kernels/run)
#   make check-rt      Debian's PREEMPT_RT kernel in a Linux cell running
#                      cyclictest, beside the root's, under -icount
#                      (tests/rt/; make check runs it too)
#   make dkms-install  register the module with DKMS, build and install it
#                      for KDIR's kernel; make dkms-remove undoes it
#
# Subdirectory Makefiles are plain recursive make; they get their tools and
# paths from the variables exported here.

HOST_ARCH := $(shell uname -m | sed -e s/x86_64/x86/ -e s/aarch64/arm64/)
ARCH ?= $(HOST_ARCH)
ifneq ($(ARCH),arm64)
ifneq ($(ARCH),x86)
$(error ARCH must be arm64 or x86, not "$(ARCH)")
endif
endif

ifeq ($(ARCH),$(HOST_ARCH))
CROSS_COMPILE ?=
else ifeq ($(ARCH),arm64)
CROSS_COMPILE ?= aarch64-linux-gnu-
else
CROSS_COMPILE ?= x86_64-linux-gnu-
endif

KDIR ?= /lib/modules/$(shell uname -r)/build
SRCDIR := $(CURDIR)
BUILDDIR ?= $(SRCDIR)/build/$(ARCH)
prefix ?= /usr/local
DESTDIR ?=

CC := $(CROSS_COMPILE)gcc
LD := $(CROSS_COMPILE)ld
OBJCOPY := $(CROSS_COMPILE)objcopy
HOSTCC ?= gcc

# Version string baked into every binary: git describe, or "unknown" outside
# a checkout.
JH_VERSION := $(shell git -C $(SRCDIR) describe --always --dirty 2>/dev/null || echo unknown)
JH_VERSION := 0.1-$(JH_VERSION)

WARN_CFLAGS := -Wall -Wextra -Werror -Wno-unused-parameter
export ARCH CROSS_COMPILE KDIR SRCDIR BUILDDIR CC LD OBJCOPY HOSTCC \
	JH_VERSION WARN_CFLAGS prefix DESTDIR

SUBDIRS := hypervisor tools configs inmates tests/stress tests/dma tests/link

.PHONY: all $(SUBDIRS) driver install unit-test misra coverage check check-vmx \
	bench \
	check-kernels check-rt dkms-install dkms-remove clean

all: $(SUBDIRS) driver

$(SUBDIRS):
	@$(MAKE) -C $@ --no-print-directory

# The module needs kernel headers; without them the rest still builds.
driver:
	@if [ -d "$(KDIR)" ]; then \
		$(MAKE) -C driver --no-print-directory; \
	else \
		echo "driver: KDIR=$(KDIR) does not exist, module not built"; \
	fi

install: all
	@for d in $(SUBDIRS) driver; do \
		$(MAKE) -C $$d --no-print-directory install || exit 1; \
	done

unit-test:
	@$(MAKE) -C tests/unit --no-print-directory

# MISRA C:2012 findings against Documentation/misra-deviations.txt.
misra:
	@$(SRCDIR)/tests/misra/check

# Documentation/coverage.md; results under build/coverage/.
coverage:
	@$(SRCDIR)/tests/coverage/run

check:
	@$(SRCDIR)/tests/check

check-vmx:
	@$(SRCDIR)/tests/bench/run-bochs

# Realtime figures under QEMU -icount (tests/perf/bench, Documentation/perf.md).
bench:
	@$(SRCDIR)/tests/perf/bench $(BENCH_ARCHES)

check-kernels:
	@$(SRCDIR)/tests/kernels/run

# The Linux cell's realtime proof (Documentation/linux-cell.md).
check-rt:
	@JH_KERNEL=6.1-rt $(SRCDIR)/tests/bench/run arm64 \
		$(SRCDIR)/tests/rt/arm64-linux-cell-rt.scn

dkms-install:
	@$(SRCDIR)/driver/dkms/install $(JH_VERSION) $(KDIR)

dkms-remove:
	dkms remove -m jailhouse -v $(JH_VERSION) --all
	rm -rf /usr/src/jailhouse-$(JH_VERSION)

clean:
	rm -rf $(SRCDIR)/build
