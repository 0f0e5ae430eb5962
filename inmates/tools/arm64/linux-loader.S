/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * Boot loader for a Linux cell ("jailhouse cell linux"): the cell's first
 * CPU starts here at EL1 with the MMU and caches off. It enters the
 * kernel Image the way the arm64 boot protocol asks (Linux's
 * Documentation/arch/arm64/booting.rst, "Call the kernel image"):
 * x0 = physical address of the device tree, x1-x3 = 0, interrupts
 * masked, MMU off.
 *
 * The code is position independent; the CLI finds the parameter block
 * by its magic and fills in the two addresses before loading it.
 */
	.section .text, "ax"
	.global _start
_start:
	msr	daifset, #0xf
	adr	x4, params
	ldr	x0, [x4, #8]		/* device tree */
	ldr	x5, [x4, #16]		/* kernel entry: Image start */
	cbz	x5, stop		/* not filled in: nothing to run */
	mov	x1, xzr
	mov	x2, xzr
	mov	x3, xzr
	br	x5
stop:
	wfi
	b	stop

	.balign 8
params:
	.ascii	"JHLNXLDR"		/* magic: where the CLI writes */
	.quad	0			/* device tree address */
	.quad	0			/* kernel entry address */
