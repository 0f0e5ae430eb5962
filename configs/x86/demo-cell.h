/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The body shared by the x86 demo cells on the qemu-q35 system config:
 * CPU 3 (APIC ID 3), 1 MiB of the cell pool seen by the inmate at
 * guest-physical 0, where its CPU starts in real mode, and the comm
 * region at 0x80000000. The inmates print through the console hypercall
 * and use only their CPU's local APIC (its timer, IPIs), which the
 * hypervisor emulates for every cell, so most cells own no port, no
 * IOAPIC pin and no PCI device. The cells share CPU 3 and run one at a
 * time.
 *
 * Ports 0xcf8/0xcfc and the ECAM are always intercepted: a cell without
 * PCI devices reads all-ones there. Any port not listed in pio_regions
 * stops the cell.
 *
 * Before including, define:
 *   DEMO_CELL_NAME      the cell's name, used by the CLI
 *   DEMO_CELL_RAM_PHYS  physical start of its 1 MiB in the cell pool
 * and optionally:
 *   DEMO_CELL_CPU       the cell's CPU (default 3; the 2-CPU Bochs system
 *                       config's cells use 1)
 *   DEMO_CELL_OWNS_COM2 the cell drives COM2 itself: ports 0x2f8-0x2ff,
 *                       IOAPIC pin 3 (its IRQ) and the comm region's
 *                       console say so
 *   DEMO_CELL_PINS      IOAPIC pins 0-31 the cell owns, as a bitmap
 *                       (without their devices' ports)
 *   DEMO_CELL_PCI_BDF   one PCI device (bus << 8 | dev << 3 | fn) the cell
 *                       owns
 *   DEMO_CELL_RAM_FLAGS flags added to its RAM's (e.g. JH_MEM_DMA)
 *   DEMO_CELL_RAM_SIZE  its RAM (default 1 MiB; the inmate uses the first)
 *   DEMO_CELL_FLAGS     cell flags added to JH_CELL_CONSOLE_ALLOWED
 *                       (JH_CELL_DIRECT_IRQ)
 *   DEMO_CELL_MMIO_PHYS device memory the cell maps 1:1 (its device's
 *   DEMO_CELL_MMIO_SIZE BAR, where the firmware put it), both defined
 */
#include "config-file.h"

#ifndef DEMO_CELL_FLAGS
#define DEMO_CELL_FLAGS	0
#endif
#ifdef DEMO_CELL_CPU
#define CELL_CPU	DEMO_CELL_CPU
#else
#define CELL_CPU	3
#endif
#define IOAPIC_BASE	0xfec00000
#define COM2_PORT	0x2f8
#define COM2_IRQ_PIN	3
#ifdef DEMO_CELL_OWNS_COM2
#define DEMO_CELL_PINS	(1u << COM2_IRQ_PIN)
#endif
#ifndef DEMO_CELL_RAM_FLAGS
#define DEMO_CELL_RAM_FLAGS	0
#endif
#ifndef DEMO_CELL_RAM_SIZE
#define DEMO_CELL_RAM_SIZE	MiB(1)
#endif

static const struct {
	struct jh_cell_desc cell;
	uint64_t cpus[1];
#ifdef DEMO_CELL_MMIO_PHYS
	struct jh_memory_region mem_regions[3];
#else
	struct jh_memory_region mem_regions[2];
#endif
#ifdef DEMO_CELL_PINS
	struct jh_irqchip irqchips[1];
#endif
#ifdef DEMO_CELL_OWNS_COM2
	struct jh_pio_region pio_regions[1];
#endif
#ifdef DEMO_CELL_PCI_BDF
	struct jh_pci_device pci_devices[1];
#endif
} JH_PACKED config CONFIG_OBJECT = {
	.cell = {
		.signature = JH_CELL_SIGNATURE,
		.revision = JH_CONFIG_REVISION,
		.arch = JH_ARCH_X86,
		.name = DEMO_CELL_NAME,
		.flags = JH_CELL_CONSOLE_ALLOWED | DEMO_CELL_FLAGS,
		.cpu_set_size = sizeof(config.cpus),
		.num_memory_regions = ARRAY_ITEMS(config.mem_regions),
#ifdef DEMO_CELL_PINS
		.num_irqchips = ARRAY_ITEMS(config.irqchips),
#endif
#ifdef DEMO_CELL_PCI_BDF
		.num_pci_devices = ARRAY_ITEMS(config.pci_devices),
#endif
#ifdef DEMO_CELL_OWNS_COM2
		.num_pio_regions = ARRAY_ITEMS(config.pio_regions),
		/* The inmate finds its UART here (comm region console). */
		.console = {
			.address = COM2_PORT,
			.size = 8,
			.type = JH_CON_8250_PIO,
		},
#else
		/* No UART of its own: it prints through the hypervisor. */
		.console = { .type = JH_CON_NONE },
#endif
		/* Real mode, CS:IP 0000:0000: the image's first byte. */
		.cpu_reset_address = 0,
	},

	.cpus = { 1ull << CELL_CPU },

	.mem_regions = {
		/* RAM: image, command line at 0x1000, page tables, stack. */
		{
			.phys_start = DEMO_CELL_RAM_PHYS,
			.virt_start = 0,
			.size = DEMO_CELL_RAM_SIZE,
			.flags = JH_MEM_READ | JH_MEM_WRITE | JH_MEM_EXECUTE |
				 JH_MEM_LOADABLE | DEMO_CELL_RAM_FLAGS,
		},
		/* Comm region: shutdown handshake, console, frequencies. */
		{
			.virt_start = 0x80000000,
			.size = KiB(4),
			.flags = JH_MEM_READ | JH_MEM_WRITE |
				 JH_MEM_COMM_REGION,
		},
#ifdef DEMO_CELL_MMIO_PHYS
		{
			.phys_start = DEMO_CELL_MMIO_PHYS,
			.virt_start = DEMO_CELL_MMIO_PHYS,
			.size = DEMO_CELL_MMIO_SIZE,
			.flags = JH_MEM_READ | JH_MEM_WRITE | JH_MEM_IO,
		},
#endif
	},

#ifdef DEMO_CELL_PINS
	/* With COM2: its line; the heartbeat polls, but the pin is the
	 * cell's so that root Linux cannot take it. */
	.irqchips = {
		{
			.address = IOAPIC_BASE,
			.id = 0,
			.pin_base = 0,
			.pin_bitmap = { DEMO_CELL_PINS },
		},
	},
#endif

#ifdef DEMO_CELL_OWNS_COM2
	.pio_regions = {
		{ .base = COM2_PORT, .length = 8 },
	},
#endif

#ifdef DEMO_CELL_PCI_BDF
	.pci_devices = {
		{ .type = JH_PCI_TYPE_DEVICE, .domain = 0,
		  .bdf = DEMO_CELL_PCI_BDF },
	},
#endif
};
