// SPDX-License-Identifier: GPL-2.0
/*
 * The Linux cell's own MMIO UART in its device tree: the UART its config
 * names as console (an MMIO region of the cell), described as the root's
 * device tree describes it (the node whose reg starts at that address:
 * compatible, size, interrupt), with what the driver needs besides.
 *
 * Supported: the Cadence UART (Zynq, ZynqMP; Linux's xuartps driver,
 * ttyPS). Its driver asks for two clocks by name (uart_clk, pclk) and
 * computes the baud divisor from the first. On the ZynqMP the root's tree
 * gets both from the firmware's clock controller, which a cell cannot
 * talk to, so the cell gets one fixed-clock for both: at the UART node's
 * clock-frequency, else the root's clock if it is a fixed-clock, else
 * 100 MHz, the ZCU102's UART reference clock as Xilinx's boot firmware
 * programs it (QEMU's model ignores the rate). The cell's tree names the
 * UART serial0, so it is ttyPS0 whatever the root calls it.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cell_linux.h"
#include "cell_linux_dt.h"
#include "cli.h"

#define CLK_PHANDLE		2
#define CLK_DEFAULT_HZ		100000000U
#define SEARCH_DEPTH		3	/* /soc/bus/uart at most */
#define MAX_CLOCK_NAMES		4
#define GIC_IRQ_CELLS		3

static const char *const cadence_compat[] = {
	"cdns,uart-r1p12", "cdns,uart-r1p8", "xlnx,xuartps", NULL };

static const char *const con_names[] = {
	[JH_CON_PL011] = "a PL011",
	[JH_CON_8250_MMIO] = "an 8250",
	[JH_CON_CADENCE] = "a Cadence UART",
	[JH_CON_IMX] = "an i.MX UART",
	[JH_CON_LPUART] = "an LPUART",
};

typedef bool (*node_match)(const struct dt *dt, const char *node,
			   uint64_t key);

static bool reg_starts_at(const struct dt *dt, const char *node,
			  uint64_t addr)
{
	uint64_t reg[2];

	return dt_reg(dt, node, reg, 1) == 1 && reg[0] == addr;
}

static bool has_phandle(const struct dt *dt, const char *node,
			uint64_t phandle)
{
	return dt_u32(dt, node, "phandle", 0) == phandle;
}

/* Depth-first search of the nodes below node for one that matches. */
static bool find_node(const struct dt *dt, const char *node,
		      unsigned int depth, node_match match, uint64_t key,
		      char *out, size_t len)
{
	char path[1024], child[NODE_LEN];
	struct dirent *e;
	bool found = false;
	DIR *d;

	snprintf(path, sizeof(path), "%s/%s", dt->root, node);
	d = opendir(path);
	if (!d)
		return false;
	while (!found && (e = readdir(d))) {
		if (e->d_name[0] == '.')
			continue;
		snprintf(child, sizeof(child), "%s%s%.255s", node,
			 node[0] ? "/" : "", e->d_name);
		if (match(dt, child, key)) {
			snprintf(out, len, "%s", child);
			found = true;
		} else if (depth > 1) {
			found = find_node(dt, child, depth - 1, match, key,
					  out, len);
		}
	}
	closedir(d);
	return found;
}

/* The UART's clock rate (see the top of this file for the order). */
static uint32_t uart_clock_hz(const struct dt *dt, const char *node)
{
	static const char *const fixed[] = { "fixed-clock", NULL };
	char clk[NODE_LEN];
	struct prop p;
	uint32_t hz = dt_u32(dt, node, "clock-frequency", 0), phandle;

	if (hz)
		return hz;
	if (dt_read(dt, node, "clocks", &p)) {
		phandle = p.len >= 4 ? get_be32(p.data) : 0;
		free(p.data);
		if (phandle &&
		    find_node(dt, "", SEARCH_DEPTH, has_phandle, phandle,
			      clk, sizeof(clk)) &&
		    node_compatible(dt, clk, fixed))
			hz = dt_u32(dt, clk, "clock-frequency", 0);
	}
	return hz ? hz : CLK_DEFAULT_HZ;
}

/* The UART's SPI as a GIC specifier; the cell must own it. */
static void uart_interrupt(const struct dt *dt, const char *node,
			   const struct jh_cell_desc *cell, uint32_t *spec)
{
	struct prop p;
	unsigned int i;

	if (!dt_read(dt, node, "interrupts", &p) ||
	    p.len < GIC_IRQ_CELLS * 4 ||
	    dt_u32(dt, dt->gic, "#interrupt-cells", 0) != GIC_IRQ_CELLS)
		fail(ST_BAD_INPUT, "the cell's UART %s has no interrupt this "
		     "tool can read (three GIC cells)", node);
	for (i = 0; i < GIC_IRQ_CELLS; i++)
		spec[i] = get_be32(p.data + 4 * i);
	free(p.data);
	if (spec[0] != GIC_SPI)
		fail(ST_BAD_INPUT, "the cell's UART %s interrupts on a PPI, "
		     "not an SPI", node);
	if (!cell_owns_spi(cell, spec[1] + GIC_SPI_BASE))
		fail(ST_BAD_INPUT, "the cell's UART %s interrupts on INTID %u "
		     "(SPI %u), which the cell config does not own", node,
		     spec[1] + GIC_SPI_BASE, spec[1]);
}

/* Whether one of the cell's I/O regions covers [addr, addr + size). */
static bool cell_owns_mmio(const struct jh_cell_desc *cell, uint64_t addr,
			   uint64_t size)
{
	const struct jh_memory_region *m = jh_cell_mem_regions(cell);
	unsigned int i;

	for (i = 0; i < cell->num_memory_regions; i++)
		if ((m[i].flags & JH_MEM_IO) && addr >= m[i].virt_start &&
		    size <= m[i].size &&
		    addr - m[i].virt_start <= m[i].size - size)
			return true;
	return false;
}

static void add_clock(struct fdt *f, uint32_t hz)
{
	fdt_begin_node(f, "clock-uart");
	fdt_prop_string(f, "compatible", "fixed-clock");
	fdt_prop_u32(f, "#clock-cells", 0);
	fdt_prop_u32(f, "clock-frequency", hz);
	fdt_prop_u32(f, "phandle", CLK_PHANDLE);
	fdt_end_node(f);
}

/* clock-names as the root has them (or the driver's), each one clock. */
static void add_clock_refs(struct fdt *f, const struct dt *dt,
			   const char *node)
{
	static const char names[] = "uart_clk\0pclk";
	uint32_t refs[MAX_CLOCK_NAMES];
	unsigned int n = 0, i;
	struct prop p;
	size_t off;

	if (dt_read(dt, node, "clock-names", &p)) {
		for (off = 0; off < p.len && n < MAX_CLOCK_NAMES; n++)
			off += strnlen((const char *)p.data + off,
				       p.len - off) + 1;
		fdt_prop(f, "clock-names", p.data, p.len);
		free(p.data);
	}
	if (n == 0) {
		fdt_prop(f, "clock-names", names, sizeof(names));
		n = 2;
	}
	for (i = 0; i < n; i++)
		refs[i] = CLK_PHANDLE;
	fdt_prop_cells(f, "clocks", refs, n);
}

void add_uart(struct fdt *f, const struct dt *dt,
	      const struct jh_cell_desc *cell, char *path, size_t len)
{
	const struct jh_console *c = &cell->console;
	uint64_t addr = c->address, reg[2];
	char node[NODE_LEN], name[40];
	uint32_t spec[GIC_IRQ_CELLS];

	path[0] = '\0';
	if (c->type == JH_CON_NONE || c->type == JH_CON_8250_PIO)
		return;
	if (c->type != JH_CON_CADENCE)
		fail(ST_BAD_INPUT, "the cell's console at 0x%llx is %s: cell "
		     "linux describes Cadence UARTs only (give a device tree "
		     "with -d)", (unsigned long long)addr,
		     c->type < sizeof(con_names) / sizeof(con_names[0]) &&
		     con_names[c->type] ? con_names[c->type] : "a UART");
	if (!find_node(dt, "", SEARCH_DEPTH, reg_starts_at, addr, node,
		       sizeof(node)))
		fail(ST_BAD_INPUT, "the cell's console 0x%llx is no node of "
		     "the root's device tree %s (none has its reg there)",
		     (unsigned long long)addr, dt->root);
	if (!node_compatible(dt, node, cadence_compat))
		fail(ST_BAD_INPUT, "the cell's console is %s in the root's "
		     "device tree, which is no Cadence UART (cdns,uart-r1p12, "
		     "cdns,uart-r1p8 or xlnx,xuartps)", node);
	dt_reg(dt, node, reg, 1);
	if (!cell_owns_mmio(cell, addr, reg[1]))
		fail(ST_BAD_INPUT, "the cell's UART %s (0x%llx, 0x%llx bytes) "
		     "is in none of its I/O memory regions", node,
		     (unsigned long long)addr, (unsigned long long)reg[1]);
	uart_interrupt(dt, node, cell, spec);

	add_clock(f, uart_clock_hz(dt, node));
	snprintf(name, sizeof(name), "serial@%llx", (unsigned long long)addr);
	fdt_begin_node(f, name);
	copy_prop(f, dt, node, "compatible");
	fdt_prop_u64s(f, "reg", reg, 2);
	fdt_prop_cells(f, "interrupts", spec, GIC_IRQ_CELLS);
	add_clock_refs(f, dt, node);
	fdt_end_node(f);

	snprintf(path, len, "/%s", name);
	fdt_begin_node(f, "aliases");
	fdt_prop_string(f, "serial0", path);
	fdt_end_node(f);
}
