/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Cell config for the DMA test inmate (inmates/demos/x86/edu-dma.c):
 * CPU 3, 1 MiB of the cell pool at guest-physical 0 (image, its DMA
 * buffers), the comm region, and QEMU's edu at 00:05.0 (-device
 * edu,addr=5) with its BAR0 as the firmware placed it.
 *
 *   jailhouse cell create edu-dma.cell
 *   jailhouse cell load edu-dma edu-dma.bin -s "dma_to=0x... dma_from=0x..."
 *   jailhouse cell start edu-dma
 *
 * The RAM is JH_MEM_DMA: an IOMMU maps it for the cell's devices at its
 * guest-physical addresses, and nothing else. The device is not
 * JH_PCI_DMA_UNCONFINED: without an IOMMU the hypervisor keeps its bus
 * mastering off, so its DMA goes nowhere (tests/scenarios/edu-dma.scn).
 *
 * BAR0: SeaBIOS gives the edu's 1 MiB BAR 0xfea00000 on the bench's q35
 * machine (1 GiB, -device edu,addr=5; the IOMMUs add no BAR), and the
 * hypervisor keeps a cell's BARs where they were when it took the
 * device. The cell gets those pages out of the root's PCI window. Were
 * the BAR elsewhere, the inmate (which prints the BAR it reads) would
 * touch unmapped memory and the hypervisor would stop the cell.
 *
 * RAM 0x3c800000: beside attack.cell's 0x3c700000, so that the attack
 * cell's memory can be a DMA target.
 */
#include "config-file.h"

#define CELL_CPU	3
#define EDU_BDF		0x0028	/* 00:05.0 */
#define EDU_BAR0	0xfea00000
#define EDU_BAR0_SIZE	MiB(1)

static const struct {
	struct jh_cell_desc cell;
	uint64_t cpus[1];
	struct jh_memory_region mem_regions[3];
	struct jh_pci_device pci_devices[1];
} JH_PACKED config CONFIG_OBJECT = {
	.cell = {
		.signature = JH_CELL_SIGNATURE,
		.revision = JH_CONFIG_REVISION,
		.arch = JH_ARCH_X86,
		.name = "edu-dma",
		.flags = JH_CELL_CONSOLE_ALLOWED,
		.cpu_set_size = sizeof(config.cpus),
		.num_memory_regions = ARRAY_ITEMS(config.mem_regions),
		.num_pci_devices = ARRAY_ITEMS(config.pci_devices),
		.console = { .type = JH_CON_NONE },
		/* Real mode, CS:IP 0000:0000: the image's first byte. */
		.cpu_reset_address = 0,
	},

	.cpus = { 1ull << CELL_CPU },

	.mem_regions = {
		/* RAM: image, command line, page tables, stack, DMA buffers. */
		{
			.phys_start = 0x3c800000,
			.virt_start = 0,
			.size = MiB(1),
			.flags = JH_MEM_READ | JH_MEM_WRITE | JH_MEM_EXECUTE |
				 JH_MEM_LOADABLE | JH_MEM_DMA,
		},
		/* Comm region: shutdown handshake, console, frequencies. */
		{
			.virt_start = 0x80000000,
			.size = KiB(4),
			.flags = JH_MEM_READ | JH_MEM_WRITE |
				 JH_MEM_COMM_REGION,
		},
		/* The edu's registers (BAR0), 1:1. */
		{
			.phys_start = EDU_BAR0,
			.virt_start = EDU_BAR0,
			.size = EDU_BAR0_SIZE,
			.flags = JH_MEM_READ | JH_MEM_WRITE | JH_MEM_IO,
		},
	},

	.pci_devices = {
		{ .type = JH_PCI_TYPE_DEVICE, .domain = 0, .bdf = EDU_BDF },
	},
};
