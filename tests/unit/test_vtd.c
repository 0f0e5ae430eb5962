// SPDX-License-Identifier: GPL-2.0
/*
 * Host tests of the VT-d driver's tables, interrupt remapping and fault
 * records (vtd_tables.c, vtd_ir.c, vtd_fault.c) on the demo x86 system:
 * which page-table format the capabilities give, what the root and
 * context entries hold as devices move, what an interrupt remapping
 * entry and the device's message look like, which invalidations are
 * queued, and the fault line a record produces. The unit's commands and
 * its queue (vtd.c, vtd_qi.c) are stand-ins here that record what was
 * asked of them; registers are a plain buffer.
 */
/* UNIT-SOURCES: hypervisor/arch/x86/iommu/vtd/vtd_tables.c hypervisor/arch/x86/iommu/vtd/vtd_ir.c hypervisor/arch/x86/iommu/vtd/vtd_fault.c hypervisor/mm/paging.c hypervisor/mm/page_pool.c hypervisor/lib/bitmap.c tests/unit/x86_stubs.c tests/unit/config_builder.c */
/* UNIT-CFLAGS: -I$(SRCDIR)/hypervisor/arch/x86/include */
#include "unit.h"

#include <stdio.h>
#include <stdlib.h>

#include <jailhouse/hypercall.h>
#include <hv/hypervisor.h>
#include <hv/iommu.h>
#include <hv/page_pool.h>
#include <asm/vtd.h>
#include <asm/vtd_unit.h>
#include "x86_stubs.h"

#define POOL_PAGES	1024
#define POOL_PHYS	0x80000000ULL
#define MAX_DESC	64
#define FRO		0x220

/* CAP as QEMU 7.2 reports it with aw-bits=39 (ND 6, SAGAW 39, 2M+1G). */
#define QEMU_CAP	0xd2008c22260206ULL

struct vtd_unit vtd_units[JH_MAX_IOMMUS];
struct vtd_common vtd;

static struct {
	uint64_t desc[MAX_DESC][2];
	unsigned int ndesc;
	char faults[1024];
} rec;
static unsigned int phys_bits = 40;
static void *pool_mem;
static uint8_t regs[0x1000] __attribute__((aligned(8)));

unsigned int paging_arch_phys_bits(void)
{
	return phys_bits;
}

void vtd_clflush(const void *virt, unsigned long size)
{
	(void)virt;
	(void)size;
}

int vtd_gcmd(struct vtd_unit *u, uint32_t bit, bool set)
{
	(void)u;
	(void)bit;
	(void)set;
	return 0;
}

int vtd_qi_submit(struct vtd_unit *u, const uint64_t (*desc)[2],
		  unsigned int count)
{
	unsigned int n;

	(void)u;
	for (n = 0; n < count && rec.ndesc < MAX_DESC; n++, rec.ndesc++) {
		rec.desc[rec.ndesc][0] = desc[n][0];
		rec.desc[rec.ndesc][1] = desc[n][1];
	}
	return 0;
}

static unsigned int invalidate_alls;

int vtd_invalidate_all(struct vtd_unit *u)
{
	(void)u;
	invalidate_alls++;
	return 0;
}

/* pci_root.c for vtd_ir.c: the root functions a test declares. */
static uint16_t root_msi[2];
static unsigned int root_msis, root_msix, root_returned;

unsigned int pci_root_msi_scan(uint16_t *bdf, unsigned int max)
{
	unsigned int n;

	for (n = 0; n < root_msis && n < max; n++)
		bdf[n] = root_msi[n];
	return n;
}

unsigned int pci_root_msix(const uint16_t **bdf)
{
	*bdf = root_msi;
	return root_msix;
}

void pci_root_msi_returned(uint16_t bdf)
{
	(void)bdf;
	root_returned++;
}

void iommu_report_fault(unsigned int unit, uint16_t bdf, uint64_t addr,
			bool write, const char *what)
{
	size_t len = strlen(rec.faults);

	snprintf(rec.faults + len, sizeof(rec.faults) - len,
		 "%u %04x 0x%llx %s %s\n", unit, bdf, (unsigned long long)addr,
		 write ? "write" : "read", what);
}

/* One unit with cap/ecap, the demo system, a fresh pool. */
static void setup(uint64_t cap, uint64_t ecap)
{
	struct tb_system sys;

	memset(&rec, 0, sizeof(rec));
	root_msis = root_msix = root_returned = invalidate_alls = 0;
	memset(&vtd, 0, sizeof(vtd));
	memset(vtd_units, 0, sizeof(vtd_units));
	memset(regs, 0, sizeof(regs));
	tb_demo_system(&sys, JH_ARCH_X86);
	stub_system(&sys);
	pool_mem = aligned_alloc(PAGE_SIZE, POOL_PAGES * PAGE_SIZE);
	REQUIRE(pool_mem);
	unit_cleanup(free, pool_mem);
	REQUIRE(page_pool_init(&hv.pool, pool_mem, POOL_PHYS, POOL_PAGES) == 0);

	vtd_units[0].regs = regs;
	vtd_units[0].cap = cap;
	vtd_units[0].ecap = ecap;
	vtd_units[0].fro = VTD_CAP_FRO(cap);
	vtd_units[0].nfr = VTD_CAP_NFR(cap);
	vtd.units = 1;
	vtd.sagaw = VTD_CAP_SAGAW(cap);
	vtd.sllps = VTD_CAP_SLLPS(cap);
	vtd.mgaw = VTD_CAP_MGAW(cap);
	vtd.domains = 1UL << (4 + 2 * VTD_CAP_ND(cap));
	vtd.coherent = true;
	vtd.ir = ecap & VTD_ECAP_IR;
}

/* The root cell's table over its DMA memory, domain and contexts. */
static void root_up(void)
{
	REQUIRE(vtd_tables_init() == 0);
	REQUIRE(vtd_ir_init() == 0);
	REQUIRE(pt_create(&root_cell.dma_pt, vtd_pt_format(), &hv.pool) == 0);
	REQUIRE(pt_map(&root_cell.dma_pt, 0, 0, 0x3b000000,
		       PT_READ | PT_WRITE) == 0);
	REQUIRE(vtd_cell_init(&root_cell) == 0);
	if (vtd.ir)
		REQUIRE(vtd_ir_enable(&vtd_units[0]) == 0);
}

static const uint64_t *virt(paddr_t phys)
{
	return page_pool_phys2virt(&hv.pool, phys & VTD_SL_ADDR);
}

static const uint64_t *context_of(uint16_t bdf)
{
	const uint64_t *root = virt(vtd_root_table_phys());

	if (!(root[(bdf >> 8) * 2] & VTD_ROOT_P))
		return NULL;
	return &virt(root[(bdf >> 8) * 2])[(bdf & 0xff) * 2];
}

static bool context_is(uint16_t bdf, const struct cell *cell, uint64_t aw)
{
	const uint64_t *ctx = context_of(bdf);

	return ctx && ctx[0] == (cell->dma_pt.root_phys | VTD_CTX_P) &&
		ctx[1] == (VTD_CTX_DID(cell->id + 1) | aw);
}

TEST(qemu_caps_give_three_levels_and_superpages)
{
	const struct pt_format *fmt;
	const uint64_t *l1, *l2;

	setup(QEMU_CAP, VTD_ECAP_QI | VTD_ECAP_IR);
	CHECK_EQ(VTD_CAP_FRO(QEMU_CAP), FRO);
	CHECK_EQ(VTD_CAP_NFR(QEMU_CAP), 1);
	CHECK_EQ(VTD_CAP_MGAW(QEMU_CAP), 39);
	root_up();
	fmt = vtd_pt_format();
	CHECK_EQ(fmt->root_level, 1);
	CHECK_EQ(fmt->input_bits, 39);
	CHECK_EQ(fmt->output_bits, 39);
	/* 0..0x3b000000: 2 MiB leaves, R/W, PS, under a table. */
	l1 = root_cell.dma_pt.root;
	CHECK_EQ(l1[0] & (VTD_SL_R | VTD_SL_W | VTD_SL_PS),
		 VTD_SL_R | VTD_SL_W);
	CHECK_EQ(l1[1], 0);
	l2 = virt(l1[0]);
	CHECK_EQ(l2[0], 0 | VTD_SL_R | VTD_SL_W | VTD_SL_PS);
	CHECK_EQ(l2[0x1d7], 0x3ae00000ULL | VTD_SL_R | VTD_SL_W | VTD_SL_PS);
	CHECK_EQ(l2[0x1d8], 0);
	/* A whole GiB becomes one 1 GiB leaf. */
	REQUIRE(pt_map(&root_cell.dma_pt, 0x40000000, 0x40000000, 0x40000000,
		       PT_READ | PT_WRITE) == 0);
	CHECK_EQ(l1[1], 0x40000000ULL | VTD_SL_R | VTD_SL_W | VTD_SL_PS);
	/* Nothing at or above the hypervisor. */
	CHECK_EQ(pt_translate(&root_cell.dma_pt, 0x3b000000, NULL, NULL),
		 -JH_ENOENT);
}

TEST(wide_cpu_and_sagaw_48_give_four_levels_without_superpages)
{
	/* SAGAW 39 + 48, MGAW 48, no SLLPS. */
	uint64_t cap = (QEMU_CAP & ~(0x1fULL << 8 | 0x3fULL << 16 |
				     0xfULL << 34)) |
		(0x6ULL << 8) | (47ULL << 16);
	const uint64_t *table = NULL;
	unsigned int level;

	setup(cap, VTD_ECAP_QI);
	phys_bits = 46;
	root_up();
	phys_bits = 40;
	CHECK_EQ(vtd_pt_format()->root_level, 0);
	CHECK_EQ(vtd_pt_format()->input_bits, 48);
	CHECK(context_is(0x0010, &root_cell, VTD_CTX_AW_48));
	/* Address 0 goes down to a 4 KiB leaf. */
	table = root_cell.dma_pt.root;
	for (level = 0; level < 3; level++) {
		CHECK_EQ(table[0] & VTD_SL_PS, 0);
		table = virt(table[0]);
	}
	CHECK_EQ(table[0], 0 | VTD_SL_R | VTD_SL_W);
}

TEST(no_supported_depth_is_refused)
{
	setup(QEMU_CAP & ~(0x1fULL << 8), VTD_ECAP_QI);
	CHECK_EQ(vtd_tables_init(), -JH_ENODEV);
	CHECK(strstr(stub_console(), "no supported page-table depth") != NULL);
}

TEST(read_only_dma_memory_has_no_write_bit)
{
	unsigned long flags;

	setup(QEMU_CAP, VTD_ECAP_QI);
	root_up();
	REQUIRE(pt_map(&root_cell.dma_pt, 0x3c000000, 0x3c000000, 0x1000,
		       PT_READ) == 0);
	CHECK_EQ(pt_translate(&root_cell.dma_pt, 0x3c000000, NULL, &flags), 0);
	CHECK_EQ(flags, PT_READ);
}

TEST(devices_move_between_domains_on_their_own_bus_table_until_the_last_cell_goes)
{
	const uint64_t *root;
	struct tb_cell tc;
	struct cell *cell, *other;
	unsigned long used;

	setup(QEMU_CAP, VTD_ECAP_QI);
	root_up();
	root = virt(vtd_root_table_phys());
	/* Every bus shares the default table: every device is the root's. */
	CHECK_EQ(root[0], root[2 * 0x17]);
	CHECK(context_is(0x0010, &root_cell, VTD_CTX_AW_39));
	CHECK(context_is(0x17ff, &root_cell, VTD_CTX_AW_39));

	tb_demo_cell(&tc, JH_ARCH_X86);
	cell = stub_cell_create(&tc, 1);
	REQUIRE(pt_create(&cell->dma_pt, vtd_pt_format(), &hv.pool) == 0);
	used = hv.pool.used;
	CHECK_EQ(vtd_cell_init(cell), 0);
	/* Bus 0 got its own context table, a copy; the others did not. */
	CHECK_EQ(hv.pool.used, used + 1);
	CHECK(root[0] != root[2]);
	CHECK_EQ(root[2], root[2 * 0xff]);
	CHECK(context_is(0x0010, &root_cell, VTD_CTX_AW_39));

	vtd_attach(cell, 0x0010);
	CHECK(context_is(0x0010, cell, VTD_CTX_AW_39));
	CHECK(context_is(0x0018, &root_cell, VTD_CTX_AW_39));
	CHECK(context_is(0x0110, &root_cell, VTD_CTX_AW_39));

	/* Attach never allocates; back to the root, the table stays. */
	used = hv.pool.used;
	vtd_attach(&root_cell, 0x0010);
	CHECK(context_is(0x0010, &root_cell, VTD_CTX_AW_39));
	CHECK_EQ(hv.pool.used, used);
	/* A second cell on the same bus reuses it. */
	other = stub_cell_create(&tc, 2);
	CHECK_EQ(vtd_cell_init(other), 0);
	CHECK_EQ(hv.pool.used, used);
	/* The first one goes: the table stays for the second. */
	vtd_cell_exit(cell);
	stub_cell_destroy(cell);
	CHECK_EQ(hv.pool.used, used);
	CHECK_EQ(invalidate_alls, 0);
	/* The last one goes: the bus is back on the default, the page freed. */
	vtd_cell_exit(other);
	stub_cell_destroy(other);
	CHECK_EQ(root[0], root[2]);
	CHECK_EQ(invalidate_alls, 1);
	CHECK_EQ(hv.pool.used, used - 1);
	CHECK(context_is(0x0010, &root_cell, VTD_CTX_AW_39));
}

TEST(too_few_domains_refuse_the_cell)
{
	struct tb_cell tc;
	struct cell *cell;

	setup(QEMU_CAP & ~7ULL, VTD_ECAP_QI);	/* ND 0: 16 domains */
	root_up();
	tb_demo_cell(&tc, JH_ARCH_X86);
	cell = stub_cell_create(&tc, 15);
	CHECK_EQ(vtd_cell_init(cell), -JH_E2BIG);
	CHECK(strstr(stub_console(), "needs domain 16, the units have 16") !=
	      NULL);
	stub_cell_destroy(cell);
}

/* Entry index of the table the unit was given (IRTA). */
static const uint64_t *irte(unsigned int index)
{
	return &virt(*(uint64_t *)(regs + VTD_IRTA))[index * 2];
}

static bool last_iec_is(unsigned int first, unsigned int mask)
{
	return rec.ndesc && rec.desc[rec.ndesc - 1][0] ==
		(VTD_INV_IEC | VTD_INV_IEC_INDEX | ((uint64_t)mask << 27) |
		 VTD_INV_IEC_IIDX(first));
}

TEST(msi_remap_programs_an_entry_only_that_device_may_use)
{
	/* Vector 0x41, fixed, edge, physical destination APIC 3. */
	const struct iommu_msi_msg msg = { 0xfee03000, 0x0041 };
	/* Vector 0x52, lowest priority, level, logical 0x0c, RH. */
	const struct iommu_msi_msg msg2 = { 0xfee0c00c, 0x8152 };
	struct iommu_msi_msg hw;
	struct tb_cell tc;
	struct cell *cell;
	unsigned int n;

	setup(QEMU_CAP, VTD_ECAP_QI | VTD_ECAP_IR);
	root_up();
	/* 2 * 32 device entries, 4 * 120 IOAPIC ones: 1024 entries. */
	CHECK_EQ(*(uint64_t *)(regs + VTD_IRTA) & 0xfff, 9);
	tb_demo_cell(&tc, JH_ARCH_X86);
	cell = stub_cell_create(&tc, 1);
	/* 00:02.0 is the second device the root lists: entries 32..63. */
	CHECK_EQ(vtd_msi_remap(cell, 0x0010, 2, &msg, &hw), 0);
	CHECK_EQ(hw.address, 0xfee00000ULL | (32ULL << 5) |
		 VTD_MSI_REMAPPABLE | VTD_MSI_SHV);
	CHECK_EQ(hw.data, 2);
	CHECK_EQ(irte(34)[0], VTD_IRTE_P | VTD_IRTE_VECTOR(0x41) |
		 VTD_IRTE_DST_XAPIC(3));
	CHECK_EQ(irte(34)[1], 0x0010 | VTD_IRTE_SVT_SID);
	CHECK(last_iec_is(34, 0));
	CHECK_EQ(irte(33)[0], 0);

	/* The same message again: no write, no invalidation. */
	n = rec.ndesc;
	CHECK_EQ(vtd_msi_remap(cell, 0x0010, 2, &msg, &hw), 0);
	CHECK_EQ(rec.ndesc, n);

	/* Rewriting a live entry: made not present and invalidated first. */
	n = rec.ndesc;
	CHECK_EQ(vtd_msi_remap(cell, 0x0010, 2, &msg2, &hw), 0);
	CHECK_EQ(rec.ndesc, n + 2);
	CHECK_EQ(irte(34)[0], VTD_IRTE_P | VTD_IRTE_VECTOR(0x52) |
		 VTD_IRTE_DLM(1) | VTD_IRTE_TM_LEVEL | VTD_IRTE_RH |
		 VTD_IRTE_DM_LOGICAL | VTD_IRTE_DST_XAPIC(0x0c));

	/* Moving the device clears its whole block; the root's message
	 * comes back through pci_root.c. */
	vtd_attach(&root_cell, 0x0010);
	CHECK_EQ(irte(34)[0], 0);
	CHECK_EQ(irte(34)[1], 0);
	CHECK(last_iec_is(32, 5));
	CHECK_EQ(root_returned, 1);
	stub_cell_destroy(cell);
}

TEST(msi_remap_refuses_what_it_cannot_confine)
{
	struct iommu_msi_msg hw;
	const struct iommu_msi_msg nmi = { 0xfee03000, 0x0441 };
	const struct iommu_msi_msg remappable = { 0xfee00010, 0x0041 };
	const struct iommu_msi_msg high = { 0x1fee03000ULL, 0x0041 };
	const struct iommu_msi_msg not_msi = { 0xfed03000, 0x0041 };
	const struct iommu_msi_msg ok = { 0xfee03000, 0x0041 };

	setup(QEMU_CAP, VTD_ECAP_QI | VTD_ECAP_IR);
	root_up();
	CHECK_EQ(vtd_msi_remap(&root_cell, 0x0010, 0, &nmi, &hw), -JH_EINVAL);
	CHECK_EQ(vtd_msi_remap(&root_cell, 0x0010, 0, &remappable, &hw),
		 -JH_EINVAL);
	CHECK_EQ(vtd_msi_remap(&root_cell, 0x0010, 0, &high, &hw), -JH_EINVAL);
	CHECK_EQ(vtd_msi_remap(&root_cell, 0x0010, 0, &not_msi, &hw),
		 -JH_EINVAL);
	CHECK_EQ(vtd_msi_remap(&root_cell, 0x0010, 32, &ok, &hw), -JH_E2BIG);
	/* 00:05.0 is in no pci_devices list: no entries of its own. */
	CHECK_EQ(vtd_msi_remap(&root_cell, 0x0028, 0, &ok, &hw), -JH_ENODEV);
	CHECK_EQ(rec.ndesc, 1);		/* the enable's global one only */
}

TEST(msi_remap_without_interrupt_remapping)
{
	const struct iommu_msi_msg ok = { 0xfee03000, 0x0041 };
	struct iommu_msi_msg hw;

	setup(QEMU_CAP, VTD_ECAP_QI);
	root_up();
	CHECK_EQ(vtd_msi_remap(&root_cell, 0x0010, 0, &ok, &hw), -JH_ENOSYS);
}

TEST(root_msi_functions_and_ioapic_entries_get_entries_compat_blocked)
{
	/* Vector 0x31, fixed, level, logical 0x01: an IOAPIC line. */
	const struct iommu_msi_msg line = { 0xfee01004, 0x8031 };
	const struct iommu_msi_msg ok = { 0xfee03000, 0x0041 };
	const struct iommu_msi_msg nmi = { 0xfee00000, 0x0400 };
	struct iommu_msi_msg hw;
	unsigned int first;
	uint64_t rte;

	setup(QEMU_CAP, VTD_ECAP_QI | VTD_ECAP_IR);
	/* 00:1f.2 has MSI, 00:02.0 (listed by the root) too: one block. */
	root_msi[0] = 0x00fa;
	root_msi[1] = 0x0010;
	root_msis = 2;
	root_up();
	CHECK(vtd_ir_compat_blocked());
	/* A slot after the root's listed devices, source-verified. */
	CHECK_EQ(vtd_msi_remap(&root_cell, 0x00fa, 0, &ok, &hw), 0);
	first = (unsigned int)(hw.address >> 5) & 0x7fff;
	CHECK(first >= 32 && first % 32 == 0);
	CHECK_EQ(hw.address, 0xfee00000ULL | ((uint64_t)first << 5) |
		 VTD_MSI_REMAPPABLE | VTD_MSI_SHV);
	CHECK_EQ(irte(first)[1], 0x00fa | VTD_IRTE_SVT_SID);
	/* IOAPIC entries follow the last slot: entry 5 is first + 32 + 5,
	 * in remappable format with the owner's vector; without the
	 * IOAPIC's requester ID any requester may use it. */
	first += 32 + 5;
	CHECK_EQ(vtd_ioapic_remap(5, &line, &rte), 0);
	CHECK_EQ(rte, VTD_RTE_REMAPPABLE | ((uint64_t)first << 49) | 0x31);
	CHECK_EQ(irte(first)[0], VTD_IRTE_P | VTD_IRTE_VECTOR(0x31) |
		 VTD_IRTE_TM_LEVEL | VTD_IRTE_DM_LOGICAL |
		 VTD_IRTE_DST_XAPIC(1));
	CHECK_EQ(irte(first)[1], 0);
	CHECK(last_iec_is(first, 0));
	/* With the IOAPIC's requester ID in the config: it alone. */
	stub_ioapic_sid[0] = 0xff00;
	CHECK_EQ(vtd_ioapic_remap(5, &line, &rte), 0);
	CHECK_EQ(irte(first)[1], 0xff00 | VTD_IRTE_SVT_SID);
	/* IOAPIC 1 (index 120 + 5) still unknown: no verification. */
	CHECK_EQ(vtd_ioapic_remap(125, &line, &rte), 0);
	CHECK_EQ(irte(first + 120)[1], 0);
	stub_ioapic_sid[0] = -1;
	CHECK_EQ(vtd_ioapic_remap(5, &nmi, &rte), -JH_EINVAL);
	CHECK_EQ(vtd_ioapic_remap(4 * 120, &line, &rte), -JH_EINVAL);
	/* Index bit 15 goes to bit 11 of the entry. */
	CHECK_EQ(VTD_RTE_INDEX(0x8001), (1ULL << 49) | (1ULL << 11));

	/* A root function with MSI-X: the format must stay allowed. */
	setup(QEMU_CAP, VTD_ECAP_QI | VTD_ECAP_IR);
	root_msix = 1;
	root_up();
	CHECK(!vtd_ir_compat_blocked());
}

static void put_record(unsigned int n, uint64_t lo, uint64_t hi)
{
	*(uint64_t *)(regs + FRO + n * 16) = lo;
	*(uint64_t *)(regs + FRO + n * 16 + 8) = hi;
}

static uint64_t record_hi(unsigned int n)
{
	return *(uint64_t *)(regs + FRO + n * 16 + 8);
}

TEST(fault_records_are_reported_and_cleared)
{
	/* Two records (NFR 1). */
	uint64_t cap = QEMU_CAP | (1ULL << 40);

	setup(cap, VTD_ECAP_QI | VTD_ECAP_IR);
	*(uint32_t *)(regs + VTD_FSTS) = VTD_FSTS_PPF | VTD_FSTS_PFO;
	put_record(0, 0x3b000000, VTD_FRCD_F | (0x5ULL << 32) | 0x0028);
	put_record(1, 0x3b001000 | 0xabc, VTD_FRCD_F | VTD_FRCD_READ |
		   (0x6ULL << 32) | 0x0010);
	vtd_poll_faults();
	CHECK(strstr(rec.faults, "0 0028 0x3b000000 write no write access in the I/O page table\n") != NULL);
	CHECK(strstr(rec.faults, "0 0010 0x3b001000 read no read access in the I/O page table\n") != NULL);
	/* Each record got its F bit written back (write-1-to-clear). */
	CHECK_EQ(record_hi(0), VTD_FRCD_F);
	CHECK_EQ(record_hi(1), VTD_FRCD_F);
	CHECK_EQ(*(uint32_t *)(regs + VTD_FSTS), VTD_FSTS_PFO);
	CHECK(strstr(stub_console(), "IOMMU 0: fault records overflowed") !=
	      NULL);
}

TEST(interrupt_faults_name_the_entry)
{
	setup(QEMU_CAP, VTD_ECAP_QI | VTD_ECAP_IR);
	*(uint32_t *)(regs + VTD_FSTS) = VTD_FSTS_PPF;
	put_record(0, 34ULL << 48, VTD_FRCD_F | (0x26ULL << 32) | 0x0018);
	vtd_poll_faults();
	CHECK(strstr(rec.faults, "0 0018 0xfee00440 write interrupt entry belongs to another device\n") != NULL);
}

TEST(no_pending_fault_no_line)
{
	setup(QEMU_CAP, VTD_ECAP_QI);
	put_record(0, 0x1000, VTD_FRCD_F | (0x5ULL << 32));
	vtd_poll_faults();
	CHECK_EQ(rec.faults[0], 0);
	vtd_units[0].regs = NULL;	/* a unit not taken over is skipped */
	*(uint32_t *)(regs + VTD_FSTS) = VTD_FSTS_PPF;
	vtd_poll_faults();
	CHECK_EQ(rec.faults[0], 0);
}
