// SPDX-License-Identifier: GPL-2.0
/*
 * Host tests of AMD-Vi interrupt remapping (amd_iommu_ir.c): the 32-bit
 * entry encoding, what an entry may say, the tables a cell and the root
 * get (the root's MSI functions and its IOAPIC table), and the IOAPIC
 * entries with their invalidation. The command buffer and the PCI scan
 * are stand-ins that record what they were asked.
 */
/* UNIT-SOURCES: hypervisor/arch/x86/iommu/amd/amd_iommu_ir.c hypervisor/mm/page_pool.c hypervisor/lib/bitmap.c tests/unit/x86_stubs.c tests/unit/config_builder.c */
/* UNIT-CFLAGS: -I$(SRCDIR)/hypervisor/arch/x86/include -I$(SRCDIR)/hypervisor/arch/x86/iommu/amd */
#include "unit.h"

#include <stdlib.h>

#include <jailhouse/hypercall.h>
#include <hv/hypervisor.h>
#include <hv/iommu.h>
#include <hv/page_pool.h>
#include <asm/pci.h>
#include "amd_iommu_internal.h"
#include "x86_stubs.h"

#define POOL_PAGES	64
#define POOL_PHYS	0x80000000ULL

struct amd_unit amd_units[JH_MAX_IOMMUS];
unsigned int amd_num_units;

static struct amd_cmd cmds[16];
static unsigned int ncmds;
static uint16_t scan[3];
static unsigned int nscan;

int amd_cmd_run_all(const struct amd_cmd *c, unsigned int num)
{
	unsigned int n;

	for (n = 0; n < num; n++, ncmds++)
		if (ncmds < ARRAY_SIZE(cmds))
			cmds[ncmds] = c[n];
	return 0;
}

unsigned int pci_root_msi_scan(uint16_t *bdf, unsigned int max)
{
	unsigned int n;

	for (n = 0; n < nscan && n < max; n++)
		bdf[n] = scan[n];
	return n;
}

static void setup(uint64_t efr)
{
	struct tb_system sys;
	void *mem;

	tb_demo_system(&sys, JH_ARCH_X86);
	stub_system(&sys);
	mem = aligned_alloc(PAGE_SIZE, POOL_PAGES * PAGE_SIZE);
	REQUIRE(mem);
	unit_cleanup(free, mem);
	REQUIRE(page_pool_init(&hv.pool, mem, POOL_PHYS, POOL_PAGES) == 0);
	memset(amd_units, 0, sizeof(amd_units));
	amd_units[0].efr = efr;
	amd_num_units = 1;
	ncmds = 0;
	/* The AHCI and an edu have MSI. */
	scan[0] = 0x00fa;
	scan[1] = 0x0028;
	nscan = 2;
}

static const uint32_t *entries(paddr_t table)
{
	return page_pool_phys2virt(&hv.pool, table);
}

TEST(entries_say_vector_destination_mode_and_type)
{
	const struct iommu_msi_msg fixed = { 0xfee03000, 0x0041 };
	const struct iommu_msi_msg lowest_logical = { 0xfee0c004, 0x8152 };

	CHECK_EQ(amd_irte(&fixed), AMD_IRTE_REMAP_EN | 3U << 8 | 0x41U << 16);
	CHECK_EQ(amd_irte(&lowest_logical), AMD_IRTE_REMAP_EN |
		 1U << AMD_IRTE_TYPE_SHIFT | AMD_IRTE_DM | 0x0cU << 8 |
		 0x52U << 16);
}

TEST(entries_never_say_nmi_exceptions_or_other_addresses)
{
	const struct iommu_msi_msg ok = { 0xfee00000, 0x0030 };
	const struct iommu_msi_msg nmi = { 0xfee00000, 0x0400 };
	const struct iommu_msi_msg init = { 0xfee00000, 0x0500 };
	const struct iommu_msi_msg extint = { 0xfee00000, 0x0700 };
	const struct iommu_msi_msg exception = { 0xfee00000, 0x001f };
	const struct iommu_msi_msg high = { 0x1fee00000ULL, 0x0030 };
	const struct iommu_msi_msg not_msi = { 0xfed00000, 0x0030 };

	CHECK(amd_msi_msg_ok(&ok));
	CHECK(!amd_msi_msg_ok(&nmi));
	CHECK(!amd_msi_msg_ok(&init));
	CHECK(!amd_msi_msg_ok(&extint));
	CHECK(!amd_msi_msg_ok(&exception));
	CHECK(!amd_msi_msg_ok(&high));
	CHECK(!amd_msi_msg_ok(&not_msi));
}

TEST(root_msi_functions_get_tables_and_the_rest_the_ioapic_table)
{
	const struct iommu_msi_msg msg = { 0xfee01000, 0x0061 };
	struct iommu_msi_msg hw;
	const uint16_t *bdf;
	paddr_t ahci, ioapic;
	unsigned long used;

	setup(AMD_EFR_IA_SUP);
	used = hv.pool.used;
	CHECK_EQ(amd_ir_cell_init(&root_cell), 0);
	/* 3 tables of 2 KiB: two pages. */
	CHECK_EQ(hv.pool.used, used + 2);
	CHECK_EQ(amd_ir_devices(&root_cell, &bdf), 2);
	CHECK_EQ(bdf[0], 0x00fa);
	ahci = amd_ir_table(&root_cell, 0x00fa);
	ioapic = amd_ir_ioapic_table();
	CHECK(ahci && amd_ir_table(&root_cell, 0x0028));
	CHECK_EQ(amd_ir_table(&root_cell, 0x0010), 0);
	CHECK(ioapic && ioapic != ahci);
	CHECK_EQ(ahci % AMD_IRT_ALIGN, 0);
	CHECK_EQ(ioapic % AMD_IRT_ALIGN, 0);

	/* The root's MSI becomes entry n of the function's own table. */
	CHECK_EQ(amd_msi_remap(&root_cell, 0x00fa, 1, &msg, &hw), 0);
	CHECK_EQ(hw.address, 0xfee00000ULL);
	CHECK_EQ(hw.data, 1);
	CHECK_EQ(entries(ahci)[1], amd_irte(&msg));
	CHECK_EQ(entries(ahci)[0], 0);
	CHECK_EQ(cmds[ncmds - 1].q0, 0x00faULL |
		 AMD_CMD_INV_IRT << AMD_CMD_OP_SHIFT);
	/* A function without a table of its own has no MSI entries. */
	CHECK_EQ(amd_msi_remap(&root_cell, 0x0010, 0, &msg, &hw),
		 -JH_ENODEV);
	CHECK_EQ(amd_msi_remap(&root_cell, 0x00fa, AMD_IRT_REACHABLE, &msg,
			       &hw), -JH_EINVAL);
	amd_ir_cell_exit(&root_cell);
	CHECK_EQ(amd_ir_ioapic_table(), 0);
	CHECK_EQ(hv.pool.used, used);
}

TEST(ioapic_entries_are_indexed_by_pin_and_invalidated_once)
{
	const struct iommu_msi_msg line = { 0xfee02004, 0x8021 };
	uint64_t rte;
	paddr_t ioapic;

	setup(AMD_EFR_IA_SUP);
	CHECK_EQ(amd_ir_cell_init(&root_cell), 0);
	ioapic = amd_ir_ioapic_table();
	/* Pin 300 (IOAPIC 2, pin 60): vector 300 & 0xff, lowest mode. */
	CHECK_EQ(amd_ioapic_remap(300, &line, &rte), 0);
	CHECK_EQ(rte, 300);
	CHECK_EQ(entries(ioapic)[300], amd_irte(&line));
	CHECK_EQ(ncmds, 1);
	CHECK_EQ(cmds[0].q0, AMD_CMD_INV_ALL << AMD_CMD_OP_SHIFT);
	/* Unchanged: no command. */
	CHECK_EQ(amd_ioapic_remap(300, &line, &rte), 0);
	CHECK_EQ(ncmds, 1);
	CHECK_EQ(amd_ioapic_remap(AMD_IRT_REACHABLE, &line, &rte),
		 -JH_EINVAL);
	amd_ir_cell_exit(&root_cell);
}

TEST(without_invalidate_all_the_ioapic_stays_unremapped)
{
	const struct iommu_msi_msg line = { 0xfee02004, 0x0021 };
	uint64_t rte;

	setup(0);
	CHECK_EQ(amd_ir_cell_init(&root_cell), 0);
	CHECK(!amd_ioapic_ok());
	CHECK_EQ(amd_ir_ioapic_table(), 0);
	CHECK_EQ(amd_ioapic_remap(3, &line, &rte), -JH_ENOSYS);
	amd_ir_cell_exit(&root_cell);
}

TEST(a_cells_devices_get_tables_the_root_keeps_its_own)
{
	struct tb_cell tc;
	struct cell *cell;
	const uint16_t *bdf;

	setup(AMD_EFR_IA_SUP);
	CHECK_EQ(amd_ir_cell_init(&root_cell), 0);
	tb_demo_cell(&tc, JH_ARCH_X86);
	cell = stub_cell_create(&tc, 1);
	CHECK_EQ(amd_ir_cell_init(cell), 0);
	CHECK(amd_ir_devices(cell, &bdf) >= 1);
	CHECK(amd_ir_table(cell, bdf[0]) != 0);
	CHECK(amd_ir_table(cell, bdf[0]) != amd_ir_table(&root_cell, bdf[0]));
	amd_ir_cell_exit(cell);
	CHECK_EQ(amd_ir_table(cell, bdf[0]), 0);
	CHECK(amd_ir_ioapic_table() != 0);
	stub_cell_destroy(cell);
	amd_ir_cell_exit(&root_cell);
}
