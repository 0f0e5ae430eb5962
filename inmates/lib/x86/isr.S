/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * One entry stub per IDT vector, ISR_STUB_SIZE bytes apart so that
 * idt_init() can compute their addresses. Each stub pushes a zero where
 * the CPU pushes no error code, then its vector, so that every entry
 * reaches isr_common with the same frame (struct isr_frame in idt.c).
 */

#define ISR_STUB_SIZE	16

/* Exceptions for which the CPU pushes an error code. */
#define HAS_ERROR_CODE(v) ((v) == 8 || ((v) >= 10 && (v) <= 14) || \
			   (v) == 17 || (v) == 21 || (v) == 29 || (v) == 30)

	.altmacro
	.macro isr_stub vector
	.balign	ISR_STUB_SIZE
1:
	.if !HAS_ERROR_CODE(\vector)
	push	$0
	.endif
	push	$\vector
	/* jmp rel32, spelt out so that its size is known here */
	.byte	0xe9
	.long	isr_common - (. + 4)
	.if . - 1b > ISR_STUB_SIZE
	.error "ISR stub too large"
	.endif
	.endm

	.text
	.balign	ISR_STUB_SIZE
	.global isr_stubs
isr_stubs:
	.set	vector, 0
	.rept	256
	isr_stub %vector
	.set	vector, vector + 1
	.endr

/*
 * Saves the registers a C function may clobber; with the CPU's 40-byte
 * frame (aligned to 16 by the CPU) and the two pushes of the stub, nine
 * registers leave %rsp 16-byte aligned for the call, as the ABI wants.
 */
isr_common:
	push	%rax
	push	%rcx
	push	%rdx
	push	%rsi
	push	%rdi
	push	%r8
	push	%r9
	push	%r10
	push	%r11
	cld
	mov	%rsp, %rdi
	call	isr_dispatch
	pop	%r11
	pop	%r10
	pop	%r9
	pop	%r8
	pop	%rdi
	pop	%rsi
	pop	%rdx
	pop	%rcx
	pop	%rax
	add	$16, %rsp		/* vector and error code */
	iretq
