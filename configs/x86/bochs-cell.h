/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The body of the demo cells on the Bochs system config (bochs-2cpu.c):
 * the layout of demo-cell.h (1 MiB of the cell pool at guest-physical 0,
 * real-mode start at 0, comm region at 0x80000000, console through the
 * hypervisor), on CPU 1, the second of the machine's two.
 *
 * Before including, define:
 *   DEMO_CELL_NAME      the cell's name, used by the CLI
 *   DEMO_CELL_RAM_PHYS  physical start of its 1 MiB in the cell pool
 */
#include "config-file.h"

#define CELL_CPU	1

static const struct {
	struct jh_cell_desc cell;
	uint64_t cpus[1];
	struct jh_memory_region mem_regions[2];
} JH_PACKED config CONFIG_OBJECT = {
	.cell = {
		.signature = JH_CELL_SIGNATURE,
		.revision = JH_CONFIG_REVISION,
		.arch = JH_ARCH_X86,
		.name = DEMO_CELL_NAME,
		.flags = JH_CELL_CONSOLE_ALLOWED,
		.cpu_set_size = sizeof(config.cpus),
		.num_memory_regions = ARRAY_ITEMS(config.mem_regions),
		/* No UART of its own: it prints through the hypervisor. */
		.console = { .type = JH_CON_NONE },
		/* Real mode, CS:IP 0000:0000: the image's first byte. */
		.cpu_reset_address = 0,
	},

	.cpus = { 1ull << CELL_CPU },

	.mem_regions = {
		/* RAM: image, command line at 0x1000, page tables, stack. */
		{
			.phys_start = DEMO_CELL_RAM_PHYS,
			.virt_start = 0,
			.size = MiB(1),
			.flags = JH_MEM_READ | JH_MEM_WRITE | JH_MEM_EXECUTE |
				 JH_MEM_LOADABLE,
		},
		/* Comm region: shutdown handshake, console, frequencies. */
		{
			.virt_start = 0x80000000,
			.size = KiB(4),
			.flags = JH_MEM_READ | JH_MEM_WRITE |
				 JH_MEM_COMM_REGION,
		},
	},
};
