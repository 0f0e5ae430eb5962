/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Cell on CPU 2 whose RAM (0x70080000, 1 MiB) overlaps the heartbeat demo's
 * (0x70000000, 1 MiB). With SPI 41, which nobody else owns.
 */
#include "config-file.h"

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
		.name = "overlap",
		.cpu_set_size = sizeof(config.cpus),
		.num_memory_regions = ARRAY_ITEMS(config.mem_regions),
		.num_irqchips = ARRAY_ITEMS(config.irqchips),
	},

	.cpus = { 1ull << 2 },

	.mem_regions = {
		{
			.phys_start = 0x70080000,
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

	/* SPI 41 (pin_base 32, bit 9). */
	.irqchips = {
		{
			.address = 0x08000000,
			.pin_base = 32,
			.pin_bitmap = { 1u << (41 - 32) },
		},
	},
};
