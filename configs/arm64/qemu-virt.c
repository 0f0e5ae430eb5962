/* SPDX-License-Identifier: GPL-2.0 */
/*
 * System config for the arm64 bench machine:
 *
 *   qemu-system-aarch64 -machine virt,gic-version=3,virtualization=on,its=off
 *       -cpu cortex-a57 -smp 4 -m 1G, Linux booted with mem=768M
 *
 * Physical memory map used below (QEMU virt):
 *   0x00000000  flash, 2 banks of 64 MiB
 *   0x08000000  GICD, 0x080a0000  GICR (one 128 KiB frame per CPU):
 *               emulated by the hypervisor, so not given to root
 *   0x09000000  PL011 UART (Linux console, hypervisor debug console)
 *   0x09010000  PL031 RTC, 0x09020000 fw_cfg, 0x09030000 PL061 GPIO
 *   0x0a000000  32 virtio-mmio transports of 0x200 bytes
 *   0x10000000  PCI MMIO window, 0x3eff0000 PCI I/O window
 *   0x40000000  RAM, 1 GiB: Linux 0x40000000-0x6fffffff (mem=768M),
 *               cell pool 0x70000000-0x7effffff less 0x71400000-0x71403fff
 *               (link 2's memory), hypervisor 0x7f000000
 *   0x3ef00000  top of the PCI MMIO window, kept from root's regions: the
 *               root end of link 2 (BAR2 = its shared memory, BAR0/1 at
 *               0x3ef10000), device 00:02.0, INTA = SPI 37
 *   0x4010000000 PCI ECAM, buses 0-255: trapped by the hypervisor for
 *               every cell (platform.arm64.pci_ecam_base), so not given
 *               to root as memory
 *
 * A variant of the machine includes this file after defining
 * QEMU_VIRT_IOMMUS (the system config's iommus[] initialiser), or
 * QEMU_VIRT_GIC (the GIC fields of platform.arm64) and QEMU_VIRT_NAME.
 */
#include "config-file.h"

#define GICD_BASE	0x08000000
#define GICR_BASE	0x080a0000
#define GICR_STRIDE	0x20000		/* RD_base + SGI_base frames */

#ifndef QEMU_VIRT_GIC
#define QEMU_VIRT_GIC							\
	.gicd_base = GICD_BASE,						\
	.gicr_base = GICR_BASE,						\
	.gicr_stride = GICR_STRIDE,					\
	.gic_version = 3
#endif
#ifndef QEMU_VIRT_NAME
#define QEMU_VIRT_NAME	"qemu-virt"
#endif
/* The root link end's slot and INTx (qemu-virt-link-clash.c moves it). */
#ifndef QEMU_VIRT_LINK_BDF
#define QEMU_VIRT_LINK_BDF	0x0010		/* 00:02.0 */
#define QEMU_VIRT_LINK_IRQ	37
#endif

static const struct {
	struct jh_system_desc sys;
	uint64_t cpus[1];
	struct jh_memory_region mem_regions[11];
	struct jh_irqchip irqchips[2];
	struct jh_pci_device pci_devices[2];
	struct jh_link links[1];
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
			QEMU_VIRT_GIC,
			.maintenance_irq = 25,
			.pci_ecam_base = 0x4010000000,
			.pci_ecam_end_bus = 255,
		},
#ifdef QEMU_VIRT_IOMMUS
		.iommus = QEMU_VIRT_IOMMUS,
#endif
		.root_cell = {
			.signature = JH_CELL_SIGNATURE,
			.revision = JH_CONFIG_REVISION,
			.arch = JH_ARCH_ARM64,
			.name = QEMU_VIRT_NAME,
			.cpu_set_size = sizeof(config.cpus),
			.num_memory_regions = ARRAY_ITEMS(config.mem_regions),
			.num_irqchips = ARRAY_ITEMS(config.irqchips),
			.num_pci_devices = ARRAY_ITEMS(config.pci_devices),
			.num_links = ARRAY_ITEMS(config.links),
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
		 * and the driver can load images into them. Two pieces around
		 * link 2's 16 KiB at 0x71400000, which the root reaches only
		 * through its end of the link. The second piece is the last
		 * region (the others keep their indices).
		 */
		{
			.phys_start = 0x70000000,
			.virt_start = 0x70000000,
			.size = MiB(20),
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
		/*
		 * PCI 32-bit MMIO window, less its top 0xf0000 bytes: the
		 * root end of link 2 sits there (Linux assigns BARs from the
		 * bottom of the window).
		 */
		{
			.phys_start = 0x10000000,
			.virt_start = 0x10000000,
			.size = 0x2ef00000,
			.flags = MEM_DEVICE,
		},
		/* PCI I/O window. */
		{
			.phys_start = 0x3eff0000,
			.virt_start = 0x3eff0000,
			.size = KiB(64),
			.flags = MEM_DEVICE,
		},
		/* Cell memory pool, second piece (above link 2's memory). */
		{
			.phys_start = 0x71404000,
			.virt_start = 0x71404000,
			.size = 0x7f000000 - 0x71404000,
			.flags = MEM_RAM,
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
	 * go to a cell: QEMU's edu at 00:01.0 (configs/arm64/edu-dma.c) and
	 * the PCI serial card at 00:03.0 (configs/arm64/linux-cell.c).
	 */
	.pci_devices = {
		{ .type = JH_PCI_TYPE_DEVICE, .domain = 0, .bdf = 0x0008 },
		{ .type = JH_PCI_TYPE_DEVICE, .domain = 0, .bdf = 0x0018 },
	},

	/*
	 * The root's end of link 2 (Documentation/ivshmem.md), peer 0; the
	 * other end is configs/arm64/link-root.c. The device is 00:02.0 of
	 * root's PCI bus: QEMU virt's interrupt-map gives slot 2's INTA SPI
	 * 3 + 2 = INTID 37, a line no device of the bench drives (edu, in
	 * slot 1, has 36). Linux sees the shared memory as BAR2 at
	 * 0x3ef00000 and the registers as BAR0 at 0x3ef10000.
	 */
	.links = {
		{
			.id = 2,
			.peer_id = 0,
			.num_peers = 2,
			.domain = 0,
			.bdf = QEMU_VIRT_LINK_BDF,
			.irq = QEMU_VIRT_LINK_IRQ,
			.shmem_phys = 0x71400000,
			.shmem_virt = 0x3ef00000,
			.state_table_size = KiB(4),
			.rw_size = KiB(4),
			.out_size = KiB(4),
			.mmio_base = 0x3ef10000,
		},
	},
};
