// SPDX-License-Identifier: GPL-2.0
/*
 * Synchronous exceptions injected into a guest's EL1, as if its own
 * hardware had raised them: the guest's exception registers are set and
 * it resumes at its vector for the mode it was in.
 */
#include <hv/percpu.h>
#include <asm/processor.h>
#include <asm/sysregs.h>
#include <asm/inject.h>

#define VBAR_CUR_SP0		0x000
#define VBAR_CUR_SPX		0x200
#define VBAR_LOW64		0x400
#define VBAR_LOW32		0x600

#define MMFR1_PAN_SHIFT		20

static void inject(uint64_t esr, uint64_t far, bool set_far)
{
	uint64_t spsr = read_sysreg(spsr_el2);
	uint64_t mode = spsr & SPSR_MODE_MASK;
	uint64_t offset, new_spsr = SPSR_EL1H_MASKED;

	if ((mode & SPSR_MODE_AARCH32) != 0U) {
		offset = VBAR_LOW32;
	} else if (mode == SPSR_EL0T) {
		offset = VBAR_LOW64;
	} else if (mode == SPSR_EL1T) {
		offset = VBAR_CUR_SP0;
	} else {
		offset = VBAR_CUR_SPX;
	}

	/* With PAN implemented and SCTLR_EL1.SPAN clear, entry sets PAN. */
	if (((read_sysreg(id_aa64mmfr1_el1) >> MMFR1_PAN_SHIFT) & 0xf) &&
	    !(read_sysreg(sctlr_el1) & SCTLR_SPAN)) {
		new_spsr |= SPSR_PAN;
	}

	write_sysreg(esr, esr_el1);
	if (set_far) {
		write_sysreg(far, far_el1);
	}
	write_sysreg(read_sysreg(elr_el2), elr_el1);
	write_sysreg(spsr, spsr_el1);
	write_sysreg(read_sysreg(vbar_el1) + offset, elr_el2);
	write_sysreg(new_spsr, spsr_el2);
	isb();
}

static bool from_el0(void)
{
	uint64_t mode = read_sysreg(spsr_el2) & SPSR_MODE_MASK;

	return (mode & SPSR_MODE_AARCH32) || mode == SPSR_EL0T;
}

void arch_inject_abort(struct per_cpu *pcpu, bool data, uint64_t far)
{
	uint64_t esr_el2 = read_sysreg(esr_el2);
	uint64_t ec;

	if (data) {
		ec = from_el0() ? EC_DABT_LOW : EC_DABT_CUR;
	} else {
		ec = from_el0() ? EC_IABT_LOW : EC_IABT_CUR;
	}
	inject(ec << ESR_EC_SHIFT | ESR_IL | FSC_SEA |
	       (data ? (esr_el2 & DABT_WNR) : 0), far, true);
}

void arch_inject_undef(struct per_cpu *pcpu)
{
	inject((uint64_t)EC_UNKNOWN << ESR_EC_SHIFT | ESR_IL, 0, false);
}
