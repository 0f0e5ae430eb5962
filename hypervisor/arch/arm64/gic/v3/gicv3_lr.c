// SPDX-License-Identifier: GPL-2.0
/*
 * GICv3 virtual CPU interface: the ICH_LR<n>_EL2 list registers, ICH_HCR
 * and ICH_VMCR, and the guests' SGIs through ICC_SGI1R_EL1. The queue in
 * front of the list registers is vgic.c's.
 */
#include <hv/cell.h>
#include <hv/hypervisor.h>
#include <hv/percpu.h>
#include <hv/printk.h>
#include <asm/gic_ops.h>
#include <asm/processor.h>
#include <asm/sysregs.h>
#include <asm/vgic.h>
#include "gicv3_lr.h"

#define LR_STATE_SHIFT		62
#define LR_PENDING		(1ULL << LR_STATE_SHIFT)
#define LR_ACTIVE		(2ULL << LR_STATE_SHIFT)
#define LR_STATE_MASK		(3ULL << LR_STATE_SHIFT)
#define LR_HW			BIT64(61)
#define LR_GROUP1		BIT64(60)
#define LR_PRIORITY_SHIFT	48
#define LR_PINTID_SHIFT		32
#define LR_PINTID_MASK		(0x1fffULL << LR_PINTID_SHIFT)
#define LR_VINTID_MASK		0xffffffffULL

#define ICH_HCR_EN		BIT64(0)
#define ICH_HCR_UIE		BIT64(1)

#define VMCR_VENG1		BIT64(1)
#define VMCR_VCBPR		BIT64(4)
#define VMCR_VEOIM		BIT64(9)
#define VMCR_VBPR1_SHIFT	18
#define VMCR_VPMR_SHIFT		24

#define ICC_CTLR_CBPR		BIT64(0)
#define ICC_CTLR_EOIMODE	BIT64(1)

#define LR_CASE(n)							\
	case n:								\
		if (write) {						\
			asm volatile("msr ich_lr" #n "_el2, %0"		\
				     : : "r" (val));			\
		} else {						\
			asm volatile("mrs %0, ich_lr" #n "_el2"		\
				     : "=r" (val));			\
		}							\
		break

static uint64_t lr_access(unsigned int n, bool write, uint64_t val)
{
	switch (n) {
	LR_CASE(0); LR_CASE(1); LR_CASE(2); LR_CASE(3);
	LR_CASE(4); LR_CASE(5); LR_CASE(6); LR_CASE(7);
	LR_CASE(8); LR_CASE(9); LR_CASE(10); LR_CASE(11);
	LR_CASE(12); LR_CASE(13); LR_CASE(14); LR_CASE(15);
	default:
		break;		/* callers stay below gic.num_lrs <= 16 */
	}
	return val;
}

static uint64_t read_lr(unsigned int n)
{
	return lr_access(n, false, 0);
}

static void write_lr(unsigned int n, uint64_t val)
{
	lr_access(n, true, val);
}

static void deactivate(unsigned int intid)
{
	write_sysreg(intid, icc_dir_el1);
}

/*
 * Puts intid into a list register of this CPU; false if all are busy.
 * ICH_ELRSR_EL2 names the empty ones, so no register is read to find one.
 */
bool gicv3_lr_insert(unsigned int intid, bool hw)
{
	unsigned long all = BIT(gic.num_lrs) - 1U;
	unsigned long empty = read_sysreg(ich_elrsr_el2) & all;
	unsigned long used = ~empty & all;
	uint64_t lr;
	unsigned int n;

	/*
	 * Only the registers in use are looked at (usually none). A physical
	 * interrupt can be there too: the guest may clear its active state
	 * through the redistributor while the list register still holds it,
	 * and two list registers with one vINTID are UNPREDICTABLE.
	 */
	while (used != 0U) {
		n = (unsigned int)__builtin_ctzl(used);
		used &= used - 1U;
		lr = read_lr(n);
		if ((lr & LR_VINTID_MASK) != intid) {
			continue;
		}
		/* Already there: pending stays pending, active gets both. */
		if ((lr & LR_STATE_MASK) == LR_ACTIVE && !(lr & LR_HW)) {
			write_lr(n, lr | LR_PENDING);
		}
		return true;
	}
	if (empty == 0U) {
		return false;
	}
	lr = LR_PENDING | LR_GROUP1 | intid |
		((uint64_t)GIC_PRIORITY << LR_PRIORITY_SHIFT);
	if (hw) {
		lr |= LR_HW | ((uint64_t)intid << LR_PINTID_SHIFT);
	}
	/* LR0 is the one nearly always free: written without the switch. */
	if ((empty & 1U) != 0U) {
		write_sysreg(lr, ich_lr0_el2);
	} else {
		write_lr((unsigned int)__builtin_ctzl(empty), lr);
	}
	return true;
}

void gicv3_set_underflow_irq(bool on)
{
	uint64_t hcr = read_sysreg(ich_hcr_el2);

	hcr = on ? hcr | ICH_HCR_UIE : hcr & ~ICH_HCR_UIE;
	write_sysreg(hcr, ich_hcr_el2);
}

void gicv3_vcpu_park(void)
{
	write_sysreg(0, ich_hcr_el2);
	isb();
}

void vgic_send_sgi(struct per_cpu *pcpu, uint64_t sgi1r)
{
	unsigned int intid = (unsigned int)((sgi1r >> 24) & 0xf), cpu;
	uint64_t aff321 = (sgi1r >> 48 & 0xff) << 32 |
		(sgi1r >> 32 & 0xff) << 16 | (sgi1r >> 16 & 0xff) << 8;
	unsigned int rs = (unsigned int)((sgi1r >> 44) & 0xf);
	bool all_others = (sgi1r & BIT64(40)) != 0U;
	struct per_cpu *target;
	uint64_t mpidr, aff0;

	pcpu->stats[JH_STAT_SGI]++;
	/*
	 * During enable and disable, targets that run Linux natively have no
	 * queue to go through: the SGI goes out as written. Those that are
	 * under the hypervisor take it as a physical SGI and get it injected
	 * (gic_handle_irq); only root CPUs exist meanwhile.
	 */
	if (pcpu->cell == &root_cell && hv_root_in_transition()) {
		gic_send_sgi_raw(sgi1r);
		return;
	}
	/* Only CPUs of the sender's cell can ever be targets. */
	for_each_cell_cpu(cpu, pcpu->cell) {
		target = per_cpu(cpu);
		if (!target || target->state != CPU_RUNNING) {
			continue;
		}
		mpidr = target->arch.mpidr;
		aff0 = mpidr & 0xff;
		if (all_others) {
			if (target == pcpu) {
				continue;
			}
		} else if ((mpidr & ~0xffULL) != aff321 || aff0 / 16 != rs ||
			   !(sgi1r & BIT64(aff0 % 16))) {
			continue;
		}
		if (!target->arch.direct) {
			vgic_inject(target, intid, false);
		} else if (intid != SGI_KICK) {
			/* Its own interface takes it, no exit. */
			gic_send_sgi(target, intid);
		}
	}
}

static void clear_lrs(void)
{
	unsigned int n;

	for (n = 0; n < gic.num_lrs; n++) {
		write_lr(n, 0);
	}
	write_sysreg(0, ich_ap0r0_el2);
	write_sysreg(0, ich_ap1r0_el2);
}

/*
 * Entry: the guest (Linux) keeps the CPU interface state it had set up
 * physically, now in its virtual form.
 */
void gicv3_vcpu_init(struct per_cpu *pcpu)
{
	uint64_t ctlr = read_sysreg(icc_ctlr_el1);
	uint64_t vmcr;

	pcpu->arch.orig_icc_ctlr = ctlr;
	pcpu->arch.hv_icc_pmr = read_sysreg(icc_pmr_el1);
	pcpu->arch.hv_icc_bpr1 = read_sysreg(icc_bpr1_el1);
	vmcr = (read_sysreg(icc_pmr_el1) & 0xff) << VMCR_VPMR_SHIFT |
		(read_sysreg(icc_bpr1_el1) & 7) << VMCR_VBPR1_SHIFT |
		(ctlr & ICC_CTLR_EOIMODE ? VMCR_VEOIM : 0) |
		(ctlr & ICC_CTLR_CBPR ? VMCR_VCBPR : 0) |
		(read_sysreg(icc_igrpen1_el1) & 1 ? VMCR_VENG1 : 0);

	clear_lrs();
	write_sysreg(vmcr, ich_vmcr_el2);
	write_sysreg(ctlr | ICC_CTLR_EOIMODE, icc_ctlr_el1);
	write_sysreg(ICH_HCR_EN, ich_hcr_el2);
	isb();
}

/* Deactivates what a list register or queue entry holds physically. */
static void release_all(struct per_cpu *pcpu, bool hand_back)
{
	unsigned long empty = read_sysreg(ich_elrsr_el2);
	unsigned int n, intid;
	uint64_t lr;

	for (n = 0; n < gic.num_lrs; n++) {
		if ((empty & BIT(n)) != 0U) {
			continue;
		}
		lr = read_lr(n);
		intid = (unsigned int)(lr & LR_VINTID_MASK);
		if ((lr & LR_HW) != 0U) {
			/* Active: the guest handles it and deactivates it. */
			if (hand_back && (lr & LR_STATE_MASK) != LR_PENDING) {
				continue;
			}
			deactivate(intid);
			if (hand_back) {
				gic_set_pending(pcpu, intid);
			}
		} else if (hand_back && (lr & LR_PENDING)) {
			gic_send_sgi(pcpu, intid);
		}
	}
	vgic_release_queue(pcpu, hand_back);
	clear_lrs();
}

/* A fresh start of the CPU (PSCI CPU_ON, new cell): nothing pending. */
void gicv3_vcpu_reset(struct per_cpu *pcpu)
{
	release_all(pcpu, false);
	write_sysreg(0, ich_vmcr_el2);
	write_sysreg(pcpu->arch.direct ? ICH_HCR_DIRECT : ICH_HCR_EN,
		     ich_hcr_el2);
	isb();
}

/* Disable: the physical CPU interface goes back to Linux as it left it. */
void gicv3_vcpu_exit(struct per_cpu *pcpu)
{
	uint64_t vmcr = read_sysreg(ich_vmcr_el2);
	uint64_t ctlr = pcpu->arch.orig_icc_ctlr & ~ICC_CTLR_EOIMODE;

	write_sysreg(vmcr >> VMCR_VPMR_SHIFT & 0xff, icc_pmr_el1);
	write_sysreg(vmcr >> VMCR_VBPR1_SHIFT & 7, icc_bpr1_el1);
	if ((vmcr & VMCR_VEOIM) != 0U) {
		ctlr |= ICC_CTLR_EOIMODE;
	}
	/* Pending SGIs are re-sent, so the interface must be usable. */
	write_sysreg(0, ich_hcr_el2);
	release_all(pcpu, true);
	write_sysreg(ctlr, icc_ctlr_el1);
	write_sysreg(vmcr & VMCR_VENG1 ? 1 : 0, icc_igrpen1_el1);
	isb();
}
