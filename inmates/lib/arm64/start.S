/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * Entry point, at the very start of the image: the hypervisor starts the
 * cell's first CPU here at EL1. Set up a known EL1 state, a stack and a
 * zeroed bss, then run the demo.
 */

#define CURRENT_EL_EL1	(1 << 2)
/* SCTLR_EL1: MMU, caches and alignment checks off, little endian; only the
 * RES1 bits of ARMv8.0 set. */
#define SCTLR_EL1_RES1	0x30d00800

	.section .boot, "ax"
	.global inmate_entry
inmate_entry:
	msr	daifset, #0xf
	/* x1-x30 as the hypervisor handed them over, for tests that check
	 * that nothing of a previous guest is left in them. */
	adrp	x0, inmate_entry_regs
	add	x0, x0, :lo12:inmate_entry_regs
	str	x1, [x0]
	stp	x2, x3, [x0, #8]
	stp	x4, x5, [x0, #24]
	stp	x6, x7, [x0, #40]
	stp	x8, x9, [x0, #56]
	stp	x10, x11, [x0, #72]
	stp	x12, x13, [x0, #88]
	stp	x14, x15, [x0, #104]
	stp	x16, x17, [x0, #120]
	stp	x18, x19, [x0, #136]
	stp	x20, x21, [x0, #152]
	stp	x22, x23, [x0, #168]
	stp	x24, x25, [x0, #184]
	stp	x26, x27, [x0, #200]
	stp	x28, x29, [x0, #216]
	str	x30, [x0, #232]
	mrs	x0, CurrentEL
	cmp	x0, #CURRENT_EL_EL1
	b.ne	wrong_el

	mov	x0, #(SCTLR_EL1_RES1 & 0xffff)
	movk	x0, #(SCTLR_EL1_RES1 >> 16), lsl #16
	msr	sctlr_el1, x0
	isb

	adr	x0, exception_vectors
	msr	vbar_el1, x0

	msr	spsel, #1
	adrp	x0, __stack_top
	add	x0, x0, :lo12:__stack_top
	mov	sp, x0

	adrp	x0, __bss_start
	add	x0, x0, :lo12:__bss_start
	adrp	x1, __bss_end
	add	x1, x1, :lo12:__bss_end
clear_bss:
	cmp	x0, x1
	b.hs	bss_clear
	stp	xzr, xzr, [x0], #16
	b	clear_bss
bss_clear:
	isb

	bl	inmate_main
	b	inmate_halt

	/* Not at EL1: nothing here can report it, so just stop. */
wrong_el:
	wfi
	b	wrong_el

	/* Outside bss: written before bss is cleared. */
	.data
	.balign	8
	.global	inmate_entry_regs
inmate_entry_regs:
	.skip	30 * 8
