/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Stubs for the 32 exception vectors of the hypervisor's own IDT. Each
 * pushes a dummy error code where the CPU pushes none, then its vector,
 * so x86_exception() sees one frame layout (struct exception_frame).
 */
#define HAS_ERROR(v)	((v) == 8 || ((v) >= 10 && (v) <= 14) || \
			 (v) == 17 || (v) == 21 || (v) == 29 || (v) == 30)

	.text
	.balign 16
	.global x86_exception_stubs
x86_exception_stubs:
	vector = 0
	.rept 32
	.balign 16
	.if !((vector == 8) || (vector >= 10 && vector <= 14) || \
	      (vector == 17) || (vector == 21) || (vector == 29) || \
	      (vector == 30))
	push	$0
	.endif
	push	$vector
	jmp	exception_common
	vector = vector + 1
	.endr

	/*
	 * An NMI that reached the hypervisor: on SVM only on purpose (svm.c,
	 * handle_nmi), on VMX whenever it arrives outside guest mode; the
	 * backend decides (x86_host_nmi). Caller-saved registers are kept,
	 * the C call gets an aligned stack.
	 */
	.global x86_nmi_return
x86_nmi_return:
	push	%rax
	push	%rcx
	push	%rdx
	push	%rsi
	push	%rdi
	push	%r8
	push	%r9
	push	%r10
	push	%r11
	push	%rbp
	mov	%rsp, %rbp
	and	$~0xf, %rsp
	cld
	call	x86_host_nmi
	mov	%rbp, %rsp
	pop	%rbp
	pop	%r11
	pop	%r10
	pop	%r9
	pop	%r8
	pop	%rdi
	pop	%rsi
	pop	%rdx
	pop	%rcx
	pop	%rax
	iretq

	/*
	 * An interrupt the previous owner of this CPU left pending, taken on
	 * purpose by apic_cpu_reset(): end it. xAPIC mode: the APIC page is
	 * mapped 1:1; x2APIC mode (apic_hw_x2apic_mode set): the EOI MSR.
	 */
	.global x86_irq_drain
x86_irq_drain:
	push	%rax
	push	%rcx
	push	%rdx
	xor	%eax, %eax
	cmpb	$0, apic_hw_x2apic_mode(%rip)
	je	1f
	mov	$0x80b, %ecx
	xor	%edx, %edx
	wrmsr
	jmp	2f
1:	mov	$0xfee000b0, %rcx
	movl	%eax, (%rcx)
2:	pop	%rdx
	pop	%rcx
	pop	%rax
	iretq

	/*
	 * Vector 18 in the drain IDT: an interrupt if the APIC has it in
	 * service (ISR bit 18: the first ISR word, page offset 0x100 or MSR
	 * 0x810), else a real machine check, reported.
	 */
	.global x86_irq_drain_mc
x86_irq_drain_mc:
	push	%rax
	push	%rcx
	push	%rdx
	cmpb	$0, apic_hw_x2apic_mode(%rip)
	je	1f
	mov	$0x810, %ecx
	rdmsr
	jmp	2f
1:	mov	$0xfee00100, %rcx
	movl	(%rcx), %eax
2:	test	$(1 << 18), %eax
	pop	%rdx
	pop	%rcx
	pop	%rax
	jnz	x86_irq_drain
	jmp	x86_exception_stubs + 18 * 16

exception_common:
	mov	%rsp, %rdi
	and	$~0xf, %rsp
	call	x86_exception		/* does not return */
	ud2

	.section .note.GNU-stack, "", %progbits
