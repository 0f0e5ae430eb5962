// SPDX-License-Identifier: GPL-2.0
/*
 * x86-64 4-level page-table formats: the hypervisor's own (host) tables
 * and the cells' guest page tables, AMD nested paging (NPT) or Intel EPT.
 * Host and NPT use the long-mode entry layout; NPT walks count as user
 * accesses, so every NPT entry has U/S set. Leaves at 2 MiB and 4 KiB
 * only (1 GiB pages are optional).
 *
 * EPT (Intel SDM vol. 3, 29.3.2) has its own layout: read, write and
 * execute in bits 0-2 (an entry is present if any is set), a leaf's
 * memory type in bits 3-5, large page in bit 7. RAM is write-back, and
 * the guest's PAT still applies (bit 6, ignore PAT, stays clear), so a
 * guest can map its own RAM uncached; device memory is uncached whatever
 * the guest's PAT says.
 */
#include <hv/cell.h>
#include <hv/hv_paging.h>
#include <hv/paging.h>
#include <asm/paging.h>

#define PTE_P		(1ULL << 0)
#define PTE_RW		(1ULL << 1)
#define PTE_US		(1ULL << 2)
#define PTE_PWT		(1ULL << 3)
#define PTE_PCD		(1ULL << 4)
#define PTE_PS		(1ULL << 7)
#define PTE_NX		(1ULL << 63)
#define PTE_ADDR	0x000ffffffffff000ULL
/* Output address bits of every format here: PTE_ADDR, bits 51..12. */
#define X86_MAX_PHYS_BITS	52

static paddr_t entry_addr(pt_entry_t e, unsigned int level)
{
	if (level == 2 && (e & PTE_PS)) {
		return e & PTE_ADDR & ~(PT_LEVEL_SIZE(2) - 1);
	}
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

	if (flags & PT_WRITE) {
		e |= PTE_RW;
	}
	if (!(flags & PT_EXEC)) {
		e |= PTE_NX;
	}
	/* PAT index 3: UC in the PAT Linux (and so the host) programs. */
	if (flags & (PT_DEVICE | PT_NONCACHED)) {
		e |= PTE_PCD | PTE_PWT;
	}
	if (level < 3) {
		e |= PTE_PS;
	}
	return e;
}

static unsigned long leaf_flags(pt_entry_t e, unsigned int level)
{
	unsigned long flags = PT_READ;

	if ((e & PTE_RW) != 0U) {
		flags |= PT_WRITE;
	}
	if (!(e & PTE_NX)) {
		flags |= PT_EXEC;
	}
	if ((e & PTE_PCD) != 0U) {
		flags |= PT_DEVICE;
	}
	return flags;
}

static pt_entry_t host_table(paddr_t table, unsigned int level)
{
	return table | PTE_P | PTE_RW;
}

static pt_entry_t npt_table(paddr_t table, unsigned int level)
{
	return table | PTE_P | PTE_RW | PTE_US;
}

static pt_entry_t npt_leaf(paddr_t phys, unsigned int level,
			   unsigned long flags)
{
	return leaf_bits(phys, level, flags) | PTE_US;
}

#define EPT_R		(1ULL << 0)
#define EPT_W		(1ULL << 1)
#define EPT_X		(1ULL << 2)
#define EPT_RWX		(EPT_R | EPT_W | EPT_X)
#define EPT_MT_SHIFT	3
#define EPT_MT_MASK	(7ULL << EPT_MT_SHIFT)
#define EPT_MT_UC	0ULL
#define EPT_MT_WB	6ULL
#define EPT_PS		(1ULL << 7)

static bool ept_large_pages = true;

void x86_ept_set_large_pages(bool allowed)
{
	ept_large_pages = allowed;
}

static bool ept_is_valid(pt_entry_t e)
{
	return e & EPT_RWX;
}

static bool ept_is_table(pt_entry_t e, unsigned int level)
{
	return !(e & EPT_PS);
}

static bool ept_leaf_allowed(unsigned int level)
{
	return level == 3 || (level == 2 && ept_large_pages);
}

static paddr_t ept_entry_addr(pt_entry_t e, unsigned int level)
{
	if (level == 2 && (e & EPT_PS)) {
		return e & PTE_ADDR & ~(PT_LEVEL_SIZE(2) - 1);
	}
	return e & PTE_ADDR;
}

static pt_entry_t ept_table(paddr_t table, unsigned int level)
{
	return table | EPT_RWX;
}

/* Write without read is a misconfiguration: every leaf is readable. */
static pt_entry_t ept_leaf(paddr_t phys, unsigned int level,
			   unsigned long flags)
{
	pt_entry_t e = phys | EPT_R;

	if (flags & PT_WRITE) {
		e |= EPT_W;
	}
	if (flags & PT_EXEC) {
		e |= EPT_X;
	}
	if (flags & (PT_DEVICE | PT_NONCACHED)) {
		e |= EPT_MT_UC << EPT_MT_SHIFT;
	} else {
		e |= EPT_MT_WB << EPT_MT_SHIFT;
	}
	if (level < 3) {
		e |= EPT_PS;
	}
	return e;
}

static unsigned long ept_leaf_flags(pt_entry_t e, unsigned int level)
{
	unsigned long flags = 0;

	if ((e & EPT_R) != 0U) {
		flags |= PT_READ;
	}
	if ((e & EPT_W) != 0U) {
		flags |= PT_WRITE;
	}
	if ((e & EPT_X) != 0U) {
		flags |= PT_EXEC;
	}
	if (((e & EPT_MT_MASK) >> EPT_MT_SHIFT) != EPT_MT_WB) {
		flags |= PT_DEVICE;
	}
	return flags;
}

/*
 * The host tables map the link address in the top of the 64-bit space:
 * the engine only looks at bits 47..12, which is the canonical form.
 */
static const struct pt_format host_format = {
	.name = "x86-64 host",
	.root_level = 0,
	.input_bits = 64,
	.output_bits = X86_MAX_PHYS_BITS,
	.table_entry = host_table,
	.leaf_entry = leaf_bits,
	.leaf_allowed = leaf_allowed,
	.is_valid = is_valid,
	.is_table = is_table,
	.entry_addr = entry_addr,
	.leaf_flags = leaf_flags,
};

const struct pt_format x86_npt_format = {
	.name = "AMD NPT",
	.root_level = 0,
	.input_bits = 48,
	.output_bits = X86_MAX_PHYS_BITS,
	.table_entry = npt_table,
	.leaf_entry = npt_leaf,
	.leaf_allowed = leaf_allowed,
	.is_valid = is_valid,
	.is_table = is_table,
	.entry_addr = entry_addr,
	.leaf_flags = leaf_flags,
};

/* 48-bit guest-physical addresses: the 4-level walk of the EPT pointer. */
const struct pt_format x86_ept_format = {
	.name = "Intel EPT",
	.root_level = 0,
	.input_bits = 48,
	.output_bits = X86_MAX_PHYS_BITS,
	.table_entry = ept_table,
	.leaf_entry = ept_leaf,
	.leaf_allowed = ept_leaf_allowed,
	.is_valid = ept_is_valid,
	.is_table = ept_is_table,
	.entry_addr = ept_entry_addr,
	.leaf_flags = ept_leaf_flags,
};

const struct pt_format *paging_arch_hv_format(void)
{
	return &host_format;
}
