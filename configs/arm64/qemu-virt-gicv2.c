/* SPDX-License-Identifier: GPL-2.0 */
/*
 * System config for the arm64 bench machine with a GICv2
 * (tests/scenarios/arm64-gicv2.scn):
 *
 *   qemu-system-aarch64 -machine virt,gic-version=2,virtualization=on
 *       -cpu cortex-a57 -smp 4 -m 1G, Linux booted with mem=768M
 *
 * The same machine as qemu-virt.c but for the interrupt controller; the
 * GIC frames below come from the device tree QEMU 7.2 generates for it
 * (-machine ...,dumpdtb=FILE: node intc@8000000, "arm,cortex-a15-gic",
 * maintenance interrupt PPI 9, i.e. INTID 25):
 *   0x08000000  GICD   emulated by the hypervisor
 *   0x08010000  GICC   cells find the GICV frame here, never the GICC
 *   0x08020000  GICv2m MSI frame: not given to root (it could set any
 *               SPI of its range pending, a cell's too); Linux does PCI
 *               without MSIs
 *   0x08030000  GICH   the hypervisor's
 *   0x08040000  GICV   mapped to every cell at the GICC address
 * Everything else as in qemu-virt.c.
 */
#define QEMU_VIRT_GIC							\
	.gicd_base = 0x08000000,					\
	.gicc_base = 0x08010000,					\
	.gich_base = 0x08030000,					\
	.gicv_base = 0x08040000,					\
	.gic_version = 2
#define QEMU_VIRT_NAME	"qemu-virt-gicv2"
#include "qemu-virt.c"
