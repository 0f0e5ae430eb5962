/* SPDX-License-Identifier: GPL-2.0 */
#ifndef ASM_CPUID_H
#define ASM_CPUID_H

#include <hv/types.h>

/*
 * Shared CPUID emulation (cpuid.c): the hypervisor leaves, the
 * hypervisor-present bit, and the features the vendor's virtualization
 * (hide) does not give cells. The results land in regs[0..3] = eax, ebx,
 * ecx, edx.
 */
struct x86_cpuid_hide {
	uint32_t sig_ebx, sig_ecx, sig_edx;	/* leaf 0x40000000 */
	uint32_t leaf1_ecx;		/* CPUID 1 ECX bits cleared */
	uint32_t leaf7_ebx, leaf7_ecx;	/* CPUID 7.0 */
	uint32_t leafd1_eax;		/* CPUID 0xd.1 */
	uint32_t ext1_ecx, ext1_edx;	/* CPUID 0x80000001 */
	bool svm_leaf;			/* zero CPUID 0x8000000a */
};

void x86_cpuid(const struct x86_cpuid_hide *hide, uint32_t leaf,
	       uint32_t subleaf, uint32_t regs[4]);

#endif /* ASM_CPUID_H */
