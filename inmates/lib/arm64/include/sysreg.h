/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * System register and MMIO accessors.
 *
 * The stage-1 MMU is off, so every data access is Device-nGnRnE: MMIO
 * accessors are plain volatile accesses, but they must be naturally
 * aligned (the build uses -mstrict-align for the same reason).
 */
#ifndef _INMATE_SYSREG_H
#define _INMATE_SYSREG_H

#include <jailhouse/types.h>

/* Two steps so that a macro argument (a register name, a constant) is
 * expanded before it becomes a string. */
#define __stringify(x)	#x
#define stringify(x)	__stringify(x)

#define sysreg_read(reg) ({						\
	uint64_t __value;						\
	asm volatile("mrs %0, " stringify(reg) : "=r" (__value));	\
	__value;							\
})

#define sysreg_write(reg, value)					\
	asm volatile("msr " stringify(reg) ", %0" : : "r" ((uint64_t)(value)))

/* GICv3 CPU interface registers by encoding: no assembler extension
 * flag needed. */
#define ICC_PMR_EL1	S3_0_C4_C6_0
#define ICC_IAR1_EL1	S3_0_C12_C12_0
#define ICC_EOIR1_EL1	S3_0_C12_C12_1
#define ICC_BPR1_EL1	S3_0_C12_C12_3
#define ICC_CTLR_EL1	S3_0_C12_C12_4
#define ICC_SRE_EL1	S3_0_C12_C12_5
#define ICC_IGRPEN1_EL1	S3_0_C12_C12_7

static inline void isb(void)
{
	asm volatile("isb" ::: "memory");
}

static inline void dsb_sy(void)
{
	asm volatile("dsb sy" ::: "memory");
}

static inline uint32_t mmio_read32(unsigned long addr)
{
	return *(volatile uint32_t *)addr;
}

static inline void mmio_write32(unsigned long addr, uint32_t value)
{
	*(volatile uint32_t *)addr = value;
}

static inline uint64_t mmio_read64(unsigned long addr)
{
	return *(volatile uint64_t *)addr;
}

static inline void mmio_write64(unsigned long addr, uint64_t value)
{
	*(volatile uint64_t *)addr = value;
}

static inline uint8_t mmio_read8(unsigned long addr)
{
	return *(volatile uint8_t *)addr;
}

static inline void mmio_write8(unsigned long addr, uint8_t value)
{
	*(volatile uint8_t *)addr = value;
}

#endif /* _INMATE_SYSREG_H */
