/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The parts of the Linux cell's device tree generator (cell_linux_dt.c,
 * cell_linux_uart.c) and what they share: reading the root cell's
 * unflattened device tree (dt_read.c) and the interrupt facts.
 */
#ifndef JAILHOUSE_CELL_LINUX_DT_H
#define JAILHOUSE_CELL_LINUX_DT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <jailhouse/config.h>

#include "fdt.h"

#define GIC_PHANDLE	1
#define NODE_LEN	600
#define GIC_SPI		0	/* first cell of a GIC interrupt specifier */
#define GIC_SPI_BASE	32

struct prop {
	uint8_t *data;
	size_t len;
};

struct dt {
	const char *root;
	char gic[NODE_LEN], timer[NODE_LEN], pci[NODE_LEN];	/* node paths, "" if none */
};

uint32_t get_be32(const uint8_t *p);
/* A value of n cells (1 or 2) at p. */
uint64_t get_cells(const uint8_t *p, uint32_t n);
/* Property prop of node (a path below the tree's root), malloc'ed. */
bool dt_read(const struct dt *dt, const char *node, const char *prop,
	     struct prop *out);
uint32_t dt_u32(const struct dt *dt, const char *node, const char *prop,
		uint32_t def);
bool has_string(const struct prop *p, const char *s);
bool node_compatible(const struct dt *dt, const char *node,
		     const char *const *compat);
/* First node, at depth 1 or 2, with one of the compatibles. */
bool dt_find(const struct dt *dt, const char *const *compat, char *out,
	     size_t len);
/*
 * node's reg as (address, size) pairs, in its parent's cell sizes, the
 * addresses as the CPU sees them (dt_translate); 0 pairs if one is not.
 */
size_t dt_reg(const struct dt *dt, const char *node, uint64_t *pairs,
	      size_t max);
/* A reg address of node as the CPU sees it (through the buses' ranges). */
bool dt_translate(const struct dt *dt, const char *node, uint64_t *addr);
void copy_prop(struct fdt *f, const struct dt *dt, const char *node,
	       const char *prop);
bool cell_owns_spi(const struct jh_cell_desc *cell, uint32_t intid);

/*
 * The node of the UART the cell config names as its console (an MMIO
 * UART the cell owns), with the clock its driver asks for; refuses (exits)
 * an unsupported UART or one whose interrupt the cell does not own.
 * Writes the node's path in the cell's tree to path ("" if the console is
 * no MMIO UART).
 */
void add_uart(struct fdt *f, const struct dt *dt,
	      const struct jh_cell_desc *cell, char *path, size_t len);

#endif /* JAILHOUSE_CELL_LINUX_DT_H */
