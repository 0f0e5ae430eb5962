// SPDX-License-Identifier: GPL-2.0
/*
 * Host tests of the arm64 ECAM mediation (hypervisor/arch/arm64/pci.c) on
 * a model: the system config's ECAM over a host buffer of one bus, all
 * ones except the devices a test puts there. Built against the x86 stubs
 * (tests/unit/x86_stubs.c: hv, root cell, cells, device mappings,
 * console); asm/pci.h's four calls have the same signatures on both
 * arches, and pci.c uses nothing else of the arch.
 */
/* UNIT-SOURCES: hypervisor/arch/arm64/pci.c hypervisor/pci/pci_filter.c hypervisor/core/mmio.c tests/unit/ivshmem_stubs.c tests/unit/x86_stubs.c tests/unit/iommu_stubs.c tests/unit/config_builder.c */
/* UNIT-CFLAGS: -I$(SRCDIR)/hypervisor/arch/x86/include */
#include "unit.h"

#include <stdlib.h>

#include <jailhouse/hypercall.h>
#include <hv/mmio.h>
#include <asm/pci.h>
#include "x86_stubs.h"

#define ECAM_BASE	0x4010000000ULL
#define SPACE_SIZE	(1ULL << 20)	/* bus 0 */

#define DEV_A		0x0010	/* 00:02.0, the cell's */
#define DEV_B		0x0018	/* 00:03.0, the root's */
#define MSI_CAP		0x40
#define MSIX_CAP	0x50

#define CPU_ROOT	0
#define CPU_CELL	3	/* tb_demo_cell's CPU */

extern bool stub_iommu;

static uint8_t *space;

static uint8_t *cfg(uint16_t bdf, unsigned int reg)
{
	return space + ((uint64_t)bdf << 12) + reg;
}

static uint32_t cfg32(uint16_t bdf, unsigned int reg)
{
	uint32_t v;

	memcpy(&v, cfg(bdf, reg), 4);
	return v;
}

static void set32(uint16_t bdf, unsigned int reg, uint32_t v)
{
	memcpy(cfg(bdf, reg), &v, 4);
}

/* Decoding on, a memory BAR, MSI then MSI-X capabilities. */
static void put_device(uint16_t bdf)
{
	memset(cfg(bdf, 0), 0, 0x1000);
	set32(bdf, 0x00, (uint32_t)bdf << 16 | 0x1234);
	set32(bdf, 0x04, 0x00100007);		/* caps; IO|MEM|BM */
	set32(bdf, 0x10, 0x10000000);		/* BAR0 */
	set32(bdf, 0x34, MSI_CAP);
	set32(bdf, MSI_CAP, MSIX_CAP << 8 | 0x05);
	set32(bdf, MSIX_CAP, 0x11);
}

static struct cell *setup(void)
{
	struct tb_system sys;
	struct tb_cell tc;
	struct cell *cell;

	space = malloc(SPACE_SIZE);
	if (!space)
		abort();
	unit_cleanup(free, space);
	memset(space, 0xff, SPACE_SIZE);
	put_device(DEV_A);
	put_device(DEV_B);

	tb_demo_system(&sys, JH_ARCH_ARM64);
	sys.desc.platform.arm64.pci_ecam_base = ECAM_BASE;
	sys.desc.platform.arm64.pci_ecam_end_bus = 0;
	stub_iommu = false;
	stub_device(ECAM_BASE, SPACE_SIZE, space);
	stub_system(&sys);
	CHECK_EQ(pci_init(), 0);

	tb_demo_cell(&tc, JH_ARCH_ARM64);
	tb_cell_add_pci(&tc, JH_PCI_TYPE_DEVICE, 0, DEV_A);
	cell = stub_cell_create(&tc, 1);
	return cell;
}

static enum mmio_result ecam(unsigned int c, uint16_t bdf, unsigned int reg,
			     unsigned int size, bool is_write, uint64_t *value)
{
	struct mmio_access acc = {
		.addr = ECAM_BASE + ((uint64_t)bdf << 12) + reg, .size = size,
		.is_write = is_write,
		.value = is_write ? *value : 0x5a5a5a5a5a5a5a5aULL,
	};
	enum mmio_result res = mmio_dispatch(&stub_cpu[c], &acc);

	if (!is_write)
		*value = acc.value;
	return res;
}

static uint64_t rd(unsigned int c, uint16_t bdf, unsigned int reg,
		   unsigned int size)
{
	uint64_t v = 0;

	CHECK_EQ(ecam(c, bdf, reg, size, false, &v), MMIO_HANDLED);
	return v;
}

static void wr(unsigned int c, uint16_t bdf, unsigned int reg,
	       unsigned int size, uint64_t v)
{
	CHECK_EQ(ecam(c, bdf, reg, size, true, &v), MMIO_HANDLED);
}

TEST(arm64_pci_root_passes_through_until_a_cell_owns_the_device)
{
	struct cell *cell = setup();

	CHECK_EQ(rd(CPU_ROOT, DEV_A, 0, 4), 0x00101234);
	wr(CPU_ROOT, DEV_A, 0x3c, 1, 0x0b);
	CHECK_EQ(cfg32(DEV_A, 0x3c), 0x0b);

	pci_cell_assign(cell);
	CHECK(!pci_cell_owns(&root_cell, DEV_A));
	CHECK(pci_cell_owns(&root_cell, DEV_B));
	CHECK_EQ(rd(CPU_ROOT, DEV_A, 0, 4), 0xffffffffU);
	CHECK_EQ(rd(CPU_ROOT, DEV_A, 0, 2), 0xffff);
	wr(CPU_ROOT, DEV_A, 0x3c, 1, 0x07);
	CHECK_EQ(cfg32(DEV_A, 0x3c), 0x0b);
	CHECK_EQ(rd(CPU_ROOT, DEV_B, 0, 4), 0x00181234);

	pci_cell_release(cell);
	CHECK_EQ(rd(CPU_ROOT, DEV_A, 0, 4), 0x00101234);
}

TEST(arm64_pci_cell_sees_only_its_device)
{
	struct cell *cell = setup();

	pci_cell_assign(cell);
	CHECK_EQ(rd(CPU_CELL, DEV_A, 0, 4), 0x00101234);
	CHECK_EQ(rd(CPU_CELL, DEV_B, 0, 4), 0xffffffffU);
	CHECK_EQ(rd(CPU_CELL, DEV_B, 0, 8), ~0ULL);
	wr(CPU_CELL, DEV_B, 0x04, 2, 0);
	CHECK_EQ(cfg32(DEV_B, 0x04) & 0xffff, 0x0007);
	/* 8 bytes: two dwords, lower first. */
	CHECK_EQ(rd(CPU_CELL, DEV_A, 0x10, 8),
		 (uint64_t)cfg32(DEV_A, 0x14) << 32 | 0x10000000);
}

TEST(arm64_pci_devices_change_hands_quiesced)
{
	struct cell *cell = setup();

	pci_cell_assign(cell);
	CHECK_EQ(cfg32(DEV_A, 0x04), 0x00100000);
	CHECK_EQ(cfg32(DEV_B, 0x04), 0x00100007);
	set32(DEV_A, 0x04, 0x00100006);
	pci_cell_release(cell);
	CHECK_EQ(cfg32(DEV_A, 0x04), 0x00100000);
}

TEST(arm64_pci_bus_mastering_needs_an_iommu)
{
	struct cell *cell = setup();

	pci_cell_assign(cell);
	wr(CPU_CELL, DEV_A, 0x04, 2, 0x0006);
	CHECK_EQ(cfg32(DEV_A, 0x04) & 0xffff, 0x0002);
	pci_cell_release(cell);

	stub_iommu = true;
	pci_cell_assign(cell);
	wr(CPU_CELL, DEV_A, 0x04, 2, 0x0006);
	CHECK_EQ(cfg32(DEV_A, 0x04) & 0xffff, 0x0006);
}

TEST(arm64_pci_bars_stay)
{
	struct cell *cell = setup();

	pci_cell_assign(cell);
	wr(CPU_CELL, DEV_A, 0x10, 4, 0x20000000);
	CHECK_EQ(cfg32(DEV_A, 0x10), 0x10000000);
	CHECK(strstr(stub_console(), "BAR moved away"));
}

TEST(arm64_pci_msi_and_msix_enable_refused)
{
	struct cell *cell = setup();

	stub_iommu = true;
	pci_cell_assign(cell);
	/* MSI enable: bit 16 of the capability's first dword. */
	wr(CPU_CELL, DEV_A, MSI_CAP, 4, cfg32(DEV_A, MSI_CAP) | 1U << 16);
	wr(CPU_CELL, DEV_A, MSI_CAP + 2, 1, 0x01);
	CHECK_EQ(cfg32(DEV_A, MSI_CAP) & (1U << 16), 0);
	/* MSI-X enable: bit 31, byte 3. */
	wr(CPU_CELL, DEV_A, MSIX_CAP + 3, 1, 0x80);
	wr(CPU_CELL, DEV_A, MSIX_CAP + 2, 2, 0x8000);
	CHECK_EQ(cfg32(DEV_A, MSIX_CAP) & (1U << 31), 0);
	CHECK(strstr(stub_console(), "MSI/MSI-X: arm64 cells get no ITS"));
	/* Other bits of the control word still pass (MSI-X function mask). */
	wr(CPU_CELL, DEV_A, MSIX_CAP + 3, 1, 0x40);
	CHECK_EQ(cfg32(DEV_A, MSIX_CAP) & (1U << 30), 1U << 30);
}

TEST(arm64_pci_misaligned_access_refused)
{
	uint64_t v = 0;

	setup();
	CHECK_EQ(ecam(CPU_ROOT, DEV_A, 2, 4, false, &v), MMIO_ERROR);
	CHECK_EQ(ecam(CPU_ROOT, DEV_A, 1, 2, true, &v), MMIO_ERROR);
}
