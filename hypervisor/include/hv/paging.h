/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The generic page-table engine: 4 KiB granule, 512 entries per table, up
 * to four levels (level 0 resolves address bits 47..39, level 3 bits
 * 20..12). What an entry looks like is the business of a struct pt_format,
 * which the arch provides (EL2 stage 1, stage 2, later EPT/NPT) and the
 * unit tests fake. The engine never touches arch registers; TLB
 * maintenance is the caller's job: after a change, and within one through
 * the paging's flush hook.
 *
 * A new table is filled completely before it is linked in. A paging with
 * a flush hook (the guests' tables, the x86 IOMMUs' tables) gets
 * break-before-make where the architecture needs it (unless it says
 * in_place): before a table is replaced by a block or freed,
 * and before a leaf changes its output address or memory type, the entry
 * is made invalid and the hook invalidates the TLBs for its range; only
 * then is the new entry written and the old table freed. CPUs that use
 * such a table must cope with a transient translation fault (the trap
 * handler retries). Without a hook (the hypervisor's own table) valid
 * entries are replaced in place. Either way callers flush the TLB after
 * their change, as for any change that only removes or adds mappings.
 */
#ifndef HV_PAGING_H
#define HV_PAGING_H

#include <hv/types.h>

struct page_pool;

#define PT_LEVELS		4
#define PT_ENTRIES		512
#define PT_LEVEL_SHIFT(l)	(PAGE_SHIFT + 9 * (PT_LEVELS - 1 - (l)))
#define PT_LEVEL_SIZE(l)	(1ULL << PT_LEVEL_SHIFT(l))

/* Generic attributes of a mapping; a format turns them into bits. */
#define PT_READ			0x01
#define PT_WRITE		0x02
#define PT_EXEC			0x04
#define PT_DEVICE		0x08	/* device memory, no caching */
#define PT_NONCACHED		0x10	/* normal memory, uncached */

typedef uint64_t pt_entry_t;

struct pt_format {
	const char *name;
	/* Level of the root table (0..2) and bits of the input address. */
	unsigned int root_level;
	unsigned int input_bits;
	/*
	 * Bits of output (physical) address an entry holds. pt_map refuses
	 * an address above them rather than let the entry drop bits, which
	 * would alias low memory.
	 */
	unsigned int output_bits;
	/* Entry at level pointing to a table of level + 1. */
	pt_entry_t (*table_entry)(paddr_t table, unsigned int level);
	pt_entry_t (*leaf_entry)(paddr_t phys, unsigned int level,
				 unsigned long flags);
	/* May level hold a leaf (a block, or a page at level 3)? */
	bool (*leaf_allowed)(unsigned int level);
	bool (*is_valid)(pt_entry_t entry);
	/* Only asked for valid entries above level 3. */
	bool (*is_table)(pt_entry_t entry, unsigned int level);
	/* Output address of a valid entry (table or leaf). */
	paddr_t (*entry_addr)(pt_entry_t entry, unsigned int level);
	/* PT_* flags of a valid leaf: inverse of leaf_entry. */
	unsigned long (*leaf_flags)(pt_entry_t entry, unsigned int level);
};

struct paging {
	const struct pt_format *fmt;
	struct page_pool *pool;	/* tables come from and go back here */
	pt_entry_t *root;
	paddr_t root_phys;
	/*
	 * Invalidates all TLB entries of [virt, virt + size), on every CPU,
	 * after the engine made the entry covering it invalid. NULL (what
	 * pt_create sets): no break-before-make and no merging.
	 */
	void (*flush)(struct paging *pg, uint64_t virt, uint64_t size);
	/*
	 * With a flush hook: the walkers accept a valid entry replaced by
	 * another in one write, using the old or the new one until the
	 * flush (the x86 IOMMUs; a break would fault DMA in flight). The
	 * engine then writes the new entry first and flushes after, still
	 * before it frees a table. false (what pt_create sets):
	 * break-before-make.
	 */
	bool in_place;
};

/*
 * Physical address size of this CPU, in bits (arch: arm64
 * ID_AA64MMFR0_EL1.PARange, x86 CPUID 0x80000008). Configs are checked
 * against it, so no address reaches a page table that cannot hold it.
 */
unsigned int paging_arch_phys_bits(void);

/* Allocates an empty root table. 0 or -JH_ENOMEM. */
int pt_create(struct paging *pg, const struct pt_format *fmt,
	      struct page_pool *pool);

/* Frees every table, the root included. */
void pt_destroy(struct paging *pg);

/*
 * Maps [virt, virt + size) to phys with flags, using the largest leaves
 * that alignment allows; replaces what was mapped there before. All three
 * must be page aligned, the range must fit the format's input bits and
 * [phys, phys + size) its output bits.
 * Returns 0, -JH_EINVAL or -JH_ENOMEM (the range may then be partially
 * mapped).
 *
 * With a flush hook it also merges: a table the change leaves mapping one
 * block-aligned, block-sized range contiguously with identical leaves is
 * replaced by a block and freed, level by level up to the root. So
 * mapping back what pt_clear or pt_unmap split returns the pool to where
 * it was before the split.
 */
int pt_map(struct paging *pg, uint64_t virt, paddr_t phys, uint64_t size,
	   unsigned long flags);

/*
 * Like pt_map, but never merges tables into blocks, so that clearing the
 * same range again later needs no allocation (for mappings that come and
 * go once a cell exists).
 */
int pt_map_keep_tables(struct paging *pg, uint64_t virt, paddr_t phys,
		       uint64_t size, unsigned long flags);

/*
 * Unmaps [virt, virt + size), splitting larger leaves that cross the edges
 * and freeing tables that become empty. Returns 0, -JH_EINVAL or
 * -JH_ENOMEM (only from splitting).
 */
int pt_unmap(struct paging *pg, uint64_t virt, uint64_t size);

/*
 * Like pt_unmap, but keeps the tables that become empty, so that mapping
 * the same range again later needs no new table (no allocation once a
 * cell exists).
 */
int pt_clear(struct paging *pg, uint64_t virt, uint64_t size);

/*
 * Looks virt up: 0 and *phys / *flags (either may be NULL) if mapped,
 * -JH_ENOENT if not.
 */
int pt_translate(const struct paging *pg, uint64_t virt, paddr_t *phys,
		 unsigned long *flags);

/* Number of table pages currently in use, the root included. */
unsigned long pt_count_tables(const struct paging *pg);

#endif /* HV_PAGING_H */
