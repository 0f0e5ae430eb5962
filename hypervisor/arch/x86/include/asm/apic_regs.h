/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Local APIC registers (Intel SDM vol. 3 ch. 11, AMD APM vol. 2 ch. 16):
 * xAPIC page offsets, the x2APIC MSR of each (0x800 + offset / 16), and
 * the ICR and LVT fields the mediation checks.
 */
#ifndef ASM_APIC_REGS_H
#define ASM_APIC_REGS_H

#define APIC_ID			0x020
#define APIC_VERSION		0x030
#define APIC_TPR		0x080
#define APIC_EOI		0x0b0
#define APIC_LDR		0x0d0
#define APIC_DFR		0x0e0
#define APIC_SVR		0x0f0
#define APIC_ISR		0x100
#define APIC_IRR		0x200
#define APIC_ESR		0x280
#define APIC_LVT_CMCI		0x2f0
#define APIC_ICR_LO		0x300
#define APIC_ICR_HI		0x310
#define APIC_LVT_TIMER		0x320
#define APIC_LVT_THERMAL	0x330
#define APIC_LVT_PERF		0x340
#define APIC_LVT_LINT0		0x350
#define APIC_LVT_LINT1		0x360
#define APIC_LVT_ERROR		0x370
#define APIC_LVT_LAST		0x370
#define APIC_TMICT		0x380
#define APIC_TMCCT		0x390
#define APIC_TDCR		0x3e0
#define APIC_SELF_IPI		0x3f0	/* x2APIC only */

/* x2APIC: every register is an MSR; ICR is one 64-bit MSR. */
#define X2APIC_MSR_BASE		0x800U
#define X2APIC_MSR(reg)		(X2APIC_MSR_BASE + (reg) / 16U)
#define X2APIC_REG(msr)		(((msr) - X2APIC_MSR_BASE) * 16U)
#define X2APIC_BROADCAST	0xffffffffU

#define ICR_VECTOR		0x000000ffU
#define FIRST_IRQ_VECTOR	32
#define ICR_MODE(v)		(((v) >> 8) & 7)
#define ICR_MODE_FIXED		0
#define ICR_MODE_LOWEST		1
#define ICR_MODE_SMI		2
#define ICR_MODE_RESERVED	3
#define ICR_MODE_NMI		4
#define ICR_MODE_INIT		5
#define ICR_MODE_SIPI		6
#define ICR_MODE_EXTINT		7
#define ICR_LOGICAL		(1U << 11)
#define ICR_BUSY		(1U << 12)	/* xAPIC only */
#define ICR_ASSERT		(1U << 14)
#define ICR_LEVEL		(1U << 15)
#define ICR_SHORTHAND(v)	(((v) >> 18) & 3)
#define ICR_TO_SELF		1
#define ICR_TO_ALL		2
#define ICR_TO_OTHERS		3
#define LVT_MASKED		(1U << 16)
#define DFR_FLAT		0xf0000000U
#define DFR_RESET		0xffffffffU
#define SVR_ENABLE		(1U << 8)
#define VERSION_MAX_LVT(v)	(((v) >> 16) & 0xff)
#define MAX_LVT_CMCI		6	/* CMCI is the 7th LVT entry */

#endif /* ASM_APIC_REGS_H */
