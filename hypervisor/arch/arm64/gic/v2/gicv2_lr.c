// SPDX-License-Identifier: GPL-2.0
/*
 * GICv2 virtual CPU interface: the GICH list registers, GICH_HCR and
 * GICH_VMCR of the calling CPU (GICH is banked per CPU). The queue in
 * front of the list registers is vgic.c's.
 *
 * Injected interrupts are virtual Group 0: the GICV frame has no
 * security banking, so a guest that enables "its" group through
 * GICV_CTLR bit 0 gets them as IRQs whichever group Linux used on the
 * physical interface.
 */
#include <hv/cell.h>
#include <hv/percpu.h>
#include <asm/gic_ops.h>
#include <asm/io.h>
#include <asm/processor.h>
#include <asm/vgic.h>
#include "gicv2_lr.h"
#include "gicv2_regs.h"

/* Filled in by gicv2_init(); the virtual interface is their main user. */
struct gicv2_info gicv2;

static uint32_t read_lr(unsigned int n)
{
	return mmio_read32(gicv2.gich + GICH_LR(n));
}

static void write_lr(unsigned int n, uint32_t val)
{
	mmio_write32(gicv2.gich + GICH_LR(n), val);
}

static uint64_t empty_lrs(void)
{
	return (uint64_t)mmio_read32(gicv2.gich + GICH_ELRSR1) << 32 |
		mmio_read32(gicv2.gich + GICH_ELRSR0);
}

bool gicv2_lr_insert(unsigned int intid, bool hw)
{
	uint64_t empty = empty_lrs();
	uint32_t lr;
	unsigned int n;

	for (n = 0; n < gic.num_lrs; n++) {
		if ((empty & BIT64(n)) != 0U) {
			continue;
		}
		lr = read_lr(n);
		if ((lr & GICH_LR_VINTID_MASK) != intid) {
			continue;
		}
		/* Already there: pending stays pending, active gets both. */
		if ((lr & GICH_LR_STATE_MASK) == GICH_LR_ACTIVE &&
		    !(lr & GICH_LR_HW)) {
			write_lr(n, lr | GICH_LR_PENDING);
		}
		return true;
	}
	for (n = 0; n < gic.num_lrs; n++) {
		if (!(empty & BIT64(n))) {
			continue;
		}
		lr = GICH_LR_PENDING | (uint32_t)intid |
			(uint32_t)(GIC_PRIORITY >> 3) << GICH_LR_PRIORITY_SHIFT;
		if (hw) {
			lr |= GICH_LR_HW | (uint32_t)intid << GICH_LR_PINTID_SHIFT;
		}
		write_lr(n, lr);
		return true;
	}
	return false;
}

void gicv2_set_underflow_irq(bool on)
{
	uint32_t hcr = mmio_read32(gicv2.gich + GICH_HCR);

	hcr = on ? hcr | GICH_HCR_UIE : hcr & ~GICH_HCR_UIE;
	mmio_write32(gicv2.gich + GICH_HCR, hcr);
}

void gicv2_vcpu_park(void)
{
	mmio_write32(gicv2.gich + GICH_HCR, 0);
	dsb(sy);
}

static void clear_lrs(void)
{
	unsigned int n;

	for (n = 0; n < gic.num_lrs; n++) {
		write_lr(n, 0);
	}
	mmio_write32(gicv2.gich + GICH_APR, 0);
}

/*
 * Entry: the guest (Linux) keeps the CPU interface state it had set up
 * physically, now in its virtual form; the physical interface goes to
 * EOImode 1 (priority drop at EL2, deactivation by the guest).
 */
void gicv2_vcpu_init(struct per_cpu *pcpu)
{
	uint32_t ctlr = mmio_read32(gicv2.gicc + GICC_CTLR);
	uint32_t vmcr;

	pcpu->arch.orig_gicc_ctlr = ctlr;
	vmcr = (mmio_read32(gicv2.gicc + GICC_PMR) >> 3) <<
		GICH_VMCR_PMR_SHIFT |
		(mmio_read32(gicv2.gicc + GICC_BPR) & 7) << GICH_VMCR_BP_SHIFT |
		(mmio_read32(gicv2.gicc + GICC_ABPR) & 7) <<
		GICH_VMCR_ABP_SHIFT |
		(ctlr & GICC_CTLR_EOIMODE ? GICH_VMCR_VEM : 0) |
		(ctlr & GICC_CTLR_CBPR ? GICH_VMCR_CBPR : 0) |
		(ctlr & GICC_CTLR_ENABLE_GRP0 ? GICH_VMCR_GRP0EN : 0);

	clear_lrs();
	mmio_write32(gicv2.gich + GICH_VMCR, vmcr);
	mmio_write32(gicv2.gicc + GICC_CTLR, ctlr | GICC_CTLR_EOIMODE);
	mmio_write32(gicv2.gich + GICH_HCR, GICH_HCR_EN);
	dsb(sy);
}

/* Deactivates what a list register or queue entry holds physically. */
static void release_all(struct per_cpu *pcpu, bool hand_back)
{
	uint64_t empty = empty_lrs();
	unsigned int n, intid;
	uint32_t lr;

	for (n = 0; n < gic.num_lrs; n++) {
		if ((empty & BIT64(n)) != 0U) {
			continue;
		}
		lr = read_lr(n);
		intid = lr & GICH_LR_VINTID_MASK;
		if ((lr & GICH_LR_HW) != 0U) {
			/* Active: the guest handles it and deactivates it. */
			if (hand_back &&
			    (lr & GICH_LR_STATE_MASK) != GICH_LR_PENDING) {
				continue;
			}
			mmio_write32(gicv2.gicc + GICC_DIR, intid);
			if (hand_back) {
				gic_set_pending(pcpu, intid);
			}
		} else if (hand_back && (lr & GICH_LR_PENDING)) {
			gic_send_sgi(pcpu, intid);
		}
	}
	vgic_release_queue(pcpu, hand_back);
	clear_lrs();
}

void gicv2_vcpu_reset(struct per_cpu *pcpu)
{
	release_all(pcpu, false);
	mmio_write32(gicv2.gich + GICH_VMCR, 0);
	mmio_write32(gicv2.gich + GICH_HCR, GICH_HCR_EN);
	dsb(sy);
}

/* Disable: the physical CPU interface goes back to Linux as it left it. */
void gicv2_vcpu_exit(struct per_cpu *pcpu)
{
	uint32_t vmcr = mmio_read32(gicv2.gich + GICH_VMCR);
	uint32_t ctlr = pcpu->arch.orig_gicc_ctlr & ~GICC_CTLR_EOIMODE;

	mmio_write32(gicv2.gicc + GICC_PMR,
		     (vmcr >> GICH_VMCR_PMR_SHIFT) << 3);
	mmio_write32(gicv2.gicc + GICC_BPR, vmcr >> GICH_VMCR_BP_SHIFT & 7);
	if ((vmcr & GICH_VMCR_VEM) != 0U) {
		ctlr |= GICC_CTLR_EOIMODE;
	}
	/* Pending SGIs are re-sent, so the interface must be usable. */
	mmio_write32(gicv2.gich + GICH_HCR, 0);
	release_all(pcpu, true);
	mmio_write32(gicv2.gicc + GICC_CTLR, ctlr);
	dsb(sy);
}
