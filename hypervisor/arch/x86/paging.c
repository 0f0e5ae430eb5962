// SPDX-License-Identifier: GPL-2.0
/*
 * x86-64 4-level page-table formats: the hypervisor's own (host) tables
 * and the nested page tables (NPT) of the cells. Both use the long-mode
 * entry layout; NPT walks count as user accesses, so every NPT entry has
 * U/S set. Leaves at 2 MiB and 4 KiB only (1 GiB pages are optional).
 */
#include <hv/cell.h>
#include <hv/paging.h>
#include <hv/setup.h>

#define PTE_P		(1ULL << 0)
#define PTE_RW		(1ULL << 1)
#define PTE_US		(1ULL << 2)
#define PTE_PWT		(1ULL << 3)
#define PTE_PCD		(1ULL << 4)
#define PTE_PS		(1ULL << 7)
#define PTE_NX		(1ULL << 63)
#define PTE_ADDR	0x000ffffffffff000ULL

static paddr_t entry_addr(pt_entry_t e, unsigned int level)
{
	if (level == 2 && (e & PTE_PS))
		return e & PTE_ADDR & ~(PT_LEVEL_SIZE(2) - 1);
	return e & PTE_ADDR;
}

static bool is_valid(pt_entry_t e)
{
	return e & PTE_P;
}

static bool is_table(pt_entry_t e, unsigned int level)
{
	return !(e & PTE_PS);
}

static bool leaf_allowed(unsigned int level)
{
	return level >= 2;
}

static pt_entry_t leaf_bits(paddr_t phys, unsigned int level,
			    unsigned long flags)
{
	pt_entry_t e = phys | PTE_P;

	if (flags & PT_WRITE)
		e |= PTE_RW;
	if (!(flags & PT_EXEC))
		e |= PTE_NX;
	/* PAT index 3: UC in the PAT Linux (and so the host) programs. */
	if (flags & (PT_DEVICE | PT_NONCACHED))
		e |= PTE_PCD | PTE_PWT;
	if (level < 3)
		e |= PTE_PS;
	return e;
}

static unsigned long leaf_flags(pt_entry_t e, unsigned int level)
{
	unsigned long flags = PT_READ;

	if (e & PTE_RW)
		flags |= PT_WRITE;
	if (!(e & PTE_NX))
		flags |= PT_EXEC;
	if (e & PTE_PCD)
		flags |= PT_DEVICE;
	return flags;
}

static pt_entry_t host_table(paddr_t table)
{
	return table | PTE_P | PTE_RW;
}

static pt_entry_t npt_table(paddr_t table)
{
	return table | PTE_P | PTE_RW | PTE_US;
}

static pt_entry_t npt_leaf(paddr_t phys, unsigned int level,
			   unsigned long flags)
{
	return leaf_bits(phys, level, flags) | PTE_US;
}

/*
 * The host tables map the link address in the top of the 64-bit space:
 * the engine only looks at bits 47..12, which is the canonical form.
 */
static const struct pt_format host_format = {
	.name = "x86-64 host",
	.root_level = 0,
	.input_bits = 64,
	.table_entry = host_table,
	.leaf_entry = leaf_bits,
	.leaf_allowed = leaf_allowed,
	.is_valid = is_valid,
	.is_table = is_table,
	.entry_addr = entry_addr,
	.leaf_flags = leaf_flags,
};

static const struct pt_format npt_format = {
	.name = "AMD NPT",
	.root_level = 0,
	.input_bits = 48,
	.table_entry = npt_table,
	.leaf_entry = npt_leaf,
	.leaf_allowed = leaf_allowed,
	.is_valid = is_valid,
	.is_table = is_table,
	.entry_addr = entry_addr,
	.leaf_flags = leaf_flags,
};

const struct pt_format *paging_arch_hv_format(void)
{
	return &host_format;
}

const struct pt_format *paging_arch_guest_format(void)
{
	return &npt_format;
}
