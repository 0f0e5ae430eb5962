/* SPDX-License-Identifier: GPL-2.0 */
/*
 * System registers and their fields (Arm ARM, GICv3 spec). Included by
 * assembly too.
 */
#ifndef ASM_SYSREGS_H
#define ASM_SYSREGS_H

#ifdef __ASSEMBLER__
#define UL(x)			x
#else
#define UL(x)			x##UL
#endif

/* SCTLR_EL2/EL1 */
#define SCTLR_M			UL(0x1)
#define SCTLR_A			UL(0x2)
#define SCTLR_C			UL(0x4)
#define SCTLR_SA		UL(0x8)
#define SCTLR_I			UL(0x1000)
#define SCTLR_SPAN		(UL(1) << 23)
/* SCTLR_EL1 reset-like value: MMU and caches off, RES1 bits of v8.0. */
#define SCTLR_EL1_RESET		UL(0x30d00800)

/* HCR_EL2 */
#define HCR_VM			(UL(1) << 0)
#define HCR_SWIO		(UL(1) << 1)
#define HCR_FMO			(UL(1) << 3)
#define HCR_IMO			(UL(1) << 4)
#define HCR_AMO			(UL(1) << 5)
#define HCR_VSE			(UL(1) << 8)
#define HCR_FB			(UL(1) << 9)
#define HCR_BSU_IS		(UL(1) << 10)
#define HCR_TWI			(UL(1) << 13)
#define HCR_TWE			(UL(1) << 14)
#define HCR_TSC			(UL(1) << 19)
#define HCR_TACR		(UL(1) << 21)
#define HCR_TSW			(UL(1) << 22)
#define HCR_TIDCP		(UL(1) << 20)
#define HCR_RW			(UL(1) << 31)
#define HCR_APK			(UL(1) << 40)
#define HCR_API			(UL(1) << 41)
/*
 * Every cell: stage 2 on, SMC trapped (PSCI), AArch64 EL1, physical IRQs
 * and FIQs to EL2, ACTLR_EL1 and IMPLEMENTATION DEFINED registers trapped
 * (sysreg.c). Non-root cells also trap cache maintenance by set/way,
 * whose invalidation would drop other cells' dirty lines.
 */
#define HCR_GUEST		(HCR_VM | HCR_TSC | HCR_RW | HCR_IMO | \
				 HCR_FMO | HCR_TACR | HCR_TIDCP)
#define HCR_NONROOT		(HCR_GUEST | HCR_TSW)

/* MDCR_EL2 */
#define MDCR_HPMN_MASK		UL(0x1f)
#define MDCR_TPMCR		(UL(1) << 5)
#define MDCR_TPM		(UL(1) << 6)
#define MDCR_TDA		(UL(1) << 9)
#define MDCR_TDOSA		(UL(1) << 10)
#define MDCR_TDRA		(UL(1) << 11)
/*
 * Non-root cells: debug, OS lock, ROM address and PMU registers trap
 * (sysreg.c); the root cell keeps the MDCR_EL2 Linux's stub set.
 */
#define MDCR_NONROOT		(MDCR_TPMCR | MDCR_TPM | MDCR_TDA | \
				 MDCR_TDOSA | MDCR_TDRA)
/* Bits of the stub's HCR_EL2 a guest keeps (pointer auth not trapped). */
#define HCR_KEEP_MASK		(HCR_APK | HCR_API)

/* TCR_EL2 (EL2 translation regime without VHE) */
#define TCR_T0SZ(bits)		(UL(64) - (bits))
#define TCR_IRGN0_WBWA		(UL(1) << 8)
#define TCR_ORGN0_WBWA		(UL(1) << 10)
#define TCR_SH0_INNER		(UL(3) << 12)
#define TCR_TG0_4K		(UL(0) << 14)
#define TCR_PS_SHIFT		16
#define TCR_EL2_RES1		((UL(1) << 31) | (UL(1) << 23))

/* VTCR_EL2 */
#define VTCR_SL0_SHIFT		6
#define VTCR_PS_SHIFT		16
#define VTCR_RES1		(UL(1) << 31)

/* MAIR_EL2 attribute indexes used by the EL2 stage 1 */
#define MAIR_IDX_DEVICE_nGnRnE	0
#define MAIR_IDX_DEVICE_nGnRE	1
#define MAIR_IDX_NORMAL		2
#define MAIR_IDX_NORMAL_NC	3
#define MAIR_EL2_VALUE		UL(0x44ff0400)

/* ID_AA64MMFR0_EL1 */
#define MMFR0_PARANGE_MASK	UL(0xf)

/* SPSR: EL1h with D, A, I and F masked */
#define SPSR_EL1H		UL(0x5)
#define SPSR_EL1T		UL(0x4)
#define SPSR_EL0T		UL(0x0)
#define SPSR_MODE_MASK		UL(0x1f)
#define SPSR_MODE_AARCH32	UL(0x10)
#define SPSR_DAIF		(UL(0xf) << 6)
#define SPSR_PAN		(UL(1) << 22)
#define SPSR_EL1H_MASKED	(SPSR_EL1H | SPSR_DAIF)

/* ESR_ELx */
#define ESR_EC_SHIFT		26
#define ESR_EC(esr)		(((esr) >> ESR_EC_SHIFT) & 0x3f)
#define ESR_IL			(UL(1) << 25)
#define ESR_ISS(esr)		((esr) & 0x1ffffff)

#define EC_UNKNOWN		0x00
#define EC_WFX			0x01
#define EC_CP15_32		0x03
#define EC_CP15_64		0x04
#define EC_CP14_MR		0x05
#define EC_CP14_LS		0x06
#define EC_FP_ASIMD		0x07
#define EC_CP10_ID		0x08
#define EC_PAC			0x09
#define EC_CP14_64		0x0c
#define EC_BTI			0x0d
#define EC_ILL			0x0e
#define EC_SVC32		0x11
#define EC_HVC32		0x12
#define EC_SMC32		0x13
#define EC_SVC64		0x15
#define EC_HVC64		0x16
#define EC_SMC64		0x17
#define EC_SYS64		0x18
#define EC_SVE			0x19
#define EC_IABT_LOW		0x20
#define EC_IABT_CUR		0x21
#define EC_PC_ALIGN		0x22
#define EC_DABT_LOW		0x24
#define EC_DABT_CUR		0x25
#define EC_SP_ALIGN		0x26
#define EC_FP32			0x28
#define EC_FP64			0x2c
#define EC_SERROR		0x2f
#define EC_BREAKPT_LOW		0x30
#define EC_BREAKPT_CUR		0x31
#define EC_SOFTSTP_LOW		0x32
#define EC_SOFTSTP_CUR		0x33
#define EC_WATCHPT_LOW		0x34
#define EC_WATCHPT_CUR		0x35
#define EC_BKPT32		0x38
#define EC_BRK64		0x3c

/* Data abort ISS */
#define DABT_ISV		(UL(1) << 24)
#define DABT_SAS_SHIFT		22
#define DABT_SSE		(UL(1) << 21)
#define DABT_SRT_SHIFT		16
#define DABT_SF			(UL(1) << 15)
#define DABT_S1PTW		(UL(1) << 7)
#define DABT_WNR		(UL(1) << 6)
/* Fault status: synchronous external abort. */
#define FSC_SEA			UL(0x10)
/* DFSC/IFSC: translation fault, level in bits 1:0 */
#define FSC_TYPE_MASK		UL(0x3c)
#define FSC_TRANSLATION		UL(0x04)

/* MPIDR_EL1: the affinity fields */
#define MPIDR_AFF_MASK		UL(0xff00ffffff)

#ifndef __ASSEMBLER__
#define read_sysreg(reg) ({						\
	unsigned long __val;						\
	asm volatile("mrs %0, " #reg : "=r" (__val));			\
	__val;								\
})

#define write_sysreg(val, reg)						\
	asm volatile("msr " #reg ", %x0" : : "rZ" ((unsigned long)(val)))
#endif

#endif /* ASM_SYSREGS_H */
