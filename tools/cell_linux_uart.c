// SPDX-License-Identifier: GPL-2.0
/*
 * The Linux cell's own MMIO UART in its device tree: the UART its config
 * names as console (an MMIO region of the cell), described as the root's
 * device tree describes it (the node whose reg starts at that address, as
 * the CPU sees it: compatible, size, interrupt), with what the driver
 * needs besides. Every kind gets one fixed-clock for all its clock inputs:
 * the root's clocks come from clock controllers (a SoC's, or firmware's)
 * a cell must not program. Its rate is the UART node's clock-frequency,
 * else the root's clock's if that is a fixed-clock, else the kind's
 * default below. The cell's tree names the UART serial0.
 *
 * Supported kinds (the config's console type, the root node's compatible):
 *  - Cadence UART (Zynq, ZynqMP; xuartps, ttyPS0): clocks uart_clk and
 *    pclk; 100 MHz, the ZCU102's UART reference clock as Xilinx's boot
 *    firmware programs it (QEMU's model ignores the rate).
 *  - PL011 (arm,pl011; amba-pl011, ttyAMA0): clocks uartclk and apb_pclk;
 *    48 MHz, the Raspberry Pi firmware's UART clock.
 *  - 8250 MMIO, the Broadcom mini UART (brcm,bcm2835-aux-uart;
 *    8250_bcm2835aux, ttyS0): one clock, 500 MHz, the Raspberry Pi 4's
 *    VPU core clock it divides (QEMU's model ignores it). Its enable bit
 *    (AUXENB) is in the aux block's first register, in the same page: the
 *    cell gets the whole block (Documentation/linux-cell.md).
 *  - 8250 MMIO, generic (ns16550a, ns16550; 8250_of, ttyS0): reg-shift
 *    and reg-io-width as the root has them, the rate as clock-frequency
 *    too; no default rate (refused without one).
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cell_linux.h"
#include "cell_linux_dt.h"
#include "cli.h"

#define CLK_PHANDLE		2
#define SEARCH_DEPTH		3	/* /soc/bus/uart at most */
#define MAX_CLOCK_NAMES		4
#define GIC_IRQ_CELLS		3

static const char *const cadence_compat[] = {
	"cdns,uart-r1p12", "cdns,uart-r1p8", "xlnx,xuartps", NULL };
static const char *const pl011_compat[] = { "arm,pl011", NULL };
static const char *const aux_compat[] = { "brcm,bcm2835-aux-uart", NULL };
static const char *const ns16550_compat[] = { "ns16550a", "ns16550", NULL };

/* One kind of UART this file describes. */
struct uart_kind {
	uint16_t type;			/* the config's JH_CON_* */
	const char *const *compat;	/* the root node's */
	const char *names;		/* clock-names unless the root has them */
	size_t names_len;		/* 0: one clock, no names */
	uint32_t default_hz;		/* 0: the root's tree must say */
	bool clock_frequency;		/* 8250_of reads the rate from here */
};

static const struct uart_kind kinds[] = {
	{ JH_CON_CADENCE, cadence_compat, "uart_clk\0pclk",
	  sizeof("uart_clk\0pclk"), 100000000U, false },
	{ JH_CON_PL011, pl011_compat, "uartclk\0apb_pclk",
	  sizeof("uartclk\0apb_pclk"), 48000000U, false },
	{ JH_CON_8250_MMIO, aux_compat, NULL, 0, 500000000U, false },
	{ JH_CON_8250_MMIO, ns16550_compat, NULL, 0, 0, true },
};

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
static uint32_t uart_clock_hz(const struct dt *dt, const char *node,
			      const struct uart_kind *k)
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
	if (!hz)
		hz = k->default_hz;
	if (!hz)
		fail(ST_BAD_INPUT, "the cell's UART %s has no clock rate in the "
		     "root's device tree (no clock-frequency, no fixed-clock)",
		     node);
	return hz;
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

/*
 * clocks: each of the kind's clock inputs (clock-names as the root has
 * them, else the kind's) is the one fixed-clock.
 */
static void add_clock_refs(struct fdt *f, const struct dt *dt,
			   const char *node, const struct uart_kind *k)
{
	uint32_t refs[MAX_CLOCK_NAMES];
	unsigned int n = 0, i;
	struct prop p;
	size_t off;

	if (k->names_len && dt_read(dt, node, "clock-names", &p)) {
		for (off = 0; off < p.len && n < MAX_CLOCK_NAMES; n++)
			off += strnlen((const char *)p.data + off,
				       p.len - off) + 1;
		fdt_prop(f, "clock-names", p.data, p.len);
		free(p.data);
	}
	if (k->names_len && n == 0) {
		fdt_prop(f, "clock-names", k->names, k->names_len);
		for (off = 0; off < k->names_len; n++)
			off += strlen(k->names + off) + 1;
	}
	if (n == 0)
		n = 1;
	for (i = 0; i < n; i++)
		refs[i] = CLK_PHANDLE;
	fdt_prop_cells(f, "clocks", refs, n);
}

/* The kind of the root's node for a console of this type, or NULL. */
static const struct uart_kind *uart_kind_of(const struct dt *dt,
					    const char *node, uint16_t type)
{
	unsigned int i;

	for (i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++)
		if (kinds[i].type == type &&
		    node_compatible(dt, node, kinds[i].compat))
			return &kinds[i];
	return NULL;
}

static const char *con_name(uint16_t type)
{
	return type < sizeof(con_names) / sizeof(con_names[0]) &&
		con_names[type] ? con_names[type] : "a UART";
}

void add_uart(struct fdt *f, const struct dt *dt,
	      const struct jh_cell_desc *cell, char *path, size_t len)
{
	static const char *const supported =
		"a Cadence UART (cdns,uart-r1p12, cdns,uart-r1p8, "
		"xlnx,xuartps), a PL011 (arm,pl011), an 8250 (brcm,bcm2835-"
		"aux-uart, ns16550a, ns16550)";
	const struct jh_console *c = &cell->console;
	const struct uart_kind *k;
	uint64_t addr = c->address, reg[2];
	char node[NODE_LEN], name[40];
	uint32_t spec[GIC_IRQ_CELLS], hz;

	path[0] = '\0';
	if (c->type == JH_CON_NONE || c->type == JH_CON_8250_PIO)
		return;
	if (c->type != JH_CON_CADENCE && c->type != JH_CON_PL011 &&
	    c->type != JH_CON_8250_MMIO)
		fail(ST_BAD_INPUT, "the cell's console at 0x%llx is %s: cell "
		     "linux describes %s only (give a device tree with -d)",
		     (unsigned long long)addr, con_name(c->type), supported);
	if (!find_node(dt, "", SEARCH_DEPTH, reg_starts_at, addr, node,
		       sizeof(node)))
		fail(ST_BAD_INPUT, "the cell's console 0x%llx is no node of "
		     "the root's device tree %s (none has its reg there)",
		     (unsigned long long)addr, dt->root);
	k = uart_kind_of(dt, node, c->type);
	if (!k)
		fail(ST_BAD_INPUT, "the cell's console is %s in the root's "
		     "device tree, which is not %s as the config says, or "
		     "not of a kind cell linux describes: %s", node,
		     con_name(c->type), supported);
	dt_reg(dt, node, reg, 1);
	if (!cell_owns_mmio(cell, addr, reg[1]))
		fail(ST_BAD_INPUT, "the cell's UART %s (0x%llx, 0x%llx bytes) "
		     "is in none of its I/O memory regions", node,
		     (unsigned long long)addr, (unsigned long long)reg[1]);
	uart_interrupt(dt, node, cell, spec);
	hz = uart_clock_hz(dt, node, k);

	add_clock(f, hz);
	snprintf(name, sizeof(name), "serial@%llx", (unsigned long long)addr);
	fdt_begin_node(f, name);
	copy_prop(f, dt, node, "compatible");
	fdt_prop_u64s(f, "reg", reg, 2);
	fdt_prop_cells(f, "interrupts", spec, GIC_IRQ_CELLS);
	add_clock_refs(f, dt, node, k);
	if (k->type == JH_CON_PL011)
		copy_prop(f, dt, node, "arm,primecell-periphid");
	if (k->clock_frequency) {
		fdt_prop_u32(f, "clock-frequency", hz);
		copy_prop(f, dt, node, "reg-shift");
		copy_prop(f, dt, node, "reg-io-width");
	}
	fdt_end_node(f);

	snprintf(path, len, "/%s", name);
	fdt_begin_node(f, "aliases");
	fdt_prop_string(f, "serial0", path);
	fdt_end_node(f);
}
