// SPDX-License-Identifier: GPL-2.0
/*
 * Attacks through system registers: SGIs to the root's CPUs
 * (ICC_SGI1R_EL1), the auxiliary and IMPLEMENTATION DEFINED control
 * registers of the core (HCR_EL2.TACR/TIDCP), and the debug and PMU
 * registers the next owner of the CPU would inherit (MDCR_EL2 traps).
 */
#include "gic-attacks.h"

#define ICC_SGI1R_EL1		S3_0_C12_C11_5
#define SGI1R_IRM		(1UL << 40)
#define SGI1R_AFF1(a)		((uint64_t)(a) << 16)
#define SGI1R_AFF2(a)		((uint64_t)(a) << 32)
#define SGI1R_AFF3(a)		((uint64_t)(a) << 48)
#define SGI1R_RS(rs)		((uint64_t)(rs) << 44)
#define SGI1R_INTID(i)		((uint64_t)(i) << 24)

/* QEMU cortex-a57: L2CTLR_EL1, L2ACTLR_EL1, CPUACTLR_EL1, CPUECTLR_EL1 */
#define L2CTLR_EL1		S3_1_C11_C0_2
#define L2ACTLR_EL1		S3_1_C15_C0_0
#define CPUACTLR_EL1		S3_1_C15_C2_0
#define CPUECTLR_EL1		S3_1_C15_C2_1

static unsigned int own_sgis(void)
{
	unsigned int n, sum = 0;

	for (n = 0; n < 16; n++)
		sum += await_irq(n, 0);
	return sum;
}

ATTACK(sgi_to_root, "sgi-to-root", ATTACK_REFUSED,
       "send every SGI (Linux's IPIs: reschedule, call function, CPU "
       "stop...) to the root's CPUs by target list, broadcast (IRM) and "
       "spoofed Aff1-3/range selectors");
static void sgi_to_root(void)
{
	uint64_t self = sysreg_read(mpidr_el1) & 0xff;
	uint64_t hostile[] = {
		0x7,					/* CPUs 0-2 */
		SGI1R_IRM,				/* all but self */
		SGI1R_AFF1(1) | 0xffff,
		SGI1R_AFF2(0xff) | 0xffff,
		SGI1R_AFF3(0xff) | 0xffff,
		SGI1R_RS(1) | 0xffff,
		SGI1R_RS(15) | SGI1R_AFF1(0xff) | 0xffff,
		SGI1R_IRM | SGI1R_AFF1(0xff) | 0xffff,
	};
	unsigned int sgi, n, sent = 0, got;

	attack_gic_setup();
	/* Positive control: an SGI to itself arrives. */
	sysreg_write(ICC_SGI1R_EL1, SGI1R_INTID(1) | (1UL << self));
	isb();
	if (!await_irq(1, 20000)) {
		attack_breach("positive control: SGI 1 to self did not arrive");
		return;
	}
	for (sgi = 0; sgi < 16; sgi++)
		for (n = 0; n < sizeof(hostile) / sizeof(hostile[0]); n++) {
			/* Leave out what names the cell's own CPU. */
			if (n == 0 && (hostile[n] & (1UL << self)))
				continue;
			sysreg_write(ICC_SGI1R_EL1,
				     hostile[n] | SGI1R_INTID(sgi));
			sent++;
		}
	isb();
	attack_delay_us(10000);
	got = own_sgis();
	if (got) {
		attack_breach("%u SGIs came back to the cell itself", got);
		return;
	}
	attack_contained("%u SGIs aimed at root CPUs; none looped back, the "
			 "root's health is judged by the harness", sent);
}

ATTACK(actlr_write, "actlr-write", ATTACK_REFUSED,
       "change the core's auxiliary control register ACTLR_EL1");
static void actlr_write(void)
{
	uint64_t before = sysreg_read(actlr_el1), after;

	sysreg_write(actlr_el1, before ^ 0x3);
	isb();
	after = sysreg_read(actlr_el1);
	if (after != before) {
		sysreg_write(actlr_el1, before);
		attack_breach("ACTLR_EL1 0x%lx -> 0x%lx", before, after);
	} else {
		attack_contained("ACTLR_EL1 stays 0x%lx", after);
	}
}

ATTACK(impdef_sysreg, "impdef-sysreg", ATTACK_REFUSED,
       "reach the core's IMPLEMENTATION DEFINED registers (Cortex-A57 "
       "CPUECTLR.SMPEN takes the core out of coherency, L2CTLR/L2ACTLR "
       "act on the shared L2)");
static void impdef_sysreg(void)
{
	uint64_t seen;

	sysreg_write(CPUECTLR_EL1, 0);
	sysreg_write(CPUACTLR_EL1, ~0UL);
	sysreg_write(L2ACTLR_EL1, ~0UL);
	isb();
	seen = sysreg_read(L2CTLR_EL1) | sysreg_read(CPUACTLR_EL1) |
		sysreg_read(L2ACTLR_EL1) | sysreg_read(CPUECTLR_EL1);
	if (seen)
		attack_breach("IMPLEMENTATION DEFINED registers answer: 0x%lx",
			      seen);
	else
		attack_contained("L2CTLR/L2ACTLR/CPUACTLR/CPUECTLR read 0, "
				 "writes ignored");
}

ATTACK(pmu_debug, "pmu-debug", ATTACK_REFUSED,
       "program the PMU (PMCR_EL0, counters, EL0 access) and self-hosted "
       "debug (MDSCR_EL1, a breakpoint, the OS lock), which the next "
       "owner of the CPU would inherit");
static void pmu_debug(void)
{
	uint64_t pmcr, cnten, useren, mdscr, bvr, bcr, oslsr;

	sysreg_write(pmcr_el0, 0x7);		/* E, P, C */
	sysreg_write(pmcntenset_el0, 1UL << 31);
	sysreg_write(pmuserenr_el0, 0xf);
	sysreg_write(mdscr_el1, (1UL << 15) | (1UL << 13));	/* MDE KDE */
	sysreg_write(dbgbvr0_el1, 0x1000);
	sysreg_write(dbgbcr0_el1, 0x1e7);	/* enabled, any EL */
	sysreg_write(oslar_el1, 1);
	isb();
	pmcr = sysreg_read(pmcr_el0) & 1;
	cnten = sysreg_read(pmcntenset_el0);
	useren = sysreg_read(pmuserenr_el0);
	mdscr = sysreg_read(mdscr_el1) & ((1UL << 15) | (1UL << 13));
	bvr = sysreg_read(dbgbvr0_el1);
	bcr = sysreg_read(dbgbcr0_el1) & 1;
	oslsr = sysreg_read(oslsr_el1) & 2;
	/* Leave nothing armed even where the writes went through. */
	sysreg_write(dbgbcr0_el1, 0);
	sysreg_write(mdscr_el1, 0);
	sysreg_write(oslar_el1, 0);
	sysreg_write(pmcr_el0, 0);
	isb();
	if (pmcr || cnten || useren || mdscr || bvr || bcr || oslsr)
		attack_breach("PMCR.E %lu PMCNTENSET 0x%lx PMUSERENR 0x%lx "
			      "MDSCR 0x%lx DBGBVR0 0x%lx DBGBCR0.E %lu "
			      "OSLSR.OSLK %lu", pmcr, cnten, useren, mdscr,
			      bvr, bcr, oslsr >> 1);
	else
		attack_contained("PMU and debug registers read 0 after the "
				 "writes");
}
