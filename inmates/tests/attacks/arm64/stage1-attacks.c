// SPDX-License-Identifier: GPL-2.0
/*
 * The cell's own translation and vectors pointed outside its memory: the
 * CPU's accesses on the cell's behalf (a stage-1 table walk, a vector
 * fetch) go through stage 2 like any other, so each faults into the
 * hypervisor, which must stop the cell instead of looping or hanging.
 */
#include <attack.h>

#define OUTSIDE		0x100000UL	/* just past the cell's RAM */
/* TCR_EL1: T0SZ 16 (48-bit VA), 4 KiB granule, inner/outer WB, IPS 40 bit */
#define TCR_4K_48BIT	(16UL | (1UL << 8) | (1UL << 10) | (3UL << 12) | \
			 (2UL << 32))
#define SCTLR_M		1UL

ATTACK(stage1_walk_outside, "stage1-walk-outside", ATTACK_STOP,
       "make the CPU walk stage-1 tables in memory the cell does not own");
static void stage1_walk_outside(void)
{
	unsigned long sctlr;

	attack_note("TTBR0_EL1 = 0x%lx, MMU on", OUTSIDE);
	asm volatile("mrs %0, sctlr_el1" : "=r"(sctlr));
	asm volatile("msr mair_el1, %0; msr tcr_el1, %1; msr ttbr0_el1, %2;"
		     "isb; msr sctlr_el1, %3; isb"
		     : : "r"(0xffUL), "r"(TCR_4K_48BIT), "r"(OUTSIDE),
		       "r"(sctlr | SCTLR_M) : "memory");
}

ATTACK(vectors_outside, "vectors-outside", ATTACK_STOP,
       "make the CPU fetch exception vectors from memory the cell does not own");
static void vectors_outside(void)
{
	attack_note("VBAR_EL1 = 0x%lx, then svc", OUTSIDE);
	asm volatile("msr vbar_el1, %0; isb; svc #0" : : "r"(OUTSIDE)
		     : "memory");
}
