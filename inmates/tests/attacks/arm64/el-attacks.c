// SPDX-License-Identifier: GPL-2.0
/*
 * Exception-level separation: a cell runs at EL1 and must find every
 * EL2 system register and EL2-only instruction UNDEFINED (EC 0x0), the
 * exception taken at its own EL1. Any of them executing (no exception)
 * means the cell runs at EL2 or the hypervisor emulates the access: a
 * breach either way.
 */
#include <attack.h>

#define EC_UNKNOWN	0x00
#define NO_FAULT	(~0UL)

extern char attack_catch_vectors[];
extern volatile unsigned long attack_caught_esr;

/* Runs INSN with the catching vectors; the ESR it raised, or NO_FAULT. */
#define TRY_INSN(insn)							\
	({								\
		unsigned long old_vbar;					\
		asm volatile("mrs %0, vbar_el1" : "=r"(old_vbar));	\
		attack_caught_esr = NO_FAULT;				\
		asm volatile("msr vbar_el1, %0; isb"			\
			     : : "r"(attack_catch_vectors));		\
		asm volatile(insn : : : "x0", "x16", "x17", "memory");	\
		asm volatile("msr vbar_el1, %0; isb" : : "r"(old_vbar)); \
		attack_caught_esr;					\
	})

struct el2_probe {
	const char *what;
	unsigned long esr;
};

static void judge(const char *class, struct el2_probe *p, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++) {
		if (p[i].esr == NO_FAULT) {
			attack_breach("%s executed at the cell's EL", p[i].what);
			return;
		}
		if ((p[i].esr >> 26) != EC_UNKNOWN) {
			attack_breach("%s raised EC 0x%lx, not UNDEFINED",
				      p[i].what, p[i].esr >> 26);
			return;
		}
	}
	attack_contained("%u %s, each UNDEFINED at EL1 (EC 0x0)", n, class);
}

ATTACK(el2_sysreg_read, "el2-sysreg-read", ATTACK_REFUSED,
       "read the hypervisor's EL2 registers (HCR, VTTBR, VBAR, ELR, TPIDR)");
static void el2_sysreg_read(void)
{
	struct el2_probe p[] = {
		{ "mrs HCR_EL2", TRY_INSN("mrs x0, hcr_el2") },
		{ "mrs VTTBR_EL2", TRY_INSN("mrs x0, vttbr_el2") },
		{ "mrs VBAR_EL2", TRY_INSN("mrs x0, vbar_el2") },
		{ "mrs ELR_EL2", TRY_INSN("mrs x0, elr_el2") },
		{ "mrs TPIDR_EL2", TRY_INSN("mrs x0, tpidr_el2") },
		{ "mrs TTBR0_EL2", TRY_INSN("mrs x0, ttbr0_el2") },
	};

	judge("EL2 register reads", p, ARRAY_SIZE(p));
}

ATTACK(el2_sysreg_write, "el2-sysreg-write", ATTACK_REFUSED,
       "rewrite the hypervisor's controls: HCR, VTTBR, VBAR, CPTR, MDCR, CNTVOFF");
static void el2_sysreg_write(void)
{
	struct el2_probe p[] = {
		{ "msr HCR_EL2", TRY_INSN("msr hcr_el2, xzr") },
		{ "msr VTTBR_EL2", TRY_INSN("msr vttbr_el2, xzr") },
		{ "msr VBAR_EL2", TRY_INSN("msr vbar_el2, xzr") },
		{ "msr CPTR_EL2", TRY_INSN("msr cptr_el2, xzr") },
		{ "msr MDCR_EL2", TRY_INSN("msr mdcr_el2, xzr") },
		{ "msr CNTVOFF_EL2", TRY_INSN("msr cntvoff_el2, xzr") },
		{ "msr CNTHCTL_EL2", TRY_INSN("msr cnthctl_el2, xzr") },
		{ "msr ICH_HCR_EL2", TRY_INSN("msr s3_4_c12_c11_0, xzr") },
	};

	judge("EL2 register writes", p, ARRAY_SIZE(p));
}

ATTACK(el2_insns, "el2-instructions", ATTACK_REFUSED,
       "EL2-only TLB and address-translation instructions from EL1");
static void el2_insns(void)
{
	struct el2_probe p[] = {
		{ "tlbi alle2", TRY_INSN("tlbi alle2") },
		{ "tlbi alle1is", TRY_INSN("tlbi alle1is") },
		{ "tlbi ipas2e1is", TRY_INSN("mov x0, #0; tlbi ipas2e1is, x0") },
		{ "at s12e1r", TRY_INSN("mov x0, #0; at s12e1r, x0") },
		{ "at s1e2r", TRY_INSN("mov x0, #0; at s1e2r, x0") },
	};

	judge("EL2-only instructions", p, ARRAY_SIZE(p));
}
