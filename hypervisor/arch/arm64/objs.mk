# SPDX-License-Identifier: GPL-2.0
#
# arm64 part of the hypervisor: objects and flags (included by
# hypervisor/Makefile).

arch-objs := \
	arch/arm64/entry.o \
	arch/arm64/exception.o \
	arch/arm64/setup.o \
	arch/arm64/mmu.o \
	arch/arm64/cell.o \
	arch/arm64/cpu.o \
	arch/arm64/cpu_scrub.o \
	arch/arm64/traps.o \
	arch/arm64/sysreg.o \
	arch/arm64/inject.o \
	arch/arm64/psci.o \
	arch/arm64/smccc.o \
	arch/arm64/sdei.o \
	arch/arm64/gic/gic_ops.o \
	arch/arm64/gic/gic.o \
	arch/arm64/gic/vgic.o \
	arch/arm64/gic/gicd.o \
	arch/arm64/gic/v3/gicv3.o \
	arch/arm64/gic/v3/gicv3_lr.o \
	arch/arm64/gic/v3/gicv3_direct.o \
	arch/arm64/gic/v3/gicr.o \
	arch/arm64/gic/v2/gicv2.o \
	arch/arm64/gic/v2/gicv2_lr.o \
	arch/arm64/gic/v2/gicv2_gicd.o \
	arch/arm64/pci.o \
	arch/arm64/ivshmem.o \
	arch/arm64/smmuv3/smmuv3.o \
	arch/arm64/smmuv3/smmuv3_queue.o \
	console/uart_pl011.o \
	console/uart_cadence.o \
	console/uart_imx.o \
	console/uart_lpuart.o

# No FP/SIMD: guest FP state is never saved, so the hypervisor must not
# touch it. Atomics inline (no libgcc helpers).
arch-cflags := -march=armv8-a -mgeneral-regs-only -mno-outline-atomics \
	-mcmodel=small
arch-ldflags := -m aarch64elf
