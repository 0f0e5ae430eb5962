// SPDX-License-Identifier: GPL-2.0
/*
 * Host tests of the generic IOMMU part (hypervisor/iommu/iommu.c) with a fake
 * driver that records what the core asks of it: which driver the config
 * picks, what each cell's I/O page table maps as cells come and go (only
 * JH_MEM_DMA memory, never the comm page or device memory, the root's
 * memory leaving it while a cell holds it), which devices move where, and
 * the fault line.
 */
/* UNIT-SOURCES: hypervisor/iommu/iommu.c hypervisor/mm/paging.c hypervisor/mm/page_pool.c hypervisor/lib/bitmap.c tests/unit/x86_stubs.c tests/unit/config_builder.c */
/* UNIT-CFLAGS: -I$(SRCDIR)/hypervisor/arch/x86/include */
#include "unit.h"

#include <stdlib.h>

#include <jailhouse/hypercall.h>
#include <hv/hypervisor.h>
#include <hv/iommu.h>
#include <hv/page_pool.h>
#include "x86_stubs.h"

#define POOL_PAGES	256
#define POOL_PHYS	0x80000000ULL	/* made-up address of the pool */

#define F_VALID		0x1ULL
#define F_TABLE		0x2ULL
#define F_READ		0x4ULL
#define F_WRITE		0x8ULL
#define F_ADDR		0x000ffffffffff000ULL

#define MAX_LOG		16

static struct {
	unsigned int unit_inits, cell_inits, cell_exits, enables, shutdowns;
	unsigned int nattach;
	struct { unsigned int cell; uint16_t bdf; } attach[MAX_LOG];
	unsigned int flushes[HV_MAX_CELLS];
	int enable_err;
} rec;

static pt_entry_t f_table(paddr_t table, unsigned int level)
{
	(void)level;
	return (table & F_ADDR) | F_VALID | F_TABLE;
}

static pt_entry_t f_leaf(paddr_t phys, unsigned int level,
			 unsigned long flags)
{
	(void)level;
	return (phys & F_ADDR) | F_VALID | ((level == 3) ? F_TABLE : 0) |
		((flags & PT_READ) ? F_READ : 0) |
		((flags & PT_WRITE) ? F_WRITE : 0);
}

static bool f_leaf_allowed(unsigned int level)
{
	return level >= 1;
}

static bool f_is_valid(pt_entry_t e)
{
	return e & F_VALID;
}

static bool f_is_table(pt_entry_t e, unsigned int level)
{
	return level < 3 && (e & F_TABLE);
}

static paddr_t f_entry_addr(pt_entry_t e, unsigned int level)
{
	(void)level;
	return e & F_ADDR;
}

static unsigned long f_leaf_flags(pt_entry_t e, unsigned int level)
{
	(void)level;
	return ((e & F_READ) ? PT_READ : 0) | ((e & F_WRITE) ? PT_WRITE : 0);
}

static const struct pt_format fake_format = {
	.name = "fake I/O",
	.root_level = 0,
	.input_bits = 48,
	.output_bits = 48,
	.table_entry = f_table,
	.leaf_entry = f_leaf,
	.leaf_allowed = f_leaf_allowed,
	.is_valid = f_is_valid,
	.is_table = f_is_table,
	.entry_addr = f_entry_addr,
	.leaf_flags = f_leaf_flags,
};

static int fake_unit_init(unsigned int index, const struct jh_iommu *cfg)
{
	(void)index;
	(void)cfg;
	rec.unit_inits++;
	return 0;
}

static const struct pt_format *fake_pt_format(void)
{
	return &fake_format;
}

static int fake_cell_init(struct cell *cell)
{
	(void)cell;
	rec.cell_inits++;
	return 0;
}

static void fake_cell_exit(struct cell *cell)
{
	(void)cell;
	rec.cell_exits++;
}

static void fake_attach(struct cell *cell, uint16_t bdf)
{
	if (rec.nattach < MAX_LOG) {
		rec.attach[rec.nattach].cell = cell->id;
		rec.attach[rec.nattach].bdf = bdf;
	}
	rec.nattach++;
}

static int fake_enable(void)
{
	rec.enables++;
	return rec.enable_err;
}

static void fake_shutdown(void)
{
	rec.shutdowns++;
}

static void fake_flush(struct cell *cell)
{
	rec.flushes[cell->id]++;
}

DEFINE_IOMMU_DRIVER(fake_vtd) = {
	.type = JH_IOMMU_VTD,
	.name = "fake VT-d",
	.unit_init = fake_unit_init,
	.pt_format = fake_pt_format,
	.cell_init = fake_cell_init,
	.cell_exit = fake_cell_exit,
	.attach = fake_attach,
	.enable = fake_enable,
	.shutdown = fake_shutdown,
	.flush = fake_flush,
};

static void *pool_mem;

/* The demo x86 system with n VT-d units (0: none) and a fresh pool. */
static void setup(unsigned int units, uint16_t type)
{
	struct tb_system sys;
	unsigned int n;

	memset(&rec, 0, sizeof(rec));
	tb_demo_system(&sys, JH_ARCH_X86);
	for (n = 0; n < units; n++) {
		sys.desc.iommus[n].type = type;
		sys.desc.iommus[n].base = 0xfed90000 + n * 0x1000;
		sys.desc.iommus[n].size = 0x1000;
	}
	/* Device memory in the root: never a DMA target. */
	tb_cell_add_mem(&sys.root, 0xc0000000, 0xc0000000, 0x100000,
			JH_MEM_READ | JH_MEM_WRITE | JH_MEM_IO);
	stub_system(&sys);
	pool_mem = aligned_alloc(PAGE_SIZE, POOL_PAGES * PAGE_SIZE);
	REQUIRE(pool_mem);
	unit_cleanup(free, pool_mem);
	REQUIRE(page_pool_init(&hv.pool, pool_mem, POOL_PHYS, POOL_PAGES) == 0);
}

/* Is gpa mapped in the cell's I/O table, to pa, writable as wanted? */
static bool dma_maps(const struct cell *cell, uint64_t gpa, paddr_t pa,
		     bool write)
{
	unsigned long flags;
	paddr_t got;

	if (pt_translate(&cell->dma_pt, gpa, &got, &flags))
		return false;
	return got == pa && (flags & PT_READ) &&
		!!(flags & PT_WRITE) == write;
}

static bool dma_unmapped(const struct cell *cell, uint64_t gpa)
{
	return pt_translate(&cell->dma_pt, gpa, NULL, NULL) == -JH_ENOENT;
}

TEST(no_unit_no_tables)
{
	setup(0, JH_IOMMU_NONE);
	CHECK_EQ(iommu_init(), 0);
	CHECK(!iommu_active());
	CHECK(root_cell.dma_pt.root == NULL);
	CHECK_EQ(rec.unit_inits, 0);
	CHECK(strstr(stub_console(), "no IOMMU") != NULL);
	CHECK_EQ(iommu_msi_remap(&root_cell, 0x28, 0, NULL, NULL), -JH_ENOSYS);
}

TEST(type_without_driver_is_refused)
{
	setup(1, JH_IOMMU_AMD);
	CHECK_EQ(iommu_init(), -JH_ENODEV);
	CHECK(!iommu_active());
	CHECK(strstr(stub_console(), "IOMMU type 1 has no driver") != NULL);
}

TEST(root_sees_its_dma_memory_only)
{
	setup(2, JH_IOMMU_VTD);
	CHECK_EQ(iommu_init(), 0);
	CHECK(iommu_active());
	CHECK_EQ(rec.unit_inits, 2);
	CHECK_EQ(rec.cell_inits, 1);
	CHECK_EQ(rec.enables, 1);
	CHECK(dma_maps(&root_cell, 0x1000, 0x1000, true));
	CHECK(dma_maps(&root_cell, 0x3affffff & ~0xfffULL, 0x3afff000, true));
	CHECK(dma_maps(&root_cell, 0x3c000000, 0x3c000000, true));
	/* The hypervisor's memory and device memory: not for devices. */
	CHECK(dma_unmapped(&root_cell, 0x3b000000));
	CHECK(dma_unmapped(&root_cell, 0x3bfff000));
	CHECK(dma_unmapped(&root_cell, 0xc0000000));
	CHECK(strstr(stub_console(), "fake VT-d: 2 unit(s)") != NULL);
	iommu_shutdown();
	CHECK_EQ(rec.shutdowns, 1);
}

TEST(enable_failure_leaves_nothing_active)
{
	setup(1, JH_IOMMU_VTD);
	rec.enable_err = -JH_EBUSY;
	CHECK_EQ(iommu_init(), -JH_EBUSY);
	CHECK(!iommu_active());
	CHECK_EQ(rec.shutdowns, 1);
	CHECK_EQ(rec.cell_exits, 1);
}

/* Create, then destroy, as control.c drives it. */
TEST(cell_memory_and_devices_move)
{
	const struct jh_memory_region *mem;
	struct jh_memory_region back;
	unsigned long pool_base;
	struct tb_cell tc;
	struct cell *cell;

	setup(1, JH_IOMMU_VTD);
	pool_base = hv.pool.used;	/* its own bitmap */
	REQUIRE(iommu_init() == 0);
	tb_demo_cell(&tc, JH_ARCH_X86);
	/* Its RAM for DMA, plus a second page it keeps from its devices. */
	tc.mem[0].flags |= JH_MEM_DMA;
	tb_cell_add_mem(&tc, 0x3c200000, 0x200000, 0x1000,
			JH_MEM_READ | JH_MEM_WRITE);
	cell = stub_cell_create(&tc, 1);
	mem = jh_cell_mem_regions(cell->config);

	CHECK_EQ(iommu_cell_init(cell), 0);
	CHECK_EQ(rec.cell_inits, 2);
	CHECK(dma_maps(cell, 0x0, 0x3c000000, true));
	CHECK(dma_maps(cell, 0xff000, 0x3c0ff000, true));
	CHECK(dma_unmapped(cell, 0x100000));
	CHECK(dma_unmapped(cell, 0x80000000));	/* comm region */
	CHECK(dma_unmapped(cell, 0x200000));	/* not JH_MEM_DMA */

	iommu_clear_root(mem[0].phys_start, mem[0].size);
	iommu_cell_assign(cell);
	CHECK(dma_unmapped(&root_cell, 0x3c000000));
	CHECK(dma_unmapped(&root_cell, 0x3c0ff000));
	CHECK(dma_maps(&root_cell, 0x3c100000, 0x3c100000, true));
	CHECK_EQ(rec.nattach, 1);
	CHECK_EQ(rec.attach[0].cell, 1);
	CHECK_EQ(rec.attach[0].bdf, 0x0010);
	CHECK(rec.flushes[0] >= 1);
	CHECK(rec.flushes[1] >= 1);

	/* A fault of the cell's device names the cell. */
	iommu_report_fault(0, 0x0010, 0x3b000000, true, "not mapped");
	CHECK(strstr(stub_console(), "IOMMU 0: DMA write of device 00:02.0 "
		     "(cell \"demo\") at 0x3b000000 blocked: not mapped") !=
	      NULL);

	/* Destroy: devices and memory back to the root. */
	iommu_cell_release(cell);
	CHECK_EQ(rec.nattach, 2);
	CHECK_EQ(rec.attach[1].cell, 0);
	CHECK_EQ(rec.attach[1].bdf, 0x0010);
	back = mem[0];
	back.virt_start = back.phys_start;
	back.flags = JH_MEM_READ | JH_MEM_WRITE | JH_MEM_EXECUTE | JH_MEM_DMA;
	CHECK_EQ(iommu_map_region(&root_cell, &back, true), 0);
	CHECK(dma_maps(&root_cell, 0x3c000000, 0x3c000000, true));
	stub_cell_destroy(cell);
	iommu_cell_exit(cell);
	CHECK_EQ(rec.cell_exits, 1);

	/* Every table of the cell went back to the pool. */
	iommu_cell_exit(&root_cell);
	CHECK_EQ(hv.pool.used, pool_base);
}

TEST(faults_are_rate_limited)
{
	unsigned int n;
	const char *con, *p;
	unsigned int lines = 0;

	setup(1, JH_IOMMU_VTD);
	REQUIRE(iommu_init() == 0);
	for (n = 0; n < 100; n++)
		iommu_report_fault(0, 0x0028, 0x1000 * n, false, "flood");
	con = stub_console();
	for (p = con; (p = strstr(p, "blocked: flood")) != NULL; p++)
		lines++;
	CHECK(lines > 0);
	CHECK(lines < 20);
	/* A device no cell lists is the root's. */
	CHECK(strstr(con, "DMA read of device 00:05.0 (cell \"root\")") != NULL);
}
