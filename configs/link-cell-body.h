/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The cell config of one end of the link demo (link-echo.c, link-client.c
 * under configs/<arch>/; Documentation/ivshmem.md), shared by both arches:
 * one CPU, 1 MiB of the cell pool at guest 0, the comm region at
 * 0x80000000, and one end of link 1, whose 16 KiB of shared memory (state
 * table, R/W section, one output section per peer) are seen by both cells
 * at guest 0x40000000, with the virtual device's BARs at 0x40100000 and
 * the device at 00:0f.0 of the cell's PCI view.
 *
 * The arch's link-cell.h defines LINK_ARCH, LINK_SHMEM_PHYS and LINK_IRQ
 * before including it; the cell's config file defines:
 *   LINK_CELL_NAME      the cell's name
 *   LINK_CELL_CPU       its CPU
 *   LINK_CELL_RAM_PHYS  physical start of its 1 MiB
 *   LINK_PEER_ID        its end of the link (0 or 1)
 * and may define LINK_ID (default 1) and LINK_SHMEM_PHYS (before
 * including the arch's link-cell.h) for another link.
 */
#include "config-file.h"

#define LINK_SHMEM_VIRT		0x40000000
#define LINK_MMIO_BASE		0x40100000
#ifndef LINK_ID
#define LINK_ID			1
#endif

static const struct {
	struct jh_cell_desc cell;
	uint64_t cpus[1];
	struct jh_memory_region mem_regions[2];
	struct jh_link links[1];
} JH_PACKED config CONFIG_OBJECT = {
	.cell = {
		.signature = JH_CELL_SIGNATURE,
		.revision = JH_CONFIG_REVISION,
		.arch = LINK_ARCH,
		.name = LINK_CELL_NAME,
		.flags = JH_CELL_CONSOLE_ALLOWED,
		.cpu_set_size = sizeof(config.cpus),
		.num_memory_regions = ARRAY_ITEMS(config.mem_regions),
		.num_links = ARRAY_ITEMS(config.links),
		.cpu_reset_address = 0,
		.console = { .type = JH_CON_NONE },
	},

	.cpus = { 1ull << LINK_CELL_CPU },

	.mem_regions = {
		{
			.phys_start = LINK_CELL_RAM_PHYS,
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

	.links = {
		{
			.id = LINK_ID,
			.peer_id = LINK_PEER_ID,
			.num_peers = 2,
			.domain = 0,
			.bdf = 0x0078,		/* 00:0f.0 */
			.irq = LINK_IRQ,
			.shmem_phys = LINK_SHMEM_PHYS,
			.shmem_virt = LINK_SHMEM_VIRT,
			.state_table_size = KiB(4),
			.rw_size = KiB(4),
			.out_size = KiB(4),
			.mmio_base = LINK_MMIO_BASE,
		},
	},
};
