/* SPDX-License-Identifier: GPL-2.0 */
/*
 * FP/SIMD registers for the scrub attacks (the inmate is built without
 * FP code, so they are reached from assembly only). Both functions turn
 * FP access on at EL1 first (CPACR_EL1.FPEN = 0b11).
 *
 * attack_fpsimd_plant(x0 = pattern): every V register and FPCR get it.
 * attack_fpsimd_nonzero(): returns how many of the 32 V registers (low
 * 64 bits of each) are non-zero, plus 32 if FPCR is non-zero.
 */
	.text
	.arch	armv8-a+fp+simd

	.macro	fp_on
	mrs	x9, cpacr_el1
	orr	x9, x9, #(3 << 20)
	msr	cpacr_el1, x9
	isb
	.endm

	.global	attack_fpsimd_plant
attack_fpsimd_plant:
	fp_on
	.irp	n, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, \
		16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
	dup	v\n\().2d, x0
	.endr
	/* FPCR: round towards zero, flush-to-zero: visible state. */
	mov	x9, #(3 << 22)
	orr	x9, x9, #(1 << 24)
	msr	fpcr, x9
	ret

	.global	attack_fpsimd_nonzero
attack_fpsimd_nonzero:
	fp_on
	mov	x0, #0
	.irp	n, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, \
		16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
	fmov	x9, d\n
	cmp	x9, #0
	cinc	x0, x0, ne
	.endr
	mrs	x9, fpcr
	cmp	x9, #0
	add	x10, x0, #32
	csel	x0, x10, x0, ne
	ret
