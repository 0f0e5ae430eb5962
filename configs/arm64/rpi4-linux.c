/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Cell config for Linux in a cell on QEMU 10's Raspberry Pi 4 model
 * (rpi4.c; Documentation/linux-cell.md, "On the Raspberry Pi 4 model"):
 *
 *   jailhouse cell linux rpi4-linux.cell Image -i initramfs.cpio.gz
 *
 * CPUs 2 and 3, 192 MiB of rpi4.c's cell pool (0x32000000-0x3dffffff,
 * above the 1 MiB demo cells at 0x30000000-0x303fffff) seen at the same
 * addresses, and the mini UART (serial@7e215040, 0xfe215040, the bench's
 * second serial port; UART0 is the root's and the hypervisor's console)
 * with the aux block's interrupt, SPI 93 (INTID 125). The UART is the
 * console: "cell linux" describes it from the root's device tree and
 * boots with console=ttyS0 and earlycon on it.
 *
 * The mini UART has no page of its own: the aux block's 4 KiB page at
 * 0xfe215000 holds its interrupt status and enable registers (AUXIRQ,
 * AUXENB at +0x4; the enable bit gates the UART's clock), the mini UART
 * (+0x40) and the two aux SPI masters SPI1 (+0x80) and SPI2 (+0xc0),
 * which share the one interrupt line. So the cell gets the whole aux
 * block: the page and the line. The root's tree has SPI1 and SPI2
 * disabled; a root that uses them cannot give this cell the mini UART.
 * The next page (pixelvalve@7e216000) stays with the root.
 *
 * The cell's Linux never uses a comm region: it is passive, stopped
 * without being asked.
 */
#include "config-file.h"

#define GICD_BASE	0xff841000
#define RAM_BASE	0x32000000
#define AUX_BASE	0xfe215000
#define MINI_UART_BASE	0xfe215040
#define AUX_INTID	125

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
		.name = "rpi4-linux",
		.flags = JH_CELL_PASSIVE_COMMREG,
		.cpu_set_size = sizeof(config.cpus),
		.num_memory_regions = ARRAY_ITEMS(config.mem_regions),
		.num_irqchips = ARRAY_ITEMS(config.irqchips),
		/* The boot loader, at the start of RAM. */
		.cpu_reset_address = RAM_BASE,
		/* 32-bit registers four bytes apart, as the root's tree says. */
		.console = {
			.address = MINI_UART_BASE,
			.size = 0x40,
			.type = JH_CON_8250_MMIO,
			.flags = JH_CON_REG_SHIFT(2) | JH_CON_IO32,
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
		/* The aux block (mini UART, SPI1, SPI2), taken from root. */
		{
			.phys_start = AUX_BASE,
			.virt_start = AUX_BASE,
			.size = KiB(4),
			.flags = JH_MEM_READ | JH_MEM_WRITE | JH_MEM_IO,
		},
	},

	.irqchips = {
		{
			.address = GICD_BASE,
			.pin_base = 96,
			.pin_bitmap = { 1u << (AUX_INTID - 96) },
		},
	},
};
