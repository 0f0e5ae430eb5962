// SPDX-License-Identifier: GPL-2.0
/*
 * AMD-Vi I/O page tables (host translation, paging mode 4): four levels
 * resolving 48 bits, AMD's level 4 being the engine's level 0. A table
 * entry names the level of the table it points to in NextLevel; a leaf
 * has NextLevel 0 and maps a page of its level's size: 4 KiB at the last
 * level, 2 MiB and 1 GiB above it. Permissions (IR, IW) are ANDed along
 * the walk, so table entries grant both and leaves decide.
 *
 * Empty entries. For the specification an entry with PR = 0 is not
 * present, whatever else it holds, and a walk that reaches one logs an
 * IO_PAGE_FAULT. QEMU 7.2's model ends a walk at an all-zero entry
 * silently instead (the access fails, nothing is logged); it logs the
 * fault only for a non-zero entry whose NextLevel continues the walk. So
 * the tables' empty entries, which the engine leaves zero, are rewritten
 * to AMD_PTE_EMPTY (PR = 0, NextLevel 1) before the units see a change:
 * not present for both, and reported by both.
 */
#include <hv/page_pool.h>
#include "amd_iommu_pt.h"
#include "amd_iommu_regs.h"

#define AMD_PTE_EMPTY		(1ULL << AMD_PTE_NEXT_SHIFT)

/* AMD's level of the table at engine level l (4 for the root). */
static unsigned int amd_level(unsigned int level)
{
	return PT_LEVELS - level;
}

static pt_entry_t table_entry(paddr_t table, unsigned int level)
{
	return (table & AMD_PTE_ADDR_MASK) | AMD_PTE_PR | AMD_PTE_IR |
		AMD_PTE_IW |
		((pt_entry_t)amd_level(level + 1) << AMD_PTE_NEXT_SHIFT);
}

static pt_entry_t leaf_entry(paddr_t phys, unsigned int level,
			     unsigned long flags)
{
	pt_entry_t e = (phys & AMD_PTE_ADDR_MASK) | AMD_PTE_PR;

	(void)level;
	if (flags & PT_READ) {
		e |= AMD_PTE_IR;
	}
	if (flags & PT_WRITE) {
		e |= AMD_PTE_IW;
	}
	return e;
}

/* 1 GiB, 2 MiB and 4 KiB pages; no 512 GiB page at the root. */
static bool leaf_allowed(unsigned int level)
{
	return level >= 1;
}

static bool is_valid(pt_entry_t e)
{
	return e & AMD_PTE_PR;
}

static bool is_table(pt_entry_t e, unsigned int level)
{
	(void)level;
	return (e & AMD_PTE_NEXT_MASK) != 0;
}

static paddr_t entry_addr(pt_entry_t e, unsigned int level)
{
	(void)level;
	return e & AMD_PTE_ADDR_MASK;
}

static unsigned long leaf_flags(pt_entry_t e, unsigned int level)
{
	unsigned long flags = 0;

	(void)level;
	if ((e & AMD_PTE_IR) != 0U) {
		flags |= PT_READ;
	}
	if ((e & AMD_PTE_IW) != 0U) {
		flags |= PT_WRITE;
	}
	return flags;
}

const struct pt_format amd_pt_format = {
	.name = "AMD-Vi",
	.root_level = 0,
	.input_bits = 48,
	.output_bits = 52,
	.table_entry = table_entry,
	.leaf_entry = leaf_entry,
	.leaf_allowed = leaf_allowed,
	.is_valid = is_valid,
	.is_table = is_table,
	.entry_addr = entry_addr,
	.leaf_flags = leaf_flags,
};

/* Recursion bounded by PT_LEVELS, loops by PT_ENTRIES. */
static void mark_level(struct paging *pg, pt_entry_t *table,
		       unsigned int level)
{
	unsigned int n;

	for (n = 0; n < PT_ENTRIES; n++) {
		if (table[n] == 0) {
			WRITE_ONCE(table[n], AMD_PTE_EMPTY);
		} else if (is_valid(table[n]) && level < PT_LEVELS - 1 &&
			 is_table(table[n], level)) {
			mark_level(pg, page_pool_phys2virt(pg->pool,
					entry_addr(table[n], level)),
				   level + 1);
		}
	}
}

void amd_pt_mark_empty(struct paging *pg)
{
	if (pg->root != NULL) {
		mark_level(pg, pg->root, pg->fmt->root_level);
	}
}
