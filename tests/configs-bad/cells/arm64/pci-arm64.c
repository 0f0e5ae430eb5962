/* SPDX-License-Identifier: GPL-2.0 */
/*
 * arm64 cell on CPU 1 with PCI device 0000:00:01.0: accepted only with a
 * trapped ECAM in the system config (platform.arm64.pci_ecam_base).
 */
#include "config-file.h"

static const struct {
	struct jh_cell_desc cell;
	uint64_t cpus[1];
	struct jh_memory_region mem_regions[1];
	struct jh_pci_device pci_devices[1];
} JH_PACKED config CONFIG_OBJECT = {
	.cell = {
		.signature = JH_CELL_SIGNATURE,
		.revision = JH_CONFIG_REVISION,
		.arch = JH_ARCH_ARM64,
		.name = "pci-arm64",
		.cpu_set_size = sizeof(config.cpus),
		.num_memory_regions = ARRAY_ITEMS(config.mem_regions),
		.num_pci_devices = ARRAY_ITEMS(config.pci_devices),
	},

	.cpus = { 1ull << 1 },

	.mem_regions = {
		{
			.phys_start = 0x70300000,
			.virt_start = 0,
			.size = MiB(1),
			.flags = MEM_RAM | JH_MEM_LOADABLE,
		},
	},

	/* 0000:00:01.0 */
	.pci_devices = {
		{ .type = JH_PCI_TYPE_DEVICE, .domain = 0, .bdf = 0x0008 },
	},
};
