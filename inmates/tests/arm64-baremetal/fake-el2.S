/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Test-only stand-in for the hypervisor, so that the inmate library runs on
 * bare QEMU virt (virtualization=on, no firmware): QEMU starts this image
 * at EL2 on CPU 0. It does what the real hypervisor and root Linux would
 * have done before a cell starts, then enters the inmate at EL1:
 *
 *   - EL1 is AArch64 and may use the GIC system registers; no stage 2
 *   - GICD enabled with affinity routing (Linux does that on the bench)
 *   - the command-line blob at CMDLINE_BLOB copied to the inmate's area
 *   - CPU 1 started through PSCI to play the hypervisor's side of the
 *     comm region (fake-hv.c)
 *   - "hvc #0x4a48" with x0 = JH_HC_DEBUG_CONSOLE_PUTC prints x1 on the
 *     PL011, which is how the tests see the inmate's console
 */
/* The run script's INMATE_BASE. */
#define INMATE_ENTRY		0x40400000
#define CMDLINE_DEST		(INMATE_ENTRY + 0x1000)
#define CMDLINE_BLOB		0x80002000
#define CMDLINE_SIZE		256
#define GICD_BASE		0x08000000
#define GICD_CTLR_VALUE		0x13		/* Grp0, Grp1, ARE (DS=1) */
#define GICD_CTLR_RWP_BIT	31
#define PL011_BASE		0x09000000
#define PSCI_CPU_ON		0xc4000003
#define EC_HVC64		0x16
#define HVC_IMM			0x4a48
#define HC_DEBUG_CONSOLE_PUTC	9
#define SPSR_EL1H_MASKED	0x3c5
#define HCR_EL2_RW		(1 << 31)
#define ICC_SRE_EL2		S3_4_C12_C9_5
#define ICC_SRE_EL2_SRE_ENABLE	0x9

	.text
	.global _start
_start:
	mrs	x0, mpidr_el1
	and	x0, x0, #0xff
	cbnz	x0, secondary
	ldr	x0, =stack0_top
	mov	sp, x0
	bl	el2_setup

	ldr	x0, =GICD_BASE
	mov	w1, #GICD_CTLR_VALUE
	str	w1, [x0]
1:	ldr	w1, [x0]
	tbnz	w1, #GICD_CTLR_RWP_BIT, 1b

	ldr	x0, =CMDLINE_BLOB
	ldr	x1, =CMDLINE_DEST
	mov	x2, #CMDLINE_SIZE
2:	ldrb	w3, [x0], #1
	strb	w3, [x1], #1
	subs	x2, x2, #1
	b.ne	2b

	ldr	x0, =PSCI_CPU_ON
	mov	x1, #1
	ldr	x2, =_start
	mov	x3, #0
	smc	#0

	ldr	x0, =INMATE_ENTRY
	msr	elr_el2, x0
	mov	x0, #SPSR_EL1H_MASKED
	msr	spsr_el2, x0
	isb
	eret

secondary:
	ldr	x0, =stack1_top
	mov	sp, x0
	bl	el2_setup
	bl	fake_hv_main
3:	wfi
	b	3b

el2_setup:
	mov	x0, #HCR_EL2_RW
	msr	hcr_el2, x0
	mov	x0, #ICC_SRE_EL2_SRE_ENABLE
	msr	ICC_SRE_EL2, x0
	isb
	msr	cntvoff_el2, xzr
	mov	x0, #3			/* EL1 may use the physical counter */
	msr	cnthctl_el2, x0
	ldr	x0, =el2_vectors
	msr	vbar_el2, x0
	isb
	ret

	.balign	0x800
el2_vectors:
	.rept	8
	.balign	0x80
	b	el2_unexpected
	.endr
	.balign	0x80		/* lower EL, AArch64, synchronous */
	b	el2_sync
	.rept	7
	.balign	0x80
	b	el2_unexpected
	.endr

el2_sync:
	mrs	x9, esr_el2
	lsr	x10, x9, #26
	cmp	x10, #EC_HVC64
	b.ne	el2_unexpected
	and	x10, x9, #0xffff
	mov	x11, #HVC_IMM
	cmp	x10, x11
	b.ne	unknown_call
	cmp	x0, #HC_DEBUG_CONSOLE_PUTC
	b.ne	unknown_call
	mov	x9, #PL011_BASE
	cmp	x1, #'\n'
	b.ne	4f
5:	ldr	w10, [x9, #0x18]
	tbnz	w10, #5, 5b
	mov	w10, #'\r'
	str	w10, [x9]
4:	ldr	w10, [x9, #0x18]
	tbnz	w10, #5, 4b
	str	w1, [x9]
	mov	x0, #0
	eret
unknown_call:
	mov	x0, #-38		/* -JH_ENOSYS */
	eret

el2_unexpected:
	mov	x9, #PL011_BASE
	mov	w10, #'!'
	str	w10, [x9]
6:	wfi
	b	6b

	.bss
	.balign	16
	.space	4096
stack0_top:
	.space	4096
stack1_top:
