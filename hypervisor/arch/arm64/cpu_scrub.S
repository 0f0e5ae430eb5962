/* SPDX-License-Identifier: GPL-2.0 */
/*
 * cpu_scrub_fpsimd: zeroes the FP/SIMD registers and FPCR/FPSR, so that a
 * CPU handed to a new owner shows nothing of the previous one's
 * floating-point state. The hypervisor never uses these registers
 * itself (-mgeneral-regs-only), so they hold guest state only; this is
 * their one access from EL2, hence assembly.
 */
	.text
	.arch	armv8-a+fp+simd
	.global	cpu_scrub_fpsimd
	.type	cpu_scrub_fpsimd, %function
cpu_scrub_fpsimd:
	.irp	n, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, \
		16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
	movi	v\n\().2d, #0
	.endr
	msr	fpcr, xzr
	msr	fpsr, xzr
	ret
	.size	cpu_scrub_fpsimd, . - cpu_scrub_fpsimd
