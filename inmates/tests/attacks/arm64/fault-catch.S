/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A vector table for attacks that expect an instruction to fault at EL1
 * (arm64/el-attacks.c): a synchronous exception from the current EL
 * records ESR_EL1 in attack_caught_esr and resumes after the faulting
 * instruction; everything else spins in place (the attack's own timeout
 * then fails it). Uses only x16/x17, which the callers list as
 * clobbered.
 */
	.text
	.balign	2048
	.global	attack_catch_vectors
attack_catch_vectors:
	.rept	4			/* current EL with SP_EL0 */
	b	.
	.balign	128
	.endr
	/* current EL with SP_ELx: synchronous */
	mrs	x17, esr_el1
	adrp	x16, attack_caught_esr
	str	x17, [x16, :lo12:attack_caught_esr]
	mrs	x17, elr_el1
	add	x17, x17, #4
	msr	elr_el1, x17
	eret
	.balign	128
	.rept	11			/* the rest */
	b	.
	.balign	128
	.endr

	.data
	.balign	8
	.global	attack_caught_esr
attack_caught_esr:
	.quad	0
