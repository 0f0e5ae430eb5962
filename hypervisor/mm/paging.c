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

	for (n = 0; n < PT_ENTRIES; n++) {
		if (pg->fmt->is_valid(table[n]) &&
		    is_table(pg, table[n], level)) {
			free_tables(pg, table_of(pg, table[n], level),
				    level + 1);
		}
	}
	page_free(pg->pool, table, 1);
}

int pt_create(struct paging *pg, const struct pt_format *fmt,
	      struct page_pool *pool)
{
	pg->fmt = fmt;
	pg->pool = pool;
	pg->flush = NULL;
	pg->in_place = false;
	pg->root = page_alloc(pool, 1);
	if (!pg->root) {
		return -JH_ENOMEM;
	}
	pg->root_phys = page_pool_virt2phys(pool, pg->root);
	return 0;
}

void pt_destroy(struct paging *pg)
{
	if (pg->root != NULL) {
		free_tables(pg, pg->root, pg->fmt->root_level);
	}
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
 * Gives *entry, which covers [virt, virt + PT_LEVEL_SIZE(level)), the value
 * new. With a flush hook, no TLB holds the old value when this returns:
 * the entry is made invalid and flushed before new is written
 * (break-before-make), or for an in_place paging flushed after.
 */
static void replace_entry(struct paging *pg, pt_entry_t *entry,
			  unsigned int level, uint64_t virt, pt_entry_t new)
{
	uint64_t size = PT_LEVEL_SIZE(level);
	bool flush = (pg->flush != NULL) && pg->fmt->is_valid(*entry);
	bool after = flush && pg->in_place;

	if (flush && !after) {
		WRITE_ONCE(*entry, 0);
		pg->flush(pg, virt, size);
	}
	WRITE_ONCE(*entry, new);
	if (after) {
		pg->flush(pg, virt, size);
	}
}

/*
 * Replaces the table at *entry by new and frees it and everything below:
 * only after the TLB flush, since a walk may still be using it until then.
 */
static void replace_table(struct paging *pg, pt_entry_t *entry,
			  unsigned int level, uint64_t virt, pt_entry_t new)
{
	pt_entry_t *old = table_of(pg, *entry, level);

	replace_entry(pg, entry, level, virt, new);
	free_tables(pg, old, level + 1);
}

/*
 * Does writing new over the valid leaf old need break-before-make? Yes if
 * the output address or the memory type changes; permissions alone may be
 * changed in place.
 */
static bool leaf_change_needs_break(const struct paging *pg, pt_entry_t old,
				    pt_entry_t new, unsigned int level)
{
	const struct pt_format *fmt = pg->fmt;
	unsigned long type = PT_DEVICE | PT_NONCACHED;

	if (!fmt->is_valid(old) || old == new) {
		return false;
	}
	return fmt->entry_addr(old, level) != fmt->entry_addr(new, level) ||
		(fmt->leaf_flags(old, level) & type) !=
		(fmt->leaf_flags(new, level) & type);
}

/*
 * The block that the table at *entry (a level-(level + 1) table) is
 * equivalent to, or 0 if its entries are not one contiguous run of
 * identical leaves starting at a block-aligned address.
 */
static pt_entry_t mergeable_block(const struct paging *pg,
				  const pt_entry_t *entry, unsigned int level)
{
	const struct pt_format *fmt = pg->fmt;
	uint64_t step = PT_LEVEL_SIZE(level + 1);
	const pt_entry_t *table;
	unsigned long flags;
	unsigned int n;
	paddr_t phys;

	if (!fmt->leaf_allowed(level)) {
		return 0;
	}
	table = table_of(pg, *entry, level);
	if (!fmt->is_valid(table[0]) || is_table(pg, table[0], level + 1)) {
		return 0;
	}
	phys = fmt->entry_addr(table[0], level + 1);
	if (!IS_ALIGNED(phys, PT_LEVEL_SIZE(level))) {
		return 0;
	}
	flags = fmt->leaf_flags(table[0], level + 1);
	for (n = 0; n < PT_ENTRIES; n++) {
		if (table[n] != fmt->leaf_entry(phys + n * step, level + 1,
						flags)) {
			return 0;
		}
	}
	return fmt->leaf_entry(phys, level, flags);
}

/*
 * Replaces the table at *entry, covering [virt, ...), by a block if that
 * maps the same. Callers go up the levels, so merges cascade.
 */
static void try_merge(struct paging *pg, pt_entry_t *entry,
		      unsigned int level, uint64_t virt)
{
	pt_entry_t block = mergeable_block(pg, entry, level);

	if (block != 0U) {
		replace_table(pg, entry, level, virt, block);
	}
}

/*
 * Replaces the leaf at *entry by a table of next-level leaves that map the
 * same range with the same flags.
 */
static int split_leaf(struct paging *pg, pt_entry_t *entry,
		      unsigned int level, uint64_t virt)
{
	const struct pt_format *fmt = pg->fmt;
	paddr_t phys = fmt->entry_addr(*entry, level);
	unsigned long flags = fmt->leaf_flags(*entry, level);
	uint64_t step = PT_LEVEL_SIZE(level + 1);
	pt_entry_t *table;
	unsigned int n;

	if (!fmt->leaf_allowed(level + 1)) {
		return -JH_EINVAL;
	}
	table = page_alloc(pg->pool, 1);
	if (!table) {
		return -JH_ENOMEM;
	}
	for (n = 0; n < PT_ENTRIES; n++) {
		table[n] = fmt->leaf_entry(phys + n * step, level + 1, flags);
	}
	/* A new block size: break-before-make, where the arch wants it. */
	replace_entry(pg, entry, level, ALIGN_DOWN(virt, PT_LEVEL_SIZE(level)),
		      fmt->table_entry(page_pool_virt2phys(pg->pool, table),
				      level));
	return 0;
}

/*
 * Makes *entry, which covers virt, a table (new, or split from a leaf);
 * returns the table.
 */
static pt_entry_t *descend(struct paging *pg, pt_entry_t *entry,
			   unsigned int level, uint64_t virt, bool create,
			   int *err)
{
	const struct pt_format *fmt = pg->fmt;
	pt_entry_t *table;

	*err = 0;
	if (!fmt->is_valid(*entry)) {
		if (!create) {
			return NULL;
		}
		table = page_alloc(pg->pool, 1);
		if (!table) {
			*err = -JH_ENOMEM;
			return NULL;
		}
		*entry = fmt->table_entry(page_pool_virt2phys(pg->pool,
							      table), level);
		return table;
	}
	if (!is_table(pg, *entry, level)) {
		*err = split_leaf(pg, entry, level, virt);
		if (*err != 0) {
			return NULL;
		}
	}
	return table_of(pg, *entry, level);
}

static void map_leaf(struct paging *pg, pt_entry_t *entry, unsigned int level,
		     uint64_t virt, pt_entry_t leaf)
{
	const struct pt_format *fmt = pg->fmt;

	if (fmt->is_valid(*entry) && is_table(pg, *entry, level)) {
		replace_table(pg, entry, level, virt, leaf);
	} else if (leaf_change_needs_break(pg, *entry, leaf, level)) {
		replace_entry(pg, entry, level, virt, leaf);
	} else {
		WRITE_ONCE(*entry, leaf);
	}
}

static int map_level(struct paging *pg, pt_entry_t *table, unsigned int level,
		     uint64_t virt, paddr_t phys, uint64_t size,
		     unsigned long flags, bool merge)
{
	const struct pt_format *fmt = pg->fmt;
	uint64_t block = PT_LEVEL_SIZE(level);
	pt_entry_t *entry, *next;
	uint64_t chunk;
	int err;

	while (size != 0U) {
		entry = &table[entry_index(virt, level)];
		chunk = MIN(block - (virt & (block - 1)), size);

		if (chunk == block && IS_ALIGNED(phys, block) &&
		    fmt->leaf_allowed(level)) {
			map_leaf(pg, entry, level, virt,
				 fmt->leaf_entry(phys, level, flags));
		} else {
			if (level == PT_LEVELS - 1) {
				return -JH_EINVAL;
			}
			next = descend(pg, entry, level, virt, true, &err);
			if (!next) {
				return err;
			}
			err = map_level(pg, next, level + 1, virt, phys, chunk,
					flags, merge);
			if (err != 0) {
				return err;
			}
			if (merge) {
				try_merge(pg, entry, level,
					  ALIGN_DOWN(virt, block));
			}
		}
		virt += chunk;
		phys += chunk;
		size -= chunk;
	}
	return 0;
}

static bool output_ok(const struct paging *pg, paddr_t phys, uint64_t size)
{
	uint64_t limit = pg->fmt->output_bits >= 64 ? ~0ULL :
		(1ULL << pg->fmt->output_bits);

	return phys < limit && size <= limit - phys;
}

static int map_range(struct paging *pg, uint64_t virt, paddr_t phys,
		     uint64_t size, unsigned long flags, bool merge)
{
	if (!range_ok(pg, virt, size) || !IS_ALIGNED(phys, PAGE_SIZE) ||
	    !output_ok(pg, phys, size)) {
		return -JH_EINVAL;
	}
	return map_level(pg, pg->root, pg->fmt->root_level, virt, phys, size,
			 flags, merge);
}

int pt_map(struct paging *pg, uint64_t virt, paddr_t phys, uint64_t size,
	   unsigned long flags)
{
	/* Merging needs break-before-make, hence the flush hook. */
	return map_range(pg, virt, phys, size, flags, pg->flush != NULL);
}

int pt_map_keep_tables(struct paging *pg, uint64_t virt, paddr_t phys,
		       uint64_t size, unsigned long flags)
{
	return map_range(pg, virt, phys, size, flags, false);
}

static bool table_empty(const struct paging *pg, const pt_entry_t *table)
{
	unsigned int n;

	for (n = 0; n < PT_ENTRIES; n++) {
		if (pg->fmt->is_valid(table[n])) {
			return false;
		}
	}
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

	while (size != 0U) {
		entry = &table[entry_index(virt, level)];
		chunk = MIN(block - (virt & (block - 1)), size);

		if (!fmt->is_valid(*entry)) {
			/* nothing mapped here */
		} else if (chunk == block) {
			if (is_table(pg, *entry, level)) {
				replace_table(pg, entry, level, virt, 0);
			} else {
				WRITE_ONCE(*entry, 0);
			}
		} else {
			next = descend(pg, entry, level, virt, false, &err);
			if (!next) {
				return err;
			}
			err = unmap_level(pg, next, level + 1, virt, chunk,
					  keep_tables);
			if (err != 0) {
				return err;
			}
			if (!keep_tables && table_empty(pg, next)) {
				replace_table(pg, entry, level,
					      ALIGN_DOWN(virt, block), 0);
			}
		}
		virt += chunk;
		size -= chunk;
	}
	return 0;
}

int pt_unmap(struct paging *pg, uint64_t virt, uint64_t size)
{
	if (!range_ok(pg, virt, size)) {
		return -JH_EINVAL;
	}
	return unmap_level(pg, pg->root, pg->fmt->root_level, virt, size,
			   false);
}

int pt_clear(struct paging *pg, uint64_t virt, uint64_t size)
{
	if (!range_ok(pg, virt, size)) {
		return -JH_EINVAL;
	}
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

	if (!range_ok(pg, ALIGN_DOWN(virt, PAGE_SIZE), PAGE_SIZE)) {
		return -JH_ENOENT;
	}

	for (level = fmt->root_level; level < PT_LEVELS; level++) {
		entry = table[entry_index(virt, level)];
		if (!fmt->is_valid(entry)) {
			return -JH_ENOENT;
		}
		if (!is_table(pg, entry, level)) {
			if (phys != NULL) {
				*phys = fmt->entry_addr(entry, level) +
					(virt & (PT_LEVEL_SIZE(level) - 1));
			}
			if (flags != NULL) {
				*flags = fmt->leaf_flags(entry, level);
			}
			return 0;
		}
		table = table_of(pg, entry, level);
		if (!table) {
			return -JH_ENOENT;
		}
	}
	return -JH_ENOENT;
}

static unsigned long count_level(const struct paging *pg,
				 const pt_entry_t *table, unsigned int level)
{
	unsigned long n = 1;
	unsigned int i;

	for (i = 0; i < PT_ENTRIES; i++) {
		if (pg->fmt->is_valid(table[i]) &&
		    is_table(pg, table[i], level)) {
			n += count_level(pg, table_of(pg, table[i], level),
					 level + 1);
		}
	}
	return n;
}

unsigned long pt_count_tables(const struct paging *pg)
{
	return pg->root ? count_level(pg, pg->root, pg->fmt->root_level) : 0;
}
