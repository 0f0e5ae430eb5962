// SPDX-License-Identifier: GPL-2.0
/*
 * x86 per-CPU state a cell must not inherit (see common/scrub.c): the
 * SSE registers and the debug address registers that the previous attack
 * cell on this CPU planted, or the root left. The inmate is built without
 * SSE code, so the registers are reached from inline assembly only, after
 * turning SSE on (CR4.OSFXSR, CR0.EM clear).
 */
#include <attack.h>

#define SECRET		0x5ec2e75ec2e7f00dULL
#define CR0_EM		(1UL << 2)
#define CR0_MP		(1UL << 1)
#define CR4_OSFXSR	(1UL << 9)

static void sse_on(void)
{
	unsigned long cr0, cr4;

	asm volatile("mov %%cr0, %0; mov %%cr4, %1" : "=r"(cr0), "=r"(cr4));
	cr0 = (cr0 & ~CR0_EM) | CR0_MP;
	asm volatile("mov %0, %%cr0; mov %1, %%cr4"
		     : : "r"(cr0), "r"(cr4 | CR4_OSFXSR));
}

#define XMM_ALL(op)	op(0) op(1) op(2) op(3) op(4) op(5) op(6) op(7) \
			op(8) op(9) op(10) op(11) op(12) op(13) op(14) op(15)
#define XMM_SET(n)	"movq %0, %%xmm" #n "\n"
#define XMM_GET(n)							\
	asm volatile("movq %%xmm" #n ", %0" : "=r"(v));		\
	nonzero += v != 0;

void attack_arch_plant_regs(void)
{
	sse_on();
	asm volatile(XMM_ALL(XMM_SET) : : "r"(SECRET));
	asm volatile("mov %0, %%db0; mov %0, %%db1; mov %0, %%db2;"
		     "mov %0, %%db3" : : "r"(0x80000UL));
}

ATTACK(scrub_sse, "scrub-sse", ATTACK_REFUSED,
       "read the previous owner's SSE registers");
static void scrub_sse(void)
{
	unsigned long v, nonzero = 0;

	sse_on();
	XMM_ALL(XMM_GET)
	if (nonzero)
		attack_breach("%lu of 16 XMM registers non-zero at entry",
			      nonzero);
	else
		attack_contained("XMM0-XMM15 (low halves) zero at entry");
}

ATTACK(scrub_debug, "scrub-debug", ATTACK_REFUSED,
       "read the previous owner's debug address registers");
static void scrub_debug(void)
{
	unsigned long dr0, dr1, dr2, dr3;

	asm volatile("mov %%db0, %0; mov %%db1, %1; mov %%db2, %2;"
		     "mov %%db3, %3"
		     : "=r"(dr0), "=r"(dr1), "=r"(dr2), "=r"(dr3));
	if (dr0 | dr1 | dr2 | dr3)
		attack_breach("DR0-3 0x%lx 0x%lx 0x%lx 0x%lx at entry", dr0,
			      dr1, dr2, dr3);
	else
		attack_contained("DR0-DR3 zero at entry");
}
