// SPDX-License-Identifier: GPL-2.0
/*
 * Host tests of the EPT entry format (hypervisor/arch/x86/paging.c):
 * permission and memory-type bits of leaves, table entries, the inverse
 * decoding, and the 2 MiB leaves the generic engine uses only while the
 * CPU's EPT capability allows them.
 */
/* UNIT-SOURCES: hypervisor/arch/x86/paging.c hypervisor/mm/paging.c hypervisor/mm/page_pool.c hypervisor/lib/bitmap.c */
/* UNIT-CFLAGS: -I$(SRCDIR)/hypervisor/arch/x86/include -Wno-unused-parameter */
#include "unit.h"

#include <stdlib.h>

#include <jailhouse/hypercall.h>
#include <hv/page_pool.h>
#include <asm/paging.h>

#define POOL_PHYS	0x40000000ULL
#define MiB		(1ULL << 20)

static const struct pt_format *ept = &x86_ept_format;

TEST(ept_leaf_bits)
{
	pt_entry_t e;

	/* RAM, 4 KiB: R W X, write-back (6 << 3), no large-page bit. */
	e = ept->leaf_entry(0x12345000, 3, PT_READ | PT_WRITE | PT_EXEC);
	CHECK_EQ(e, 0x12345000ULL | 0x7 | (6 << 3));
	/* Read-only, no execute. */
	e = ept->leaf_entry(0x12345000, 3, PT_READ);
	CHECK_EQ(e, 0x12345000ULL | 0x1 | (6 << 3));
	/* Device, 2 MiB: uncached (type 0) and bit 7. */
	e = ept->leaf_entry(0xfe000000, 2, PT_READ | PT_WRITE | PT_DEVICE);
	CHECK_EQ(e, 0xfe000000ULL | 0x3 | (1 << 7));
	/* Uncached normal memory is UC too. */
	e = ept->leaf_entry(0x1000, 3, PT_READ | PT_NONCACHED);
	CHECK_EQ(e & (7 << 3), 0);
	/* Write implies read: W without R would be a misconfiguration. */
	e = ept->leaf_entry(0x1000, 3, PT_WRITE);
	CHECK_EQ(e & 3, 3);
	/* Ignore-PAT stays clear: the guest's PAT still applies. */
	CHECK(!(ept->leaf_entry(0x1000, 3, PT_READ) & (1 << 6)));
}

TEST(ept_table_entries)
{
	pt_entry_t t = ept->table_entry(0x7000, 0);

	CHECK_EQ(t, 0x7000ULL | 0x7);
	CHECK(ept->is_valid(t));
	CHECK(ept->is_table(t, 1));
	CHECK_EQ(ept->entry_addr(t, 1), 0x7000);
	CHECK(!ept->is_valid(0));
	/* Only bits 0-2 make an entry present. */
	CHECK(!ept->is_valid(0x12345000ULL | (6 << 3)));
}

TEST(ept_decode_is_the_inverse)
{
	static const unsigned long flags[] = {
		PT_READ, PT_READ | PT_WRITE, PT_READ | PT_EXEC,
		PT_READ | PT_WRITE | PT_EXEC, PT_READ | PT_WRITE | PT_DEVICE,
	};
	unsigned int n, level;
	pt_entry_t e;

	for (level = 2; level <= 3; level++)
		for (n = 0; n < sizeof(flags) / sizeof(flags[0]); n++) {
			e = ept->leaf_entry(0x40200000, level, flags[n]);
			CHECK_EQ(ept->leaf_flags(e, level), flags[n]);
			CHECK_EQ(ept->entry_addr(e, level), 0x40200000);
			if (level == 2)
				CHECK(!ept->is_table(e, level));
		}
}

static unsigned long tables_for_4mib(void)
{
	struct page_pool pool;
	struct paging pg;
	void *mem = aligned_alloc(PAGE_SIZE, 64 * PAGE_SIZE);
	unsigned long flags = 0, tables;
	paddr_t phys = 0;

	if (!mem || page_pool_init(&pool, mem, POOL_PHYS, 64) ||
	    pt_create(&pg, ept, &pool))
		abort();
	CHECK_EQ(pt_map(&pg, 0x200000, 0x80200000, 4 * MiB,
			PT_READ | PT_WRITE | PT_EXEC), 0);
	CHECK_EQ(pt_translate(&pg, 0x200000 + 3 * MiB + 0x1234, &phys, &flags),
		 0);
	CHECK_EQ(phys, 0x80200000 + 3 * MiB + 0x1234);
	CHECK_EQ(flags, PT_READ | PT_WRITE | PT_EXEC);
	tables = pt_count_tables(&pg);
	pt_destroy(&pg);
	free(mem);
	return tables;
}

/* Bit 52 and up would land in EPT/NPT flag bits: refused, not ORed in. */
static void check_refuses_above_52_bits(const struct pt_format *fmt)
{
	struct page_pool pool;
	struct paging pg;
	void *mem = aligned_alloc(PAGE_SIZE, 16 * PAGE_SIZE);
	paddr_t phys = 0;

	if (!mem || page_pool_init(&pool, mem, POOL_PHYS, 16) ||
	    pt_create(&pg, fmt, &pool))
		abort();
	CHECK_EQ(pt_map(&pg, 0x200000, (1ULL << 52) + 0x3b000000, 2 * MiB,
			PT_READ | PT_WRITE), -JH_EINVAL);
	CHECK_EQ(pt_map(&pg, 0x200000, (1ULL << 52) - MiB, 2 * MiB, PT_READ),
		 -JH_EINVAL);
	CHECK_EQ(pt_map(&pg, 0x1000, 1ULL << 63, PAGE_SIZE, PT_READ),
		 -JH_EINVAL);
	CHECK_EQ(pt_count_tables(&pg), 1);
	CHECK_EQ(pt_map(&pg, 0x200000, (1ULL << 52) - 2 * MiB, 2 * MiB,
			PT_READ), 0);
	CHECK_EQ(pt_translate(&pg, 0x200000 + 0x1234, &phys, NULL), 0);
	CHECK_EQ(phys, (1ULL << 52) - 2 * MiB + 0x1234);
	pt_destroy(&pg);
	free(mem);
}

TEST(ept_refuses_phys_above_52_bits)
{
	check_refuses_above_52_bits(ept);
}

TEST(npt_refuses_phys_above_52_bits)
{
	check_refuses_above_52_bits(&x86_npt_format);
}

TEST(ept_large_pages_follow_the_capability)
{
	x86_ept_set_large_pages(true);
	CHECK(ept->leaf_allowed(2));
	/* Root, PDPT, PD: two 2 MiB leaves. */
	CHECK_EQ(tables_for_4mib(), 3);

	x86_ept_set_large_pages(false);
	CHECK(!ept->leaf_allowed(2));
	CHECK(ept->leaf_allowed(3));
	/* Two page tables more: 4 KiB leaves only. */
	CHECK_EQ(tables_for_4mib(), 5);
	x86_ept_set_large_pages(true);
	/* 1 GiB leaves are never used. */
	CHECK(!ept->leaf_allowed(1));
}
