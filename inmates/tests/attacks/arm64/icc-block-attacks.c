// SPDX-License-Identifier: GPL-2.0
/*
 * The hypervisor stops a cell's CPU with an interrupt (its kick SGI). A
 * cell that could mask that interrupt through its CPU interface would
 * keep its CPUs for good: the root could neither destroy it nor get the
 * CPUs back. This attack shuts its CPU interface every way a guest can:
 * PSTATE masks, priority mask 0, both group enables off, and both groups'
 * active priority registers claiming an interrupt active at the highest
 * priority (writes the GIC architecture calls UNPREDICTABLE for the
 * prioritisation, i.e. able to stop any interrupt from preempting). Then
 * it stays running; jh-attack's shutdown and destroy must still stop it.
 *
 * Today every one of these registers is the virtual ICV_* one
 * (HCR_EL2.IMO and FMO set), so the writes must not matter. Under exitless
 * interrupt delivery (IMO clear) ICC_AP1R0_EL1 and ICC_IGRPEN1_EL1 would
 * be the physical ones: see Documentation/arm64.md, "Exitless
 * interrupts", for why that mode stays off.
 */
#include <attack.h>
#include <sysreg.h>

#define ICC_AP0R0_EL1	S3_0_C12_C8_4
#define ICC_BPR0_EL1	S3_0_C12_C8_3
#define ICC_AP1R0_EL1	S3_0_C12_C9_0
#define ICC_RPR_EL1	S3_0_C12_C11_3
#define ICC_IGRPEN0_EL1	S3_0_C12_C12_6

ATTACK(icc_block_stop, "icc-block-stop", ATTACK_REFUSED,
       "mask every interrupt at the CPU interface (PMR 0, group enables "
       "off, top priority claimed active) so that the hypervisor can no "
       "longer stop the cell's CPU");
static void icc_block_stop(void)
{
	uint64_t pmr, rpr;

	asm volatile("msr daifset, #0xf" ::: "memory");
	sysreg_write(ICC_PMR_EL1, 0);
	sysreg_write(ICC_BPR0_EL1, 7);
	sysreg_write(ICC_BPR1_EL1, 7);
	sysreg_write(ICC_AP0R0_EL1, 1);
	sysreg_write(ICC_AP1R0_EL1, 1);
	sysreg_write(ICC_IGRPEN0_EL1, 0);
	sysreg_write(ICC_IGRPEN1_EL1, 0);
	isb();
	pmr = sysreg_read(ICC_PMR_EL1);
	rpr = sysreg_read(ICC_RPR_EL1);
	/*
	 * The cell stays like this (interrupts masked, the handshake is
	 * polled); whether it is still stopped is the harness's judgement.
	 */
	attack_contained("CPU interface shut (PMR 0x%lx, running priority "
			 "0x%lx, group enables 0, PSTATE.DAIF set); the "
			 "harness must still stop the cell",
			 (unsigned long)pmr, (unsigned long)rpr);
}
