// SPDX-License-Identifier: GPL-2.0
/*
 * arm64 cell hooks: VMID, VTTBR, guest TLB maintenance and the comm
 * region's platform facts.
 */
#include <jailhouse/config.h>
#include <hv/arch.h>
#include <hv/printk.h>
#include <hv/cell.h>
#include <hv/hypervisor.h>
#include <asm/gic.h>
#include <asm/pci.h>
#include <asm/processor.h>
#include <asm/sdei.h>
#include <asm/sysregs.h>

#define VTTBR_VMID_SHIFT	48
/* Above this, one flush of the whole VMID is cheaper than page by page. */
#define TLBI_MAX_PAGES		16
#define TLBI_IPA_MASK		MASK64(35, 0)	/* IPA[47:12] */

/* NULL: direct delivery granted; else why the cell runs trapped. */
static const char *direct_refusal(const struct cell *cell)
{
	if (!(cell->config->flags & JH_CELL_DIRECT_IRQ)) {
		return "direct delivery not asked for (JH_CELL_DIRECT_IRQ clear)";
	}
	if (!gic_direct_supported()) {
		return "direct delivery asked for, but on GICv2 the CPU interface cannot be handed over";
	}
	if (!sdei.present) {
		return "direct delivery asked for, but no SDEI firmware could take its CPUs back";
	}
	if (sdei.failed) {
		return "direct delivery asked for, but a CPU refused the SDEI event at enable";
	}
	return NULL;
}

/*
 * Decided once, at create: every CPU of the cell runs the same way, and
 * the way does not change while the cell exists.
 */
int cell_arch_init(struct cell *cell)
{
	const char *why;

	cell->arch.vmid = cell->id;
	cell->arch.vttbr = cell->guest_pt.root_phys |
		((uint64_t)cell->arch.vmid << VTTBR_VMID_SHIFT);
	if (cell != &root_cell) {
		why = direct_refusal(cell);
		cell->arch.direct = why == NULL;
		if (why != NULL) {
			printk("  cell \"%s\": interrupt delivery: trapped (%s)\n",
			       cell->name, why);
		} else {
			printk("  cell \"%s\": interrupt delivery: direct (SDEI event 0 takes its CPUs back)\n",
			       cell->name);
		}
	}
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
	gic_take_root_spis_off(cell);
	gic_cell_map(cell);
	gic_cell_map(&root_cell);
	pci_cell_assign(cell);
}

/*
 * SPIs disabled, neither pending nor active, steered to its first CPU, and
 * PCI devices quiesced, as at create: a restart after a panic must not
 * find a device still doing DMA into the new kernel.
 */
void cell_arch_reset_devices(struct cell *cell)
{
	gic_move_spis(cell, cell, cell->arch.spis);
	pci_cell_quiesce(cell);
}

void cell_arch_release(struct cell *cell)
{
	gic_move_spis(cell, &root_cell, cell->arch.spis);
	pci_cell_release(cell);
	gic_give_back_root_spis();
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

/*
 * By IPA, page by page, for small ranges; then the combined stage 1+2
 * entries, which are tagged by VA, not IPA, so all of the VMID's go.
 */
void cell_arch_flush_tlb_range(struct cell *cell, uint64_t gpa,
			       uint64_t size)
{
	unsigned long saved = read_sysreg(vttbr_el2);
	uint64_t page, pages = PAGES(size);

	if (pages > TLBI_MAX_PAGES) {
		cell_arch_flush_tlb(cell);
		return;
	}
	dsb(ishst);
	write_sysreg(cell->arch.vttbr, vttbr_el2);
	isb();
	for (page = 0; page < pages; page++) {
		asm volatile("tlbi ipas2e1is, %0"
			     : : "r" (((gpa >> PAGE_SHIFT) + page) &
				      TLBI_IPA_MASK)
			     : "memory");
	}
	asm volatile("dsb ish; tlbi vmalle1is; dsb ish" : : : "memory");
	write_sysreg(saved, vttbr_el2);
	isb();
}

/* The board facts an inmate needs, from the system config. */
void comm_arch_fill(struct jh_comm_region *comm)
{
	const struct jh_arm64_platform *p = &hv.sysconfig->platform.arm64;

	gic_comm_fill(comm);
	comm->platform.arm64.pci_ecam_base = p->pci_ecam_base;
}
