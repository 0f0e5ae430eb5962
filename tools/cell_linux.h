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
	/* Linux's part of the region it is in; other RAM regions whole. */
	uint64_t ram_start, ram_end;
};

/*
 * The cell's device tree: its RAM, CPUs (PSCI over smc), the GIC, the
 * architected timer, its Cadence UART and its PCI devices behind the
 * machine's ECAM host,
 * from the cell config and the root's device tree. Fails (exits) naming
 * what is missing. Returns a malloc'ed blob of *size bytes.
 */
void *cell_linux_dt(const struct linux_boot *b, size_t *size);

/*
 * The layout of the boot region (cell_linux_layout.c): the loader at
 * entry, Linux's RAM [ram_start, ram_end) with the kernel at its bottom
 * and device tree and initrd at its top, then the stash of pristine
 * copies [ram_end, stash_end) that the loader copies into Linux's RAM at
 * every start: kernel_copy, initrd_copy bytes (rounded up to
 * LINUX_COPY_ALIGN, the loader's unit). Returns 0, or -1 if it does not
 * fit.
 */
#define LINUX_DTB_SLOT		(64ULL << 10)
#define LINUX_COPY_ALIGN	16ULL

struct linux_layout_in {
	uint64_t region_start, region_size;	/* the boot region */
	uint64_t entry;				/* cpu_reset_address */
	uint64_t loader_size;
	uint64_t text_offset, image_size;	/* from the Image header */
	uint64_t kernel_size, initrd_size;	/* the files */
};

struct linux_layout {
	uint64_t loader;
	uint64_t ram_start, ram_end;
	uint64_t kernel, kernel_end;	/* end: with image_size's bss */
	uint64_t initrd, dtb;
	uint64_t stash_kernel, stash_initrd, stash_dtb, stash_end;
	uint64_t kernel_copy, initrd_copy;
};

int linux_layout(const struct linux_layout_in *in, struct linux_layout *l);

/* Whether a memory region of a cell config is RAM for Linux. */
static inline int linux_ram_region(const struct jh_memory_region *m)
{
	return !(m->flags & (JH_MEM_IO | JH_MEM_COMM_REGION)) &&
		(m->flags & JH_MEM_READ) && (m->flags & JH_MEM_WRITE);
}

#endif /* JAILHOUSE_CELL_LINUX_H */
