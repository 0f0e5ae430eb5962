/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * EL1 exception vectors. The inmate always runs on SP_EL1, so only the
 * "current EL with SPx" IRQ vector is an expected entry; every other one
 * is reported by exception_report() and stops the CPU.
 */

/* Bytes saved by irq_entry: x0-x18, x29, x30, ELR_EL1, SPSR_EL1, padding. */
#define IRQ_FRAME_SIZE	(24 * 8)

	.macro unexpected index
	.balign	0x80
	mov	x0, #\index
	b	exception_unexpected
	.endm

	.section .vectors, "ax"
	.global exception_vectors
	.balign	0x800
exception_vectors:
	unexpected 0		/* current EL, SP_EL0: synchronous */
	unexpected 1		/* IRQ */
	unexpected 2		/* FIQ */
	unexpected 3		/* SError */
	unexpected 4		/* current EL, SP_EL1: synchronous */
	.balign	0x80		/* IRQ: the only expected entry */
	b	irq_entry
	unexpected 6		/* FIQ */
	unexpected 7		/* SError */
	unexpected 8		/* lower EL, AArch64 */
	unexpected 9
	unexpected 10
	unexpected 11
	unexpected 12		/* lower EL, AArch32 */
	unexpected 13
	unexpected 14
	unexpected 15

	.text
exception_unexpected:
	mrs	x1, esr_el1
	mrs	x2, elr_el1
	mrs	x3, far_el1
	mrs	x4, spsr_el1
	bl	exception_report
	b	inmate_halt

/* Save what a C function may clobber, call irq_handle(), return. */
irq_entry:
	sub	sp, sp, #IRQ_FRAME_SIZE
	stp	x0, x1, [sp, #0]
	stp	x2, x3, [sp, #16]
	stp	x4, x5, [sp, #32]
	stp	x6, x7, [sp, #48]
	stp	x8, x9, [sp, #64]
	stp	x10, x11, [sp, #80]
	stp	x12, x13, [sp, #96]
	stp	x14, x15, [sp, #112]
	stp	x16, x17, [sp, #128]
	stp	x18, x29, [sp, #144]
	mrs	x0, elr_el1
	mrs	x1, spsr_el1
	stp	x30, x0, [sp, #160]
	str	x1, [sp, #176]

	bl	irq_handle

	ldr	x1, [sp, #176]
	ldp	x30, x0, [sp, #160]
	msr	spsr_el1, x1
	msr	elr_el1, x0
	ldp	x18, x29, [sp, #144]
	ldp	x16, x17, [sp, #128]
	ldp	x14, x15, [sp, #112]
	ldp	x12, x13, [sp, #96]
	ldp	x10, x11, [sp, #80]
	ldp	x8, x9, [sp, #64]
	ldp	x6, x7, [sp, #48]
	ldp	x4, x5, [sp, #32]
	ldp	x2, x3, [sp, #16]
	ldp	x0, x1, [sp, #0]
	add	sp, sp, #IRQ_FRAME_SIZE
	eret
