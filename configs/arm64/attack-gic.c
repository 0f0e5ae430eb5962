/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Cell config for the arm64 GIC attacks that need an SPI of their own
 * (inmates/tests/attacks/arm64/gic-attacks.c):
 *
 *   JH_ATTACK_CELL=/usr/share/jailhouse/cells/attack-gic.cell jh-attack NAME
 *
 * The attack cell (attack.c) plus SPI 255, the last SPI QEMU virt
 * implements (GICD_TYPER: 224 SPIs), which no device raises: the attacks set it pending themselves through
 * GICD_SETSPI_NSR and GICD_ISPENDR as the positive control, and use it to
 * try 1-of-N and foreign routes. Shares its RAM with attack.c (only one
 * attack cell exists at a time).
 */
#include "config-file.h"

#define GICD_BASE	0x08000000
#define OWN_SPI		255

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
		.name = "attack-gic",
		.flags = JH_CELL_CONSOLE_ALLOWED,
		.cpu_set_size = sizeof(config.cpus),
		.num_memory_regions = ARRAY_ITEMS(config.mem_regions),
		.num_irqchips = ARRAY_ITEMS(config.irqchips),
		.cpu_reset_address = 0,
		.console = { .type = JH_CON_NONE },
	},

	.cpus = { 1ull << 3 },

	.mem_regions = {
		/* RAM: image, command line at 0x1000, stack. */
		{
			.phys_start = 0x70300000,
			.virt_start = 0,
			.size = MiB(1),
			.flags = JH_MEM_READ | JH_MEM_WRITE | JH_MEM_EXECUTE |
				 JH_MEM_LOADABLE,
		},
		/* Comm region. */
		{
			.virt_start = 0x80000000,
			.size = KiB(4),
			.flags = JH_MEM_READ | JH_MEM_WRITE |
				 JH_MEM_COMM_REGION,
		},
	},

	/* SPIs 160-287: only OWN_SPI. */
	.irqchips = {
		{
			.address = GICD_BASE,
			.pin_base = 160,
			.pin_bitmap = { 0, 0, 1u << (OWN_SPI - 160 - 64), 0 },
		},
	},
};
