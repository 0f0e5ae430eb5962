/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The body shared by the arm64 demo cells (heartbeat.c, timer-demo.c,
 * fault-demo.c) on the qemu-virt system config, and zcu102-*.c on
 * zynqmp-zcu102.c (its cell pool is at the same address): CPU 3, 1 MiB
 * of the cell pool seen by the inmate at guest-physical 0 and the comm
 * region. No GIC memory: the hypervisor emulates distributor and
 * redistributors (the inmate enables PPI 27 in CPU 3's frame through that
 * emulation). The inmates print through the console hypercall and use
 * only the virtual timer (PPI 27), so no SPI is needed. The demos
 * differ only in name and RAM; they run one at a time because they share
 * CPU 3.
 *
 * Before including, define:
 *   DEMO_CELL_NAME      the cell's name, used by the CLI
 *   DEMO_CELL_RAM_PHYS  physical start of its 1 MiB in the cell pool
 * and optionally:
 *   DEMO_CELL_SPI       one SPI (160-287) the cell owns
 *   DEMO_CELL_CPU       its CPU instead of 3
 *   DEMO_CELL_FLAGS     cell flags added to JH_CELL_CONSOLE_ALLOWED
 *                       (JH_CELL_DIRECT_IRQ)
 *   DEMO_CELL_RAM_FLAGS more flags for the RAM (JH_MEM_DMA: an IOMMU maps
 *                       it for the cell's devices)
 *   DEMO_CELL_PCI_BDF   one PCI device (domain 0) the cell owns, with
 *   DEMO_CELL_MMIO_PHYS, DEMO_CELL_MMIO_SIZE  its BAR, mapped 1:1
 *   DEMO_CELL_UART_PHYS a UART (4 KiB, mapped 1:1) the cell owns and the
 *   DEMO_CELL_UART_TYPE inmate prints on (JH_CON_*), instead of the
 *                       hypervisor's console
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
#ifndef DEMO_CELL_RAM_FLAGS
#define DEMO_CELL_RAM_FLAGS	0
#endif
#ifdef DEMO_CELL_PCI_BDF
#define DEMO_CELL_MEM_PCI	1
#else
#define DEMO_CELL_MEM_PCI	0
#endif
#ifdef DEMO_CELL_UART_PHYS
#define DEMO_CELL_MEM_UART	1
#else
#define DEMO_CELL_MEM_UART	0
#endif
#define DEMO_CELL_NUM_MEM	(2 + DEMO_CELL_MEM_PCI + DEMO_CELL_MEM_UART)
#define GICD_BASE	0x08000000
#define SPI_CHIP_BASE	160	/* the irqchip entry covers SPIs 160-287 */

static const struct {
	struct jh_cell_desc cell;
	uint64_t cpus[1];
	struct jh_memory_region mem_regions[DEMO_CELL_NUM_MEM];
#ifdef DEMO_CELL_SPI
	struct jh_irqchip irqchips[1];
#endif
#ifdef DEMO_CELL_PCI_BDF
	struct jh_pci_device pci_devices[1];
#endif
} JH_PACKED config CONFIG_OBJECT = {
	.cell = {
		.signature = JH_CELL_SIGNATURE,
		.revision = JH_CONFIG_REVISION,
		.arch = JH_ARCH_ARM64,
		.name = DEMO_CELL_NAME,
		.flags = JH_CELL_CONSOLE_ALLOWED | DEMO_CELL_FLAGS,
		.cpu_set_size = sizeof(config.cpus),
		.num_memory_regions = ARRAY_ITEMS(config.mem_regions),
#ifdef DEMO_CELL_SPI
		.num_irqchips = ARRAY_ITEMS(config.irqchips),
#endif
#ifdef DEMO_CELL_PCI_BDF
		.num_pci_devices = ARRAY_ITEMS(config.pci_devices),
#endif
		/* The inmate's image is linked to start at 0. */
		.cpu_reset_address = 0,
#ifdef DEMO_CELL_UART_PHYS
		/* The inmate finds its UART here (comm region console). */
		.console = {
			.address = DEMO_CELL_UART_PHYS,
			.size = KiB(4),
			.type = DEMO_CELL_UART_TYPE,
		},
#else
		/* No UART of its own: it prints through the hypervisor. */
		.console = { .type = JH_CON_NONE },
#endif
	},

	.cpus = { 1ull << CELL_CPU },

	.mem_regions = {
		/* RAM: image, command line at 0x1000, stack. */
		{
			.phys_start = DEMO_CELL_RAM_PHYS,
			.virt_start = 0,
			.size = MiB(1),
			.flags = JH_MEM_READ | JH_MEM_WRITE | JH_MEM_EXECUTE |
				 JH_MEM_LOADABLE | DEMO_CELL_RAM_FLAGS,
		},
		/* Comm region: shutdown handshake, console type, timer. */
		{
			.virt_start = 0x80000000,
			.size = KiB(4),
			.flags = JH_MEM_READ | JH_MEM_WRITE |
				 JH_MEM_COMM_REGION,
		},
#ifdef DEMO_CELL_PCI_BDF
		/* The device's BAR, where the root's Linux placed it. */
		{
			.phys_start = DEMO_CELL_MMIO_PHYS,
			.virt_start = DEMO_CELL_MMIO_PHYS,
			.size = DEMO_CELL_MMIO_SIZE,
			.flags = JH_MEM_READ | JH_MEM_WRITE | JH_MEM_IO,
		},
#endif
#ifdef DEMO_CELL_UART_PHYS
		/* Its UART, taken from root. */
		{
			.phys_start = DEMO_CELL_UART_PHYS,
			.virt_start = DEMO_CELL_UART_PHYS,
			.size = KiB(4),
			.flags = JH_MEM_READ | JH_MEM_WRITE | JH_MEM_IO,
		},
#endif
	},

#ifdef DEMO_CELL_PCI_BDF
	.pci_devices = {
		{ .type = JH_PCI_TYPE_DEVICE, .domain = 0,
		  .bdf = DEMO_CELL_PCI_BDF },
	},
#endif

#ifdef DEMO_CELL_SPI
	.irqchips = {
		{
			.address = GICD_BASE,
			.pin_base = SPI_CHIP_BASE,
			.pin_bitmap = {
				[(DEMO_CELL_SPI - SPI_CHIP_BASE) / 32] =
					1u << ((DEMO_CELL_SPI - SPI_CHIP_BASE) % 32),
			},
		},
	},
#endif
};
