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

/*
 * General-purpose registers at entry (start.S records x1-x30 before any C
 * code runs): the hypervisor hands a (re)started CPU zeroes. The case
 * that matters is a restart in place (`cell start --force` while the cell
 * runs): the CPU is stopped by the kick in an IRQ exit, whose lean entry
 * leaves x19-x29 in the registers rather than the frame. So after its
 * verdict this attack fills x19-x29 with a pattern and spins in them
 * (up to 3 s, until a shutdown request); attack-arm64.scn restarts it meanwhile and judges the
 * second run's verdict. A word of the cell's RAM counts the starts (the
 * RAM is scrubbed at create, kept over a restart in place).
 */
#define GPR_PATTERN	0x5ec2e75ec2e7beefULL
#define START_COUNT	((volatile uint64_t *)0xe0000UL)

extern uint64_t inmate_entry_regs[30];

ATTACK(scrub_gprs, "scrub-gprs", ATTACK_REFUSED,
       "read the previous run's x1-x30 at entry, also after a restart in "
       "place that stopped the CPU in an IRQ exit");
static void scrub_gprs(void)
{
	uint64_t start = ++*START_COUNT, end, deadline;
	unsigned int n, nonzero = 0, planted = 0, first = 0;

	for (n = 0; n < 30; n++) {
		if (inmate_entry_regs[n] == 0)
			continue;
		if (!nonzero)
			first = n + 1;
		nonzero++;
		if (inmate_entry_regs[n] == GPR_PATTERN + n)
			planted++;
	}
	if (nonzero)
		attack_breach("start %lu: %u of x1-x30 non-zero at entry (first "
			      "x%u = 0x%lx), %u of them the previous run's "
			      "pattern", (unsigned long)start, nonzero, first,
			      (unsigned long)inmate_entry_regs[first - 1],
			      planted);
	else
		attack_contained("start %lu: x1-x30 zero at entry",
				 (unsigned long)start);

	/*
	 * Spin in chunks of about 1 ms with the pattern in x19-x29, for at
	 * most 3 s or until the root asks the cell to shut down (jh-attack
	 * does right after the verdict).
	 */
	deadline = timer_now() + 3 * timer_frequency();
	while (timer_now() < deadline && !comm_shutdown_requested()) {
		end = timer_now() + timer_frequency() / 1000;
		/* x29 is the frame pointer: kept in x10 meanwhile. */
		asm volatile("mov x10, x29\n\t"
			     "mov x19, %[p]\n\t"
			     "add x20, x19, #1\n\tadd x21, x19, #2\n\t"
			     "add x22, x19, #3\n\tadd x23, x19, #4\n\t"
			     "add x24, x19, #5\n\tadd x25, x19, #6\n\t"
			     "add x26, x19, #7\n\tadd x27, x19, #8\n\t"
			     "add x28, x19, #9\n\tadd x29, x19, #10\n"
			     "1:\tmrs x9, cntvct_el0\n\t"
			     "cmp x9, %[end]\n\t"
			     "b.lo 1b\n\t"
			     "mov x29, x10"
			     : : [p] "r"(GPR_PATTERN + 18), [end] "r"(end)
			     : "x9", "x10", "x19", "x20", "x21", "x22", "x23",
			       "x24", "x25", "x26", "x27", "x28", "cc",
			       "memory");
	}
}
