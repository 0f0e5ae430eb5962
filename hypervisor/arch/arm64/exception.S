/* SPDX-License-Identifier: GPL-2.0 */
/*
 * EL2 exception vectors. A trap from a guest saves x0-x30 in a frame at
 * the top of this CPU's stack (SP_EL2 is reset to the top on every return
 * to the guest) and calls arch_handle_trap(frame, vector); when that
 * returns, the possibly modified frame is restored and the guest resumed.
 * Exceptions taken from EL2 itself are hypervisor bugs: they are reported
 * and the CPU is stopped.
 */
#include <asm/percpu.h>
#include <asm/sdei.h>
#include <asm/traps.h>

/*
 * A guest's IRQ, the most frequent exit, has its own entry, whole in its
 * vector slot: it saves only the registers the C code may clobber (x0-x18
 * and x30; x19-x29 are callee-saved and still hold the guest's values
 * when arch_handle_irq_trap returns) and restores only those. If the CPU
 * was parked and restarted meanwhile, cpu_arch_reset rewrote the whole
 * frame and the handler returns true: then every register is loaded from
 * it, so nothing of the previous guest's x19-x29 survives.
 */
/* x2-x17 to or from the frame: op is stp or ldp. */
.macro frame_x2_x17 op
	\op	x2, x3, [sp, #16]
	\op	x4, x5, [sp, #32]
	\op	x6, x7, [sp, #48]
	\op	x8, x9, [sp, #64]
	\op	x10, x11, [sp, #80]
	\op	x12, x13, [sp, #96]
	\op	x14, x15, [sp, #112]
	\op	x16, x17, [sp, #128]
.endm

.macro irq_vector
	.balign	128
.Lirq_vector_start\@:
	sub	sp, sp, #TRAP_FRAME_SIZE
	stp	x0, x1, [sp]
	frame_x2_x17 stp
	str	x18, [sp, #144]
	str	x30, [sp, #240]
	mov	x0, sp
	bl	arch_handle_irq_trap
	cbnz	w0, arch_trap_return
	frame_x2_x17 ldp
	ldr	x18, [sp, #144]
	ldr	x30, [sp, #240]
	ldp	x0, x1, [sp]
	add	sp, sp, #TRAP_FRAME_SIZE
	eret
	.if . - .Lirq_vector_start\@ > 128
	.error "the IRQ entry overflows its vector slot"
	.endif
.endm

.macro vector type, target
	.balign	128
	sub	sp, sp, #TRAP_FRAME_SIZE
	stp	x0, x1, [sp]
	mov	x1, #\type
	b	\target
.endm

	.text
	.balign	2048
	.global hv_vectors
hv_vectors:
	vector	VEC_CUR_SP0_SYNC, hyp_trap
	vector	VEC_CUR_SP0_IRQ, hyp_trap
	vector	VEC_CUR_SP0_FIQ, hyp_trap
	vector	VEC_CUR_SP0_SERROR, hyp_trap
	vector	VEC_CUR_SPX_SYNC, hyp_trap
	vector	VEC_CUR_SPX_IRQ, hyp_trap
	vector	VEC_CUR_SPX_FIQ, hyp_trap
	vector	VEC_CUR_SPX_SERROR, hyp_trap
	vector	VEC_LOW64_SYNC, guest_trap
	irq_vector
	vector	VEC_LOW64_FIQ, guest_trap
	vector	VEC_LOW64_SERROR, guest_trap
	vector	VEC_LOW32_SYNC, guest_trap
	vector	VEC_LOW32_IRQ, guest_trap
	vector	VEC_LOW32_FIQ, guest_trap
	vector	VEC_LOW32_SERROR, guest_trap

.macro save_rest
	frame_x2_x17 stp
	stp	x18, x19, [sp, #144]
	stp	x20, x21, [sp, #160]
	stp	x22, x23, [sp, #176]
	stp	x24, x25, [sp, #192]
	stp	x26, x27, [sp, #208]
	stp	x28, x29, [sp, #224]
	str	x30, [sp, #240]
.endm

guest_trap:
	save_rest
	mov	x0, sp
	bl	arch_handle_trap

/*
 * Every full return to a guest first looks whether the SDEI management
 * event arrived while the CPU was in the hypervisor (sdei_handler). From
 * here to the eret is the window the handler rewinds: the frame is intact
 * in memory until the eret, so the return can be done again.
 */
	.global arch_trap_return
arch_trap_return:
	mrs	x0, tpidr_el2
	ldrb	w1, [x0, #PCPU_SDEI_PENDING]
	cbnz	w1, sdei_take
	frame_x2_x17 ldp
	ldp	x18, x19, [sp, #144]
	ldp	x20, x21, [sp, #160]
	ldp	x22, x23, [sp, #176]
	ldp	x24, x25, [sp, #192]
	ldp	x26, x27, [sp, #208]
	ldp	x28, x29, [sp, #224]
	ldr	x30, [sp, #240]
	ldp	x0, x1, [sp]
	add	sp, sp, #TRAP_FRAME_SIZE
sdei_window_end:
	eret

/* The event arrived: the requests are looked at (arch_handle_trap). */
sdei_take:
	mov	x0, sp
	mov	x1, #VEC_SDEI
	bl	arch_handle_trap
	b	arch_trap_return

hyp_trap:
	save_rest
	mov	x0, sp
	bl	arch_handle_hyp_exception
1:	wfi
	b	1b

/*
 * SDEI handler (DEN0054 6.2), entered by the firmware at EL2 with every
 * PSTATE mask set: x0 the event, x1 the argument given at registration
 * (this CPU's struct per_cpu), x2 and x3 the interrupted PC and PSTATE.
 * The firmware restores x0-x17 when the event completes, so only those
 * are used here, and no stack: the event can hit the hypervisor with its
 * stack pointer anywhere, even above a frame it still has to read.
 *
 * Three states:
 * - a guest (EL1 or EL0) was running: COMPLETE_AND_RESUME makes the
 *   firmware enter sdei_guest_entry as if the guest had taken an exception
 *   to EL2 (ELR_EL2/SPSR_EL2 its PC and PSTATE), and the normal trap path
 *   runs the requests;
 * - the hypervisor was between arch_trap_return and its eret: the guest's
 *   ELR_EL2/SPSR_EL2 are kept and the return is redone from its start
 *   (sdei_rewind), which now sees sdei_pending;
 * - the hypervisor was anywhere else: sdei_pending is enough, because
 *   every way back to a guest passes arch_trap_return, and a parked CPU
 *   looks at its requests after each wakeup. COMPLETE resumes it.
 */
	.balign	4
	.global sdei_handler
sdei_handler:
	mov	w4, #1
	strb	w4, [x1, #PCPU_SDEI_PENDING]
	ubfx	x4, x3, #2, #2			/* PSTATE.EL */
	cmp	x4, #2
	b.eq	1f
	adr	x1, sdei_guest_entry
	b	2f
1:	adr	x4, arch_trap_return
	cmp	x2, x4
	b.lo	3f
	adr	x4, sdei_window_end
	cmp	x2, x4
	b.hi	3f
	mrs	x4, elr_el2
	str	x4, [x1, #PCPU_SDEI_ELR]
	mrs	x4, spsr_el2
	str	x4, [x1, #PCPU_SDEI_SPSR]
	adr	x1, sdei_rewind
2:	mov	x0, #(SDEI_FN_COMPLETE_AND_RESUME & 0xffff)
	movk	x0, #(SDEI_FN_COMPLETE_AND_RESUME >> 16), lsl #16
	smc	#0
	b	.				/* COMPLETE_AND_RESUME failed */
3:	mov	x0, #(SDEI_FN_COMPLETE & 0xffff)
	movk	x0, #(SDEI_FN_COMPLETE >> 16), lsl #16
	mov	x1, #0				/* status: handled */
	smc	#0
	b	.

/* As a guest exception: the guest's registers all live, SP at the top. */
sdei_guest_entry:
	sub	sp, sp, #TRAP_FRAME_SIZE
	stp	x0, x1, [sp]
	mov	x1, #VEC_SDEI
	b	guest_trap

/* The frame of the interrupted return sits at the top of the stack. */
sdei_rewind:
	mrs	x0, tpidr_el2
	ldr	x1, [x0, #PCPU_SDEI_ELR]
	msr	elr_el2, x1
	ldr	x1, [x0, #PCPU_SDEI_SPSR]
	msr	spsr_el2, x1
	add	x1, x0, #PERCPU_SIZE
	sub	sp, x1, #TRAP_FRAME_SIZE
	b	arch_trap_return

	.section .note.GNU-stack, "", %progbits
