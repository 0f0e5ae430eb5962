/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Cell config for the timer latency demo
 * (inmates/demos/arm64/timer-latency.c) on the qemu-virt system config:
 *
 *   jailhouse cell create timer-demo.cell
 *   jailhouse cell load timer-demo timer-latency.bin \
 *       -s "period_us=1000 samples=1000"
 *   jailhouse cell start timer-demo
 *
 * CPU 3 and 1 MiB of the cell pool, seen by the inmate at address 0. The
 * inmate prints through the console hypercall and uses only the virtual
 * timer (PPI 27), so it needs no SPI.
 */
#include "config-file.h"

#define CELL_CPU	3
#define CELL_RAM_PHYS	0x70100000
#define GICR_BASE	0x080a0000
#define GICR_STRIDE	0x20000

static const struct {
	struct jh_cell_desc cell;
	uint64_t cpus[1];
	struct jh_memory_region mem_regions[3];
} JH_PACKED config CONFIG_OBJECT = {
	.cell = {
		.signature = JH_CELL_SIGNATURE,
		.revision = JH_CONFIG_REVISION,
		.arch = JH_ARCH_ARM64,
		.name = "timer-demo",
		.flags = JH_CELL_CONSOLE_ALLOWED,
		.cpu_set_size = sizeof(config.cpus),
		.num_memory_regions = ARRAY_ITEMS(config.mem_regions),
		/* The inmate's image is linked to start at 0. */
		.cpu_reset_address = 0,
		/* No UART of its own: it prints through the hypervisor. */
		.console = { .type = JH_CON_NONE },
	},

	.cpus = { 1ull << CELL_CPU },

	.mem_regions = {
		/* RAM: image, command line at 0x1000, stack. */
		{
			.phys_start = CELL_RAM_PHYS,
			.virt_start = 0,
			.size = MiB(1),
			.flags = JH_MEM_READ | JH_MEM_WRITE | JH_MEM_EXECUTE |
				 JH_MEM_LOADABLE,
		},
		/* Comm region: shutdown handshake, console type, timer. */
		{
			.virt_start = 0x80000000,
			.size = KiB(4),
			.flags = JH_MEM_READ | JH_MEM_WRITE |
				 JH_MEM_COMM_REGION,
		},
		/* This CPU's GICR frame: the inmate enables PPI 27 there. */
		{
			.phys_start = GICR_BASE + CELL_CPU * GICR_STRIDE,
			.virt_start = GICR_BASE + CELL_CPU * GICR_STRIDE,
			.size = GICR_STRIDE,
			.flags = MEM_DEVICE,
		},
	},
};
