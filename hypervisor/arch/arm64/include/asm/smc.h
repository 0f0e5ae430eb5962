/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A call into EL3 firmware from EL2 (SMC Calling Convention, SMC64/SMC32
 * fast calls): function ID in x0, up to five arguments, the result in x0.
 * The firmware may clobber x0-x17 (SMCCC 1.0); x18 on are kept.
 */
#ifndef ASM_SMC_H
#define ASM_SMC_H

#include <jailhouse/types.h>

static inline uint64_t firmware_smc(uint64_t fn, uint64_t a1, uint64_t a2,
				    uint64_t a3, uint64_t a4,
				    uint64_t a5)
{
	register uint64_t x0 asm("x0") = fn;
	register uint64_t x1 asm("x1") = a1;
	register uint64_t x2 asm("x2") = a2;
	register uint64_t x3 asm("x3") = a3;
	register uint64_t x4 asm("x4") = a4;
	register uint64_t x5 asm("x5") = a5;

	asm volatile("smc #0"
		     : "+r" (x0), "+r" (x1), "+r" (x2), "+r" (x3), "+r" (x4),
		       "+r" (x5)
		     : : "x6", "x7", "x8", "x9", "x10", "x11", "x12",
		       "x13", "x14", "x15", "x16", "x17", "memory");
	return x0;
}

#endif /* ASM_SMC_H */
