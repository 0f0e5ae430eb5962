/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Cell on CPU 1 owning SPI 40, as does spi40-b.c; memory of its own.
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
		.name = "spi40-a",
		.cpu_set_size = sizeof(config.cpus),
		.num_memory_regions = ARRAY_ITEMS(config.mem_regions),
		.num_irqchips = ARRAY_ITEMS(config.irqchips),
	},

	.cpus = { 1ull << 1 },

	.mem_regions = {
		{
			.phys_start = 0x70300000,
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

	/* SPI 40 (pin_base 32, bit 8). */
	.irqchips = {
		{
			.address = 0x08000000,
			.pin_base = 32,
			.pin_bitmap = { 1u << (40 - 32) },
		},
	},
};
