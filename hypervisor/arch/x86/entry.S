/* SPDX-License-Identifier: GPL-2.0 */
/*
 * x86 entry: a skeleton that refuses. The driver does not call it (it
 * stops with "x86 hypervisor entry is not implemented yet"); should
 * anything call it, it returns -JH_ENOSYS.
 */
#define JH_ENOSYS	38

	.section .text.entry, "ax"
	.global arch_entry
arch_entry:
	mov	$-JH_ENOSYS, %rax
	ret

	.section .note.GNU-stack, "", %progbits
