/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The page pool: all memory the hypervisor allocates at run time (page
 * tables, cell structures, comm regions) comes from here, one bit per
 * page. Not thread-safe: callers hold the control lock, or run before
 * the other CPUs are let in.
 */
#ifndef HV_PAGE_POOL_H
#define HV_PAGE_POOL_H

#include <hv/types.h>

struct page_pool {
	uint8_t *base;		/* virtual address of page 0 */
	paddr_t phys_base;	/* its physical address */
	unsigned long pages;	/* total, including the bitmap's pages */
	unsigned long used;	/* allocated, including the bitmap's pages */
	unsigned long reserved;	/* pages of the bitmap itself */
	uint64_t *bitmap;	/* bit set: page in use */
};

/*
 * Sets up a pool over pages pages at base (virtual) / phys. The bitmap
 * takes the first page(s). Returns 0 or -JH_ENOMEM if the area is too
 * small to hold its bitmap and one free page.
 */
int page_pool_init(struct page_pool *pool, void *base, paddr_t phys,
		   unsigned long pages);

/*
 * count zeroed, contiguous pages whose index is a multiple of align_pages
 * (a power of two, 1 for any). NULL when the pool is exhausted.
 */
void *page_alloc_aligned(struct page_pool *pool, unsigned long count,
			 unsigned long align_pages);

static inline void *page_alloc(struct page_pool *pool, unsigned long count)
{
	return page_alloc_aligned(pool, count, 1);
}

/* Returns pages from page_alloc*; freeing a foreign page is ignored. */
void page_free(struct page_pool *pool, void *page, unsigned long count);

bool page_pool_owns(const struct page_pool *pool, const void *virt);
paddr_t page_pool_virt2phys(const struct page_pool *pool, const void *virt);
/* NULL if phys is not inside the pool. */
void *page_pool_phys2virt(const struct page_pool *pool, paddr_t phys);

#endif /* HV_PAGE_POOL_H */
