/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Barriers and CPU hints.
 */
#ifndef ASM_PROCESSOR_H
#define ASM_PROCESSOR_H

#define dsb(opt)	asm volatile("dsb " #opt : : : "memory")
#define dmb(opt)	asm volatile("dmb " #opt : : : "memory")
#define isb()		asm volatile("isb" : : : "memory")

#define smp_mb()	dmb(ish)
#define smp_rmb()	dmb(ishld)
#define smp_wmb()	dmb(ishst)
#define barrier()	asm volatile("" : : : "memory")

static inline void cpu_relax(void)
{
	asm volatile("yield" : : : "memory");
}

static inline void wfi(void)
{
	asm volatile("dsb sy; wfi" : : : "memory");
}

#endif /* ASM_PROCESSOR_H */
