/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Cell on CPU 2 with its RAM (0x70200000, 1 MiB) and a page it shares
 * with the root cell for DMA (mem[2], at 0x70400000 here). Cases move that
 * page onto what no device of a cell may write.
 */
#include "config-file.h"

static const struct {
	struct jh_cell_desc cell;
	uint64_t cpus[1];
	struct jh_memory_region mem_regions[3];
} JH_PACKED config CONFIG_OBJECT = {
	.cell = {
		.signature = JH_CELL_SIGNATURE,
		.revision = JH_CONFIG_REVISION,
		.arch = JH_ARCH_ARM64,
		.name = "shared-dma",
		.cpu_set_size = sizeof(config.cpus),
		.num_memory_regions = ARRAY_ITEMS(config.mem_regions),
	},

	.cpus = { 1ull << 2 },

	.mem_regions = {
		{
			.phys_start = 0x70200000,
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
		{
			.phys_start = 0x70400000,
			.virt_start = 0x90000000,
			.size = KiB(64),
			.flags = JH_MEM_READ | JH_MEM_WRITE | JH_MEM_DMA |
				 JH_MEM_ROOTSHARED,
		},
	},
};
