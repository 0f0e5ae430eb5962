// SPDX-License-Identifier: GPL-2.0
/*
 * VT-d translation structures: the root table, context tables and the
 * format of second-level page tables (the core builds those in
 * cell->dma_pt).
 *
 * Memory-frugal: one shared default context table sends every device of
 * every bus to the root cell's domain. A bus gets a context table of its
 * own only when a cell that takes one of its devices is created
 * (vtd_cell_init, which may allocate), so attach only rewrites entries;
 * it goes back to the default when the last such cell is gone
 * (vtd_cell_exit), so cell cycles leave the page pool as they found it. Root entries and context entries are
 * 128 bits; the high qword of a root entry is reserved in legacy mode.
 */
#include <jailhouse/hypercall.h>
#include <hv/cell.h>
#include <hv/hypervisor.h>
#include <hv/iommu.h>
#include <hv/printk.h>
#include <asm/pci.h>
#include <asm/vtd_ir.h>
#include <asm/vtd_qi.h>
#include <asm/vtd_regs.h>
#include <asm/vtd_tables.h>
#include <asm/vtd_unit.h>

static uint64_t *root_table;		/* 256 x 128 bits */
static uint64_t *default_ctx;		/* 256 x 128 bits */
static uint64_t *bus_ctx[VTD_ROOT_ENTRIES];	/* NULL: default_ctx */
static struct pt_format sl_format;

uint16_t vtd_domain(const struct cell *cell)
{
	return (uint16_t)(cell->id + 1);
}

paddr_t vtd_root_table_phys(void)
{
	return page_pool_virt2phys(&hv.pool, root_table);
}

/* Second-level entries: R/W, PS for 2 MiB and 1 GiB leaves. */
static pt_entry_t sl_table_entry(paddr_t table, unsigned int level)
{
	(void)level;
	return table | VTD_SL_R | VTD_SL_W;
}

static pt_entry_t sl_leaf_entry(paddr_t phys, unsigned int level,
				unsigned long flags)
{
	pt_entry_t e = phys;

	if (flags & PT_READ) {
		e |= VTD_SL_R;
	}
	if (flags & PT_WRITE) {
		e |= VTD_SL_W;
	}
	if (level < PT_LEVELS - 1) {
		e |= VTD_SL_PS;
	}
	return e;
}

static bool sl_leaf_allowed(unsigned int level)
{
	switch (level) {
	case 3:
		return true;
	case 2:
		return vtd.sllps & VTD_SLLPS_2M;
	case 1:
		return vtd.sllps & VTD_SLLPS_1G;
	default:
		return false;
	}
}

static bool sl_is_valid(pt_entry_t e)
{
	return e & (VTD_SL_R | VTD_SL_W);
}

static bool sl_is_table(pt_entry_t e, unsigned int level)
{
	(void)level;
	return !(e & VTD_SL_PS);
}

static paddr_t sl_entry_addr(pt_entry_t e, unsigned int level)
{
	(void)level;
	return e & VTD_SL_ADDR;
}

static unsigned long sl_leaf_flags(pt_entry_t e, unsigned int level)
{
	(void)level;
	return ((e & VTD_SL_R) ? PT_READ : 0) | ((e & VTD_SL_W) ? PT_WRITE : 0);
}

/*
 * 3-level tables (39-bit input) where the CPU's physical addresses fit,
 * as the root cell's table maps them 1:1; else 4 levels (48 bits).
 */
static int choose_format(void)
{
	unsigned int phys_bits = paging_arch_phys_bits();

	sl_format = (struct pt_format) {
		.table_entry = sl_table_entry,
		.leaf_entry = sl_leaf_entry,
		.leaf_allowed = sl_leaf_allowed,
		.is_valid = sl_is_valid,
		.is_table = sl_is_table,
		.entry_addr = sl_entry_addr,
		.leaf_flags = sl_leaf_flags,
		.output_bits = MIN(vtd.mgaw, MIN(phys_bits, 52U)),
	};
	if ((vtd.sagaw & VTD_SAGAW_48) && vtd.mgaw >= 48 &&
	    (phys_bits > 39 || !(vtd.sagaw & VTD_SAGAW_39))) {
		sl_format.name = "4-level";
		sl_format.root_level = 0;
		sl_format.input_bits = 48;
	} else if ((vtd.sagaw & VTD_SAGAW_39) != 0U) {
		sl_format.name = "3-level";
		sl_format.root_level = 1;
		sl_format.input_bits = 39;
	} else {
		hv_error("VT-d: no supported page-table depth (SAGAW 0x%x)",
			 vtd.sagaw);
		return -JH_ENODEV;
	}
	return 0;
}

const struct pt_format *vtd_pt_format(void)
{
	return &sl_format;
}

static uint64_t ctx_hi(const struct cell *cell)
{
	return VTD_CTX_DID(vtd_domain(cell)) |
		(sl_format.root_level == 0 ? VTD_CTX_AW_48 : VTD_CTX_AW_39);
}

/* Entry devfn of ctx now sends the device to cell's table. */
static void set_context(uint64_t *ctx, unsigned int devfn,
			const struct cell *cell)
{
	uint64_t *e = &ctx[devfn * 2];

	/* Not present while the two halves disagree. */
	WRITE_ONCE(e[0], 0);
	WRITE_ONCE(e[1], ctx_hi(cell));
	WRITE_ONCE(e[0], cell->dma_pt.root_phys | VTD_CTX_TT_UNTRANSLATED |
		   VTD_CTX_P);
	vtd_clflush(e, 16);
}

static void set_root_entry(unsigned int bus, const uint64_t *ctx)
{
	WRITE_ONCE(root_table[bus * 2],
		   page_pool_virt2phys(&hv.pool, ctx) | VTD_ROOT_P);
	vtd_clflush(&root_table[bus * 2], 16);
}

int vtd_tables_init(void)
{
	unsigned int bus;
	int err = choose_format();

	if (err != 0) {
		return err;
	}
	root_table = page_alloc(&hv.pool, 1);
	default_ctx = page_alloc(&hv.pool, 1);
	if (!root_table || !default_ctx) {
		return -JH_ENOMEM;
	}
	/* Context entries are filled when the root cell's table exists. */
	for (bus = 0; bus < VTD_ROOT_ENTRIES; bus++) {
		set_root_entry(bus, default_ctx);
	}
	return 0;
}

/* The root cell first: every context entry sends its device there. */
static void init_root_domain(const struct cell *root)
{
	unsigned int devfn;

	for (devfn = 0; devfn < VTD_CTX_ENTRIES; devfn++) {
		set_context(default_ctx, devfn, root);
	}
}

/* A bus of a device the cell takes gets its own context table. */
static int own_context_table(unsigned int bus)
{
	uint64_t *ctx;
	unsigned int n;

	if (bus_ctx[bus] != NULL) {
		return 0;
	}
	ctx = page_alloc(&hv.pool, 1);
	if (!ctx) {
		return -JH_ENOMEM;
	}
	for (n = 0; n < VTD_CTX_ENTRIES * 2; n++) {
		ctx[n] = default_ctx[n];
	}
	vtd_clflush(ctx, PAGE_SIZE);
	bus_ctx[bus] = ctx;
	/* Same content as before: the next flush invalidates the cache. */
	set_root_entry(bus, ctx);
	return 0;
}

int vtd_cell_init(struct cell *cell)
{
	const struct jh_pci_device *dev = jh_cell_pci_devices(cell->config);
	unsigned int n;
	int err = 0;

	if (vtd_domain(cell) >= vtd.domains) {
		hv_error("VT-d: cell \"%s\" needs domain %u, the units have %lu",
			 cell->name, vtd_domain(cell), vtd.domains);
		return -JH_E2BIG;
	}
	vtd_tables_writeback(&cell->dma_pt);
	if (cell == &root_cell) {
		init_root_domain(cell);
		return 0;
	}
	for (n = 0; !err && n < cell->config->num_pci_devices; n++) {
		if (dev[n].domain == 0) {
			err = own_context_table(dev[n].bdf >> 8);
		}
	}
	return err;
}

static unsigned int vtd_bus_of(uint16_t bdf)
{
	return (unsigned int)bdf >> 8U;
}

/* Does a cell other than cell own a device on bus? */
static bool bus_used_by_other(const struct cell *cell, unsigned int bus)
{
	const struct jh_pci_device *dev;
	unsigned int id;
	unsigned int n;
	bool used = false;

	for (id = 1U; id < (unsigned int)HV_MAX_CELLS; id++) {
		if ((cells[id] == NULL) || (cells[id] == cell)) {
			continue;
		}
		dev = jh_cell_pci_devices(cells[id]->config);
		for (n = 0; n < cells[id]->config->num_pci_devices; n++) {
			used = used || ((dev[n].domain == 0U) &&
					(vtd_bus_of(dev[n].bdf) == bus));
		}
	}
	return used;
}

/*
 * Its entries all send their devices to the root again, as the default
 * table's do: the bus goes back to that table, and its own page to the
 * pool once no unit can fetch it any more.
 */
static void drop_context_table(unsigned int bus)
{
	uint64_t *ctx = bus_ctx[bus];
	unsigned int n;
	bool done = true;

	set_root_entry(bus, default_ctx);
	bus_ctx[bus] = NULL;
	for (n = 0; n < vtd.units; n++) {
		if (vtd_invalidate_all(&vtd_units[n]) != 0) {
			done = false;
		}
	}
	/* A unit that timed out (reported) may still fetch it: keep it. */
	if (done) {
		page_free(&hv.pool, ctx, 1);
	}
}

/*
 * Its devices went back to the root cell and were flushed (or, for a
 * create that failed, never left it).
 */
void vtd_cell_exit(struct cell *cell)
{
	const struct jh_pci_device *dev = jh_cell_pci_devices(cell->config);
	unsigned int n;
	unsigned int bus;

	for (n = 0; (cell != &root_cell) &&
	     (n < cell->config->num_pci_devices); n++) {
		bus = vtd_bus_of(dev[n].bdf);
		if ((dev[n].domain == 0U) && (bus_ctx[bus] != NULL) &&
		    !bus_used_by_other(cell, bus)) {
			drop_context_table(bus);
		}
	}
}

void vtd_attach(struct cell *cell, uint16_t bdf)
{
	uint64_t *ctx = bus_ctx[bdf >> 8];

	/* No interrupt of the previous owner's reaches the new one. */
	vtd_ir_release(bdf);
	if (cell == &root_cell) {
		pci_root_msi_returned(bdf);
	}
	if (!ctx) {
		/* Only the root's devices use the default table. */
		if (cell != &root_cell) {
			printk("VT-d: device %02x:%02x.%x has no context table: it stays with the root cell\n",
			       bdf >> 8, (bdf >> 3) & 0x1f, bdf & 7);
		}
		return;
	}
	set_context(ctx, bdf & 0xff, cell);
}

static void writeback_level(const struct paging *pg, const pt_entry_t *table,
			    unsigned int level)
{
	unsigned int n;

	vtd_clflush(table, PAGE_SIZE);
	if (level == PT_LEVELS - 1) {
		return;
	}
	for (n = 0; n < PT_ENTRIES; n++) {
		if (sl_is_valid(table[n]) && sl_is_table(table[n], level)) {
			writeback_level(pg, page_pool_phys2virt(pg->pool,
					sl_entry_addr(table[n], level)),
					level + 1);
		}
	}
}

void vtd_tables_writeback(const struct paging *pg)
{
	if (!vtd.coherent && pg->root) {
		writeback_level(pg, pg->root, pg->fmt->root_level);
	}
}
