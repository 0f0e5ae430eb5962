// SPDX-License-Identifier: GPL-2.0
/*
 * The generic page-table engine (see hv/paging.h). Recursion depth is
 * bounded by PT_LEVELS; every loop by PT_ENTRIES or the mapped range.
 */
#include <jailhouse/hypercall.h>
#include <hv/page_pool.h>
#include <hv/paging.h>

static pt_entry_t *table_of(const struct paging *pg, pt_entry_t entry,
			    unsigned int level)
{
	return page_pool_phys2virt(pg->pool,
				   pg->fmt->entry_addr(entry, level));
}

static unsigned int entry_index(uint64_t virt, unsigned int level)
{
	return (virt >> PT_LEVEL_SHIFT(level)) & (PT_ENTRIES - 1);
}

static bool is_table(const struct paging *pg, pt_entry_t entry,
		     unsigned int level)
{
	return level < PT_LEVELS - 1 && pg->fmt->is_table(entry, level);
}

static void free_tables(struct paging *pg, pt_entry_t *table,
			unsigned int level)
{
	unsigned int n;

	for (n = 0; n < PT_ENTRIES; n++)
		if (pg->fmt->is_valid(table[n]) &&
		    is_table(pg, table[n], level))
			free_tables(pg, table_of(pg, table[n], level),
				    level + 1);
	page_free(pg->pool, table, 1);
}

int pt_create(struct paging *pg, const struct pt_format *fmt,
	      struct page_pool *pool)
{
	pg->fmt = fmt;
	pg->pool = pool;
	pg->root = page_alloc(pool, 1);
	if (!pg->root)
		return -JH_ENOMEM;
	pg->root_phys = page_pool_virt2phys(pool, pg->root);
	return 0;
}

void pt_destroy(struct paging *pg)
{
	if (pg->root)
		free_tables(pg, pg->root, pg->fmt->root_level);
	pg->root = NULL;
	pg->root_phys = 0;
}

static bool range_ok(const struct paging *pg, uint64_t virt, uint64_t size)
{
	uint64_t limit = pg->fmt->input_bits >= 64 ? ~0ULL :
		(1ULL << pg->fmt->input_bits);

	return IS_ALIGNED(virt, PAGE_SIZE) && IS_ALIGNED(size, PAGE_SIZE) &&
		size != 0 && virt < limit && size <= limit - virt;
}

/*
 * Replaces the leaf at *entry by a table of next-level leaves that map the
 * same range with the same flags.
 */
static int split_leaf(struct paging *pg, pt_entry_t *entry,
		      unsigned int level)
{
	const struct pt_format *fmt = pg->fmt;
	paddr_t phys = fmt->entry_addr(*entry, level);
	unsigned long flags = fmt->leaf_flags(*entry, level);
	uint64_t step = PT_LEVEL_SIZE(level + 1);
	pt_entry_t *table;
	unsigned int n;

	if (!fmt->leaf_allowed(level + 1))
		return -JH_EINVAL;
	table = page_alloc(pg->pool, 1);
	if (!table)
		return -JH_ENOMEM;
	for (n = 0; n < PT_ENTRIES; n++)
		table[n] = fmt->leaf_entry(phys + n * step, level + 1, flags);
	*entry = fmt->table_entry(page_pool_virt2phys(pg->pool, table));
	return 0;
}

/* Makes *entry a table (new, or split from a leaf); returns the table. */
static pt_entry_t *descend(struct paging *pg, pt_entry_t *entry,
			   unsigned int level, bool create, int *err)
{
	const struct pt_format *fmt = pg->fmt;
	pt_entry_t *table;

	*err = 0;
	if (!fmt->is_valid(*entry)) {
		if (!create)
			return NULL;
		table = page_alloc(pg->pool, 1);
		if (!table) {
			*err = -JH_ENOMEM;
			return NULL;
		}
		*entry = fmt->table_entry(page_pool_virt2phys(pg->pool,
							      table));
		return table;
	}
	if (!is_table(pg, *entry, level)) {
		*err = split_leaf(pg, entry, level);
		if (*err)
			return NULL;
	}
	return table_of(pg, *entry, level);
}

static int map_level(struct paging *pg, pt_entry_t *table, unsigned int level,
		     uint64_t virt, paddr_t phys, uint64_t size,
		     unsigned long flags)
{
	const struct pt_format *fmt = pg->fmt;
	uint64_t block = PT_LEVEL_SIZE(level);
	pt_entry_t *entry, *next;
	uint64_t chunk;
	int err;

	while (size) {
		entry = &table[entry_index(virt, level)];
		chunk = MIN(block - (virt & (block - 1)), size);

		if (chunk == block && IS_ALIGNED(phys, block) &&
		    fmt->leaf_allowed(level)) {
			if (fmt->is_valid(*entry) &&
			    is_table(pg, *entry, level))
				free_tables(pg, table_of(pg, *entry, level),
					    level + 1);
			*entry = fmt->leaf_entry(phys, level, flags);
		} else {
			if (level == PT_LEVELS - 1)
				return -JH_EINVAL;
			next = descend(pg, entry, level, true, &err);
			if (!next)
				return err;
			err = map_level(pg, next, level + 1, virt, phys, chunk,
					flags);
			if (err)
				return err;
		}
		virt += chunk;
		phys += chunk;
		size -= chunk;
	}
	return 0;
}

int pt_map(struct paging *pg, uint64_t virt, paddr_t phys, uint64_t size,
	   unsigned long flags)
{
	if (!range_ok(pg, virt, size) || !IS_ALIGNED(phys, PAGE_SIZE))
		return -JH_EINVAL;
	return map_level(pg, pg->root, pg->fmt->root_level, virt, phys, size,
			 flags);
}

static bool table_empty(const struct paging *pg, const pt_entry_t *table)
{
	unsigned int n;

	for (n = 0; n < PT_ENTRIES; n++)
		if (pg->fmt->is_valid(table[n]))
			return false;
	return true;
}

static int unmap_level(struct paging *pg, pt_entry_t *table,
		       unsigned int level, uint64_t virt, uint64_t size,
		       bool keep_tables)
{
	const struct pt_format *fmt = pg->fmt;
	uint64_t block = PT_LEVEL_SIZE(level);
	pt_entry_t *entry, *next;
	uint64_t chunk;
	int err;

	while (size) {
		entry = &table[entry_index(virt, level)];
		chunk = MIN(block - (virt & (block - 1)), size);

		if (!fmt->is_valid(*entry)) {
			/* nothing mapped here */
		} else if (chunk == block) {
			if (is_table(pg, *entry, level))
				free_tables(pg, table_of(pg, *entry, level),
					    level + 1);
			*entry = 0;
		} else {
			next = descend(pg, entry, level, false, &err);
			if (!next)
				return err;
			err = unmap_level(pg, next, level + 1, virt, chunk,
					  keep_tables);
			if (err)
				return err;
			if (!keep_tables && table_empty(pg, next)) {
				*entry = 0;
				page_free(pg->pool, next, 1);
			}
		}
		virt += chunk;
		size -= chunk;
	}
	return 0;
}

int pt_unmap(struct paging *pg, uint64_t virt, uint64_t size)
{
	if (!range_ok(pg, virt, size))
		return -JH_EINVAL;
	return unmap_level(pg, pg->root, pg->fmt->root_level, virt, size,
			   false);
}

int pt_clear(struct paging *pg, uint64_t virt, uint64_t size)
{
	if (!range_ok(pg, virt, size))
		return -JH_EINVAL;
	return unmap_level(pg, pg->root, pg->fmt->root_level, virt, size,
			   true);
}

int pt_translate(const struct paging *pg, uint64_t virt, paddr_t *phys,
		 unsigned long *flags)
{
	const struct pt_format *fmt = pg->fmt;
	const pt_entry_t *table = pg->root;
	unsigned int level;
	pt_entry_t entry;

	if (!range_ok(pg, ALIGN_DOWN(virt, PAGE_SIZE), PAGE_SIZE))
		return -JH_ENOENT;

	for (level = fmt->root_level; level < PT_LEVELS; level++) {
		entry = table[entry_index(virt, level)];
		if (!fmt->is_valid(entry))
			return -JH_ENOENT;
		if (!is_table(pg, entry, level)) {
			if (phys)
				*phys = fmt->entry_addr(entry, level) +
					(virt & (PT_LEVEL_SIZE(level) - 1));
			if (flags)
				*flags = fmt->leaf_flags(entry, level);
			return 0;
		}
		table = table_of(pg, entry, level);
		if (!table)
			return -JH_ENOENT;
	}
	return -JH_ENOENT;
}

static unsigned long count_level(const struct paging *pg,
				 const pt_entry_t *table, unsigned int level)
{
	unsigned long n = 1;
	unsigned int i;

	for (i = 0; i < PT_ENTRIES; i++)
		if (pg->fmt->is_valid(table[i]) &&
		    is_table(pg, table[i], level))
			n += count_level(pg, table_of(pg, table[i], level),
					 level + 1);
	return n;
}

unsigned long pt_count_tables(const struct paging *pg)
{
	return pg->root ? count_level(pg, pg->root, pg->fmt->root_level) : 0;
}
