// SPDX-License-Identifier: GPL-2.0
/*
 * Host tests of the x86 PCI config space mediation (pci.c) on a model of
 * the bench: ECAM at 0xb0000000 over a host buffer of two buses, and
 * mechanism #1 ports whose model decodes its address latch into the same
 * buffer and logs every port access, so the tests see exactly what
 * reached the "hardware". Config space is all-ones except for the
 * devices a test puts there. Also the root cell's MSIs under an IOMMU
 * that remaps them (pci_root.c), MSI-X tables included (pci_msix.c).
 * A stand-in link device of the root cell at 00:07.0 (ivshmem_dev.c's
 * place) shows which accesses both paths hand to ivshmem_cfg_access().
 */
/* UNIT-SOURCES: hypervisor/arch/x86/pci/pci.c hypervisor/arch/x86/pci/pci_trap.c hypervisor/arch/x86/pci/pci_view.c hypervisor/arch/x86/pci/pci_devices.c hypervisor/arch/x86/pci/pci_filter_hw.c hypervisor/arch/x86/pci/pci_cfg.c hypervisor/arch/x86/pci/pci_root.c hypervisor/arch/x86/pci/pci_msix.c hypervisor/pci/pci_filter.c hypervisor/core/mmio.c tests/unit/x86_stubs.c tests/unit/iommu_stubs.c tests/unit/config_builder.c */
/* UNIT-CFLAGS: -I$(SRCDIR)/hypervisor/arch/x86/include */
#include "unit.h"

#include <stdlib.h>

#include <jailhouse/hypercall.h>
#include <hv/ivshmem.h>
#include <hv/mmio.h>
#include <asm/pci.h>
#include "x86_stubs.h"

#define ECAM_BASE	0xb0000000ULL
#define BUSES		2
#define SPACE_SIZE	((uint64_t)BUSES << 20)
#define MAX_TRACE	64

#define DEV_A		0x0010	/* 00:02.0, the demo cell's */
#define DEV_B		0x0018	/* 00:03.0, the other cell's */
#define DEV_C		0x0108	/* 01:01.0 */
#define DEV_C2		0x010a	/* 01:01.2 */
#define NO_DEV		0x0020	/* 00:04.0, empty */

#define CPU_ROOT	0
#define CPU_DEMO	3	/* tb_demo_cell's CPU */
#define CPU_OTHER	2	/* tb_other_cell's CPU */

#define LINK_DEV	0x0038	/* 00:07.0, the root's link device */

/* The stand-in link device: a register file, and the last access. */
static uint8_t link_space[256];
static unsigned int link_calls, link_reg, link_size;

bool ivshmem_cfg_access(struct cell *cell, uint16_t bdf, unsigned int reg,
			unsigned int size, bool is_write, uint32_t *value)
{
	if (cell != &root_cell || bdf != LINK_DEV || reg + size > 256)
		return false;
	link_calls++;
	link_reg = reg;
	link_size = size;
	if (is_write) {
		memcpy(&link_space[reg], value, size);
	} else {
		*value = 0;
		memcpy(value, &link_space[reg], size);
	}
	return true;
}

/* core/mmio.c asks the units after its table; none claims anything. */
enum mmio_result units_mmio(struct per_cpu *pcpu, struct mmio_access *acc)
{
	(void)pcpu;
	(void)acc;
	return MMIO_UNHANDLED;
}

static uint8_t *space;
static uint32_t latch;
static uint8_t port_cf9;
static unsigned int ntrace;
static struct {
	bool out;
	uint16_t port;
	unsigned int size;
	uint32_t value;
} trace[MAX_TRACE];

static uint8_t *cfg(uint16_t bdf, unsigned int reg)
{
	return space + ((uint64_t)bdf << 12) + reg;
}

static uint16_t cfg16(uint16_t bdf, unsigned int reg)
{
	uint16_t v;

	memcpy(&v, cfg(bdf, reg), 2);
	return v;
}

static uint32_t cfg32(uint16_t bdf, unsigned int reg)
{
	uint32_t v;

	memcpy(&v, cfg(bdf, reg), 4);
	return v;
}

static void set16(uint16_t bdf, unsigned int reg, uint16_t v)
{
	memcpy(cfg(bdf, reg), &v, 2);
}

static void set32(uint16_t bdf, unsigned int reg, uint32_t v)
{
	memcpy(cfg(bdf, reg), &v, 4);
}

static void log_port(bool out, uint16_t port, unsigned int size,
		     uint32_t value)
{
	if (ntrace < MAX_TRACE)
		trace[ntrace] = (__typeof__(trace[0])) {
			out, port, size, value };
	ntrace++;
}

/* Where the latch and a data port select, or NULL (no config cycle). */
static uint8_t *latched(uint16_t port, unsigned int size)
{
	unsigned int bus = (latch >> 16) & 0xff;

	if (!(latch & 0x80000000U) || port < 0xcfc ||
	    port - 0xcfc + size > 4 || bus >= BUSES)
		return NULL;
	return cfg((uint16_t)(latch >> 8), (latch & 0xfc) + (port - 0xcfc));
}

static uint32_t model_in(uint16_t port, unsigned int size)
{
	uint32_t v = size == 4 ? ~0U : (1U << (size * 8)) - 1;
	uint8_t *p = latched(port, size);

	if (port == 0xcf8 && size == 4)
		v = latch;
	else if (port == 0xcf9 && size == 1)
		v = port_cf9;
	else if (p)
		memcpy(&v, p, size);
	log_port(false, port, size, v);
	return v;
}

static void model_out(uint16_t port, unsigned int size, uint32_t value)
{
	uint8_t *p = latched(port, size);

	log_port(true, port, size, value);
	if (port == 0xcf8 && size == 4)
		latch = value;
	else if (port == 0xcf9 && size == 1)
		port_cf9 = (uint8_t)value;
	else if (p)
		memcpy(p, &value, size);
}

static const struct pci_port_ops model_ports = {
	.in = model_in,
	.out = model_out,
};

static void put_device(uint16_t bdf)
{
	memset(cfg(bdf, 0), 0, 0x1000);
	set16(bdf, 0x00, 0x1234);		/* vendor */
	set16(bdf, 0x02, bdf);			/* device: its own BDF */
	set16(bdf, 0x04, 0x0507);		/* SERR, INTx off, IO|MEM|BM */
	set16(bdf, 0x06, 0xabcd);		/* status */
}

/* pci_msix.c takes the root's MSI-X table pages out of its NPT. */
static paddr_t cleared_at;
static uint64_t cleared_size;

int pt_clear(struct paging *pg, uint64_t virt, uint64_t size)
{
	CHECK(pg == &root_cell.guest_pt);
	cleared_at = virt;
	cleared_size = size;
	return 0;
}

/* tests/unit/iommu_stubs.c: an IOMMU that remaps MSI n to data n. */
extern bool stub_iommu;
#define STUB_REMAPPED	0xfee00010U

/* An AMD-Vi unit whose function is this BDF, in the next setup(). */
static int amd_unit_bdf = -1;

/* The bench system; ecam: with the ECAM window, else ports only. */
static void setup(bool ecam)
{
	struct tb_system sys;

	space = malloc(SPACE_SIZE);
	if (!space)
		abort();
	unit_cleanup(free, space);
	memset(space, 0xff, SPACE_SIZE);
	put_device(DEV_A);
	put_device(DEV_B);
	put_device(DEV_C);
	put_device(DEV_C2);

	tb_demo_system(&sys, JH_ARCH_X86);
	sys.desc.platform.x86.mmconfig_end_bus = BUSES - 1;
	if (!ecam)
		sys.desc.platform.x86.mmconfig_base = 0;
	if (amd_unit_bdf >= 0)
		sys.desc.iommus[0] = (struct jh_iommu){
			.type = JH_IOMMU_AMD, .base = 0xfed80000,
			.size = 0x4000, .amd_bdf = (uint16_t)amd_unit_bdf,
			.amd_cap = 0x40,
		};
	amd_unit_bdf = -1;
	stub_iommu = false;
	stub_device(ECAM_BASE, SPACE_SIZE, space);
	stub_system(&sys);
	pci_ports = &model_ports;
	CHECK_EQ(pci_init(), 0);
}

static struct per_cpu *cpu(unsigned int n)
{
	return &stub_cpu[n];
}

static uint32_t pio_read(unsigned int c, uint16_t port, unsigned int size)
{
	uint32_t v = 0x5a5a5a5a;

	CHECK(pci_pio_access(cpu(c), port, size, false, &v));
	return v & (size == 4 ? ~0U : (1U << (size * 8)) - 1);
}

static void pio_write(unsigned int c, uint16_t port, unsigned int size,
		      uint32_t v)
{
	CHECK(pci_pio_access(cpu(c), port, size, true, &v));
}

/* Mechanism #1 address of bdf, register reg. */
static uint32_t addr(uint16_t bdf, unsigned int reg)
{
	return 0x80000000U | (uint32_t)bdf << 8 | reg;
}

static uint32_t cf8_read32(unsigned int c, uint16_t bdf, unsigned int reg)
{
	pio_write(c, 0xcf8, 4, addr(bdf, reg));
	return pio_read(c, 0xcfc, 4);
}

static enum mmio_result ecam(unsigned int c, uint64_t off, unsigned int size,
			     bool is_write, uint64_t *value)
{
	struct mmio_access acc = {
		.addr = ECAM_BASE + off, .size = size, .is_write = is_write,
		.value = is_write ? *value : 0x5a5a5a5a5a5a5a5aULL,
	};
	enum mmio_result res = mmio_dispatch(cpu(c), &acc);

	if (!is_write)
		*value = acc.value;
	return res;
}

static uint64_t ecam_read(unsigned int c, uint16_t bdf, unsigned int reg,
			  unsigned int size)
{
	uint64_t v = 0;

	CHECK_EQ(ecam(c, ((uint64_t)bdf << 12) + reg, size, false, &v),
		 MMIO_HANDLED);
	return v;
}

static void ecam_write(unsigned int c, uint16_t bdf, unsigned int reg,
		       unsigned int size, uint64_t v)
{
	CHECK_EQ(ecam(c, ((uint64_t)bdf << 12) + reg, size, true, &v),
		 MMIO_HANDLED);
}

static struct cell *demo_cell(void)
{
	struct tb_cell tc;

	tb_demo_cell(&tc, JH_ARCH_X86);
	return stub_cell_create(&tc, 1);
}

TEST(only_ports_cf8_to_cff_are_pci)
{
	uint32_t v = 0;
	uint16_t port;

	setup(true);
	CHECK(!pci_pio_access(cpu(0), 0xcf7, 1, false, &v));
	CHECK(!pci_pio_access(cpu(0), 0xcf4, 4, true, &v));
	CHECK(!pci_pio_access(cpu(0), 0xd00, 1, false, &v));
	CHECK(!pci_pio_access(cpu(0), 0x3f8, 1, true, &v));
	for (port = 0xcf8; port <= 0xcff; port++)
		CHECK(pci_pio_access(cpu(0), port, 1, false, &v));
}

TEST(cf8_is_shadowed_per_cpu_and_never_written_alone)
{
	setup(true);
	pio_write(0, 0xcf8, 4, addr(DEV_A, 0));
	pio_write(1, 0xcf8, 4, addr(DEV_B, 0));
	CHECK_EQ(pio_read(0, 0xcf8, 4), addr(DEV_A, 0));
	CHECK_EQ(pio_read(1, 0xcf8, 4), addr(DEV_B, 0));
	CHECK_EQ(ntrace, 0);

	/* Each CPU's data access uses its own address. */
	CHECK_EQ(pio_read(1, 0xcfc, 4), 0x00181234);
	CHECK_EQ(pio_read(0, 0xcfc, 4), 0x00101234);
	REQUIRE_EQ(ntrace, 4);
	CHECK(trace[2].out);
	CHECK_EQ(trace[2].port, 0xcf8);
	CHECK_EQ(trace[2].size, 4);
	CHECK_EQ(trace[2].value, addr(DEV_A, 0));
	CHECK(!trace[3].out);
	CHECK_EQ(trace[3].port, 0xcfc);
	CHECK_EQ(trace[3].size, 4);
}

TEST(cf8_data_port_offsets_and_sizes)
{
	setup(true);
	set32(DEV_A, 0x3c, 0x44332211);
	pio_write(0, 0xcf8, 4, addr(DEV_A, 0x3c));
	CHECK_EQ(pio_read(0, 0xcfc, 4), 0x44332211);
	CHECK_EQ(pio_read(0, 0xcfd, 1), 0x22);
	CHECK_EQ(pio_read(0, 0xcfe, 2), 0x4433);
	CHECK_EQ(pio_read(0, 0xcff, 1), 0x44);
	CHECK_EQ(pio_read(0, 0xcfd, 2), 0x3322);

	ntrace = 0;
	pio_write(0, 0xcfd, 1, 0x99);
	CHECK_EQ(cfg32(DEV_A, 0x3c), 0x44339911);
	REQUIRE_EQ(ntrace, 2);
	CHECK_EQ(trace[0].value, addr(DEV_A, 0x3c));
	CHECK(trace[1].out);
	CHECK_EQ(trace[1].port, 0xcfd);
	CHECK_EQ(trace[1].size, 1);
	CHECK_EQ(trace[1].value, 0x99);

	/* Past the end of the data window: nothing reaches the hardware. */
	ntrace = 0;
	CHECK_EQ(pio_read(0, 0xcfe, 4), 0xffffffff);
	pio_write(0, 0xcfd, 4, 0);
	CHECK_EQ(ntrace, 0);
	CHECK_EQ(cfg32(DEV_A, 0x3c), 0x44339911);
}

TEST(cf8_reserved_bits_stay_in_the_shadow)
{
	setup(true);
	/* Bits 30:28 and 1:0 reserved; 27:24 AMD extended register. */
	pio_write(0, 0xcf8, 4, 0xf000103fU);
	CHECK_EQ(pio_read(0, 0xcf8, 4), 0xf000103fU);
	CHECK_EQ(pio_read(0, 0xcfc, 1), 0x00);	/* reg 0x3c of 00:02.0 */
	REQUIRE_EQ(ntrace, 2);
	CHECK_EQ(trace[0].value, 0x8000103cU);
	pio_write(0, 0xcf8, 4, 0x8f00103cU);
	pio_read(0, 0xcfc, 1);
	REQUIRE_EQ(ntrace, 4);
	CHECK_EQ(trace[2].value, 0x8f00103cU);
}

TEST(cf8_enable_clear_reads_all_ones)
{
	setup(true);
	pio_write(0, 0xcf8, 4, addr(DEV_A, 0) & ~0x80000000U);
	CHECK_EQ(pio_read(0, 0xcfc, 4), 0xffffffff);
	CHECK_EQ(pio_read(0, 0xcfe, 2), 0xffff);
	pio_write(0, 0xcfc, 4, 0);
	CHECK_EQ(ntrace, 0);
	CHECK_EQ(cfg16(DEV_A, 0), 0x1234);
}

TEST(root_loses_a_device_on_assign_and_regains_it_on_release)
{
	struct cell *cell;

	setup(true);
	CHECK(pci_cell_owns(&root_cell, DEV_A));
	CHECK(pci_cell_owns(&root_cell, DEV_B));
	cell = demo_cell();
	pci_cell_assign(cell);

	CHECK(!pci_cell_owns(&root_cell, DEV_A));
	CHECK(pci_cell_owns(&root_cell, DEV_B));
	CHECK(pci_cell_owns(cell, DEV_A));
	CHECK(!pci_cell_owns(cell, DEV_B));
	CHECK(!pci_cell_owns(cell, NO_DEV));

	/* Root: all-ones through both mechanisms; the cell: the device. */
	CHECK_EQ(cf8_read32(CPU_ROOT, DEV_A, 0), 0xffffffff);
	CHECK_EQ(ecam_read(CPU_ROOT, DEV_A, 0, 4), 0xffffffff);
	CHECK_EQ(cf8_read32(CPU_DEMO, DEV_A, 0), 0x00101234);
	CHECK_EQ(ecam_read(CPU_DEMO, DEV_A, 0, 4), 0x00101234);
	CHECK_EQ(cf8_read32(CPU_DEMO, DEV_B, 0), 0xffffffff);
	CHECK_EQ(ecam_read(CPU_DEMO, DEV_B, 0, 2), 0xffff);
	CHECK_EQ(cf8_read32(CPU_ROOT, DEV_B, 0), 0x00181234);

	stub_cell_destroy(cell);
	pci_cell_release(cell);
	CHECK(pci_cell_owns(&root_cell, DEV_A));
	CHECK(!pci_cell_owns(cell, DEV_A));
	CHECK_EQ(cf8_read32(CPU_ROOT, DEV_A, 0), 0x00101234);
	CHECK_EQ(ecam_read(CPU_DEMO, DEV_A, 0, 4), 0x00101234);
}

TEST(two_cells_see_only_their_own_devices)
{
	struct cell *demo, *other;
	struct tb_cell tc;

	setup(true);
	demo = demo_cell();
	pci_cell_assign(demo);
	tb_other_cell(&tc, JH_ARCH_X86);
	other = stub_cell_create(&tc, 2);
	pci_cell_assign(other);

	CHECK(pci_cell_owns(demo, DEV_A));
	CHECK(!pci_cell_owns(demo, DEV_B));
	CHECK(pci_cell_owns(other, DEV_B));
	CHECK(!pci_cell_owns(other, DEV_A));
	CHECK(!pci_cell_owns(&root_cell, DEV_A));
	CHECK(!pci_cell_owns(&root_cell, DEV_B));
	CHECK(pci_cell_owns(&root_cell, DEV_C));
	CHECK_EQ(ecam_read(CPU_OTHER, DEV_A, 0, 4), 0xffffffff);
	CHECK_EQ(ecam_read(CPU_OTHER, DEV_B, 0, 4), 0x00181234);

	/* One cell going leaves the other's device alone. */
	stub_cell_destroy(demo);
	pci_cell_release(demo);
	CHECK(pci_cell_owns(&root_cell, DEV_A));
	CHECK(!pci_cell_owns(&root_cell, DEV_B));
	CHECK(pci_cell_owns(other, DEV_B));
}

TEST(unowned_writes_are_dropped)
{
	struct cell *cell;

	setup(true);
	cell = demo_cell();
	pci_cell_assign(cell);
	set32(DEV_A, 0x10, 0xc0000000);
	set32(DEV_B, 0x10, 0xc1000000);

	ecam_write(CPU_ROOT, DEV_A, 0x10, 4, 0xffffffff);
	ecam_write(CPU_ROOT, DEV_A, 0x10, 1, 0x12);
	pio_write(CPU_ROOT, 0xcf8, 4, addr(DEV_A, 0x10));
	pio_write(CPU_ROOT, 0xcfc, 4, 0xffffffff);
	CHECK_EQ(cfg32(DEV_A, 0x10), 0xc0000000);

	ecam_write(CPU_DEMO, DEV_B, 0x10, 4, 0xffffffff);
	pio_write(CPU_DEMO, 0xcf8, 4, addr(DEV_B, 0x10));
	pio_write(CPU_DEMO, 0xcfe, 2, 0);
	CHECK_EQ(cfg32(DEV_B, 0x10), 0xc1000000);

	/* The owner's writes land (those pci_filter.c lets through). */
	ecam_write(CPU_DEMO, DEV_A, 0x3c, 1, 0x0b);
	CHECK_EQ(cfg32(DEV_A, 0x3c) & 0xff, 0x0b);
	/* Its BAR stays where it was when the cell got the device. */
	ecam_write(CPU_DEMO, DEV_A, 0x10, 4, 0xc0001000);
	CHECK_EQ(cfg32(DEV_A, 0x10), 0xc0000000);
}

TEST(ecam_unowned_reads_are_all_ones_of_every_size)
{
	struct cell *cell;

	setup(true);
	cell = demo_cell();
	pci_cell_assign(cell);
	CHECK_EQ(ecam_read(CPU_ROOT, DEV_A, 0, 1), 0xff);
	CHECK_EQ(ecam_read(CPU_ROOT, DEV_A, 2, 2), 0xffff);
	CHECK_EQ(ecam_read(CPU_ROOT, DEV_A, 4, 4), 0xffffffff);
	CHECK_EQ(ecam_read(CPU_ROOT, DEV_A, 8, 8), ~0ULL);
	CHECK_EQ(ecam_read(CPU_ROOT, DEV_A, 0x100, 4), 0xffffffff);
}

TEST(ecam_offset_decodes_bus_device_function_register)
{
	struct cell *cell;
	struct tb_cell tc;

	setup(true);
	set32(DEV_C, 0x104, 0xdeadbeef);
	set32(DEV_C2, 0x104, 0x600dcafe);
	/* bus 1, device 1, function 0, register 0x104 */
	CHECK_EQ(ecam_read(CPU_ROOT, DEV_C, 0x104, 4), 0xdeadbeef);
	CHECK_EQ(ecam_read(CPU_ROOT, DEV_C, 0x105, 1), 0xbe);
	CHECK_EQ(ecam_read(CPU_ROOT, DEV_C, 0x106, 2), 0xdead);

	/* Give 01:01.2 away: function 0 of the same device stays root's. */
	tb_demo_cell(&tc, JH_ARCH_X86);
	tc.pci[0].bdf = DEV_C2;
	cell = stub_cell_create(&tc, 1);
	pci_cell_assign(cell);
	CHECK_EQ(ecam_read(CPU_ROOT, DEV_C2, 0x104, 4), 0xffffffff);
	CHECK_EQ(ecam_read(CPU_ROOT, DEV_C, 0x104, 4), 0xdeadbeef);
	CHECK_EQ(ecam_read(CPU_DEMO, DEV_C2, 0x104, 4), 0x600dcafe);
	CHECK_EQ(ecam_read(CPU_DEMO, DEV_C, 0x104, 4), 0xffffffff);
	/* The same through the ports. */
	CHECK_EQ(cf8_read32(CPU_DEMO, DEV_C2, 0), 0x010a1234);
	CHECK_EQ(cf8_read32(CPU_DEMO, DEV_C, 0), 0xffffffff);
	CHECK_EQ(cf8_read32(CPU_ROOT, DEV_C, 0), 0x01081234);
}

TEST(ecam_8_byte_accesses_are_two_dwords)
{
	setup(true);
	set32(DEV_C, 0x10, 0x11223344);
	set32(DEV_C, 0x14, 0x55667788);
	CHECK_EQ(ecam_read(CPU_ROOT, DEV_C, 0x10, 8), 0x5566778811223344ULL);
	ecam_write(CPU_ROOT, DEV_C, 0x18, 8, 0x0102030405060708ULL);
	CHECK_EQ(cfg32(DEV_C, 0x18), 0x05060708);
	CHECK_EQ(cfg32(DEV_C, 0x1c), 0x01020304);
}

TEST(ecam_misaligned_and_odd_sizes_are_refused)
{
	uint64_t v = 0;

	setup(true);
	CHECK_EQ(ecam(CPU_ROOT, 0x10002, 4, false, &v), MMIO_ERROR);
	CHECK_EQ(ecam(CPU_ROOT, 0x10001, 2, false, &v), MMIO_ERROR);
	CHECK_EQ(ecam(CPU_ROOT, 0x10004, 8, false, &v), MMIO_ERROR);
	CHECK_EQ(ecam(CPU_ROOT, 0x10000, 3, false, &v), MMIO_ERROR);
	v = 0;
	CHECK_EQ(ecam(CPU_ROOT, 0x10006, 4, true, &v), MMIO_ERROR);
	CHECK_EQ(cfg16(DEV_A, 6), 0xabcd);
	CHECK_EQ(cfg16(DEV_A, 8), 0x0000);
}

TEST(command_decode_bits_cleared_on_assign_and_release)
{
	struct cell *cell;

	setup(true);
	cell = demo_cell();
	pci_cell_assign(cell);
	CHECK_EQ(cfg16(DEV_A, 4), 0x0500);
	CHECK_EQ(cfg16(DEV_A, 6), 0xabcd);	/* status untouched */
	CHECK_EQ(cfg16(DEV_B, 4), 0x0507);	/* not moved */

	/* Bus mastering stays off: no JH_PCI_DMA_UNCONFINED in its config. */
	ecam_write(CPU_DEMO, DEV_A, 4, 2, 0x0006);
	CHECK_EQ(cfg16(DEV_A, 4), 0x0002);
	stub_cell_destroy(cell);
	pci_cell_release(cell);
	CHECK_EQ(cfg16(DEV_A, 4), 0x0000);
	CHECK_EQ(cfg16(DEV_A, 6), 0xabcd);
}

TEST(command_cleared_through_the_ports_without_ecam)
{
	uint64_t v = 0;
	struct cell *cell;
	unsigned int n;
	bool wrote = false;

	setup(false);
	CHECK_EQ(stub_map_calls, 0);
	CHECK_EQ(ecam(CPU_ROOT, 0, 4, false, &v), MMIO_UNHANDLED);
	cell = demo_cell();
	pci_cell_assign(cell);
	CHECK_EQ(cfg16(DEV_A, 4), 0x0500);
	CHECK_EQ(cfg16(DEV_A, 6), 0xabcd);
	/* Each data access right after its address, as a pair. */
	for (n = 0; n < ntrace && n < MAX_TRACE; n++) {
		if (trace[n].port == 0xcf8)
			continue;
		REQUIRE(n > 0);
		CHECK(trace[n - 1].out);
		CHECK_EQ(trace[n - 1].port, 0xcf8);
		/* Its own registers only (assignment records a few). */
		CHECK_EQ(trace[n - 1].value & ~0xffU, addr(DEV_A, 0) & ~0xffU);
		if (trace[n].out) {
			CHECK_EQ(trace[n - 1].value, addr(DEV_A, 0x04));
			CHECK_EQ(trace[n].port, 0xcfc);
			CHECK_EQ(trace[n].size, 2);
			CHECK_EQ(trace[n].value, 0x0500);
			wrote = true;
		}
	}
	CHECK(wrote);
}

TEST(absent_device_is_not_written_on_assign)
{
	struct cell *cell;
	struct tb_cell tc;
	unsigned int n;
	bool all_ones = true;

	setup(true);
	tb_demo_cell(&tc, JH_ARCH_X86);
	tc.pci[0].bdf = NO_DEV;
	cell = stub_cell_create(&tc, 1);
	pci_cell_assign(cell);
	for (n = 0; n < 0x1000; n++)
		all_ones &= *cfg(NO_DEV, n) == 0xff;
	CHECK(all_ones);
	CHECK(pci_cell_owns(cell, NO_DEV));
	CHECK(!pci_cell_owns(&root_cell, NO_DEV));
}

TEST(byte_ports_cf8_to_cfb_are_the_root_cells_only)
{
	struct cell *cell;

	setup(true);
	cell = demo_cell();
	pci_cell_assign(cell);
	pio_write(CPU_ROOT, 0xcf9, 1, 0x02);
	CHECK_EQ(port_cf9, 0x02);
	CHECK_EQ(pio_read(CPU_ROOT, 0xcf9, 1), 0x02);
	ntrace = 0;
	pio_write(CPU_DEMO, 0xcf9, 1, 0x06);
	CHECK_EQ(pio_read(CPU_DEMO, 0xcf9, 1), 0xff);
	CHECK_EQ(port_cf9, 0x02);
	/* A dword at 0xcf9 is no address write and reaches nothing. */
	pio_write(CPU_ROOT, 0xcf9, 4, 0x80000000);
	pio_write(CPU_ROOT, 0xcfa, 2, 0x8000);
	CHECK_EQ(pio_read(CPU_ROOT, 0xcf8, 4), 0);
	CHECK_EQ(ntrace, 1);	/* only the root's word at 0xcfa */
	CHECK_EQ(trace[0].port, 0xcfa);
}

TEST(address_register_reset_when_a_cpu_changes_cells)
{
	struct cell *cell;

	setup(true);
	pio_write(CPU_DEMO, 0xcf8, 4, addr(DEV_B, 0));
	pio_write(CPU_ROOT, 0xcf8, 4, addr(DEV_B, 4));
	cell = demo_cell();
	pci_cell_assign(cell);
	CHECK_EQ(pio_read(CPU_DEMO, 0xcf8, 4), 0);
	CHECK_EQ(pio_read(CPU_ROOT, 0xcf8, 4), addr(DEV_B, 4));
	pio_write(CPU_DEMO, 0xcf8, 4, addr(DEV_A, 0));
	stub_cell_destroy(cell);
	pci_cell_release(cell);
	CHECK_EQ(pio_read(CPU_DEMO, 0xcf8, 4), 0);
}

TEST(devices_of_other_domains_are_ignored)
{
	struct cell *cell;
	struct tb_cell tc;

	setup(true);
	tb_demo_cell(&tc, JH_ARCH_X86);
	tc.pci[0].domain = 1;
	cell = stub_cell_create(&tc, 1);
	pci_cell_assign(cell);
	CHECK(!pci_cell_owns(cell, DEV_A));
	CHECK(pci_cell_owns(&root_cell, DEV_A));
	CHECK_EQ(cfg16(DEV_A, 4), 0x0507);
	CHECK(strstr(stub_console(), "0001:00:02.0") != NULL);
}

TEST(pci_init_maps_the_whole_ecam)
{
	struct tb_system sys;
	uint64_t v = 0;

	/* A mapping one bus short of what the config names fails. */
	space = calloc(1, SPACE_SIZE);
	REQUIRE(space);
	unit_cleanup(free, space);
	tb_demo_system(&sys, JH_ARCH_X86);
	sys.desc.platform.x86.mmconfig_end_bus = BUSES;
	stub_device(ECAM_BASE, SPACE_SIZE, space);
	stub_system(&sys);
	CHECK_EQ(pci_init(), -JH_ENOMEM);
	CHECK(strstr(stub_console(), "PCI ECAM") != NULL);
	CHECK_EQ(ecam(CPU_ROOT, 0, 4, false, &v), MMIO_UNHANDLED);
}

TEST(amd_iommu_function_is_nobodys)
{
	struct tb_cell tc;
	struct cell *cell;

	amd_unit_bdf = DEV_B;
	setup(true);
	CHECK(!pci_cell_owns(&root_cell, DEV_B));
	CHECK_EQ(cf8_read32(CPU_ROOT, DEV_B, 0), 0xffffffff);
	CHECK_EQ(ecam_read(CPU_ROOT, DEV_B, 0x04, 2), 0xffff);
	/* The root can neither disable nor move it. */
	ecam_write(CPU_ROOT, DEV_B, 0x04, 2, 0);
	pio_write(CPU_ROOT, 0xcf8, 4, addr(DEV_B, 0x04));
	pio_write(CPU_ROOT, 0xcfc, 2, 0);
	CHECK_EQ(cfg16(DEV_B, 0x04), 0x0507);
	/* The hypervisor still reaches it. */
	CHECK_EQ(pci_hv_read(DEV_B, 0x00, 4), 0x00181234);
	/* A cell listing it does not get it (nor quiesce it). */
	tb_other_cell(&tc, JH_ARCH_X86);
	cell = stub_cell_create(&tc, 2);
	pci_cell_assign(cell);
	CHECK(!pci_cell_owns(cell, DEV_B));
	CHECK_EQ(cfg16(DEV_B, 0x04), 0x0507);
	CHECK(strstr(stub_console(), "an IOMMU's own function") != NULL);
	/* Other devices are the root's as before. */
	CHECK_EQ(cf8_read32(CPU_ROOT, DEV_A, 0), 0x00101234);
}

/* DEV_A with a 64-bit MSI capability at 0x50, as the root left it. */
static void put_msi(void)
{
	set16(DEV_A, 0x06, 0x0010);		/* capability list */
	set32(DEV_A, 0x34, 0x50);
	set32(DEV_A, 0x50, 0x00810005);		/* 64-bit, enabled */
	set32(DEV_A, 0x54, 0xfee01000);
	set32(DEV_A, 0x58, 0);
	set32(DEV_A, 0x5c, 0x0031);
}

/* The demo cell, behind an IOMMU, with DEV_A (MSI) mastering. */
static struct cell *mastering_cell(void)
{
	struct cell *cell;

	setup(true);
	put_msi();
	stub_iommu = true;
	cell = demo_cell();
	pci_cell_assign(cell);
	ecam_write(CPU_DEMO, DEV_A, 0x04, 2, 0x0006);
	return cell;
}

TEST(with_an_iommu_cell_devices_master_and_msis_are_remapped)
{
	struct cell *cell = mastering_cell();

	/* Bus mastering stays on: the IOMMU confines the device. */
	CHECK_EQ(cfg16(DEV_A, 0x04), 0x0006);

	/* The cell reads a fresh message, not the root's. */
	CHECK_EQ(ecam_read(CPU_DEMO, DEV_A, 0x54, 4), 0);
	ecam_write(CPU_DEMO, DEV_A, 0x54, 4, 0xfee03000);
	pio_write(CPU_DEMO, 0xcf8, 4, addr(DEV_A, 0x5c));
	pio_write(CPU_DEMO, 0xcfc, 2, 0x0041);
	/* The device holds the IOMMU's message ... */
	CHECK_EQ(cfg32(DEV_A, 0x54), STUB_REMAPPED);
	CHECK_EQ(cfg32(DEV_A, 0x5c), 0);
	/* ... the cell reads back its own, any size, either mechanism. */
	CHECK_EQ(ecam_read(CPU_DEMO, DEV_A, 0x54, 4), 0xfee03000);
	CHECK_EQ(ecam_read(CPU_DEMO, DEV_A, 0x55, 1), 0x30);
	CHECK_EQ(ecam_read(CPU_DEMO, DEV_A, 0x58, 8), 0x4100000000ULL);
	CHECK_EQ(cf8_read32(CPU_DEMO, DEV_A, 0x5c), 0x41);
	pio_write(CPU_DEMO, 0xcf8, 4, addr(DEV_A, 0x54));
	CHECK_EQ(pio_read(CPU_DEMO, 0xcfe, 2), 0xfee0);
	/* Registers outside the message read the hardware. */
	CHECK_EQ(ecam_read(CPU_DEMO, DEV_A, 0x50, 4), 0x00810005);

	/* Back with the root: MSI off, the IOMMU's message means nothing. */
	stub_cell_destroy(cell);
	pci_cell_release(cell);
	CHECK_EQ(cfg32(DEV_A, 0x50), 0x00800005);
	CHECK_EQ(cf8_read32(CPU_ROOT, DEV_A, 0x54), STUB_REMAPPED);
}

TEST(quiesce_stops_a_cell_device_that_stays_the_cells)
{
	struct cell *cell = mastering_cell();

	ecam_write(CPU_DEMO, DEV_A, 0x54, 4, 0xfee03000);
	pio_write(CPU_DEMO, 0xcf8, 4, addr(DEV_A, 0x5c));
	pio_write(CPU_DEMO, 0xcfc, 2, 0x0041);
	CHECK_EQ(cfg16(DEV_A, 0x04), 0x0006);
	CHECK_EQ(cfg32(DEV_A, 0x50), 0x00810005);	/* MSI on */

	/* A stop or restart: no more DMA nor MSIs, the device still its. */
	pci_cell_quiesce(cell);
	CHECK_EQ(cfg16(DEV_A, 0x04), 0x0000);
	CHECK_EQ(cfg16(DEV_A, 0x06), 0x0010);	/* status untouched */
	CHECK_EQ(cfg32(DEV_A, 0x50), 0x00800005);
	CHECK(pci_cell_owns(cell, DEV_A));
	CHECK(!pci_cell_owns(&root_cell, DEV_A));
	/* The next run may enable it again. */
	ecam_write(CPU_DEMO, DEV_A, 0x04, 2, 0x0006);
	CHECK_EQ(cfg16(DEV_A, 0x04), 0x0006);
	/* The root cell has nothing to quiesce. */
	pci_cell_quiesce(&root_cell);
	CHECK_EQ(cfg16(DEV_A, 0x04), 0x0006);
	stub_cell_destroy(cell);
	pci_cell_release(cell);
}

TEST(without_an_iommu_the_cell_reads_the_hardware_message)
{
	struct cell *cell;

	setup(true);
	put_msi();
	cell = demo_cell();
	pci_cell_assign(cell);
	CHECK_EQ(ecam_read(CPU_DEMO, DEV_A, 0x54, 4), 0xfee01000);
	ecam_write(CPU_DEMO, DEV_A, 0x04, 2, 0x0006);
	CHECK_EQ(cfg16(DEV_A, 0x04), 0x0002);
	ecam_write(CPU_DEMO, DEV_A, 0x54, 4, 0xfee03000);
	CHECK_EQ(cfg32(DEV_A, 0x54), 0xfee03000);
}

/* DEV_B with MSI-X (and MSI): its table is not trapped, so no remapping. */
static void put_msix(void)
{
	set16(DEV_B, 0x06, 0x0010);
	set32(DEV_B, 0x34, 0x60);
	set32(DEV_B, 0x60, 0x00807005);		/* MSI, next at 0x70 */
	set32(DEV_B, 0x70, 0x00000011);		/* MSI-X */
}

TEST(root_msis_are_remapped_after_takeover_and_given_back)
{
	uint16_t bdf[4] = { 0 };
	struct cell *cell;

	setup(true);
	put_msi();
	put_msix();
	stub_iommu = true;
	/* Only the MSI function without MSI-X; the scan walks both buses. */
	CHECK_EQ(pci_root_msi_scan(bdf, 4), 1);
	CHECK_EQ(bdf[0], DEV_A);
	/* Before takeover, the root writes the hardware as always. */
	ecam_write(CPU_ROOT, DEV_A, 0x5c, 2, 0x0032);
	CHECK_EQ(cfg32(DEV_A, 0x5c), 0x32);

	/* The message the root had enabled moves into the IOMMU. */
	pci_root_msi_takeover();
	CHECK_EQ(cfg32(DEV_A, 0x54), STUB_REMAPPED);
	CHECK_EQ(cfg32(DEV_A, 0x5c), 0);
	CHECK_EQ(ecam_read(CPU_ROOT, DEV_A, 0x54, 4), 0xfee01000);
	CHECK_EQ(cf8_read32(CPU_ROOT, DEV_A, 0x5c), 0x32);

	/* Logical destinations are the root's (CPUs 0 and 1 here). */
	ecam_write(CPU_ROOT, DEV_A, 0x54, 4, 0xfee03004);
	CHECK_EQ(ecam_read(CPU_ROOT, DEV_A, 0x54, 4), 0xfee03004);
	CHECK_EQ(cfg32(DEV_A, 0x54), STUB_REMAPPED);
	/* An exception vector, or an NMI, is refused: nothing changes. */
	ecam_write(CPU_ROOT, DEV_A, 0x5c, 2, 0x0010);
	ecam_write(CPU_ROOT, DEV_A, 0x5c, 2, 0x0400);
	CHECK_EQ(ecam_read(CPU_ROOT, DEV_A, 0x5c, 4), 0x32);
	CHECK_EQ(cfg32(DEV_A, 0x5c), 0);

	/* The device goes to a cell and comes back: the root's message. */
	cell = demo_cell();
	pci_cell_assign(cell);
	CHECK_EQ(cfg32(DEV_A, 0x54), STUB_REMAPPED);
	stub_cell_destroy(cell);
	pci_cell_release(cell);
	CHECK_EQ(ecam_read(CPU_ROOT, DEV_A, 0x54, 4), 0xfee03004);
	/* A CPU of the cell is no root destination while the cell runs. */
	cell = demo_cell();
	pci_cell_assign(cell);
	pci_cell_release(cell);
	ecam_write(CPU_ROOT, DEV_A, 0x54, 4, 0xfee03000);
	CHECK_EQ(ecam_read(CPU_ROOT, DEV_A, 0x54, 4), 0xfee03004);
	stub_cell_destroy(cell);

	/* Other registers and other devices are the root's as before. */
	ecam_write(CPU_ROOT, DEV_B, 0x68, 2, 0x0010);
	CHECK_EQ(cfg32(DEV_B, 0x68), 0x10);

	/* Disable: the root's own message is back in the device. */
	pci_root_msi_giveback();
	CHECK_EQ(cfg32(DEV_A, 0x54), 0xfee03004);
	CHECK_EQ(cfg32(DEV_A, 0x5c), 0x32);
	ecam_write(CPU_ROOT, DEV_A, 0x5c, 2, 0x0400);
	CHECK_EQ(cfg32(DEV_A, 0x5c), 0x400);
}

#define MSIX_PAGE	0xfeb90000ULL

static uint32_t msix_page[1024];

/* DEV_C: MSI-X only, 4 entries at offset 0x10 of BAR 0; PBA at 0x800. */
static void put_msix_table(void)
{
	unsigned int n;

	set16(DEV_C, 0x06, 0x0010);
	set32(DEV_C, 0x10, (uint32_t)MSIX_PAGE);
	set32(DEV_C, 0x34, 0x70);
	set32(DEV_C, 0x70, 0x00030011);		/* 4 entries */
	set32(DEV_C, 0x74, 0x00000010);		/* BIR 0, offset 0x10 */
	memset(msix_page, 0, sizeof(msix_page));
	for (n = 0; n < 4; n++)
		msix_page[4 + n * 4 + 3] = 1;	/* masked after reset */
	msix_page[0x800 / 4] = 0x5;		/* pending bits */
	stub_device(MSIX_PAGE, 0x1000, msix_page);
}

static enum mmio_result table_io(unsigned int c, uint64_t off,
				 unsigned int size, bool is_write,
				 uint64_t *value)
{
	struct mmio_access acc = {
		.addr = MSIX_PAGE + off, .size = size, .is_write = is_write,
		.value = is_write ? *value : 0x5a5a5a5a5a5a5a5aULL,
	};
	enum mmio_result res = mmio_dispatch(cpu(c), &acc);

	if (!is_write)
		*value = acc.value;
	return res;
}

static void table_write(unsigned int off, uint32_t v)
{
	uint64_t value = v;

	CHECK_EQ(table_io(CPU_ROOT, off, 4, true, &value), MMIO_HANDLED);
}

static uint64_t table_read(unsigned int off, unsigned int size)
{
	uint64_t v = 0;

	CHECK_EQ(table_io(CPU_ROOT, off, size, false, &v), MMIO_HANDLED);
	return v;
}

TEST(root_msix_tables_are_trapped_shadowed_and_remapped)
{
	uint16_t bdf[4] = { 0 };
	struct cell *cell;
	uint64_t v;

	setup(true);
	put_msix_table();
	stub_iommu = true;
	/* The entries the root enabled before (entry 1) move at takeover. */
	msix_page[4 + 4] = 0xfee01000;
	msix_page[4 + 6] = 0x0042;
	msix_page[4 + 7] = 0;
	CHECK_EQ(pci_root_msi_scan(bdf, 4), 1);
	CHECK_EQ(bdf[0], DEV_C);
	CHECK_EQ(cleared_at, MSIX_PAGE);
	CHECK_EQ(cleared_size, 0x1000);
	CHECK(strstr(stub_console(), "1 root MSI-X table(s) trapped") != NULL);
	pci_root_msi_takeover();
	CHECK_EQ(msix_page[4 + 4], STUB_REMAPPED);
	CHECK_EQ(msix_page[4 + 6], 1);
	CHECK_EQ(msix_page[4 + 7], 0);
	CHECK_EQ(table_read(0x10 + 16 + 8, 4), 0x42);

	/* Entry 0: a vector for CPU 1 becomes the unit's message 0, written
	 * while masked, unmasked last. */
	table_write(0x10, 0xfee01000);
	table_write(0x10 + 8, 0x0051);
	CHECK_EQ(msix_page[4 + 3], 1);
	table_write(0x10 + 12, 0);
	CHECK_EQ(msix_page[4], STUB_REMAPPED);
	CHECK_EQ(msix_page[4 + 2], 0);
	CHECK_EQ(msix_page[4 + 3], 0);
	CHECK_EQ(table_read(0x10, 8), 0xfee01000ULL);
	CHECK_EQ(table_read(0x10 + 8, 2), 0x51);
	CHECK_EQ(table_read(0x10 + 9, 1), 0);

	/* An NMI, or a cell's CPU, stays masked in the device. */
	table_write(0x10 + 32 + 8, 0x0400);
	table_write(0x10 + 32 + 12, 0);
	CHECK_EQ(msix_page[4 + 8 + 3], 1);
	CHECK(strstr(stub_console(), "MSI-X entry 2 of 01:01.0") != NULL);
	CHECK_EQ(table_read(0x10 + 32 + 8, 4), 0x400);
	cell = demo_cell();
	table_write(0x10, 0xfee03000);
	CHECK_EQ(msix_page[4 + 3], 1);
	stub_cell_destroy(cell);

	/* Outside the table: the device (here the pending bits). */
	CHECK_EQ(table_read(0x800, 4), 0x5);
	v = 0x7;
	CHECK_EQ(table_io(CPU_ROOT, 0x804, 4, true, &v), MMIO_HANDLED);
	CHECK_EQ(msix_page[0x804 / 4], 7);
	/* Misaligned: refused; another cell's CPU: not the root's trap. */
	CHECK_EQ(table_io(CPU_ROOT, 0x12, 4, false, &v), MMIO_ERROR);
	cell = demo_cell();
	CHECK_EQ(table_io(CPU_DEMO, 0x10, 4, false, &v), MMIO_UNHANDLED);
	stub_cell_destroy(cell);

	/* Disable: the root's own entries are back in the device. */
	pci_root_msi_giveback();
	CHECK_EQ(msix_page[4], 0xfee03000);
	CHECK_EQ(msix_page[4 + 2], 0x51);
	CHECK_EQ(msix_page[4 + 8 + 2], 0x400);
	CHECK_EQ(msix_page[4 + 8 + 3], 0);
}

/*
 * The root's own link device, on both paths (Linux uses mechanism #1 for
 * the first 256 bytes, MMCONFIG beyond): every size and offset reaches
 * ivshmem_cfg_access() with the register it names, nothing the hardware,
 * and a cell does not see it.
 */
TEST(root_link_device_on_ports_and_mmconfig)
{
	struct cell *cell;

	setup(true);
	memset(link_space, 0, sizeof(link_space));
	link_space[0] = 0x0a;
	link_space[1] = 0x11;
	link_space[2] = 0x06;
	link_space[3] = 0x41;
	link_space[0x3d] = 1;
	link_calls = 0;
	ntrace = 0;
	CHECK_EQ(cf8_read32(CPU_ROOT, LINK_DEV, 0), 0x4106110a);
	CHECK_EQ(link_reg, 0);
	CHECK_EQ(link_size, 4);
	pio_write(CPU_ROOT, 0xcf8, 4, addr(LINK_DEV, 0x3c));
	CHECK_EQ(pio_read(CPU_ROOT, 0xcfd, 1), 1);	/* Interrupt Pin */
	CHECK_EQ(link_reg, 0x3d);
	CHECK_EQ(link_size, 1);
	pio_write(CPU_ROOT, 0xcf8, 4, addr(LINK_DEV, 0x04));
	pio_write(CPU_ROOT, 0xcfc, 2, 0x0402);		/* COMMAND */
	CHECK_EQ(link_reg, 0x04);
	CHECK_EQ(link_size, 2);
	CHECK_EQ(link_space[4], 0x02);
	CHECK_EQ(link_space[5], 0x04);
	CHECK_EQ(link_calls, 3);
	/* Only the address latch reached the ports, never the data port. */
	for (unsigned int n = 0; n < ntrace; n++)
		CHECK(trace[n].port == 0xcf9 || trace[n].port < 0xcfc);

	CHECK_EQ(ecam_read(CPU_ROOT, LINK_DEV, 0, 4), 0x4106110a);
	CHECK_EQ(ecam_read(CPU_ROOT, LINK_DEV, 0x3d, 1), 1);
	CHECK_EQ(link_reg, 0x3d);
	ecam_write(CPU_ROOT, LINK_DEV, 0x3c, 1, 23);
	CHECK_EQ(link_space[0x3c], 23);
	/* A qword is two dword calls. */
	CHECK_EQ(ecam_read(CPU_ROOT, LINK_DEV, 0, 8),
		 0x4106110a | (uint64_t)0x0402 << 32);
	CHECK_EQ(link_reg, 4);
	CHECK_EQ(link_calls, 8);

	/* A cell sees no device there, on either path. */
	cell = demo_cell();
	CHECK_EQ(cf8_read32(CPU_DEMO, LINK_DEV, 0), 0xffffffff);
	CHECK_EQ(ecam_read(CPU_DEMO, LINK_DEV, 0, 4), 0xffffffff);
	CHECK_EQ(link_calls, 8);
	stub_cell_destroy(cell);
}
