/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Cell config for Linux in a cell on the ZCU102 model (zynqmp-zcu102.c;
 * Documentation/linux-cell.md, "On the ZCU102 (GICv2)"):
 *
 *   jailhouse cell linux zcu102-linux.cell Image -i initramfs.cpio.gz
 *
 * CPUs 2 and 3, 192 MiB of the cell pool (0x72000000-0x7dffffff, above
 * the 1 MiB demo cells at 0x70000000-0x703fffff) seen at the same
 * addresses, and the board's second Cadence UART (serial@ff010000, the
 * bench's second serial port) with its interrupt, SPI 22 (INTID 54). The
 * UART is the console: "cell linux" describes it from the root's device
 * tree and boots with console=ttyPS0 and earlycon on it.
 *
 * The cell's Linux never uses a comm region: it is passive, stopped
 * without being asked.
 */
#include "config-file.h"

#define GICD_BASE	0xf9010000
#define RAM_BASE	0x72000000
#define UART1_BASE	0xff010000
#define UART1_INTID	54

static const struct {
	struct jh_cell_desc cell;
	uint64_t cpus[1];
	struct jh_memory_region mem_regions[2];
	struct jh_irqchip irqchips[1];
} JH_PACKED config CONFIG_OBJECT = {
	.cell = {
		.signature = JH_CELL_SIGNATURE,
		.revision = JH_CONFIG_REVISION,
		.arch = JH_ARCH_ARM64,
		.name = "zcu102-linux",
		.flags = JH_CELL_PASSIVE_COMMREG,
		.cpu_set_size = sizeof(config.cpus),
		.num_memory_regions = ARRAY_ITEMS(config.mem_regions),
		.num_irqchips = ARRAY_ITEMS(config.irqchips),
		/* The boot loader, at the start of RAM. */
		.cpu_reset_address = RAM_BASE,
		.console = {
			.address = UART1_BASE,
			.size = KiB(4),
			.type = JH_CON_CADENCE,
		},
	},

	.cpus = { 0xc },

	.mem_regions = {
		/* RAM: loader, kernel, initrd, device tree. */
		{
			.phys_start = RAM_BASE,
			.virt_start = RAM_BASE,
			.size = MiB(192),
			.flags = JH_MEM_READ | JH_MEM_WRITE | JH_MEM_EXECUTE |
				 JH_MEM_LOADABLE,
		},
		/* UART1, taken from root. */
		{
			.phys_start = UART1_BASE,
			.virt_start = UART1_BASE,
			.size = KiB(4),
			.flags = JH_MEM_READ | JH_MEM_WRITE | JH_MEM_IO,
		},
	},

	.irqchips = {
		{
			.address = GICD_BASE,
			.pin_base = 32,
			.pin_bitmap = { 1u << (UART1_INTID - 32) },
		},
	},
};
