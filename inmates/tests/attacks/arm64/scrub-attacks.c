// SPDX-License-Identifier: GPL-2.0
/*
 * arm64 per-CPU state a cell must not inherit (see common/scrub.c): the
 * FP/SIMD registers, hardware breakpoints/watchpoints and PMU counters
 * the previous attack cell on this CPU planted, or the root left.
 */
#include <attack.h>
#include <sysreg.h>

#define FP_PATTERN	0x5ec2e75ec2e7f00dULL

void attack_fpsimd_plant(uint64_t pattern);
unsigned long attack_fpsimd_nonzero(void);

void attack_arch_plant_regs(void)
{
	attack_fpsimd_plant(FP_PATTERN);
	/* A breakpoint and a watchpoint that never match (not enabled,
	 * address in the cell's own RAM), and a running cycle counter. */
	asm volatile("msr dbgbvr0_el1, %0; msr dbgbcr0_el1, %1;"
		     "msr dbgwvr0_el1, %0; msr dbgwcr0_el1, %1; isb"
		     : : "r"(0x80000UL), "r"(0x1e6UL));
	asm volatile("msr pmcntenset_el0, %0; msr pmcr_el0, %1; isb"
		     : : "r"(1UL << 31), "r"(1UL));
}

ATTACK(scrub_fpsimd, "scrub-fpsimd", ATTACK_REFUSED,
       "read the previous owner's FP/SIMD registers");
static void scrub_fpsimd(void)
{
	unsigned long nonzero = attack_fpsimd_nonzero();

	if (nonzero)
		attack_breach("%lu of 32 V registers non-zero%s at entry",
			      nonzero % 33, nonzero >= 32 ? ", FPCR set" : "");
	else
		attack_contained("V0-V31 and FPCR zero at entry");
}

ATTACK(scrub_debug_pmu, "scrub-debug-pmu", ATTACK_REFUSED,
       "inherit the previous owner's breakpoints and PMU state");
static void scrub_debug_pmu(void)
{
	uint64_t bcr, wcr, pmcr, cnten, mdscr;

	asm volatile("mrs %0, dbgbcr0_el1; mrs %1, dbgwcr0_el1;"
		     "mrs %2, pmcr_el0; mrs %3, pmcntenset_el0;"
		     "mrs %4, mdscr_el1"
		     : "=r"(bcr), "=r"(wcr), "=r"(pmcr), "=r"(cnten),
		       "=r"(mdscr));
	if (bcr || wcr || (pmcr & 1) || cnten || mdscr)
		attack_breach("DBGBCR0 0x%lx DBGWCR0 0x%lx PMCR 0x%lx "
			      "PMCNTENSET 0x%lx MDSCR 0x%lx at entry",
			      bcr, wcr, pmcr, cnten, mdscr);
	else
		attack_contained("breakpoint/watchpoint 0 disabled, PMU "
				 "counters off (PMCR 0x%lx), MDSCR 0",
				 pmcr);
}
