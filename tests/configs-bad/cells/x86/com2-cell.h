/* SPDX-License-Identifier: GPL-2.0 */
/*
 * An x86 cell owning one port range, for com2-a.c and com2-b.c, whose
 * ranges overlap. The including file defines COM2_CELL_NAME, _CPU,
 * _RAM_PHYS, _PORT and _PORTS.
 */
#include "config-file.h"

static const struct {
	struct jh_cell_desc cell;
	uint64_t cpus[1];
	struct jh_memory_region mem_regions[1];
	struct jh_pio_region pio_regions[1];
} JH_PACKED config CONFIG_OBJECT = {
	.cell = {
		.signature = JH_CELL_SIGNATURE,
		.revision = JH_CONFIG_REVISION,
		.arch = JH_ARCH_X86,
		.name = COM2_CELL_NAME,
		.cpu_set_size = sizeof(config.cpus),
		.num_memory_regions = ARRAY_ITEMS(config.mem_regions),
		.num_pio_regions = ARRAY_ITEMS(config.pio_regions),
	},

	.cpus = { 1ull << COM2_CELL_CPU },

	.mem_regions = {
		{
			.phys_start = COM2_CELL_RAM_PHYS,
			.virt_start = 0,
			.size = MiB(1),
			.flags = MEM_RAM | JH_MEM_LOADABLE,
		},
	},

	.pio_regions = {
		{ .base = COM2_CELL_PORT, .length = COM2_CELL_PORTS },
	},
};
