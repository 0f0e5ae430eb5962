// SPDX-License-Identifier: GPL-2.0
/*
 * The page pool: a bitmap allocator over one contiguous range of pages.
 */
#include <jailhouse/hypercall.h>
#include <hv/bitmap.h>
#include <hv/page_pool.h>
#include <hv/string.h>

int page_pool_init(struct page_pool *pool, void *base, paddr_t phys,
		   unsigned long pages)
{
	unsigned long bitmap_pages = PAGES(BITMAP_WORDS(pages) * 8);

	if (pages <= bitmap_pages) {
		return -JH_ENOMEM;
	}

	pool->base = base;
	pool->phys_base = phys;
	pool->pages = pages;
	pool->bitmap = base;
	memset(pool->bitmap, 0, bitmap_pages * PAGE_SIZE);
	bitmap_set_range(pool->bitmap, 0, bitmap_pages);
	pool->used = bitmap_pages;
	pool->reserved = bitmap_pages;
	return 0;
}

void *page_alloc_aligned(struct page_pool *pool, unsigned long count,
			 unsigned long align_pages)
{
	unsigned long first;
	void *virt;

	first = bitmap_find_clear_run(pool->bitmap, pool->pages, count,
				      align_pages);
	if (first >= pool->pages) {
		return NULL;
	}

	bitmap_set_range(pool->bitmap, first, count);
	pool->used += count;
	virt = pool->base + first * PAGE_SIZE;
	memset(virt, 0, count * PAGE_SIZE);
	return virt;
}

bool page_pool_owns(const struct page_pool *pool, const void *virt)
{
	const uint8_t *p = virt;

	return p >= pool->base && p < pool->base + pool->pages * PAGE_SIZE;
}

void page_free(struct page_pool *pool, void *page, unsigned long count)
{
	unsigned long first, n;

	if (!page || !page_pool_owns(pool, page) ||
	    !IS_ALIGNED((uintptr_t)page, PAGE_SIZE)) {
		return;
	}

	first = (unsigned long)((uint8_t *)page - pool->base) / PAGE_SIZE;
	for (n = first; n < first + count && n < pool->pages; n++) {
		if (n < pool->reserved) {
			continue;
		}
		/* Double frees must not corrupt the usage count. */
		if (!bitmap_test(pool->bitmap, n)) {
			continue;
		}
		bitmap_clear(pool->bitmap, n);
		pool->used--;
	}
}

paddr_t page_pool_virt2phys(const struct page_pool *pool, const void *virt)
{
	return pool->phys_base + (paddr_t)((const uint8_t *)virt - pool->base);
}

void *page_pool_phys2virt(const struct page_pool *pool, paddr_t phys)
{
	if (phys < pool->phys_base ||
	    phys - pool->phys_base >= (paddr_t)pool->pages * PAGE_SIZE) {
		return NULL;
	}
	return pool->base + (phys - pool->phys_base);
}
