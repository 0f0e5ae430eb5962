// SPDX-License-Identifier: GPL-2.0
/*
 * The hypercall instruction for common/hypercall-attacks.c: vmmcall on
 * AMD SVM, vmcall on Intel VMX (an Intel CPU says "GenuineIntel"); code
 * in RAX, arguments in RDI and RSI, result in RAX.
 */
#include <attack.h>
#include <x86.h>

long attack_arch_hypercall(uint64_t code, uint64_t a1, uint64_t a2)
{
	uint32_t eax, ebx, ecx, edx;
	uint64_t rax = code;

	cpuid(0, &eax, &ebx, &ecx, &edx);
	if (ebx == 0x756e6547 && edx == 0x49656e69 && ecx == 0x6c65746e)
		asm volatile("vmcall" : "+a"(rax) : "D"(a1), "S"(a2)
			     : "memory");
	else
		asm volatile("vmmcall" : "+a"(rax) : "D"(a1), "S"(a2)
			     : "memory");
	return (long)rax;
}
