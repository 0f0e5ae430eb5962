/* SPDX-License-Identifier: GPL-2.0 */
/*
 * x86 barriers and hints. x86 keeps stores in order, so the write
 * barrier only stops the compiler.
 */
#ifndef ASM_PROCESSOR_H
#define ASM_PROCESSOR_H

#define barrier()	asm volatile("" : : : "memory")
#define smp_mb()	asm volatile("mfence" : : : "memory")
#define smp_rmb()	barrier()
#define smp_wmb()	barrier()

static inline void cpu_relax(void)
{
	asm volatile("pause" : : : "memory");
}

#endif /* ASM_PROCESSOR_H */
