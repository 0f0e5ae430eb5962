/* SPDX-License-Identifier: GPL-2.0 */
/*
 * "jailhouse cell linux": what the verb (cmd_cell_linux.c) hands to the
 * device tree generator (cell_linux_dt.c).
 */
#ifndef JAILHOUSE_CELL_LINUX_H
#define JAILHOUSE_CELL_LINUX_H

#include <stddef.h>
#include <stdint.h>

#include <jailhouse/config.h>

/* Where the root's device tree is read (tests point it at a copy). */
#define ENV_DEVICETREE		"JAILHOUSE_DEVICETREE"
#define DEFAULT_DEVICETREE	"/sys/firmware/devicetree/base"

struct linux_boot {
	const struct jh_cell_desc *cell;
	const char *dt_root;	/* the root cell's device tree, unflattened */
	const char *cmdline;
	uint64_t initrd_addr;	/* guest-physical */
	uint64_t initrd_size;	/* 0: no initrd */
};

/*
 * The cell's device tree: its RAM, CPUs (PSCI over smc), the GIC, the
 * architected timer, its Cadence UART and its PCI devices behind the
 * machine's ECAM host,
 * from the cell config and the root's device tree. Fails (exits) naming
 * what is missing. Returns a malloc'ed blob of *size bytes.
 */
void *cell_linux_dt(const struct linux_boot *b, size_t *size);

/* Whether a memory region of a cell config is RAM for Linux. */
static inline int linux_ram_region(const struct jh_memory_region *m)
{
	return !(m->flags & (JH_MEM_IO | JH_MEM_COMM_REGION)) &&
		(m->flags & JH_MEM_READ) && (m->flags & JH_MEM_WRITE);
}

#endif /* JAILHOUSE_CELL_LINUX_H */
