// SPDX-License-Identifier: GPL-2.0
/*
 * Host tests of the config-write filter for devices a non-root cell owns
 * (pci_filter.c): bus mastering, BARs and sizing, bridge bus numbers,
 * MSI address/data/enable, MSIs remapped by an IOMMU, extended config
 * space, over a model of one device's 256-byte config space.
 */
/* UNIT-SOURCES: hypervisor/pci/pci_filter.c */
/* UNIT-CFLAGS: -I$(SRCDIR)/hypervisor/arch/x86/include */
#include "unit.h"

#include <hv/pci_filter.h>

#define CELL_APIC_ID	3
#define MSI_CAP		0x50
#define BAR0_HOME	0xfe000000U
#define BAR1_HOME	0x0000c001U	/* an I/O BAR */

static uint32_t space[64];

static uint32_t model_read(const struct pci_filter_dev *dev, unsigned int reg)
{
	(void)dev;
	return space[reg / 4];
}

static bool model_apic_id_ok(const void *cell, unsigned int apic_id)
{
	(void)cell;
	return apic_id == CELL_APIC_ID;
}

static void model_write(const struct pci_filter_dev *dev, unsigned int reg,
			uint32_t value)
{
	(void)dev;
	space[reg / 4] = value;
}

/* A fake IOMMU: logs each remap, answers address HW_ADDR, data n. */
#define HW_ADDR		0xfee00000ULL
#define MAX_REMAPS	40
static unsigned int remaps;
static bool remap_refuses;
static struct {
	unsigned int n;
	uint64_t address;
	uint32_t data;
} remap_log[MAX_REMAPS];

static bool fake_msi_remap(const void *cell, const struct pci_filter_dev *dev,
			   unsigned int n, uint64_t address, uint32_t data,
			   uint64_t *hw_addr, uint32_t *hw_data)
{
	(void)cell;
	(void)dev;
	if (remaps < MAX_REMAPS)
		remap_log[remaps] = (__typeof__(remap_log[0])){ n, address,
								 data };
	remaps++;
	if (remap_refuses)
		return false;
	*hw_addr = HW_ADDR;
	*hw_data = n;
	return true;
}

static const struct pci_filter_ops ops = {
	.read = model_read,
	.apic_id_ok = model_apic_id_ok,
	.write = model_write,
	.msi_remap = fake_msi_remap,
};

static struct pci_filter_dev dev;

static void setup(uint8_t header_type, bool dma_ok)
{
	memset(space, 0, sizeof(space));
	memset(&dev, 0, sizeof(dev));
	dev.header_type = header_type;
	dev.dma_ok = dma_ok;
	dev.bar[0] = space[4] = BAR0_HOME;
	dev.bar[1] = space[5] = BAR1_HOME;
	dev.msi_cap = MSI_CAP;
	dev.msi_64bit = true;
	remaps = 0;
	remap_refuses = false;
}

/* The same with an IOMMU: bus master allowed, MSIs remapped. */
static void setup_iommu(void)
{
	setup(0, true);
	dev.msi_remap = true;
	space[MSI_CAP / 4] = 0x00800005;	/* 64-bit, 1 vector, off */
	/* What the root left in the device: never the cell's view. */
	space[MSI_CAP / 4 + 1] = 0xfee01000;
	space[MSI_CAP / 4 + 3] = 0x0031;
}

/* Dword reg as the cell reads it (pci.c applies the same view). */
static uint32_t view(unsigned int reg)
{
	return pci_filter_view(&dev, reg, space[reg / 4]);
}

/* The write as it reaches the hardware, or false if dropped. */
static bool wr(unsigned int reg, unsigned int size, uint32_t *value)
{
	const char *why = NULL;
	bool ok = pci_filter_write(&ops, NULL, &dev, reg, size, value, &why);

	if (!ok)
		CHECK(why != NULL);
	return ok;
}

static bool wr_simple(unsigned int reg, unsigned int size, uint32_t value)
{
	return wr(reg, size, &value);
}

TEST(pci_filter_bus_master_needs_flag)
{
	uint32_t v = 0x0006;

	setup(0, false);
	CHECK(wr(0x04, 2, &v));
	CHECK_EQ(v, 0x0002);	/* memory decode stays, master cleared */
	v = 0x04;
	CHECK(wr(0x04, 1, &v));
	CHECK_EQ(v, 0);
	setup(0, true);
	v = 0x0006;
	CHECK(wr(0x04, 2, &v));
	CHECK_EQ(v, 0x0006);
}

TEST(pci_filter_status_half_untouched)
{
	uint32_t v = 0xf9000002;	/* clears status bits: the cell's own */

	setup(0, false);
	CHECK(wr(0x04, 4, &v));
	CHECK_EQ(v, 0xf9000002);
}

TEST(pci_filter_bar_stays_home)
{
	setup(0, true);
	CHECK(wr_simple(0x10, 4, BAR0_HOME));
	CHECK(!wr_simple(0x10, 4, 0x3c000000));		/* over RAM */
	CHECK(!wr_simple(0x12, 2, 0x3c00));		/* half of one */
	CHECK(!wr_simple(0x14, 4, 0x0000c101));		/* I/O BAR moved */
	CHECK(wr_simple(0x14, 4, BAR1_HOME));
}

TEST(pci_filter_bar_sizing_only_with_decode_off)
{
	setup(0, true);
	CHECK(wr_simple(0x10, 4, 0xffffffff));
	CHECK(wr_simple(0x14, 4, 0xffffffff));
	space[1] = 0x2;		/* memory decoding on */
	CHECK(!wr_simple(0x10, 4, 0xffffffff));
	CHECK(wr_simple(0x14, 4, 0xffffffff));	/* I/O decoding is off */
	space[1] = 0x3;
	CHECK(!wr_simple(0x14, 4, 0xffffffff));
}

/*
 * The upper dword of a 64-bit memory BAR is memory decoding's, whatever
 * its bit 0 (issue 30: an odd upper address passed for an I/O BAR).
 */
TEST(pci_filter_upper_half_of_64bit_bar_sized_only_with_memory_off)
{
	setup(0, true);
	dev.bar[0] = space[4] = 0xfe000004;	/* 64-bit memory */
	dev.bar[1] = space[5] = 0x00000001;	/* at 0x1_fe000000 */
	space[1] = 0x1;		/* I/O decoding only: sizing allowed */
	CHECK(wr_simple(0x14, 4, 0xffffffff));
	space[1] = 0x2;		/* memory decoding on */
	CHECK(!wr_simple(0x14, 4, 0xffffffff));
	CHECK(wr_simple(0x14, 4, 0x00000001));
}

TEST(pci_filter_decode_only_with_bars_home)
{
	setup(0, true);
	space[4] = 0xffffffff;	/* left sized */
	CHECK(!wr_simple(0x04, 2, 0x0002));
	CHECK(wr_simple(0x04, 2, 0x0000));
	space[4] = BAR0_HOME;
	CHECK(wr_simple(0x04, 2, 0x0003));
}

TEST(pci_filter_rom)
{
	setup(0, true);
	dev.rom = space[0x30 / 4] = 0xfe100000;
	CHECK(wr_simple(0x30, 4, 0xfe100001));		/* enable */
	CHECK(wr_simple(0x30, 4, 0xfffff800 | 0x7fe));	/* sizing */
	CHECK(!wr_simple(0x30, 4, 0xffffffff));		/* sized and on */
	CHECK(!wr_simple(0x30, 4, 0x3c000001));
}

TEST(pci_filter_bridge_buses_and_windows)
{
	setup(1, true);
	space[0x18 / 4] = 0x00020100;
	CHECK(!wr_simple(0x19, 1, 0x05));		/* secondary bus */
	CHECK(!wr_simple(0x18, 4, 0x00ff0100));		/* subordinate */
	CHECK(wr_simple(0x18, 4, 0x00020100));		/* unchanged */
	CHECK(!wr_simple(0x20, 4, 0x3c003c00));		/* memory window */
	/* Bridges have two BARs; 0x18 is not a BAR. */
	CHECK(!wr_simple(0x10, 4, 0x3c000000));
}

TEST(pci_filter_msi_address)
{
	setup(0, true);
	CHECK(wr_simple(MSI_CAP + 4, 4, 0xfee03000));
	CHECK(!wr_simple(MSI_CAP + 4, 4, 0xfee00000));	/* APIC ID 0 */
	CHECK(!wr_simple(MSI_CAP + 4, 4, 0xfee0f000));	/* broadcast */
	CHECK(!wr_simple(MSI_CAP + 4, 4, 0xfee03004));	/* logical */
	CHECK(!wr_simple(MSI_CAP + 4, 4, 0x3c000000));	/* a DMA write */
	CHECK(!wr_simple(MSI_CAP + 8, 4, 1));		/* upper address */
	CHECK(wr_simple(MSI_CAP + 8, 4, 0));
}

TEST(pci_filter_msi_data)
{
	setup(0, true);
	CHECK(wr_simple(MSI_CAP + 12, 2, 0x0041));
	CHECK(wr_simple(MSI_CAP + 12, 2, 0x0141));	/* lowest priority */
	CHECK(!wr_simple(MSI_CAP + 12, 2, 0x001f));	/* exception vector */
	CHECK(!wr_simple(MSI_CAP + 12, 2, 0x0441));	/* NMI */
	CHECK(!wr_simple(MSI_CAP + 12, 2, 0x0500));	/* INIT */
	CHECK(!wr_simple(MSI_CAP + 12, 2, 0x0200));	/* SMI */
	CHECK(!wr_simple(MSI_CAP + 12, 1, 0x10));	/* byte of it */
}

TEST(pci_filter_msi_enable_needs_valid_message)
{
	setup(0, true);
	space[MSI_CAP / 4] = 0x00800005;		/* 64-bit, off */
	CHECK(!wr_simple(MSI_CAP + 2, 2, 0x0081));	/* address 0 */
	space[MSI_CAP / 4 + 1] = 0xfee03000;
	space[MSI_CAP / 4 + 3] = 0x41;
	CHECK(wr_simple(MSI_CAP + 2, 2, 0x0081));
	space[MSI_CAP / 4 + 2] = 1;			/* upper address */
	CHECK(!wr_simple(MSI_CAP + 2, 2, 0x0081));
	CHECK(wr_simple(MSI_CAP + 2, 2, 0x0080));	/* disabling is fine */
}

TEST(pci_filter_extended_space_read_only)
{
	setup(0, true);
	CHECK(!wr_simple(0x100, 4, 0));
	CHECK(!wr_simple(0x168, 2, 1));			/* e.g. SR-IOV control */
	CHECK(!wr_simple(0xffc, 4, 0));
	/* Elsewhere: passes unchanged. */
	CHECK(wr_simple(0x3c, 1, 0x0b));
	CHECK(wr_simple(0x0c, 1, 0x10));
}

TEST(pci_filter_msi_remap_keeps_the_cells_message_in_the_shadow)
{
	uint32_t v = 0xfee03000;

	setup_iommu();
	/* The cell sees a fresh device, not what the root left. */
	CHECK_EQ(view(MSI_CAP + 4), 0);
	CHECK_EQ(view(MSI_CAP + 12), 0);
	/* Address alone: shadowed, the hardware keeps its value, no remap. */
	CHECK(wr(MSI_CAP + 4, 4, &v));
	CHECK_EQ(v, 0xfee01000);
	CHECK_EQ(view(MSI_CAP + 4), 0xfee03000);
	CHECK_EQ(remaps, 0);
	/* Data completes it: the IOMMU gets it, the device its answer. */
	v = 0x0041;
	CHECK(wr(MSI_CAP + 12, 2, &v));
	REQUIRE_EQ(remaps, 1);
	CHECK_EQ(remap_log[0].n, 0);
	CHECK_EQ(remap_log[0].address, 0xfee03000);
	CHECK_EQ(remap_log[0].data, 0x41);
	CHECK_EQ(space[MSI_CAP / 4 + 1], (uint32_t)HW_ADDR);
	CHECK_EQ(space[MSI_CAP / 4 + 2], 0);
	CHECK_EQ(v, 0);				/* hardware data: entry 0 */
	CHECK_EQ(view(MSI_CAP + 4), 0xfee03000);
	CHECK_EQ(view(MSI_CAP + 12), 0x41);
	/* Untouched registers read through. */
	CHECK_EQ(view(MSI_CAP), space[MSI_CAP / 4]);
	CHECK_EQ(view(0x04), space[1]);
	/* A byte write merges into the cell's view, not the hardware's. */
	v = 0x42;
	CHECK(wr(MSI_CAP + 12, 1, &v));
	CHECK_EQ(view(MSI_CAP + 12), 0x42);
	CHECK_EQ(remap_log[1].data, 0x42);
	/* Still checked as without an IOMMU. */
	CHECK(!wr_simple(MSI_CAP + 4, 4, 0xfee00000));	/* APIC ID 0 */
	CHECK(!wr_simple(MSI_CAP + 12, 2, 0x0441));	/* NMI */
	CHECK_EQ(view(MSI_CAP + 4), 0xfee03000);
	CHECK_EQ(view(MSI_CAP + 12), 0x42);
}

TEST(pci_filter_msi_remap_every_enabled_vector)
{
	unsigned int n;

	setup_iommu();
	/* Enable checks the cell's view, not the hardware's. */
	CHECK(!wr_simple(MSI_CAP + 2, 2, 0x0081));
	CHECK(wr_simple(MSI_CAP + 4, 4, 0xfee03000));
	CHECK(wr_simple(MSI_CAP + 12, 2, 0x0040));
	remaps = 0;
	/* 4 vectors (MME 2): each gets its entry, vector 0x40 + n. */
	CHECK(wr_simple(MSI_CAP + 2, 2, 0x00a1));
	REQUIRE_EQ(remaps, 4);
	for (n = 0; n < 4; n++) {
		CHECK_EQ(remap_log[n].n, n);
		CHECK_EQ(remap_log[n].data, 0x40 + n);
		CHECK_EQ(remap_log[n].address, 0xfee03000);
	}
	/* A vector block the IOMMU refuses drops the write. */
	remap_refuses = true;
	CHECK(!wr_simple(MSI_CAP + 2, 2, 0x00e1));
	remap_refuses = false;
}

TEST(pci_filter_msi_remap_refused_leaves_the_view)
{
	setup_iommu();
	CHECK(wr_simple(MSI_CAP + 4, 4, 0xfee03000));
	remap_refuses = true;
	CHECK(!wr_simple(MSI_CAP + 12, 2, 0x0041));
	CHECK_EQ(view(MSI_CAP + 12), 0);
	CHECK_EQ(space[MSI_CAP / 4 + 3], 0x0031);
}

TEST(pci_filter_msi_without_iommu_is_not_shadowed)
{
	setup(0, false);
	CHECK(wr_simple(MSI_CAP + 4, 4, 0xfee03000));
	CHECK_EQ(space[MSI_CAP / 4 + 1], 0);	/* the model: caller writes */
	CHECK_EQ(pci_filter_view(&dev, MSI_CAP + 4, 0x1234), 0x1234);
	CHECK_EQ(remaps, 0);
}
