/* SPDX-License-Identifier: GPL-2.0 */
/*
 * System config for zynqmp-zcu102-rev1-0, written by "jailhouse config create".
 * Review it before use: it holds what Linux showed of the machine.
 *
 * Made on the host from the board's device tree in Debian 12's arm64 kernel
 * package (6.1.0-57, DEB = usr/lib/linux-image-6.1.0-57-arm64), as Linux
 * would show it booted at EL2 with mem= leaving room for the hypervisor:
 *
 *   tests/config-create/dtb-tree DEB/xilinx/zynqmp-zcu102-rev1.0.dtb /tmp/zt
 *   jailhouse config create --root /tmp/zt board-zcu102.c
 *
 * "make ARCH=arm64 configs check" validates it on its own. Not run on the
 * board or a machine model yet.
 *
 * Machine: ZynqMP ZCU102 Rev1.0, 4 CPUs (0-3), Linux mem=3840M.
 *
 * GICv2: GICD 0xf9010000, GICC 0xf902f000, GICH 0xf9040000, GICV 0xf906f000,
 * maintenance IRQ 25, SPIs 32-191.
 *
 * IOMMUs: none.
 *
 * Kernel command line: console=ttyPS0 mem=3840M kvm-arm.mode=none earlycon
 *
 * GIC-400 frames aliased over 64 KiB: GICC and GICV at +0xf000, as Linux
 * adjusts its CPU interface base.
 *
 * Left out: the pcie@fd0e0000 64-bit MMIO window 0x600000000-0x7ffffffff (no
 * device has a BAR there).
 *
 * Build it in configs/arm64/ (make ARCH=arm64 configs), or use the .cell that
 * --cell wrote; both are the same bytes.
 */
#include "config-file.h"

static const struct {
	struct jh_system_desc sys;
	uint64_t cpus[1];
	struct jh_memory_region mem_regions[37];
	struct jh_irqchip irqchips[2];
} JH_PACKED config CONFIG_OBJECT = {
	.sys = {
		.signature = JH_SYSTEM_SIGNATURE,
		.revision = JH_CONFIG_REVISION,
		.arch = JH_ARCH_ARM64,
		/*
		 * Hypervisor memory: 16 MiB at the top of the RAM Linux does
		 * not use (mem=3840M).
		 */
		.hypervisor_memory = {
			.phys_start = 0x87f000000,
			.size = MiB(16),
		},
		/* Debug console: serial@ff000000 (/chosen stdout-path). */
		.debug_console = {
			.address = 0xff000000,
			.size = 0x1000,
			.type = JH_CON_CADENCE,
		},
		.platform.arm64 = {
			.gicd_base = 0xf9010000,
			.gicc_base = 0xf902f000,
			.gich_base = 0xf9040000,
			.gicv_base = 0xf906f000,
			.gic_version = 2,
			.maintenance_irq = 25,
		},
		.root_cell = {
			.signature = JH_CELL_SIGNATURE,
			.revision = JH_CONFIG_REVISION,
			.arch = JH_ARCH_ARM64,
			.name = "zynqmp-zcu102-rev1-0",
			.cpu_set_size = sizeof(config.cpus),
			.num_memory_regions = ARRAY_ITEMS(config.mem_regions),
			.num_irqchips = ARRAY_ITEMS(config.irqchips),
		},
	},

	/* CPUs 0-3 (/sys/devices/system/cpu/possible). */
	.cpus = { 0xf },

	.mem_regions = {
		/* RAM Linux runs in (System RAM) */
		{
			.phys_start = 0x0,
			.virt_start = 0x0,
			.size = GiB(2),
			.flags = MEM_RAM,
		},
		/* spi@ff0f0000 */
		{
			.phys_start = 0xc0000000,
			.virt_start = 0xc0000000,
			.size = MiB(128),
			.flags = MEM_DEVICE,
		},
		/* pcie@fd0e0000 MMIO window */
		{
			.phys_start = 0xe0000000,
			.virt_start = 0xe0000000,
			.size = MiB(256),
			.flags = MEM_DEVICE,
		},
		/* memory-controller@fd070000 */
		{
			.phys_start = 0xfd070000,
			.virt_start = 0xfd070000,
			.size = KiB(192),
			.flags = MEM_DEVICE,
		},
		/* ahci@fd0c0000 */
		{
			.phys_start = 0xfd0c0000,
			.virt_start = 0xfd0c0000,
			.size = KiB(8),
			.flags = MEM_DEVICE,
		},
		/* pcie@fd0e0000 ECAM */
		{
			.phys_start = 0xfd0e0000,
			.virt_start = 0xfd0e0000,
			.size = KiB(4),
			.flags = MEM_DEVICE,
		},
		/* phy@fd400000 */
		{
			.phys_start = 0xfd3d0000,
			.virt_start = 0xfd3d0000,
			.size = KiB(4),
			.flags = MEM_DEVICE,
		},
		/* phy@fd400000 */
		{
			.phys_start = 0xfd400000,
			.virt_start = 0xfd400000,
			.size = KiB(256),
			.flags = MEM_DEVICE,
		},
		/* pcie@fd0e0000 ECAM */
		{
			.phys_start = 0xfd480000,
			.virt_start = 0xfd480000,
			.size = KiB(4),
			.flags = MEM_DEVICE,
		},
		/* display@fd4a0000 */
		{
			.phys_start = 0xfd4a0000,
			.virt_start = 0xfd4a0000,
			.size = KiB(4),
			.flags = MEM_DEVICE,
		},
		/* display@fd4a0000 */
		{
			.phys_start = 0xfd4aa000,
			.virt_start = 0xfd4aa000,
			.size = KiB(12),
			.flags = MEM_DEVICE,
		},
		/* dma-controller@fd4c0000 */
		{
			.phys_start = 0xfd4c0000,
			.virt_start = 0xfd4c0000,
			.size = KiB(4),
			.flags = MEM_DEVICE,
		},
		/* watchdog@fd4d0000 */
		{
			.phys_start = 0xfd4d0000,
			.virt_start = 0xfd4d0000,
			.size = KiB(4),
			.flags = MEM_DEVICE,
		},
		/* dma-controller@fd500000 */
		{
			.phys_start = 0xfd500000,
			.virt_start = 0xfd500000,
			.size = KiB(4),
			.flags = MEM_DEVICE,
		},
		/* dma-controller@fd510000 */
		{
			.phys_start = 0xfd510000,
			.virt_start = 0xfd510000,
			.size = KiB(4),
			.flags = MEM_DEVICE,
		},
		/* dma-controller@fd520000 */
		{
			.phys_start = 0xfd520000,
			.virt_start = 0xfd520000,
			.size = KiB(4),
			.flags = MEM_DEVICE,
		},
		/* dma-controller@fd530000 */
		{
			.phys_start = 0xfd530000,
			.virt_start = 0xfd530000,
			.size = KiB(4),
			.flags = MEM_DEVICE,
		},
		/* dma-controller@fd540000 */
		{
			.phys_start = 0xfd540000,
			.virt_start = 0xfd540000,
			.size = KiB(4),
			.flags = MEM_DEVICE,
		},
		/* dma-controller@fd550000 */
		{
			.phys_start = 0xfd550000,
			.virt_start = 0xfd550000,
			.size = KiB(4),
			.flags = MEM_DEVICE,
		},
		/* dma-controller@fd560000 */
		{
			.phys_start = 0xfd560000,
			.virt_start = 0xfd560000,
			.size = KiB(4),
			.flags = MEM_DEVICE,
		},
		/* dma-controller@fd570000 */
		{
			.phys_start = 0xfd570000,
			.virt_start = 0xfd570000,
			.size = KiB(4),
			.flags = MEM_DEVICE,
		},
		/* usb@fe200000 */
		{
			.phys_start = 0xfe200000,
			.virt_start = 0xfe200000,
			.size = KiB(256),
			.flags = MEM_DEVICE,
		},
		/* serial@ff000000 */
		{
			.phys_start = 0xff000000,
			.virt_start = 0xff000000,
			.size = KiB(4),
			.flags = MEM_DEVICE,
		},
		/* serial@ff010000 */
		{
			.phys_start = 0xff010000,
			.virt_start = 0xff010000,
			.size = KiB(4),
			.flags = MEM_DEVICE,
		},
		/* i2c@ff020000 */
		{
			.phys_start = 0xff020000,
			.virt_start = 0xff020000,
			.size = KiB(4),
			.flags = MEM_DEVICE,
		},
		/* i2c@ff030000 */
		{
			.phys_start = 0xff030000,
			.virt_start = 0xff030000,
			.size = KiB(4),
			.flags = MEM_DEVICE,
		},
		/* can@ff070000 */
		{
			.phys_start = 0xff070000,
			.virt_start = 0xff070000,
			.size = KiB(4),
			.flags = MEM_DEVICE,
		},
		/* gpio@ff0a0000 */
		{
			.phys_start = 0xff0a0000,
			.virt_start = 0xff0a0000,
			.size = KiB(4),
			.flags = MEM_DEVICE,
		},
		/* ethernet@ff0e0000 */
		{
			.phys_start = 0xff0e0000,
			.virt_start = 0xff0e0000,
			.size = KiB(4),
			.flags = MEM_DEVICE,
		},
		/* spi@ff0f0000 */
		{
			.phys_start = 0xff0f0000,
			.virt_start = 0xff0f0000,
			.size = KiB(4),
			.flags = MEM_DEVICE,
		},
		/* mmc@ff170000 */
		{
			.phys_start = 0xff170000,
			.virt_start = 0xff170000,
			.size = KiB(4),
			.flags = MEM_DEVICE,
		},
		/* mailbox@ff990400 */
		{
			.phys_start = 0xff990000,
			.virt_start = 0xff990000,
			.size = KiB(4),
			.flags = MEM_DEVICE,
		},
		/* usb@ff9d0000 */
		{
			.phys_start = 0xff9d0000,
			.virt_start = 0xff9d0000,
			.size = KiB(4),
			.flags = MEM_DEVICE,
		},
		/* rtc@ffa60000 */
		{
			.phys_start = 0xffa60000,
			.virt_start = 0xffa60000,
			.size = KiB(4),
			.flags = MEM_DEVICE,
		},
		/* RAM Linux runs in (System RAM) */
		{
			.phys_start = 0x800000000,
			.virt_start = 0x800000000,
			.size = MiB(1792),
			.flags = MEM_RAM,
		},
		/* RAM Linux does not use (mem=3840M): cell memory pool */
		{
			.phys_start = 0x870000000,
			.virt_start = 0x870000000,
			.size = MiB(240),
			.flags = MEM_RAM,
		},
		/* pcie@fd0e0000 ECAM */
		{
			.phys_start = 0x8000000000,
			.virt_start = 0x8000000000,
			.size = MiB(16),
			.flags = MEM_DEVICE,
		},
	},

	.irqchips = {
		/*
		 * SPIs, from the device tree (highest SPI in use, rounded up):
		 * 32-159
		 */
		{
			.address = 0xf9010000,
			.pin_base = 32,
			.pin_bitmap = ALL_PINS,
		},
		/*
		 * SPIs, from the device tree (highest SPI in use, rounded up):
		 * 160-191
		 */
		{
			.address = 0xf9010000,
			.pin_base = 160,
			.pin_bitmap = {
				0xffffffff, 0x00000000, 0x00000000, 0x00000000,
			},
		},
	},
};
