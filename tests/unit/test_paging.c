// SPDX-License-Identifier: GPL-2.0
/*
 * Host tests of the generic page-table engine, with a made-up descriptor
 * format: bit 0 valid, bit 1 table (or page at level 3), bits 2..6 the
 * PT_* flags, bits 12..47 the address.
 */
/* UNIT-SOURCES: hypervisor/mm/paging.c hypervisor/mm/page_pool.c hypervisor/lib/bitmap.c */
#include "unit.h"

#include <stdlib.h>

#include <jailhouse/hypercall.h>
#include <hv/page_pool.h>
#include <hv/paging.h>

#define F_VALID		0x1ULL
#define F_TABLE		0x2ULL
#define F_SHIFT		2
#define F_ADDR		0x0000fffffffff000ULL

#define POOL_PHYS	0x40000000ULL
#define GiB		(1ULL << 30)
#define MiB		(1ULL << 20)

static pt_entry_t t_table(paddr_t table, unsigned int level)
{
	(void)level;
	return (table & F_ADDR) | F_VALID | F_TABLE;
}

static pt_entry_t t_leaf(paddr_t phys, unsigned int level,
			 unsigned long flags)
{
	return (phys & F_ADDR) | F_VALID | (level == 3 ? F_TABLE : 0) |
		((uint64_t)flags << F_SHIFT);
}

static bool t_leaf_allowed(unsigned int level)
{
	return level >= 1;
}

static bool t_valid(pt_entry_t e)
{
	return e & F_VALID;
}

static bool t_is_table(pt_entry_t e, unsigned int level)
{
	(void)level;
	return e & F_TABLE;
}

static paddr_t t_addr(pt_entry_t e, unsigned int level)
{
	(void)level;
	return e & F_ADDR;
}

static unsigned long t_flags(pt_entry_t e, unsigned int level)
{
	(void)level;
	return (e >> F_SHIFT) & 0x1f;
}

static const struct pt_format fmt4 = {
	.name = "test 4-level",
	.root_level = 0,
	.input_bits = 48,
	.output_bits = 48,	/* F_ADDR */
	.table_entry = t_table,
	.leaf_entry = t_leaf,
	.leaf_allowed = t_leaf_allowed,
	.is_valid = t_valid,
	.is_table = t_is_table,
	.entry_addr = t_addr,
	.leaf_flags = t_flags,
};

static struct page_pool pool;

static void setup_pool(unsigned long pages)
{
	void *mem = aligned_alloc(PAGE_SIZE, pages * PAGE_SIZE);

	unit_cleanup(free, mem);
	if (page_pool_init(&pool, mem, POOL_PHYS, pages))
		abort();
}

static void new_paging(struct paging *pg, const struct pt_format *fmt,
		       unsigned long pool_pages)
{
	setup_pool(pool_pages);
	if (pt_create(pg, fmt, &pool))
		abort();
}

static paddr_t lookup(struct paging *pg, uint64_t virt, unsigned long *flags)
{
	paddr_t phys;

	if (pt_translate(pg, virt, &phys, flags))
		return ~0ULL;
	return phys;
}

TEST(paging_pages)
{
	struct paging pg;
	unsigned long flags;

	new_paging(&pg, &fmt4, 64);
	CHECK_EQ(pt_count_tables(&pg), 1);
	REQUIRE_EQ(pt_map(&pg, 0x10000, 0x7000000, 3 * PAGE_SIZE,
			  PT_READ | PT_WRITE), 0);
	CHECK_EQ(lookup(&pg, 0x10000, &flags), 0x7000000);
	CHECK_EQ(flags, PT_READ | PT_WRITE);
	CHECK_EQ(lookup(&pg, 0x12abc, NULL), 0x7002abc);
	CHECK_EQ(lookup(&pg, 0x13000, NULL), ~0ULL);
	CHECK_EQ(lookup(&pg, 0xf000, NULL), ~0ULL);
	/* root, level 1, 2 and 3 */
	CHECK_EQ(pt_count_tables(&pg), 4);
}

TEST(paging_uses_blocks_when_aligned)
{
	struct paging pg;

	new_paging(&pg, &fmt4, 64);
	REQUIRE_EQ(pt_map(&pg, 2 * MiB, 0x80200000, 2 * MiB, PT_READ), 0);
	/* a 2 MiB leaf at level 2: root, level 1, level 2 */
	CHECK_EQ(pt_count_tables(&pg), 3);
	REQUIRE_EQ(pt_map(&pg, GiB, 3 * GiB, GiB, PT_READ | PT_EXEC), 0);
	/* a 1 GiB leaf at level 1: no new table */
	CHECK_EQ(pt_count_tables(&pg), 3);
	CHECK_EQ(lookup(&pg, GiB + 0x12345678, NULL), 3 * GiB + 0x12345678);
	/* misaligned phys forces pages */
	REQUIRE_EQ(pt_map(&pg, 8 * MiB, 0x90001000, 2 * MiB, PT_READ), 0);
	CHECK_EQ(pt_count_tables(&pg), 4);
	CHECK_EQ(lookup(&pg, 8 * MiB + 0x1fffff, NULL), 0x90001000 + 0x1fffff);
}

TEST(paging_mixed_range)
{
	struct paging pg;

	new_paging(&pg, &fmt4, 64);
	/* 4 KiB + 2 MiB + 4 KiB around a block boundary */
	REQUIRE_EQ(pt_map(&pg, 2 * MiB - PAGE_SIZE, 0x40000000 - PAGE_SIZE,
			  2 * MiB + 2 * PAGE_SIZE, PT_READ), 0);
	CHECK_EQ(lookup(&pg, 2 * MiB - PAGE_SIZE, NULL), 0x40000000 - PAGE_SIZE);
	CHECK_EQ(lookup(&pg, 2 * MiB, NULL), 0x40000000);
	CHECK_EQ(lookup(&pg, 4 * MiB, NULL), 0x40000000 + 2 * MiB);
	CHECK_EQ(lookup(&pg, 4 * MiB + PAGE_SIZE, NULL), ~0ULL);
	/* root, L1, L2, two L3 */
	CHECK_EQ(pt_count_tables(&pg), 5);
}

TEST(paging_unmap_splits_block)
{
	struct paging pg;
	unsigned long flags;

	new_paging(&pg, &fmt4, 64);
	REQUIRE_EQ(pt_map(&pg, 0, 0, GiB, PT_READ | PT_WRITE | PT_EXEC), 0);
	CHECK_EQ(pt_count_tables(&pg), 2);
	/* punch one page out of the middle */
	REQUIRE_EQ(pt_unmap(&pg, 0x20345000, PAGE_SIZE), 0);
	CHECK_EQ(lookup(&pg, 0x20345000, NULL), ~0ULL);
	CHECK_EQ(lookup(&pg, 0x20344fff, &flags), 0x20344fff);
	CHECK_EQ(flags, PT_READ | PT_WRITE | PT_EXEC);
	CHECK_EQ(lookup(&pg, 0x20346000, NULL), 0x20346000);
	CHECK_EQ(lookup(&pg, 0x3fffffff, NULL), 0x3fffffff);
	CHECK_EQ(lookup(&pg, 0, NULL), 0);
	/* root, L1, the split L2, one L3 */
	CHECK_EQ(pt_count_tables(&pg), 4);
}

TEST(paging_remap_replaces_attributes)
{
	struct paging pg;
	unsigned long flags;

	new_paging(&pg, &fmt4, 64);
	REQUIRE_EQ(pt_map(&pg, 0, 0x100000000, 4 * MiB, PT_READ | PT_WRITE), 0);
	REQUIRE_EQ(pt_map(&pg, MiB, 0x100000000 + MiB, PAGE_SIZE, PT_READ), 0);
	CHECK_EQ(lookup(&pg, MiB, &flags), 0x100000000 + MiB);
	CHECK_EQ(flags, PT_READ);
	CHECK_EQ(lookup(&pg, MiB + PAGE_SIZE, &flags), 0x100000000 + MiB +
		 PAGE_SIZE);
	CHECK_EQ(flags, PT_READ | PT_WRITE);
	/* a block mapped over a table frees the table */
	REQUIRE_EQ(pt_map(&pg, 0, 0x200000000, 2 * MiB, PT_DEVICE | PT_READ),
		   0);
	CHECK_EQ(pt_count_tables(&pg), 3);
	CHECK_EQ(lookup(&pg, MiB, &flags), 0x200000000 + MiB);
	CHECK_EQ(flags, PT_DEVICE | PT_READ);
}

TEST(paging_unmap_frees_tables)
{
	struct paging pg;
	unsigned long used;

	new_paging(&pg, &fmt4, 64);
	used = pool.used;
	REQUIRE_EQ(pt_map(&pg, 0x123000, 0x5000000, 5 * PAGE_SIZE, PT_READ),
		   0);
	REQUIRE_EQ(pt_map(&pg, 0x7f0000000, 0x6000000, 3 * MiB, PT_READ), 0);
	CHECK(pool.used > used);
	REQUIRE_EQ(pt_unmap(&pg, 0x123000, 5 * PAGE_SIZE), 0);
	REQUIRE_EQ(pt_unmap(&pg, 0x7f0000000, 3 * MiB), 0);
	CHECK_EQ(pool.used, used);
	CHECK_EQ(pt_count_tables(&pg), 1);
	/* unmapping nothing is fine */
	CHECK_EQ(pt_unmap(&pg, 0x40000000, GiB), 0);
}

TEST(paging_clear_keeps_tables)
{
	struct paging pg;
	unsigned long used;

	new_paging(&pg, &fmt4, 64);
	REQUIRE_EQ(pt_map(&pg, 0, 0, GiB, PT_READ | PT_WRITE), 0);
	/* a 1 MiB hole: splits down to pages */
	REQUIRE_EQ(pt_clear(&pg, 0x30000000, MiB), 0);
	CHECK_EQ(lookup(&pg, 0x30000000, NULL), ~0ULL);
	CHECK_EQ(lookup(&pg, 0x300fffff, NULL), ~0ULL);
	CHECK_EQ(lookup(&pg, 0x30100000, NULL), 0x30100000);
	CHECK_EQ(pt_count_tables(&pg), 4);
	used = pool.used;
	/* the same range again: no new table, and clearing it frees none */
	REQUIRE_EQ(pt_map(&pg, 0x30000000, 0x30000000, MiB, PT_READ), 0);
	CHECK_EQ(pool.used, used);
	REQUIRE_EQ(pt_clear(&pg, 0x30000000, MiB), 0);
	CHECK_EQ(pool.used, used);
	CHECK_EQ(pt_count_tables(&pg), 4);
}

TEST(paging_destroy_returns_everything)
{
	struct paging pg;
	unsigned long used;

	setup_pool(64);
	used = pool.used;
	REQUIRE_EQ(pt_create(&pg, &fmt4, &pool), 0);
	REQUIRE_EQ(pt_map(&pg, 0x1000, 0x1000, 10 * MiB, PT_READ), 0);
	pt_destroy(&pg);
	CHECK_EQ(pool.used, used);
	CHECK(pg.root == NULL);
}

TEST(paging_rejects_bad_ranges)
{
	struct paging pg;

	new_paging(&pg, &fmt4, 16);
	CHECK_EQ(pt_map(&pg, 0x1001, 0, PAGE_SIZE, PT_READ), -JH_EINVAL);
	CHECK_EQ(pt_map(&pg, 0x1000, 0x10, PAGE_SIZE, PT_READ), -JH_EINVAL);
	CHECK_EQ(pt_map(&pg, 0x1000, 0, 100, PT_READ), -JH_EINVAL);
	CHECK_EQ(pt_map(&pg, 0x1000, 0, 0, PT_READ), -JH_EINVAL);
	CHECK_EQ(pt_map(&pg, 1ULL << 48, 0, PAGE_SIZE, PT_READ), -JH_EINVAL);
	CHECK_EQ(pt_map(&pg, (1ULL << 48) - PAGE_SIZE, 0, 2 * PAGE_SIZE,
			PT_READ), -JH_EINVAL);
	CHECK_EQ(pt_map(&pg, ~0ULL & PAGE_MASK, 0, PAGE_SIZE, PT_READ),
		 -JH_EINVAL);
	CHECK_EQ(pt_unmap(&pg, 0x1800, PAGE_SIZE), -JH_EINVAL);
	CHECK_EQ(pt_translate(&pg, 1ULL << 48, NULL, NULL), -JH_ENOENT);
	CHECK_EQ(pt_count_tables(&pg), 1);
}

/* An output address the entries cannot hold is refused, never truncated
 * into an alias of low memory. */
TEST(paging_refuses_phys_above_output_bits)
{
	struct pt_format fmt_pa40 = fmt4;
	struct paging pg;
	paddr_t phys = 0;

	new_paging(&pg, &fmt4, 16);
	CHECK_EQ(pt_map(&pg, 0x1000, 1ULL << 48, PAGE_SIZE, PT_READ),
		 -JH_EINVAL);
	CHECK_EQ(pt_map(&pg, 0x200000, (1ULL << 48) + POOL_PHYS, 2 * MiB,
			PT_READ | PT_WRITE), -JH_EINVAL);
	CHECK_EQ(pt_map(&pg, 0x1000, (1ULL << 48) - PAGE_SIZE, 2 * PAGE_SIZE,
			PT_READ), -JH_EINVAL);
	CHECK_EQ(pt_map_keep_tables(&pg, 0x1000, 1ULL << 63, PAGE_SIZE,
				    PT_READ), -JH_EINVAL);
	/* Nothing was mapped or allocated. */
	CHECK_EQ(pt_translate(&pg, 0x1000, NULL, NULL), -JH_ENOENT);
	CHECK_EQ(pt_count_tables(&pg), 1);
	/* The last page below the limit maps to itself, all bits kept. */
	CHECK_EQ(pt_map(&pg, 0x1000, (1ULL << 48) - PAGE_SIZE, PAGE_SIZE,
			PT_READ), 0);
	CHECK_EQ(pt_translate(&pg, 0x1000, &phys, NULL), 0);
	CHECK_EQ(phys, (1ULL << 48) - PAGE_SIZE);

	/* A narrower CPU (arm64 stage 2 follows PARange). */
	fmt_pa40.output_bits = 40;
	new_paging(&pg, &fmt_pa40, 16);
	CHECK_EQ(pt_map(&pg, 0x1000, 1ULL << 40, PAGE_SIZE, PT_READ),
		 -JH_EINVAL);
	CHECK_EQ(pt_map(&pg, 0x1000, (1ULL << 40) - PAGE_SIZE, PAGE_SIZE,
			PT_READ), 0);
}

TEST(paging_out_of_memory)
{
	struct paging pg;

	/* bitmap page, root, and room for only two more tables */
	new_paging(&pg, &fmt4, 4);
	CHECK_EQ(pt_map(&pg, 0x1000, 0x1000, PAGE_SIZE, PT_READ), -JH_ENOMEM);
	CHECK_EQ(pool.used, pool.pages);
	/* a 1 GiB block needs only the level-1 table */
	pt_destroy(&pg);
	REQUIRE_EQ(pt_create(&pg, &fmt4, &pool), 0);
	CHECK_EQ(pt_map(&pg, GiB, 0, GiB, PT_READ), 0);
}

TEST(paging_root_level_1)
{
	static const struct pt_format fmt3 = {
		.name = "test 3-level",
		.root_level = 1,
		.input_bits = 39,
		.output_bits = 48,
		.table_entry = t_table,
		.leaf_entry = t_leaf,
		.leaf_allowed = t_leaf_allowed,
		.is_valid = t_valid,
		.is_table = t_is_table,
		.entry_addr = t_addr,
		.leaf_flags = t_flags,
	};
	struct paging pg;

	new_paging(&pg, &fmt3, 16);
	REQUIRE_EQ(pt_map(&pg, 511 * GiB, 0, GiB, PT_READ), 0);
	CHECK_EQ(lookup(&pg, 511 * GiB + 5, NULL), 5);
	CHECK_EQ(pt_count_tables(&pg), 1);
	CHECK_EQ(pt_map(&pg, 512 * GiB, 0, GiB, PT_READ), -JH_EINVAL);
	REQUIRE_EQ(pt_map(&pg, 0x3000, 0x9000, PAGE_SIZE, PT_WRITE), 0);
	CHECK_EQ(lookup(&pg, 0x3000, NULL), 0x9000);
	CHECK_EQ(pt_count_tables(&pg), 3);
}

/*
 * Merging back (pagings with a flush hook). The hook checks
 * break-before-make: when it runs, the range it flushes must be unmapped
 * and no table may have been freed yet.
 */
static struct {
	unsigned int calls;
	unsigned int still_mapped;	/* calls finding the range mapped */
	uint64_t virt, size;		/* of the last call */
	unsigned long used;		/* pool.used at the last call */
} flushes;

static void t_flush(struct paging *pg, uint64_t virt, uint64_t size)
{
	flushes.calls++;
	if (!pt_translate(pg, virt, NULL, NULL) ||
	    !pt_translate(pg, virt + size - PAGE_SIZE, NULL, NULL))
		flushes.still_mapped++;
	flushes.virt = virt;
	flushes.size = size;
	flushes.used = pool.used;
}

static void new_live_paging(struct paging *pg, unsigned long pool_pages)
{
	new_paging(pg, &fmt4, pool_pages);
	pg->flush = t_flush;
	memset(&flushes, 0, sizeof(flushes));
}

TEST(paging_merge_after_clear_restores_pool)
{
	const unsigned long rwx = PT_READ | PT_WRITE | PT_EXEC;
	struct paging pg;
	unsigned long used, flags, before_merge;

	new_live_paging(&pg, 64);
	REQUIRE_EQ(pt_map(&pg, 0, 0, GiB, rwx), 0);
	used = pool.used;
	CHECK_EQ(pt_count_tables(&pg), 2);

	/* a cell takes 1 MiB: the 1 GiB block splits down to pages */
	REQUIRE_EQ(pt_clear(&pg, 0x30000000, MiB), 0);
	CHECK_EQ(pt_count_tables(&pg), 4);
	CHECK_EQ(pool.used, used + 2);
	CHECK_EQ(flushes.still_mapped, 0);

	/* and gives it back: level 3 merges into 2 MiB, level 2 into 1 GiB */
	before_merge = pool.used;
	flushes.calls = 0;
	REQUIRE_EQ(pt_map(&pg, 0x30000000, 0x30000000, MiB, rwx), 0);
	CHECK_EQ(pool.used, used);
	CHECK_EQ(pt_count_tables(&pg), 2);
	CHECK_EQ(flushes.calls, 2);
	CHECK_EQ(flushes.still_mapped, 0);
	/* the last merge: the whole 1 GiB, before its table was freed */
	CHECK_EQ(flushes.virt, 0);
	CHECK_EQ(flushes.size, GiB);
	CHECK_EQ(flushes.used, before_merge - 1);
	CHECK_EQ(lookup(&pg, 0x30000000, &flags), 0x30000000);
	CHECK_EQ(flags, rwx);
	CHECK_EQ(lookup(&pg, 0x3fffffff, NULL), 0x3fffffff);
}

TEST(paging_merge_after_unmap_in_two_steps)
{
	struct paging pg;
	unsigned long used;

	new_live_paging(&pg, 64);
	/* 4 MiB of 2 MiB blocks at 1 GiB; root and level 1 tables only */
	REQUIRE_EQ(pt_map(&pg, GiB, 0x80000000, 4 * MiB, PT_READ), 0);
	used = pool.used;
	REQUIRE_EQ(pt_unmap(&pg, GiB + 2 * MiB + 0x5000, 0x3000), 0);
	CHECK_EQ(pool.used, used + 1);
	/* half of the hole back: still a hole, no merge */
	REQUIRE_EQ(pt_map(&pg, GiB + 2 * MiB + 0x5000, 0x80200000 + 0x5000,
			  0x1000, PT_READ), 0);
	CHECK_EQ(pool.used, used + 1);
	CHECK_EQ(lookup(&pg, GiB + 2 * MiB + 0x6000, NULL), ~0ULL);
	/* the rest: one 2 MiB block again */
	REQUIRE_EQ(pt_map(&pg, GiB + 2 * MiB + 0x6000, 0x80200000 + 0x6000,
			  0x2000, PT_READ), 0);
	CHECK_EQ(pool.used, used);
	CHECK_EQ(lookup(&pg, GiB + 2 * MiB + 0x6abc, NULL),
		 0x80200000 + 0x6abc);
	CHECK_EQ(flushes.still_mapped, 0);
}

TEST(paging_partial_remaps_do_not_merge)
{
	const unsigned long rw = PT_READ | PT_WRITE;
	const paddr_t phys = 0x40000000;
	struct paging pg;
	unsigned long used, flags;
	unsigned int n;

	new_live_paging(&pg, 64);
	REQUIRE_EQ(pt_map(&pg, 0, phys, 8 * MiB, rw), 0);
	/* a 4-page hole in each of the four 2 MiB blocks */
	for (n = 0; n < 4; n++)
		REQUIRE_EQ(pt_clear(&pg, n * 2 * MiB + 0x10000, 0x4000), 0);
	used = pool.used;
	CHECK_EQ(pt_count_tables(&pg), 7);

	/* block 0: other attributes than the rest of the block */
	REQUIRE_EQ(pt_map(&pg, 0x10000, phys + 0x10000, 0x4000, PT_READ), 0);
	CHECK_EQ(lookup(&pg, 0x10000, &flags), phys + 0x10000);
	CHECK_EQ(flags, PT_READ);
	CHECK_EQ(lookup(&pg, 0x14000, &flags), phys + 0x14000);
	CHECK_EQ(flags, rw);

	/* block 1: the right attributes, but another output address */
	REQUIRE_EQ(pt_map(&pg, 2 * MiB + 0x10000, 0x50000000, 0x4000, rw), 0);
	CHECK_EQ(lookup(&pg, 2 * MiB + 0x11000, NULL), 0x50001000);

	/* block 2: only half of the hole */
	REQUIRE_EQ(pt_map(&pg, 4 * MiB + 0x10000, phys + 4 * MiB + 0x10000,
			  0x2000, rw), 0);
	CHECK_EQ(lookup(&pg, 4 * MiB + 0x12000, NULL), ~0ULL);

	CHECK_EQ(pool.used, used);
	CHECK_EQ(pt_count_tables(&pg), 7);

	/* block 3: pt_map_keep_tables never merges, so clearing is free */
	REQUIRE_EQ(pt_map_keep_tables(&pg, 6 * MiB + 0x10000,
				      phys + 6 * MiB + 0x10000, 0x4000, rw),
		   0);
	CHECK_EQ(pool.used, used);
	REQUIRE_EQ(pt_clear(&pg, 6 * MiB + 0x10000, 0x4000), 0);
	CHECK_EQ(pool.used, used);
	/* but the same with pt_map merges */
	REQUIRE_EQ(pt_map(&pg, 6 * MiB + 0x10000, phys + 6 * MiB + 0x10000,
			  0x4000, rw), 0);
	CHECK_EQ(pool.used, used - 1);
	CHECK_EQ(lookup(&pg, 6 * MiB + 0x12345, NULL),
		 phys + 6 * MiB + 0x12345);

	/* contiguous pages, but not block aligned in the output */
	used = pool.used;
	REQUIRE_EQ(pt_map(&pg, 16 * MiB, 0x60001000, 2 * MiB, PT_READ), 0);
	REQUIRE_EQ(pt_map(&pg, 16 * MiB, 0x60001000, 2 * MiB, PT_READ), 0);
	CHECK_EQ(pool.used, used + 1);
	CHECK_EQ(lookup(&pg, 16 * MiB + 0x1000, NULL), 0x60002000);
	CHECK_EQ(flushes.still_mapped, 0);
}

TEST(paging_no_merge_without_flush_hook)
{
	struct paging pg;
	unsigned long used;

	new_paging(&pg, &fmt4, 64);
	REQUIRE_EQ(pt_map(&pg, 0, 0, 2 * MiB, PT_READ), 0);
	REQUIRE_EQ(pt_clear(&pg, 0x10000, PAGE_SIZE), 0);
	used = pool.used;
	REQUIRE_EQ(pt_map(&pg, 0x10000, 0x10000, PAGE_SIZE, PT_READ), 0);
	CHECK_EQ(pool.used, used);
	CHECK_EQ(pt_count_tables(&pg), 4);
}

TEST(paging_break_before_make)
{
	struct paging pg;
	unsigned long used;

	new_live_paging(&pg, 64);
	REQUIRE_EQ(pt_map(&pg, 0, 0, 4 * MiB, PT_READ), 0);
	/* a split changes the block size: break first */
	REQUIRE_EQ(pt_clear(&pg, 0x3000, PAGE_SIZE), 0);
	CHECK_EQ(flushes.calls, 1);
	CHECK_EQ(flushes.virt, 0);
	CHECK_EQ(flushes.size, 2 * MiB);
	/* a block mapped over a table: break, then free the table */
	used = pool.used;
	REQUIRE_EQ(pt_map(&pg, 0, 0x10000000, 2 * MiB, PT_READ), 0);
	CHECK_EQ(flushes.calls, 2);
	CHECK_EQ(flushes.used, used);
	CHECK_EQ(pool.used, used - 1);
	/* a new output address for a leaf */
	REQUIRE_EQ(pt_map(&pg, 2 * MiB, 0x20000000, 2 * MiB, PT_READ), 0);
	CHECK_EQ(flushes.calls, 3);
	CHECK_EQ(flushes.virt, 2 * MiB);
	/* permissions only: in place */
	REQUIRE_EQ(pt_map(&pg, 2 * MiB, 0x20000000, 2 * MiB,
			  PT_READ | PT_WRITE), 0);
	CHECK_EQ(flushes.calls, 3);
	/* freeing an emptied table: break first */
	REQUIRE_EQ(pt_map(&pg, 8 * MiB, 0x30000000, 3 * PAGE_SIZE, PT_READ),
		   0);
	used = pool.used;
	REQUIRE_EQ(pt_unmap(&pg, 8 * MiB, 3 * PAGE_SIZE), 0);
	CHECK_EQ(flushes.calls, 4);
	CHECK_EQ(flushes.used, used);
	CHECK_EQ(pool.used, used - 1);
	CHECK_EQ(flushes.still_mapped, 0);
}

/*
 * The x86 IOMMUs' tables (in_place): a merge or split writes the
 * equivalent entry at once, so DMA in the rest of the block never sees a
 * hole; the flush comes after the write and before the table is freed.
 */
TEST(paging_in_place_merge_keeps_range_mapped)
{
	const unsigned long rw = PT_READ | PT_WRITE;
	struct paging pg;
	unsigned long used, before_merge;

	new_live_paging(&pg, 64);
	pg.in_place = true;
	REQUIRE_EQ(pt_map(&pg, 0, 0, 2 * MiB, rw), 0);
	used = pool.used;
	/* the split: flushed with the neighbouring pages still mapped */
	REQUIRE_EQ(pt_clear(&pg, 0x3000, PAGE_SIZE), 0);
	CHECK_EQ(flushes.calls, 1);
	CHECK_EQ(flushes.still_mapped, 1);
	CHECK_EQ(lookup(&pg, 0x2000, NULL), 0x2000);
	CHECK(pt_translate(&pg, 0x3000, NULL, NULL) != 0);
	/* mapping back merges, flushing before the table is freed */
	before_merge = pool.used;
	REQUIRE_EQ(pt_map(&pg, 0x3000, 0x3000, PAGE_SIZE, rw), 0);
	CHECK_EQ(flushes.calls, 2);
	CHECK_EQ(flushes.still_mapped, 2);
	CHECK_EQ(flushes.used, before_merge);
	CHECK_EQ(pool.used, used);
	CHECK_EQ(pt_count_tables(&pg), 3);
	CHECK_EQ(lookup(&pg, 0x3000, NULL), 0x3000);
}
