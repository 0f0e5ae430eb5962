/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * Boot loader for a Linux cell ("jailhouse cell linux"): the cell's first
 * CPU starts here at EL1 with the MMU and caches off, at every start of
 * the cell, also when the hypervisor restarts it after the cell's Linux
 * asked for a reboot (PSCI SYSTEM_RESET).
 *
 * 1. Copies kernel, initrd and device tree from the stash, where the CLI
 *    loaded them and where Linux never writes (its /memory leaves the
 *    stash and this loader out), to their places in Linux's RAM. With
 *    the MMU off the copy's accesses are non-cacheable, so each
 *    destination is cleaned and invalidated to the point of coherency by
 *    VA before the copy (no dirty line of the previous Linux may be
 *    written back over it later) and after it (no stale line may hide
 *    it from the new Linux once it turns its caches on). The boot
 *    protocol asks for exactly that: the kernel image cleaned to PoC.
 * 2. Invalidates the instruction cache (the previous kernel's code ran
 *    at the same addresses).
 * 3. Enters the kernel Image the way the arm64 boot protocol asks:
 *    x0 = physical address of the device tree, x1-x3 = 0, interrupts
 *    masked, MMU off.
 *
 * Position independent; the CLI finds the parameter block by its magic
 * and fills it in before loading. Sources, destinations and sizes are
 * multiples of 16 (ldp/stp of Device memory must be aligned).
 */
	.section .text, "ax"
	.global _start
_start:
	msr	daifset, #0xf
	adr	x20, params
	/* Data cache line: 4 << CTR_EL0.DminLine bytes. */
	mrs	x1, ctr_el0
	ubfx	x1, x1, #16, #4
	mov	x21, #4
	lsl	x21, x21, x1
	sub	x22, x21, #1		/* line mask */

	add	x23, x20, #24		/* the three copies */
	mov	x24, #3
next:
	ldp	x0, x1, [x23], #16	/* source, destination */
	ldr	x2, [x23], #8		/* bytes */
	bl	copy
	subs	x24, x24, #1
	b.ne	next
	ic	iallu
	dsb	sy
	isb

	ldr	x0, [x20, #8]		/* device tree */
	ldr	x5, [x20, #16]		/* kernel entry: Image start */
	cbz	x5, stop		/* not filled in: nothing to run */
	mov	x1, xzr
	mov	x2, xzr
	mov	x3, xzr
	br	x5
stop:
	wfi
	b	stop

/* x0 = source, x1 = destination, x2 = bytes; clobbers x3-x7. */
copy:
	cbz	x2, 3f
	add	x3, x1, x2		/* destination end */
	bic	x4, x1, x22
1:	dc	civac, x4
	add	x4, x4, x21
	cmp	x4, x3
	b.lo	1b
	dsb	sy
	mov	x4, x1
2:	ldp	x6, x7, [x0], #16
	stp	x6, x7, [x4], #16
	cmp	x4, x3
	b.lo	2b
	dsb	sy
	bic	x4, x1, x22
1:	dc	civac, x4
	add	x4, x4, x21
	cmp	x4, x3
	b.lo	1b
	dsb	sy
3:	ret

	.balign 8
params:
	.ascii	"JHLNXLDR"		/* magic: where the CLI writes */
	.quad	0			/* device tree address */
	.quad	0			/* kernel entry address */
	.quad	0, 0, 0			/* kernel: stash, destination, bytes */
	.quad	0, 0, 0			/* initrd: the same */
	.quad	0, 0, 0			/* device tree: the same */
