/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * The one config validator. hypervisor/config/config_check.c is compiled into the
 * hypervisor, the driver and the host tools, so all three accept and refuse
 * exactly the same configs, with the same words.
 *
 * A finding is returned as structured data, not text, so callers can print
 * it in their own way; jh_format_config_error() gives the standard line,
 * e.g. "memory region 2: phys_start 0x7fa00000 (size 0x100000) overlaps
 * the hypervisor memory".
 */
#ifndef JAILHOUSE_CONFIG_CHECK_H
#define JAILHOUSE_CONFIG_CHECK_H

#include <jailhouse/config.h>

struct jh_config_error {
	int code;		/* 0, or -JH_EINVAL / -JH_E2BIG / ... */
	const char *item;	/* "header", "cpu set", "memory region", ... */
	int index;		/* array index of the item, -1 if none */
	const char *field;	/* offending field name, NULL if none */
	uint64_t value;		/* offending value */
	uint64_t value2;	/* second value (size, other address), or 0 */
	const char *reason;	/* static text: "is not page aligned" */
	/*
	 * Name of the other cell in a conflict found by
	 * jh_check_cells_disjoint() ("CPU 3 is also in cell 'foo'"), else
	 * NULL. Points into that cell's config, so format the error before
	 * freeing it.
	 */
	const char *other_cell;
};

/*
 * Structural checks of a whole system config (including its root cell)
 * of size bytes: signature, revision, arch, sizes, alignment, flags,
 * bounds. Returns 0 or err->code.
 */
int jh_check_system_config(const void *data, uint64_t size, uint32_t arch,
			   struct jh_config_error *err);

/* The same for a non-root cell config. */
int jh_check_cell_config(const void *data, uint64_t size, uint32_t arch,
			 struct jh_config_error *err);

/*
 * Cross checks of an already structurally valid cell against a valid
 * system config: CPUs exist in the root cell, memory does not overlap the
 * hypervisor, regions lie inside memory the root cell owns, irqs and PCI
 * devices are owned by the root cell.
 */
int jh_check_cell_in_system(const struct jh_system_desc *sys,
			    const struct jh_cell_desc *cell,
			    struct jh_config_error *err);

/*
 * Two non-root cells must not share CPUs, non-shared memory, interrupts,
 * port I/O ranges or PCI devices.
 */
int jh_check_cells_disjoint(const struct jh_cell_desc *a,
			    const struct jh_cell_desc *b,
			    struct jh_config_error *err);

/*
 * Every address of a structurally valid config against a physical address
 * size of bits (the structural checks above apply the arch's largest:
 * arm64 48, x86 52). The hypervisor calls these with its CPU's size, so an
 * address its page tables cannot hold is refused, never truncated.
 */
int jh_check_system_addr_bits(const struct jh_system_desc *sys,
			      unsigned int bits, struct jh_config_error *err);
int jh_check_cell_addr_bits(const struct jh_cell_desc *cell, unsigned int bits,
			    struct jh_config_error *err);

/* Writes the standard one-line message; returns its length. */
uint64_t jh_format_config_error(char *buf, uint64_t size,
				const struct jh_config_error *err);

#endif /* JAILHOUSE_CONFIG_CHECK_H */
