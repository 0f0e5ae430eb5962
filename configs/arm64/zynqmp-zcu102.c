/* SPDX-License-Identifier: GPL-2.0 */
/*
 * System config for the Xilinx ZCU102 (ZynqMP) machine model of the bench
 * (tests/scenarios/arm64-zcu102.scn, Documentation/boards.md):
 *
 *   qemu-system-aarch64 -machine xlnx-zcu102,virtualization=on -m 2G
 *       -dtb zynqmp-zcu102-rev1.0.dtb (from the kernel's own package)
 *   Linux: earlycon=cdns,mmio,0xff000000,115200 mem=1792M kvm-arm.mode=none
 *
 * Made from board-zcu102.c, which "jailhouse config create" wrote from the
 * same device tree for the real board (4 GiB, mem=3840M); changed for the
 * model and the bench:
 *   - RAM: the model has the 2 GiB of the low DDR bank at 0 (QEMU rewrites
 *     the device tree's memory node). Linux keeps 0x00000000-0x6fffffff
 *     (mem=1792M), the cell pool is 0x70000000-0x7effffff and the
 *     hypervisor the top 16 MiB, the same addresses as on QEMU virt, so
 *     the demo cells' memory is where it is there. On the real board add
 *     the high DDR bank (0x800000000) and move the reservation up as
 *     board-zcu102.c does.
 *   - Left out: the PCIe controller's ECAM and windows (QEMU's ZynqMP has
 *     no PCIe; the ECAM at 0x8000000000 would need a 40-bit stage-2 input
 *     range).
 *   - The second Cadence UART (0xff010000) stays with root here; cells may
 *     take it (zcu102-*.c).
 *
 * GIC-400 frames (node interrupt-controller@f9010000): GICD 0xf9010000
 * (emulated), GICC 0xf902f000 and GICV 0xf906f000 (the 4 KiB aliases, so
 * that the 8 KiB CPU interface is contiguous; Linux "adjusts" to the
 * same), GICH 0xf9040000; maintenance interrupt PPI 9 (INTID 25); SPIs
 * 32-191.
 */
#include "config-file.h"

#define GICD_BASE	0xf9010000

static const struct {
	struct jh_system_desc sys;
	uint64_t cpus[1];
	struct jh_memory_region mem_regions[32];
	struct jh_irqchip irqchips[2];
} JH_PACKED config CONFIG_OBJECT = {
	.sys = {
		.signature = JH_SYSTEM_SIGNATURE,
		.revision = JH_CONFIG_REVISION,
		.arch = JH_ARCH_ARM64,
		/* Top 16 MiB of the 2 GiB; Linux never sees it (mem=1792M). */
		.hypervisor_memory = {
			.phys_start = 0x7f000000,
			.size = MiB(16),
		},
		/*
		 * UART0 (/chosen stdout-path), shared with Linux's earlycon:
		 * output only.
		 */
		.debug_console = {
			.address = 0xff000000,
			.size = 0x1000,
			.type = JH_CON_CADENCE,
		},
		.platform.arm64 = {
			.gicd_base = GICD_BASE,
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
			.name = "zynqmp-zcu102",
			.cpu_set_size = sizeof(config.cpus),
			.num_memory_regions = ARRAY_ITEMS(config.mem_regions),
			.num_irqchips = ARRAY_ITEMS(config.irqchips),
		},
	},

	/* CPUs 0-3 (the four Cortex-A53). */
	.cpus = { 0xf },

	.mem_regions = {
		/* RAM Linux runs in (mem=1792M). */
		{
			.phys_start = 0x0,
			.virt_start = 0x0,
			.size = MiB(1792),
			.flags = MEM_RAM,
		},
		/*
		 * Cell memory pool: Linux does not use it, root owns it so
		 * that cells can take pieces and the driver can load images.
		 */
		{
			.phys_start = 0x70000000,
			.virt_start = 0x70000000,
			.size = MiB(240),
			.flags = MEM_RAM,
		},
		/* Devices, from the device tree (as config create found them). */
		/* spi@ff0f0000 */
		{
			.phys_start = 0xc0000000,
			.virt_start = 0xc0000000,
			.size = MiB(128),
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
	},

	/*
	 * Every SPI of the GIC-400 (160: INTIDs 32-191) belongs to root.
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
			.pin_bitmap = { 0xffffffff },	/* 160-191 */
		},
	},
};
