// SPDX-License-Identifier: GPL-2.0
/*
 * Descriptor formats (VMSAv8-64, 4 KiB granule) for the generic engine:
 * the hypervisor's EL2 stage 1 and the cells' stage 2, plus the stage-2
 * geometry, which follows the CPU's physical address size.
 */
#include <hv/cell.h>
#include <hv/guest_mem.h>
#include <hv/hv_paging.h>
#include <hv/paging.h>
#include <asm/layout.h>
#include <asm/mmu.h>
#include <asm/processor.h>
#include <asm/sysregs.h>

#define PTE_VALID		BIT64(0)
/* Bit 1: a table above level 3, a page at level 3 (else a block). */
#define PTE_NOT_BLOCK		BIT64(1)
#define PTE_SH_INNER		(3ULL << 8)
#define PTE_AF			BIT64(10)
#define PTE_XN			BIT64(54)
#define PTE_ADDR_MASK		MASK64(47, 12)

#define S1_ATTR(idx)		((uint64_t)(idx) << 2)
#define S1_ATTR_MASK		(7ULL << 2)
/* AP[1] is RES1 in the EL2 regime, which has one privilege level. */
#define S1_AP_RES1		BIT64(6)
#define S1_AP_RO		BIT64(7)

#define S2_MEMATTR_DEVICE	(0x1ULL << 2)	/* Device-nGnRE */
#define S2_MEMATTR_NC		(0x5ULL << 2)	/* Normal uncached */
#define S2_MEMATTR_NORMAL	(0xfULL << 2)	/* Normal write-back */
#define S2_MEMATTR_MASK		(0xfULL << 2)
#define S2_AP_R			BIT64(6)
#define S2_AP_W			BIT64(7)

static const unsigned int parange_bits[] = { 32, 36, 40, 42, 44, 48 };

unsigned int mmu_pa_bits(void)
{
	unsigned long parange = read_sysreg(id_aa64mmfr0_el1) &
		MMFR0_PARANGE_MASK;

	if (parange >= ARRAY_SIZE(parange_bits)) {
		parange = ARRAY_SIZE(parange_bits) - 1;
	}
	return parange_bits[parange];
}

static pt_entry_t table_entry(paddr_t table, unsigned int level)
{
	return (table & PTE_ADDR_MASK) | PTE_VALID | PTE_NOT_BLOCK;
}

static bool leaf_allowed(unsigned int level)
{
	return level >= 1;
}

static bool is_valid(pt_entry_t entry)
{
	return entry & PTE_VALID;
}

static bool is_table(pt_entry_t entry, unsigned int level)
{
	return level < 3 && (entry & PTE_NOT_BLOCK);
}

static paddr_t entry_addr(pt_entry_t entry, unsigned int level)
{
	return entry & PTE_ADDR_MASK;
}

static pt_entry_t leaf_base(paddr_t phys, unsigned int level)
{
	return (phys & PTE_ADDR_MASK) | PTE_VALID | PTE_AF |
		(level == 3 ? PTE_NOT_BLOCK : 0);
}

static pt_entry_t s1_leaf(paddr_t phys, unsigned int level,
			  unsigned long flags)
{
	pt_entry_t e = leaf_base(phys, level) | S1_AP_RES1;

	if (flags & PT_DEVICE) {
		e |= S1_ATTR(MAIR_IDX_DEVICE_nGnRE);
	} else if (flags & PT_NONCACHED) {
		e |= S1_ATTR(MAIR_IDX_NORMAL_NC) | PTE_SH_INNER;
	} else {
		e |= S1_ATTR(MAIR_IDX_NORMAL) | PTE_SH_INNER;
	}
	if (!(flags & PT_WRITE)) {
		e |= S1_AP_RO;
	}
	if (!(flags & PT_EXEC) || (flags & PT_DEVICE)) {
		e |= PTE_XN;
	}
	return e;
}

static unsigned long s1_flags(pt_entry_t e, unsigned int level)
{
	unsigned long flags = PT_READ;
	uint64_t attr = e & S1_ATTR_MASK;

	if (!(e & S1_AP_RO)) {
		flags |= PT_WRITE;
	}
	if (!(e & PTE_XN)) {
		flags |= PT_EXEC;
	}
	if (attr == S1_ATTR(MAIR_IDX_DEVICE_nGnRE) ||
	    attr == S1_ATTR(MAIR_IDX_DEVICE_nGnRnE)) {
		flags |= PT_DEVICE;
	} else if (attr == S1_ATTR(MAIR_IDX_NORMAL_NC)) {
		flags |= PT_NONCACHED;
	}
	return flags;
}

static const struct pt_format hv_format = {
	.name = "EL2 stage 1",
	.root_level = 0,
	.input_bits = HV_VA_BITS,
	.output_bits = 48,	/* PTE_ADDR_MASK */
	.table_entry = table_entry,
	.leaf_entry = s1_leaf,
	.leaf_allowed = leaf_allowed,
	.is_valid = is_valid,
	.is_table = is_table,
	.entry_addr = entry_addr,
	.leaf_flags = s1_flags,
};

const struct pt_format *paging_arch_hv_format(void)
{
	return &hv_format;
}

static pt_entry_t s2_leaf(paddr_t phys, unsigned int level,
			  unsigned long flags)
{
	pt_entry_t e = leaf_base(phys, level);

	if (flags & PT_DEVICE) {
		e |= S2_MEMATTR_DEVICE;
	} else if (flags & PT_NONCACHED) {
		e |= S2_MEMATTR_NC | PTE_SH_INNER;
	} else {
		e |= S2_MEMATTR_NORMAL | PTE_SH_INNER;
	}
	if (flags & PT_READ) {
		e |= S2_AP_R;
	}
	if (flags & PT_WRITE) {
		e |= S2_AP_W;
	}
	if (!(flags & PT_EXEC)) {
		e |= PTE_XN;
	}
	return e;
}

static unsigned long s2_flags(pt_entry_t e, unsigned int level)
{
	unsigned long flags = 0;
	uint64_t attr = e & S2_MEMATTR_MASK;

	if ((e & S2_AP_R) != 0U) {
		flags |= PT_READ;
	}
	if ((e & S2_AP_W) != 0U) {
		flags |= PT_WRITE;
	}
	if (!(e & PTE_XN)) {
		flags |= PT_EXEC;
	}
	if (attr == S2_MEMATTR_NC) {
		flags |= PT_NONCACHED;
	} else if (attr != S2_MEMATTR_NORMAL) {
		flags |= PT_DEVICE;
	}
	return flags;
}

/* Geometry set by mmu_init_stage2(). */
static struct pt_format s2_format = {
	.name = "stage 2",
	.table_entry = table_entry,
	.leaf_entry = s2_leaf,
	.leaf_allowed = leaf_allowed,
	.is_valid = is_valid,
	.is_table = is_table,
	.entry_addr = entry_addr,
	.leaf_flags = s2_flags,
};
static uint64_t vtcr;

/*
 * With 44 or more PA bits the IPA space is as large as the PA space and
 * the walk starts at level 0 (with a partly used root table). A stage-2
 * walk may start at level 0 (4 KiB granule) only with that many PA bits
 * (Arm ARM, VTCR_EL2.SL0); below, a level-0 start faults every access
 * (seen on QEMU's Cortex-A53, 40 bits). There the IPA space is 39 bits
 * and the walk starts at level 1, so no concatenated root tables are
 * needed; guest-physical addresses then end at 512 GiB.
 */
#define S2_L0_MIN_PA_BITS	44U
#define S2_L1_IPA_BITS		39U

void mmu_init_stage2(void)
{
	unsigned long parange = read_sysreg(id_aa64mmfr0_el1) &
		MMFR0_PARANGE_MASK;
	unsigned int bits = mmu_pa_bits();
	unsigned int sl0;

	if (parange >= ARRAY_SIZE(parange_bits)) {
		parange = ARRAY_SIZE(parange_bits) - 1;
	}

	s2_format.output_bits = bits;
	if (bits >= S2_L0_MIN_PA_BITS) {
		s2_format.input_bits = bits;
		s2_format.root_level = 0;
		sl0 = 2;
	} else {
		s2_format.input_bits = (bits < S2_L1_IPA_BITS) ? bits :
			S2_L1_IPA_BITS;
		s2_format.root_level = 1;
		sl0 = 1;
	}
	vtcr = TCR_T0SZ(s2_format.input_bits) |
		((uint64_t)sl0 << VTCR_SL0_SHIFT) | TCR_IRGN0_WBWA | TCR_ORGN0_WBWA | TCR_SH0_INNER |
		TCR_TG0_4K | (parange << VTCR_PS_SHIFT) | VTCR_RES1;
}

uint64_t mmu_vtcr(void)
{
	return vtcr;
}

unsigned int paging_arch_phys_bits(void)
{
	return mmu_pa_bits();
}

const struct pt_format *paging_arch_guest_format(void)
{
	return &s2_format;
}

void paging_arch_hv_activate(paddr_t root)
{
	dsb(ishst);
	write_sysreg(root, ttbr0_el2);
	isb();
	asm volatile("tlbi alle2; dsb nsh; isb" : : : "memory");
}

void paging_arch_hv_flush(void)
{
	asm volatile("dsb ishst; tlbi alle2is; dsb ish; isb" : : : "memory");
}

void dcache_clean_inval(const void *start, uint64_t size)
{
	unsigned long line = 4UL << ((read_sysreg(ctr_el0) >> 16) & 0xf);
	uintptr_t p = ALIGN_DOWN((uintptr_t)start, line);
	uintptr_t end = (uintptr_t)start + size;

	for (; p < end; p += line) {
		asm volatile("dc civac, %0" : : "r" (p) : "memory");
	}
	dsb(sy);
}

void guest_mem_arch_window_moved(const void *win, const void *p,
				 unsigned int len)
{
	uint64_t va = (uintptr_t)win >> PAGE_SHIFT;

	/* Only this CPU ever used its window: a local invalidation is enough. */
	asm volatile("dsb nshst; tlbi vae2, %0; dsb nsh; isb"
		     : : "r" (va) : "memory");
	/*
	 * A cell with its MMU off writes non-cacheable: drop any line of
	 * ours that could hide that; a cacheable writer's dirty line is
	 * cleaned to memory first.
	 */
	dcache_clean_inval(p, len);
}
