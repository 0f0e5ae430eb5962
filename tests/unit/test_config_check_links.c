// SPDX-License-Identifier: GPL-2.0
/*
 * Tests of the link rules of the shared config validator
 * (hypervisor/config/config_check_links.c): each starts from the demo cells of
 * config_builder.c joined by one link, breaks one thing and checks the
 * code and the exact message.
 */
/* UNIT-SOURCES: hypervisor/config/config_check.c hypervisor/config/config_check_header.c hypervisor/config/config_check_arrays.c hypervisor/config/config_check_cells.c hypervisor/config/config_check_addr.c hypervisor/config/config_check_devices.c hypervisor/config/config_check_iommu.c hypervisor/config/config_check_links.c tests/unit/config_builder.c */
#include <stdlib.h>
#include <string.h>

#include <jailhouse/config-check.h>
#include <jailhouse/hypercall.h>

#include "config_builder.h"
#include "unit.h"

#define ARM64		JH_ARCH_ARM64
#define X86		JH_ARCH_X86
#define EINVAL_		(-JH_EINVAL)
#define EBUSY_		(-JH_EBUSY)

/* The link of the tests: 24 KiB in the root's RAM, seen at 1 GiB. */
#define SHM_PHYS	0x70400000ULL
#define SHM_VIRT	0x40000000ULL
#define BARS		0x41000000ULL
#define LINK_SPI	200U	/* the demo root owns SPIs 32-159 only */

static void link_free(void *buf)
{
	unit_cleanup(free, buf);
}

static char text[256];

/* Runs one check on the built configs; the message, or "no error". */
enum which { CELL, IN_SYSTEM, BETWEEN, WIDTH, SYSTEM };

static int run(enum which w, const struct tb_system *sys,
	       const struct tb_cell *a, const struct tb_cell *b,
	       unsigned int bits)
{
	struct jh_config_error err;
	uint64_t sys_size, a_size, b_size;
	void *a_buf, *b_buf, *sys_buf;
	int ret = 0;

	tb_on_alloc = link_free;
	a_buf = tb_cell_build(a, &a_size);
	memset(&err, 0x5a, sizeof(err));
	switch (w) {
	case CELL:
		ret = jh_check_cell_config(a_buf, a_size, a->desc.arch, &err);
		break;
	case IN_SYSTEM:
		sys_buf = tb_system_build(sys, &sys_size);
		ret = jh_check_cell_in_system(sys_buf, a_buf, &err);
		break;
	case BETWEEN:
		b_buf = tb_cell_build(b, &b_size);
		ret = jh_check_cells_disjoint(a_buf, b_buf, &err);
		break;
	case WIDTH:
		ret = jh_check_cell_addr_bits(a_buf, bits, &err);
		break;
	case SYSTEM:
		sys_buf = tb_system_build(sys, &sys_size);
		ret = jh_check_system_config(sys_buf, sys_size,
					     sys->desc.arch, &err);
		break;
	}
	jh_format_config_error(text, sizeof(text), &err);
	CHECK_EQ(err.code, ret);
	return ret;
}

static void pair(struct tb_cell *a, struct tb_cell *b, uint32_t arch)
{
	tb_demo_cell(a, arch);
	tb_other_cell(b, arch);
	/* x86: the demo root's RAM ends at 0x3d000000. */
	uint64_t phys = arch == ARM64 ? SHM_PHYS : 0x3c400000;

	tb_cell_add_link(a, 7, 0, phys, SHM_VIRT, BARS,
			 arch == ARM64 ? LINK_SPI : 0);
	tb_cell_add_link(b, 7, 1, phys, SHM_VIRT, BARS,
			 arch == ARM64 ? LINK_SPI + 1 : 0);
}

#define EXPECT_LINK(w, sys, a, b, bits, code, msg)			\
	do {								\
		CHECK_EQ(run(w, sys, a, b, bits), code);		\
		CHECK_STR(text, msg);					\
	} while (0)

TEST(link_valid_pair)
{
	static const uint32_t arches[] = { ARM64, X86 };
	struct tb_system sys;
	struct tb_cell a, b;
	unsigned int n;

	for (n = 0; n < 2; n++) {
		tb_demo_system(&sys, arches[n]);
		pair(&a, &b, arches[n]);
		EXPECT_LINK(CELL, NULL, &a, NULL, 0, 0, "no error");
		EXPECT_LINK(CELL, NULL, &b, NULL, 0, 0, "no error");
		EXPECT_LINK(IN_SYSTEM, &sys, &a, NULL, 0, 0, "no error");
		EXPECT_LINK(BETWEEN, NULL, &a, &b, 0, 0, "no error");
		EXPECT_LINK(BETWEEN, NULL, &b, &a, 0, 0, "no error");
	}
	CHECK_EQ(jh_link_shmem_size(&a.links[0]), 0x4000);
	CHECK_EQ(jh_cell_config_size(&a.desc) % 8, 0);
}

TEST(link_fields)
{
	struct tb_cell a, b;

	pair(&a, &b, ARM64);
	a.links[0].flags = 1;
	EXPECT_LINK(CELL, NULL, &a, NULL, 0, EINVAL_,
		    "link 0: flags 0x1 must be zero");
	pair(&a, &b, ARM64);
	a.links[0].num_peers = 3;
	EXPECT_LINK(CELL, NULL, &a, NULL, 0, EINVAL_,
		    "link 0: num_peers 3 is not 2..2 (JH_LINK_MAX_PEERS)");
	a.links[0].num_peers = 1;
	a.links[0].peer_id = 0;
	EXPECT_LINK(CELL, NULL, &a, NULL, 0, EINVAL_,
		    "link 0: num_peers 1 is not 2..2 (JH_LINK_MAX_PEERS)");
	pair(&a, &b, ARM64);
	a.links[0].peer_id = 2;
	EXPECT_LINK(CELL, NULL, &a, NULL, 0, EINVAL_,
		    "link 0: peer_id 2 is not below num_peers 2");
	pair(&a, &b, ARM64);
	a.links[0].state_table_size = 0;
	EXPECT_LINK(CELL, NULL, &a, NULL, 0, EINVAL_,
		    "link 0: state_table_size 0x0 is zero or not a 4 KiB "
		    "multiple (state table)");
	a.links[0].state_table_size = 0x800;
	EXPECT_LINK(CELL, NULL, &a, NULL, 0, EINVAL_,
		    "link 0: state_table_size 0x800 is zero or not a 4 KiB "
		    "multiple (state table)");
	pair(&a, &b, ARM64);
	a.links[0].rw_size = 0x1800;
	EXPECT_LINK(CELL, NULL, &a, NULL, 0, EINVAL_,
		    "link 0: rw_size 0x1800 is not 4 KiB aligned");
	a.links[0].rw_size = 0;		/* an empty section is fine */
	a.links[0].out_size = 0;
	EXPECT_LINK(CELL, NULL, &a, NULL, 0, 0, "no error");
	a.links[0].out_size = 1ULL << 60;
	EXPECT_LINK(CELL, NULL, &a, NULL, 0, EINVAL_,
		    "link 0: out_size 0x1000000000000000 ends above a physical "
		    "address size of 52 bits");
	pair(&a, &b, ARM64);
	a.links[0].shmem_phys += 0x10;
	EXPECT_LINK(CELL, NULL, &a, NULL, 0, EINVAL_,
		    "link 0: shmem_phys 0x70400010 is not 4 KiB aligned");
	pair(&a, &b, ARM64);
	a.links[0].mmio_base = 0xfffffffffffff000ULL;
	EXPECT_LINK(CELL, NULL, &a, NULL, 0, EINVAL_,
		    "link 0: mmio_base 0xfffffffffffff000 (size 0x2000) wraps "
		    "around the end of the address space");
	pair(&a, &b, ARM64);
	a.links[0].shmem_virt = 0x1000000000000ULL;
	EXPECT_LINK(CELL, NULL, &a, NULL, 0, EINVAL_,
		    "link 0: shmem_virt 0x1000000000000 ends above a physical "
		    "address size of 48 bits");
}

TEST(link_irq)
{
	struct tb_cell a, b;

	pair(&a, &b, ARM64);
	a.links[0].irq = 27;
	EXPECT_LINK(CELL, NULL, &a, NULL, 0, EINVAL_,
		    "link 0: irq 27 is below 32 (arm64 irqchips hold SPIs "
		    "only)");
	a.links[0].irq = 1020;
	EXPECT_LINK(CELL, NULL, &a, NULL, 0, EINVAL_,
		    "link 0: irq 1020 is above 1019, the last SPI");
	pair(&a, &b, X86);
	a.links[0].irq = 5;
	EXPECT_LINK(CELL, NULL, &a, NULL, 0, EINVAL_,
		    "link 0: irq 5 must be 0 in an x86 cell (MSI-X only)");
}

TEST(link_inside_cell)
{
	struct tb_cell a, b;

	pair(&a, &b, ARM64);
	a.links[0].shmem_virt = 0x80000;	/* inside the RAM at guest 0 */
	EXPECT_LINK(CELL, NULL, &a, NULL, 0, EINVAL_,
		    "link 0: shmem_virt 0x80000 overlaps memory region 0");
	pair(&a, &b, ARM64);
	a.links[0].mmio_base = 0x80000000;	/* the comm page */
	EXPECT_LINK(CELL, NULL, &a, NULL, 0, EINVAL_,
		    "link 0: mmio_base 0x80000000 overlaps memory region 1");
	pair(&a, &b, ARM64);
	a.links[0].shmem_phys = 0x70000000;	/* the cell's own RAM */
	EXPECT_LINK(CELL, NULL, &a, NULL, 0, EINVAL_,
		    "link 0: shmem_phys 0x70000000 overlaps memory region 0");
	pair(&a, &b, ARM64);
	a.links[0].mmio_base = SHM_VIRT + 0x2000;
	EXPECT_LINK(CELL, NULL, &a, NULL, 0, EINVAL_,
		    "link 0: mmio_base 0x40002000 overlaps the shared memory "
		    "or BARs of link 0");

	pair(&a, &b, ARM64);
	tb_cell_add_link(&a, 7, 0, 0x70500000, 0x42000000, 0x43000000, 201);
	EXPECT_LINK(CELL, NULL, &a, NULL, 0, EINVAL_,
		    "link 1: id 7 is used twice, also by link 0");
	a.links[1].id = 8;
	a.links[1].bdf = a.links[0].bdf;
	EXPECT_LINK(CELL, NULL, &a, NULL, 0, EINVAL_,
		    "link 1: bdf 0000:00:1e.0 is also the device of link 0");
	a.links[1].bdf = 0x00f8;
	a.links[1].mmio_base = BARS + 0x1000;
	EXPECT_LINK(CELL, NULL, &a, NULL, 0, EINVAL_,
		    "link 1: shmem_virt 0x42000000 overlaps the shared memory "
		    "or BARs of link 0");
	a.links[1].mmio_base = 0x43000000;
	EXPECT_LINK(CELL, NULL, &a, NULL, 0, 0, "no error");

	tb_demo_cell(&a, X86);			/* owns 00:02.0 */
	tb_cell_add_link(&a, 7, 0, SHM_PHYS, SHM_VIRT, BARS, 0);
	a.links[0].bdf = 0x0010;
	EXPECT_LINK(CELL, NULL, &a, NULL, 0, EINVAL_,
		    "link 0: bdf 0000:00:02.0 is a real PCI device of the "
		    "cell, not free for a link");
}

TEST(link_count)
{
	struct tb_cell a, b;
	unsigned int n;

	pair(&a, &b, ARM64);
	for (n = 1; n <= JH_MAX_LINKS; n++) {
		tb_cell_add_link(&a, 7 + n, 0, SHM_PHYS + n * 0x10000,
				 SHM_VIRT + n * 0x10000,
				 BARS + n * 0x10000, LINK_SPI);
	}
	EXPECT_LINK(CELL, NULL, &a, NULL, 0, -JH_E2BIG,
		    "header: num_links 9 is above JH_MAX_LINKS (8)");
}

TEST(link_in_system)
{
	struct tb_system sys;
	struct tb_cell a, b;

	tb_demo_system(&sys, ARM64);
	pair(&a, &b, ARM64);
	a.links[0].irq = 100;
	EXPECT_LINK(IN_SYSTEM, &sys, &a, NULL, 0, EINVAL_,
		    "link 0: irq 100 is a physical SPI of the root cell, not "
		    "free for a link");
	pair(&a, &b, ARM64);
	a.links[0].shmem_phys = 0x7effe000;
	EXPECT_LINK(IN_SYSTEM, &sys, &a, NULL, 0, EINVAL_,
		    "link 0: shmem_phys 0x7effe000 (size 0x4000) overlaps the "
		    "hypervisor memory");
	a.links[0].shmem_phys = 0x10000000;	/* the PCI window: I/O */
	EXPECT_LINK(IN_SYSTEM, &sys, &a, NULL, 0, EINVAL_,
		    "link 0: shmem_phys 0x10000000 (size 0x4000) is not "
		    "inside any memory region of the root cell");
	pair(&a, &b, ARM64);
	a.links[0].mmio_base = 0x08000000;
	EXPECT_LINK(IN_SYSTEM, &sys, &a, NULL, 0, EINVAL_,
		    "link 0: mmio_base 0x8000000 (size 0x2000) overlaps the "
		    "GIC distributor (emulated, never mapped)");
}

TEST(link_between_cells)
{
	struct tb_cell a, b;

	pair(&a, &b, ARM64);
	b.links[0].peer_id = 0;
	EXPECT_LINK(BETWEEN, NULL, &a, &b, 0, EBUSY_,
		    "link 0: peer_id 0 is the same as that of the same link "
		    "in cell 'other'");
	pair(&a, &b, ARM64);
	b.links[0].shmem_phys = 0x70800000;
	EXPECT_LINK(BETWEEN, NULL, &a, &b, 0, EBUSY_,
		    "link 0: shmem_phys 0x70400000 differs from that of the "
		    "same link in cell 'other'");
	pair(&a, &b, ARM64);
	b.links[0].rw_size = 0x2000;
	EXPECT_LINK(BETWEEN, NULL, &a, &b, 0, EBUSY_,
		    "link 0: rw_size 0x1000 differs from that of the same "
		    "link in cell 'other'");
	/* Another link on the same memory. */
	pair(&a, &b, ARM64);
	b.links[0].id = 9;
	b.links[0].shmem_phys = SHM_PHYS + 0x1000;
	EXPECT_LINK(BETWEEN, NULL, &a, &b, 0, EBUSY_,
		    "link 0: shmem_phys 0x70400000 (size 0x4000) overlaps "
		    "memory or another link's shared memory of cell 'other'");
	/* The other cell's RAM on the link's memory, both ways round. */
	pair(&a, &b, ARM64);
	b.mem[0].phys_start = SHM_PHYS;
	EXPECT_LINK(BETWEEN, NULL, &a, &b, 0, EBUSY_,
		    "link 0: shmem_phys 0x70400000 (size 0x4000) overlaps "
		    "memory or another link's shared memory of cell 'other'");
	EXPECT_LINK(BETWEEN, NULL, &b, &a, 0, EBUSY_,
		    "memory region 0: phys_start 0x70400000 (size 0x100000) "
		    "overlaps memory or another link's shared memory of cell "
		    "'demo'");
}

TEST(link_width)
{
	struct tb_cell a, b;

	pair(&a, &b, ARM64);
	EXPECT_LINK(WIDTH, NULL, &a, NULL, 40, 0, "no error");
	a.links[0].mmio_base = 0x10000000000ULL;
	EXPECT_LINK(WIDTH, NULL, &a, NULL, 40, EINVAL_,
		    "link 0: mmio_base 0x10000000000 ends above a physical "
		    "address size of 40 bits");
}

/*
 * A root cell's end (link 9): memory outside root RAM, seen by the root
 * as BAR2 at the top of the PCI window, INTx on SPI 35, which the root
 * owns; the cell's end of the same link on the same memory.
 */
#define ROOT_SHM_PHYS	0x80000000ULL
#define ROOT_SHM_VIRT	0x3eff4000ULL

static void root_pair(struct tb_system *sys, struct tb_cell *a)
{
	tb_demo_system(sys, ARM64);
	tb_cell_add_link(&sys->root, 9, 0, ROOT_SHM_PHYS, ROOT_SHM_VIRT,
			 0x3eff8000, 35);
	tb_demo_cell(a, ARM64);
	tb_cell_add_link(a, 9, 1, ROOT_SHM_PHYS, SHM_VIRT, BARS, LINK_SPI);
}

TEST(link_root_end)
{
	struct tb_system sys;
	struct tb_cell a;

	root_pair(&sys, &a);
	EXPECT_LINK(SYSTEM, &sys, &a, NULL, 0, 0, "no error");
	EXPECT_LINK(IN_SYSTEM, &sys, &a, NULL, 0, 0, "no error");
	CHECK_EQ(jh_link_bar2_size(&sys.root.links[0]), 0x4000);
	sys.root.links[0].irq = 200;
	EXPECT_LINK(SYSTEM, &sys, &a, NULL, 0, EINVAL_,
		    "link 0: irq 200 is no SPI of the root cell (a root end's "
		    "is its slot's INTx)");
	root_pair(&sys, &a);
	sys.root.links[0].shmem_virt = ROOT_SHM_VIRT - 0x3000;
	EXPECT_LINK(SYSTEM, &sys, &a, NULL, 0, EINVAL_,
		    "link 0: shmem_virt 0x3eff1000 (BAR2 size 0x4000) is not "
		    "a 32-bit BAR2 address aligned to its size");
	root_pair(&sys, &a);
	sys.root.links[0].shmem_virt = 0x100000000ULL;
	EXPECT_LINK(SYSTEM, &sys, &a, NULL, 0, EINVAL_,
		    "link 0: shmem_virt 0x100000000 (BAR2 size 0x4000) is not "
		    "a 32-bit BAR2 address aligned to its size");
	/* A root end's memory is no root memory region. */
	root_pair(&sys, &a);
	sys.root.links[0].shmem_phys = 0x70400000;
	EXPECT_LINK(SYSTEM, &sys, &a, NULL, 0, EINVAL_,
		    "link 0: shmem_phys 0x70400000 overlaps memory region 0");
}

/*
 * x86: a root end's irq is the IOAPIC pin of its slot's INTA, which the
 * root owns (the demo root: pins 0-23 of 0xfec00000), or 0 for MSI-X.
 * Memory above the root's RAM.
 */
TEST(link_x86_root_end)
{
	struct tb_system sys;
	struct tb_cell a;

	tb_demo_system(&sys, X86);
	tb_cell_add_link(&sys.root, 9, 0, 0x3d000000, 0xfebf4000, 0xfebf8000,
			 22);
	tb_demo_cell(&a, X86);
	tb_cell_add_link(&a, 9, 1, 0x3d000000, SHM_VIRT, BARS, 0);
	EXPECT_LINK(SYSTEM, &sys, &a, NULL, 0, 0, "no error");
	EXPECT_LINK(IN_SYSTEM, &sys, &a, NULL, 0, 0, "no error");
	sys.root.links[0].irq = 0;
	EXPECT_LINK(SYSTEM, &sys, &a, NULL, 0, 0, "no error");
	sys.root.links[0].irq = 24;
	EXPECT_LINK(SYSTEM, &sys, &a, NULL, 0, EINVAL_,
		    "link 0: irq 24 is no pin of the root cell's first IOAPIC "
		    "(a root end's is its slot's INTA)");
	/* The cell end of the same link stays MSI-X only. */
	sys.root.links[0].irq = 22;
	a.links[0].irq = 22;
	EXPECT_LINK(CELL, NULL, &a, NULL, 0, EINVAL_,
		    "link 0: irq 22 must be 0 in an x86 cell (MSI-X only)");
}

TEST(link_root_and_cell_end)
{
	struct tb_system sys;
	struct tb_cell a;

	/* The cell's end must agree with the root's. */
	root_pair(&sys, &a);
	a.links[0].shmem_phys = ROOT_SHM_PHYS + 0x4000;
	EXPECT_LINK(IN_SYSTEM, &sys, &a, NULL, 0, EBUSY_,
		    "link 0: shmem_phys 0x80004000 differs from that of the "
		    "same link in cell 'qemu-arm64'");
	root_pair(&sys, &a);
	a.links[0].peer_id = 0;
	EXPECT_LINK(IN_SYSTEM, &sys, &a, NULL, 0, EBUSY_,
		    "link 0: peer_id 0 is the same as that of the same link in "
		    "cell 'qemu-arm64'");
	/* Another link on the root end's memory. */
	root_pair(&sys, &a);
	a.links[0].id = 8;
	EXPECT_LINK(IN_SYSTEM, &sys, &a, NULL, 0, EBUSY_,
		    "link 0: shmem_phys 0x80000000 (size 0x4000) overlaps "
		    "memory or another link's shared memory of cell "
		    "'qemu-arm64'");
	/* Outside root RAM and no root end's: refused as before. */
	root_pair(&sys, &a);
	a.links[0].id = 8;
	a.links[0].shmem_phys = 0x90000000;
	EXPECT_LINK(IN_SYSTEM, &sys, &a, NULL, 0, EINVAL_,
		    "link 0: shmem_phys 0x90000000 (size 0x4000) is not inside "
		    "any memory region of the root cell");
}

/*
 * A region of a cell on a root end's memory, shared with the root or not:
 * the hypervisor alone writes its state table (issue 30).
 */
TEST(link_root_end_memory_is_no_cell_region)
{
	struct tb_system sys;
	struct tb_cell a;
	unsigned int m;

	root_pair(&sys, &a);
	m = tb_cell_add_mem(&a, ROOT_SHM_PHYS + 0x1000, 0x50000000, 0x1000,
			    JH_MEM_READ | JH_MEM_WRITE | JH_MEM_DMA |
			    JH_MEM_ROOTSHARED);
	CHECK_EQ(m, 2);
	EXPECT_LINK(IN_SYSTEM, &sys, &a, NULL, 0, EINVAL_,
		    "memory region 2: phys_start 0x80001000 (size 0x1000) "
		    "overlaps the shared memory of the root cell's end of a "
		    "link");
	/* Just past it: fine. */
	a.mem[m].phys_start = ROOT_SHM_PHYS + 0x4000;
	EXPECT_LINK(IN_SYSTEM, &sys, &a, NULL, 0, 0, "no error");
}
