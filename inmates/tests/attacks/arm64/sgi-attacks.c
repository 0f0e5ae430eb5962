// SPDX-License-Identifier: GPL-2.0
/*
 * The other two SGI registers (sgi-to-root in gic-attacks.c covers
 * ICC_SGI1R_EL1): Group 0 SGIs (ICC_SGI0R_EL1) would reach root Linux as
 * FIQs, which it does not handle (a kernel panic the bench catches), and
 * alias Group 1 SGIs (ICC_ASGI1R_EL1) as interrupts root never expects.
 * With HCR_EL2.FMO/IMO set both trap; the hypervisor ignores Group 0 and
 * checks the targets of alias Group 1 like those of ICC_SGI1R_EL1.
 */
#include <attack.h>

#define SGIR_TARGETS_ROOT	0x7UL		/* Aff0 0-2 in cluster 0 */
#define SGIR_INTID(n)		((unsigned long)(n) << 24)
#define SGIR_IRM		(1UL << 40)	/* every CPU but this one */

ATTACK(sgi0_to_root, "sgi0-to-root", ATTACK_REFUSED,
       "raise Group 0 SGIs (FIQs) on the root's CPUs");
static void sgi0_to_root(void)
{
	unsigned int n;

	for (n = 0; n < 16; n++) {
		asm volatile("msr s3_0_c12_c11_7, %0; isb"
			     : : "r"(SGIR_INTID(n) | SGIR_TARGETS_ROOT));
		asm volatile("msr s3_0_c12_c11_7, %0; isb"
			     : : "r"(SGIR_INTID(n) | SGIR_IRM));
	}
	attack_contained("32 Group 0 SGIs to CPUs 0-2 and IRM written");
}

ATTACK(asgi1_to_root, "asgi1-to-root", ATTACK_REFUSED,
       "raise alias Group 1 SGIs on the root's CPUs");
static void asgi1_to_root(void)
{
	unsigned int n;

	for (n = 0; n < 16; n++) {
		asm volatile("msr s3_0_c12_c11_6, %0; isb"
			     : : "r"(SGIR_INTID(n) | SGIR_TARGETS_ROOT));
		asm volatile("msr s3_0_c12_c11_6, %0; isb"
			     : : "r"(SGIR_INTID(n) | SGIR_IRM));
	}
	attack_contained("32 alias Group 1 SGIs to CPUs 0-2 and IRM "
			 "written");
}
