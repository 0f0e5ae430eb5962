// SPDX-License-Identifier: GPL-2.0
/*
 * Direct delivery on GICv3: a cell owns the physical CPU interface of its
 * CPUs (HCR_EL2.IMO/FMO clear), so its interrupts reach it without exits.
 * What it may not own stays trapped (ICH_HCR_DIRECT): the SGI registers,
 * so that it signals only its own CPUs (vgic_send_sgi), the other registers
 * common to both groups (emulated here on the physical interface), and
 * Group 0, which belongs to the secure firmware (reads as zero, or as
 * spurious, writes ignored). The distributor and redistributors stay
 * emulated as for every cell. The hypervisor takes the CPU back through
 * SDEI (sdei.c), whatever the cell left in its interface; leaving cleans
 * the interface up before anyone else gets the CPU.
 */
#include <hv/percpu.h>
#include <asm/gic_ops.h>
#include <asm/io.h>
#include <asm/processor.h>
#include <asm/sysreg.h>
#include <asm/sysregs.h>
#include "gicv3_lr.h"
#include "gicv3_regs.h"

#define ICC_CTLR_CBPR		BIT64(0)
#define ICC_CTLR_EOIMODE	BIT64(1)
#define ICC_CTLR_PRIBITS(c)	((((c) >> 8) & 7) + 1)
#define INTID_SPURIOUS		1023

#define ICC_PMR_ID		SYSREG_ID(3, 0, 4, 6, 0)
#define ICC_DIR_ID		SYSREG_ID(3, 0, 12, 11, 1)
#define ICC_RPR_ID		SYSREG_ID(3, 0, 12, 11, 3)
#define ICC_CTLR_ID		SYSREG_ID(3, 0, 12, 12, 4)
#define ICC_IAR0_ID		SYSREG_ID(3, 0, 12, 8, 0)
#define ICC_HPPIR0_ID		SYSREG_ID(3, 0, 12, 8, 2)
#define ICC_IGRPEN0_ID		SYSREG_ID(3, 0, 12, 12, 6)
/* Group 0: IAR0, EOIR0, HPPIR0, BPR0, AP0R0-3 are Op0 3, Op1 0, C12, C8. */
#define GROUP0_BLOCK_MASK	SYSREG_ID(3, 7, 0xf, 0xf, 0)
#define GROUP0_BLOCK		SYSREG_ID(3, 0, 12, 8, 0)

static uint64_t sgi_base(const struct per_cpu *pcpu)
{
	return (uintptr_t)pcpu->arch.gicr + GICR_SGI_OFFSET;
}

/* Active priority registers: 1, 2 or 4 with 5, 6 or 7+ priority bits. */
static void clear_ap1r(void)
{
	unsigned int bits = ICC_CTLR_PRIBITS(read_sysreg(icc_ctlr_el1));

	write_sysreg(0, icc_ap1r0_el1);
	if (bits >= 6U) {
		write_sysreg(0, icc_ap1r1_el1);
	}
	if (bits >= 7U) {
		write_sysreg(0, icc_ap1r2_el1);
		write_sysreg(0, icc_ap1r3_el1);
	}
}

/*
 * The kick SGI and the maintenance PPI would reach the cell: off while it
 * runs (kicks go through SDEI; a kick SGI sent anyway stays pending and
 * is taken once the CPU is back). The interface as after reset: group
 * disabled, everything masked, EOImode 0, nothing active.
 */
void gicv3_direct_enter(struct per_cpu *pcpu)
{
	uint32_t ours = BIT(SGI_KICK) | BIT(gic.maint_irq);

	mmio_write32(sgi_base(pcpu) + GICR_ICENABLER0, ours);
	dsb(sy);
	write_sysreg(0, icc_igrpen1_el1);
	isb();
	clear_ap1r();
	write_sysreg(0, icc_pmr_el1);
	write_sysreg(0, icc_bpr1_el1);
	write_sysreg(pcpu->arch.orig_icc_ctlr &
		     ~(ICC_CTLR_EOIMODE | ICC_CTLR_CBPR), icc_ctlr_el1);
	isb();
}

/*
 * Taken back (park, reset into another cell): whatever the cell did to
 * its interface and private interrupts is undone, and the hypervisor's
 * state (EOImode 1, its priority mask, group 1 on, its interrupts) is
 * back. Active priorities are dropped without knowing the INTIDs (writing
 * zero is allowed), the private interrupts deactivated and their pending
 * state cleared, the kick's excepted: a kick on its way must still end
 * the park's wait. The cell's SPIs are cleaned when they change hands
 * (gic_move_spis). Group 0 is the firmware's and never reached the cell.
 */
void gicv3_direct_leave(struct per_cpu *pcpu)
{
	uint32_t ours = BIT(SGI_KICK) | BIT(gic.maint_irq);
	uint64_t base = sgi_base(pcpu);

	write_sysreg(0, icc_igrpen1_el1);
	isb();
	clear_ap1r();
	mmio_write32(base + GICR_ICACTIVER0, ~0U);
	mmio_write32(base + GICR_ICPENDR0, ~(uint32_t)BIT(SGI_KICK));
	mmio_write32(base + GICR_ISENABLER0, ours);
	dsb(sy);
	write_sysreg(pcpu->arch.hv_icc_pmr, icc_pmr_el1);
	write_sysreg(pcpu->arch.hv_icc_bpr1, icc_bpr1_el1);
	write_sysreg(pcpu->arch.orig_icc_ctlr | ICC_CTLR_EOIMODE,
		     icc_ctlr_el1);
	write_sysreg(1, icc_igrpen1_el1);
	isb();
}

static uint64_t group0_read(uint64_t id)
{
	return id == ICC_IAR0_ID || id == ICC_HPPIR0_ID ? INTID_SPURIOUS : 0;
}

/* A trapped access of a cell with direct delivery; false: not ours. */
bool gicv3_direct_sysreg(uint64_t id, bool read, uint64_t *val)
{
	if ((id & GROUP0_BLOCK_MASK) == GROUP0_BLOCK ||
	    id == ICC_IGRPEN0_ID) {
		if (read) {
			*val = group0_read(id);
		}
		return true;
	}
	switch (id) {
	case ICC_PMR_ID:
		if (read) {
			*val = read_sysreg(icc_pmr_el1);
		} else {
			write_sysreg(*val & 0xff, icc_pmr_el1);
		}
		return true;
	case ICC_RPR_ID:
		if (read) {
			*val = read_sysreg(icc_rpr_el1);
		}
		return true;
	case ICC_DIR_ID:
		/* Only the cell's own interrupts reach this CPU. */
		if (!read) {
			write_sysreg(*val & 0xffffff, icc_dir_el1);
		}
		return true;
	case ICC_CTLR_ID:
		if (read) {
			*val = read_sysreg(icc_ctlr_el1);
		} else {
			write_sysreg((read_sysreg(icc_ctlr_el1) &
				      ~(ICC_CTLR_EOIMODE | ICC_CTLR_CBPR)) |
				     (*val & (ICC_CTLR_EOIMODE | ICC_CTLR_CBPR)),
				     icc_ctlr_el1);
		}
		return true;
	default:
		return false;
	}
}
