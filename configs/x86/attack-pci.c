/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Cell config for the PCI attacks of the in-cell attack suite
 * (inmates/tests/attacks/x86/pci-attacks.c): the attack cell's layout
 * (demo-cell.h: CPU 3, 1 MiB at guest-physical 0, comm region) plus one
 * PCI device, QEMU's "edu" at 00:05.0 (tests/scenarios/attack-x86.scn
 * adds it with -device edu,addr=5): a bus master with an MSI capability.
 * No JH_PCI_DMA_UNCONFINED: its bus mastering must stay off.
 *
 *   JH_ATTACK_CELL=/usr/share/jailhouse/cells/attack-pci.cell jh-attack NAME
 *
 * Shares its RAM with attack.cell: only one attack cell exists at a time.
 */
#include "config-file.h"

#define CELL_CPU	3
#define EDU_BDF		0x0028	/* 00:05.0 */

static const struct {
	struct jh_cell_desc cell;
	uint64_t cpus[1];
	struct jh_memory_region mem_regions[2];
	struct jh_pci_device pci_devices[1];
} JH_PACKED config CONFIG_OBJECT = {
	.cell = {
		.signature = JH_CELL_SIGNATURE,
		.revision = JH_CONFIG_REVISION,
		.arch = JH_ARCH_X86,
		.name = "attack-pci",
		.flags = JH_CELL_CONSOLE_ALLOWED,
		.cpu_set_size = sizeof(config.cpus),
		.num_memory_regions = ARRAY_ITEMS(config.mem_regions),
		.num_pci_devices = ARRAY_ITEMS(config.pci_devices),
		.console = { .type = JH_CON_NONE },
		.cpu_reset_address = 0,
	},

	.cpus = { 1ull << CELL_CPU },

	.mem_regions = {
		{
			.phys_start = 0x3c700000,
			.virt_start = 0,
			.size = MiB(1),
			.flags = JH_MEM_READ | JH_MEM_WRITE | JH_MEM_EXECUTE |
				 JH_MEM_LOADABLE,
		},
		{
			.virt_start = 0x80000000,
			.size = KiB(4),
			.flags = JH_MEM_READ | JH_MEM_WRITE |
				 JH_MEM_COMM_REGION,
		},
	},

	.pci_devices = {
		{ .type = JH_PCI_TYPE_DEVICE, .domain = 0, .bdf = EDU_BDF },
	},
};
