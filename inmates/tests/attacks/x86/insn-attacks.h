/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Helpers of the x86 instruction, MSR and port attacks (insn-attacks*.c).
 */
#ifndef _INSN_ATTACKS_H
#define _INSN_ATTACKS_H

#include <attack.h>
#include <fault.h>
#include <x86.h>

#define VEC_UD		6
#define VEC_GP		13

static inline int rdmsr_try(uint32_t msr, uint64_t *val)
{
	uint32_t lo = 0, hi = 0;
	int v = FAULT_TRY("rdmsr", : "=a" (lo), "=d" (hi) : "c" (msr)
			  : "memory");

	*val = (uint64_t)hi << 32 | lo;
	return v;
}

static inline int wrmsr_try(uint32_t msr, uint64_t val)
{
	return FAULT_TRY("wrmsr", : : "c" (msr), "a" ((uint32_t)val),
			 "d" ((uint32_t)(val >> 32)) : "memory");
}

/* "#GP", "#UD", "no fault" or "another exception", for a verdict. */
const char *fault_name(int vector);

/*
 * TSC ticks of the fastest of a few runs of CPUID, which always leaves
 * the cell for the hypervisor: the yardstick that tells a trapped
 * instruction (an exit costs about as much) from one the CPU ran alone.
 */
uint64_t exit_ticks(void);

#endif /* _INSN_ATTACKS_H */
