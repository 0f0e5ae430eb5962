// SPDX-License-Identifier: GPL-2.0
/*
 * arm64 cell hooks: VMID, VTTBR and guest TLB maintenance.
 */
#include <hv/cell.h>
#include <hv/setup.h>
#include <asm/gic.h>
#include <asm/processor.h>
#include <asm/sysregs.h>

#define VTTBR_VMID_SHIFT	48

int cell_arch_init(struct cell *cell)
{
	cell->arch.vmid = cell->id;
	cell->arch.vttbr = cell->guest_pt.root_phys |
		((uint64_t)cell->arch.vmid << VTTBR_VMID_SHIFT);
	return gic_cell_init(cell);
}

void cell_arch_exit(struct cell *cell)
{
}

int cell_arch_map_platform(struct cell *cell)
{
	return gic_cell_map(cell);
}

void cell_arch_assign(struct cell *cell)
{
	gic_move_spis(&root_cell, cell, cell->arch.spis);
	gic_cell_map(cell);
	gic_cell_map(&root_cell);
}

void cell_arch_release(struct cell *cell)
{
	gic_move_spis(cell, &root_cell, cell->arch.spis);
	gic_cell_map(&root_cell);
}

/*
 * tlbi vmalls12e1is acts on the VMID in VTTBR_EL2, so borrow the cell's
 * for a moment (EL1 translations are not used meanwhile).
 */
void cell_arch_flush_tlb(struct cell *cell)
{
	unsigned long saved = read_sysreg(vttbr_el2);

	dsb(ishst);
	write_sysreg(cell->arch.vttbr, vttbr_el2);
	isb();
	asm volatile("tlbi vmalls12e1is; dsb ish" : : : "memory");
	write_sysreg(saved, vttbr_el2);
	isb();
}
