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
#include "config-file.h"

#define GICD_BASE	0x08000000
#define GICC_BASE	0x08010000
#define GICH_BASE	0x08030000
#define GICV_BASE	0x08040000

static const struct {
	struct jh_system_desc sys;
	uint64_t cpus[1];
	struct jh_memory_region mem_regions[10];
	struct jh_irqchip irqchips[2];
	struct jh_pci_device pci_devices[1];
} JH_PACKED config CONFIG_OBJECT = {
	.sys = {
		.signature = JH_SYSTEM_SIGNATURE,
		.revision = JH_CONFIG_REVISION,
		.arch = JH_ARCH_ARM64,
		/* Top 16 MiB of RAM; Linux never sees it (mem=768M). */
		.hypervisor_memory = {
			.phys_start = 0x7f000000,
			.size = MiB(16),
		},
		/* Shared with Linux's console: output only, no IRQ. */
		.debug_console = {
			.address = 0x09000000,
			.size = 0x1000,
			.type = JH_CON_PL011,
		},
		.platform.arm64 = {
			.gicd_base = GICD_BASE,
			.gicc_base = GICC_BASE,
			.gich_base = GICH_BASE,
			.gicv_base = GICV_BASE,
			.gic_version = 2,
			.maintenance_irq = 25,
			.pci_ecam_base = 0x4010000000,
			.pci_ecam_end_bus = 255,
		},
		.root_cell = {
			.signature = JH_CELL_SIGNATURE,
			.revision = JH_CONFIG_REVISION,
			.arch = JH_ARCH_ARM64,
			.name = "qemu-virt-gicv2",
			.cpu_set_size = sizeof(config.cpus),
			.num_memory_regions = ARRAY_ITEMS(config.mem_regions),
			.num_irqchips = ARRAY_ITEMS(config.irqchips),
			.num_pci_devices = ARRAY_ITEMS(config.pci_devices),
		},
	},

	/* CPUs 0-3. */
	.cpus = { 0xf },

	.mem_regions = {
		/* RAM Linux runs in (mem=768M). */
		{
			.phys_start = 0x40000000,
			.virt_start = 0x40000000,
			.size = MiB(768),
			.flags = MEM_RAM,
		},
		/*
		 * Cell memory pool. Linux does not use it (mem=768M), but
		 * root owns it so that cell configs can take pieces of it
		 * and the driver can load images into them.
		 */
		{
			.phys_start = 0x70000000,
			.virt_start = 0x70000000,
			.size = MiB(240),
			.flags = MEM_RAM,
		},
		/* Flash: two CFI banks of 64 MiB. */
		{
			.phys_start = 0x00000000,
			.virt_start = 0x00000000,
			.size = MiB(128),
			.flags = MEM_DEVICE,
		},
		/* PL011 UART. */
		{
			.phys_start = 0x09000000,
			.virt_start = 0x09000000,
			.size = 0x1000,
			.flags = MEM_DEVICE,
		},
		/* PL031 RTC. */
		{
			.phys_start = 0x09010000,
			.virt_start = 0x09010000,
			.size = 0x1000,
			.flags = MEM_DEVICE,
		},
		/* fw_cfg (0x18 bytes used). */
		{
			.phys_start = 0x09020000,
			.virt_start = 0x09020000,
			.size = 0x1000,
			.flags = MEM_DEVICE,
		},
		/* PL061 GPIO (power-off key). */
		{
			.phys_start = 0x09030000,
			.virt_start = 0x09030000,
			.size = 0x1000,
			.flags = MEM_DEVICE,
		},
		/* virtio-mmio transports 0-31. */
		{
			.phys_start = 0x0a000000,
			.virt_start = 0x0a000000,
			.size = 0x4000,
			.flags = MEM_DEVICE,
		},
		/* PCI 32-bit MMIO window. */
		{
			.phys_start = 0x10000000,
			.virt_start = 0x10000000,
			.size = 0x2eff0000,
			.flags = MEM_DEVICE,
		},
		/* PCI I/O window. */
		{
			.phys_start = 0x3eff0000,
			.virt_start = 0x3eff0000,
			.size = KiB(64),
			.flags = MEM_DEVICE,
		},
		/*
		 * Left out on purpose: the 512 GiB 64-bit PCI window at
		 * 0x8000000000 (no device on the bench has a 64-bit BAR, and
		 * it would need a 40-bit stage-2 input range) and the empty
		 * dynamic platform bus at 0x0c000000.
		 */
	},

	/*
	 * Every SPI of the machine (QEMU virt has 256: INTIDs 32-287) belongs
	 * to root. PPIs and SGIs are per CPU and need no entry.
	 */
	.irqchips = {
		{
			.address = GICD_BASE,
			.pin_base = 32,
			.pin_bitmap = ALL_PINS,		/* 32-159 */
		},
		{
			.address = GICD_BASE,
			.pin_base = 160,
			.pin_bitmap = ALL_PINS,		/* 160-287 */
		},
	},

	/*
	 * The root cell owns every PCI device anyway; those listed here may
	 * go to a cell: QEMU's edu at 00:01.0 (configs/arm64/edu-dma.c).
	 */
	.pci_devices = {
		{ .type = JH_PCI_TYPE_DEVICE, .domain = 0, .bdf = 0x0008 },
	},
};
