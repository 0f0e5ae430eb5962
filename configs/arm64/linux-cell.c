/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Cell config for Linux in a cell on the qemu-virt system config
 * (Documentation/linux-cell.md):
 *
 *   jailhouse cell linux linux-cell.cell Image -i initramfs.cpio.gz
 *
 * CPUs 2 and 3, 128 MiB of the cell pool seen at the same addresses, and
 * a 16550 UART of its own: QEMU's PCI serial card
 * (-device pci-serial,addr=03.0) at 00:03.0. Its only BAR is 8 I/O
 * ports; the root's Linux gives them ports 0x1020-0x1027 of the PCI I/O
 * window at 0x3eff0000 (/proc/ioports), so the cell gets the window's
 * second page, ports 0x1000-0x1fff, where no other device of the bench
 * has ports. The card's INTA is SPI 6 (INTID 38) by QEMU virt's
 * interrupt map (slot 3, pin A; slot 2 is the root's link device). No console field: the card's I/O
 * decoding is off until the cell's Linux enables it, so an earlycon
 * could not print; the kernel replays its log when ttyS0 comes up.
 *
 * The cell's Linux never uses a comm region: it is passive, stopped
 * without being asked.
 */
#include "config-file.h"

#define GICD_BASE	0x08000000
#define RAM_BASE	0x72000000
#define UART_PIO_PAGE	0x3eff1000
#define UART_INTID	38

static const struct {
	struct jh_cell_desc cell;
	uint64_t cpus[1];
	struct jh_memory_region mem_regions[2];
	struct jh_irqchip irqchips[1];
	struct jh_pci_device pci_devices[1];
} JH_PACKED config CONFIG_OBJECT = {
	.cell = {
		.signature = JH_CELL_SIGNATURE,
		.revision = JH_CONFIG_REVISION,
		.arch = JH_ARCH_ARM64,
		.name = "linux-cell",
		.flags = JH_CELL_PASSIVE_COMMREG,
		.cpu_set_size = sizeof(config.cpus),
		.num_memory_regions = ARRAY_ITEMS(config.mem_regions),
		.num_irqchips = ARRAY_ITEMS(config.irqchips),
		.num_pci_devices = ARRAY_ITEMS(config.pci_devices),
		/* The boot loader, at the start of RAM. */
		.cpu_reset_address = RAM_BASE,
		.console = { .type = JH_CON_NONE },
	},

	.cpus = { 0xc },

	.mem_regions = {
		/* RAM: loader, kernel, initrd, device tree. */
		{
			.phys_start = RAM_BASE,
			.virt_start = RAM_BASE,
			.size = MiB(128),
			.flags = JH_MEM_READ | JH_MEM_WRITE | JH_MEM_EXECUTE |
				 JH_MEM_LOADABLE,
		},
		/* The PCI serial card's I/O ports, through the I/O window. */
		{
			.phys_start = UART_PIO_PAGE,
			.virt_start = UART_PIO_PAGE,
			.size = KiB(4),
			.flags = JH_MEM_READ | JH_MEM_WRITE | JH_MEM_IO,
		},
	},

	.irqchips = {
		{
			.address = GICD_BASE,
			.pin_base = 32,
			.pin_bitmap = { 1u << (UART_INTID - 32) },
		},
	},

	.pci_devices = {
		{ .type = JH_PCI_TYPE_DEVICE, .domain = 0, .bdf = 0x0018 },
	},
};
