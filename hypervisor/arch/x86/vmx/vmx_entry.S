/* SPDX-License-Identifier: GPL-2.0 */
/*
 * VMX guest entry and exit. struct guest_regs (asm/percpu.h) sits at the
 * top of the CPU's stack, and the VMCS's host RSP points at it: a VM exit
 * arrives with RSP = regs, the guest GPRs are stored there (RSP and RIP
 * are in the VMCS), the C handler runs on the stack below, and the loop
 * enters the guest again with VMRESUME. Only a CPU's first entry uses
 * VMLAUNCH. If an entry instruction fails (it falls through), the C side
 * reports it; it returns only to retry with the state it fixed up.
 */
#include <asm/percpu.h>

.macro load_guest_regs
	mov	0x08(%rsp), %rcx
	mov	0x10(%rsp), %rdx
	mov	0x18(%rsp), %rbx
	mov	0x20(%rsp), %rbp
	mov	0x28(%rsp), %rsi
	mov	0x30(%rsp), %rdi
	mov	0x38(%rsp), %r8
	mov	0x40(%rsp), %r9
	mov	0x48(%rsp), %r10
	mov	0x50(%rsp), %r11
	mov	0x58(%rsp), %r12
	mov	0x60(%rsp), %r13
	mov	0x68(%rsp), %r14
	mov	0x70(%rsp), %r15
	mov	0x00(%rsp), %rax
.endm

	.text

/* vmx_launch(struct guest_regs *regs): the CPU's first VM entry. */
	.global vmx_launch
vmx_launch:
	mov	%rdi, %rsp
	load_guest_regs
	vmlaunch
	mov	%rsp, %rdi
	mov	$1, %esi
	call	vmx_entry_failed	/* does not return for a launch */
	ud2

	.global vmx_exit_entry
vmx_exit_entry:
	mov	%rax, 0x00(%rsp)
	mov	%rcx, 0x08(%rsp)
	mov	%rdx, 0x10(%rsp)
	mov	%rbx, 0x18(%rsp)
	mov	%rbp, 0x20(%rsp)
	mov	%rsi, 0x28(%rsp)
	mov	%rdi, 0x30(%rsp)
	mov	%r8, 0x38(%rsp)
	mov	%r9, 0x40(%rsp)
	mov	%r10, 0x48(%rsp)
	mov	%r11, 0x50(%rsp)
	mov	%r12, 0x58(%rsp)
	mov	%r13, 0x60(%rsp)
	mov	%r14, 0x68(%rsp)
	mov	%r15, 0x70(%rsp)
	/* The C stack lives below regs, which is 16-byte aligned. */
	mov	%rsp, %rdi
	call	vmx_handle_exit
1:	load_guest_regs
	vmresume
	mov	%rsp, %rdi
	xor	%esi, %esi
	call	vmx_entry_failed
	jmp	1b

	.section .note.GNU-stack, "", %progbits
