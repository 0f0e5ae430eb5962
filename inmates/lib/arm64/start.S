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
