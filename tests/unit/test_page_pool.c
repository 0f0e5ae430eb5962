// SPDX-License-Identifier: GPL-2.0
/*
 * Host tests of the page pool, over a heap buffer with a made-up
 * physical address.
 */
/* UNIT-SOURCES: hypervisor/mm/page_pool.c hypervisor/lib/bitmap.c */
#include "unit.h"

#include <stdlib.h>

#include <jailhouse/hypercall.h>
#include <hv/page_pool.h>

#define FAKE_PHYS	0x7f100000ULL

static void *area(unsigned long pages)
{
	void *p = aligned_alloc(PAGE_SIZE, pages * PAGE_SIZE);

	memset(p, 0xa5, pages * PAGE_SIZE);	/* garbage, like real memory */
	unit_cleanup(free, p);
	return p;
}

TEST(pool_too_small)
{
	struct page_pool pool;

	CHECK_EQ(page_pool_init(&pool, area(1), FAKE_PHYS, 1), -JH_ENOMEM);
}

TEST(pool_init_reserves_bitmap)
{
	struct page_pool pool;
	uint8_t *base = area(64);

	REQUIRE_EQ(page_pool_init(&pool, base, FAKE_PHYS, 64), 0);
	CHECK_EQ(pool.pages, 64);
	CHECK_EQ(pool.used, 1);
	CHECK_EQ(pool.reserved, 1);
	/* page 0 is the bitmap: the first allocation is page 1 */
	CHECK(page_alloc(&pool, 1) == base + PAGE_SIZE);
}

TEST(pool_large_bitmap)
{
	struct page_pool pool;
	unsigned long pages = 40000;	/* 5000 bytes of bitmap: 2 pages */

	REQUIRE_EQ(page_pool_init(&pool, area(pages), FAKE_PHYS, pages), 0);
	CHECK_EQ(pool.reserved, 2);
	CHECK_EQ(pool.used, 2);
}

TEST(pool_alloc_zeroes_and_converts)
{
	struct page_pool pool;
	uint8_t *base = area(16), *p;
	unsigned long n;

	REQUIRE_EQ(page_pool_init(&pool, base, FAKE_PHYS, 16), 0);
	p = page_alloc(&pool, 2);
	REQUIRE(p != NULL);
	for (n = 0; n < 2 * PAGE_SIZE; n++)
		if (p[n] != 0)
			break;
	CHECK_EQ(n, 2 * PAGE_SIZE);
	CHECK_EQ(pool.used, 3);
	CHECK(page_pool_owns(&pool, p));
	CHECK(!page_pool_owns(&pool, base + 16 * PAGE_SIZE));
	CHECK_EQ(page_pool_virt2phys(&pool, p),
		 FAKE_PHYS + (unsigned long)(p - base));
	CHECK(page_pool_phys2virt(&pool, page_pool_virt2phys(&pool, p)) == p);
	CHECK(page_pool_phys2virt(&pool, FAKE_PHYS - 1) == NULL);
	CHECK(page_pool_phys2virt(&pool, FAKE_PHYS + 16 * PAGE_SIZE) == NULL);
}

TEST(pool_alignment)
{
	struct page_pool pool;
	uint8_t *base = area(64), *p;

	REQUIRE_EQ(page_pool_init(&pool, base, FAKE_PHYS, 64), 0);
	p = page_alloc_aligned(&pool, 4, 8);
	REQUIRE(p != NULL);
	CHECK_EQ((unsigned long)(p - base) / PAGE_SIZE % 8, 0);
	CHECK_EQ((unsigned long)(p - base) / PAGE_SIZE, 8);
}

TEST(pool_exhaustion_and_free)
{
	struct page_pool pool;
	void *pages[8];
	unsigned int n;

	REQUIRE_EQ(page_pool_init(&pool, area(8), FAKE_PHYS, 8), 0);
	for (n = 0; n < 7; n++) {
		pages[n] = page_alloc(&pool, 1);
		REQUIRE(pages[n] != NULL);
	}
	CHECK(page_alloc(&pool, 1) == NULL);
	CHECK_EQ(pool.used, 8);

	page_free(&pool, pages[3], 1);
	CHECK_EQ(pool.used, 7);
	page_free(&pool, pages[3], 1);		/* double free: ignored */
	CHECK_EQ(pool.used, 7);
	page_free(&pool, pool.base, 1);		/* the bitmap: ignored */
	CHECK_EQ(pool.used, 7);
	page_free(&pool, NULL, 1);
	CHECK_EQ(pool.used, 7);
	CHECK(page_alloc(&pool, 1) == pages[3]);
}

TEST(pool_contiguous_after_fragmentation)
{
	struct page_pool pool;
	uint8_t *base = area(32), *a, *b, *c;

	REQUIRE_EQ(page_pool_init(&pool, base, FAKE_PHYS, 32), 0);
	a = page_alloc(&pool, 4);
	b = page_alloc(&pool, 4);
	c = page_alloc(&pool, 4);
	REQUIRE(a && b && c);
	page_free(&pool, b, 4);
	CHECK(page_alloc(&pool, 5) == c + 4 * PAGE_SIZE);
	CHECK(page_alloc(&pool, 4) == b);
	CHECK(page_alloc(&pool, 100) == NULL);
}
