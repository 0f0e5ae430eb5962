/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Entry from the kernel's hyp stub (HVC_SOFT_RESTART), on every CPU:
 * x0 = physical address of the header, x1 = CPU number, EL2, MMU off.
 * ELR_EL2/SPSR_EL2 hold the return into the driver; x19-x30 belong to
 * the caller and are kept in registers until the MMU is on (x0-x18 are
 * free to use, the driver expects them clobbered).
 *
 * With the MMU off all data accesses are Device memory, so this code
 * only does aligned loads and stores and builds the smallest possible
 * boot page table: the hypervisor memory at HV_VIRT_BASE in 2 MiB blocks,
 * plus a 1:1 alias of the first block, which holds this code (see
 * asm/layout.h). Every CPU writes the same values into the same boot
 * table; nobody writes it with caches on, so the repeats are harmless.
 */
#include <asm/layout.h>
#include <asm/percpu.h>
#include <asm/sysregs.h>

/* struct jh_hv_header offsets (packed, all naturally aligned) */
#define HDR_MAX_CPUS		88
#define HDR_SYSCONFIG_OFFSET	112
#define HDR_SYSCONFIG_SIZE	120
/* struct jh_system_desc: hypervisor_memory.size */
#define SYS_HV_MEM_SIZE		32

#define PTE_TABLE		0x3
/* Block, normal WB memory, AP[1] (RES1 at EL2), inner shareable, AF */
#define PTE_BOOT_BLOCK		(0x1 | (MAIR_IDX_NORMAL << 2) | \
				 (1 << 6) | (3 << 8) | (1 << 10))
#define BOOT_PT_PAGES		5	/* L0, L1/L2 high, L1/L2 1:1 */

#define EINVAL			22

	.section .text.entry, "ax"

	.global arch_entry
arch_entry:
	mov	x18, x30		/* caller's x30, saved below */
	mrs	x14, sctlr_el2
	ic	iallu			/* no code of an earlier run */
	dsb	nsh
	isb

	mov	x17, x0			/* hypervisor physical base */
	mov	x16, x1			/* CPU number */

	ldr	x9, =(HV_BOOT_BLOCK_SIZE - 1)
	tst	x17, x9
	b.ne	early_fail
	ldr	w9, [x17, #HDR_MAX_CPUS]
	cmp	x16, x9
	b.hs	early_fail

	/* x11 = per-CPU offset: first page after the system config */
	ldr	x9, [x17, #HDR_SYSCONFIG_OFFSET]
	ldr	x10, [x17, #HDR_SYSCONFIG_SIZE]
	ldr	x12, =HV_MAX_MEM_SIZE
	cmp	x9, x12
	b.hs	early_fail
	cmp	x10, x12
	b.hs	early_fail
	add	x11, x9, x10
	add	x11, x11, #0xfff
	and	x11, x11, #~0xfff
	mov	x12, #PERCPU_SIZE
	madd	x15, x16, x12, x11
	add	x15, x15, x17		/* x15: our per-CPU area (PA) */

	/* x13 = blocks to map: max(hv memory, end of per-CPU areas) */
	add	x12, x17, x9
	ldr	x13, [x12, #SYS_HV_MEM_SIZE]
	ldr	x10, =(HV_MAX_CPUS * PERCPU_SIZE)
	add	x10, x10, x11
	cmp	x13, x10
	csel	x13, x13, x10, hi
	ldr	x12, =HV_MAX_MEM_SIZE
	cmp	x13, x12
	csel	x13, x13, x12, ls
	ldr	x12, =(HV_BOOT_BLOCK_SIZE - 1)
	add	x13, x13, x12
	lsr	x13, x13, #21

	adrp	x0, boot_pt
	add	x0, x0, :lo12:boot_pt
	ldr	x4, =PTE_BOOT_BLOCK

	/* high map: L0[511] -> L1, L1[0] -> L2, L2[i] -> blocks */
	add	x1, x0, #0x1000
	orr	x2, x1, #PTE_TABLE
	str	x2, [x0, #(511 * 8)]
	add	x3, x0, #0x2000
	orr	x2, x3, #PTE_TABLE
	str	x2, [x1]
	orr	x5, x17, x4
	ldr	x7, =HV_BOOT_BLOCK_SIZE
	mov	x6, #0
1:	str	x5, [x3, x6, lsl #3]
	add	x5, x5, x7
	add	x6, x6, #1
	cmp	x6, x13
	b.lo	1b

	/* 1:1 alias of the first block, if it does not clash */
	lsr	x6, x17, #39
	and	x6, x6, #511
	cmp	x6, #511
	b.eq	early_fail
	add	x1, x0, #0x3000
	orr	x2, x1, #PTE_TABLE
	str	x2, [x0, x6, lsl #3]
	lsr	x6, x17, #30
	and	x6, x6, #511
	add	x3, x0, #0x4000
	orr	x2, x3, #PTE_TABLE
	str	x2, [x1, x6, lsl #3]
	lsr	x6, x17, #21
	and	x6, x6, #511
	orr	x5, x17, x4
	str	x5, [x3, x6, lsl #3]
	dsb	sy

	/* Walks are cacheable: drop stale lines of the table pages. */
	mrs	x7, ctr_el0
	ubfx	x7, x7, #16, #4
	mov	x8, #4
	lsl	x8, x8, x7		/* D-cache line size */
	mov	x1, x0
	add	x2, x0, #(BOOT_PT_PAGES * 0x1000)
2:	dc	ivac, x1
	add	x1, x1, x8
	cmp	x1, x2
	b.lo	2b
	dsb	sy

	ldr	x1, =MAIR_EL2_VALUE
	msr	mair_el2, x1
	mrs	x1, id_aa64mmfr0_el1
	and	x1, x1, #MMFR0_PARANGE_MASK
	mov	x2, #5			/* at most 48 bits */
	cmp	x1, x2
	csel	x1, x1, x2, ls
	lsl	x1, x1, #TCR_PS_SHIFT
	ldr	x2, =(TCR_T0SZ(HV_VA_BITS) | TCR_IRGN0_WBWA | \
		      TCR_ORGN0_WBWA | TCR_SH0_INNER | TCR_TG0_4K | \
		      TCR_EL2_RES1)
	orr	x1, x1, x2
	msr	tcr_el2, x1
	msr	ttbr0_el2, x0
	isb
	tlbi	alle2
	dsb	nsh
	isb

	orr	x1, x14, #SCTLR_M
	orr	x1, x1, #SCTLR_C
	orr	x1, x1, #SCTLR_I
	orr	x1, x1, #SCTLR_SA
	msr	sctlr_el2, x1
	isb
	ldr	x1, =virt_entry
	br	x1

early_fail:
	mov	x0, #-EINVAL
	mov	x30, x18
	eret

/*
 * arch_mmu_off_eret(frame_phys, x1 = physical address of
 * arch_mmu_off_eret_phys, x2 = SCTLR_EL2 to restore): leaves through the
 * 1:1 alias, turns the MMU off, loads x0-x30 from the frame and returns
 * to EL1. The frame and everything else must be cleaned to PoC already.
 */
	.global arch_mmu_off_eret
arch_mmu_off_eret:
	br	x1
	.global arch_mmu_off_eret_phys
arch_mmu_off_eret_phys:
	msr	sctlr_el2, x2
	isb
	tlbi	alle2
	ic	iallu
	dsb	nsh
	isb
	mov	x30, x0
	ldp	x0, x1, [x30, #0]
	ldp	x2, x3, [x30, #16]
	ldp	x4, x5, [x30, #32]
	ldp	x6, x7, [x30, #48]
	ldp	x8, x9, [x30, #64]
	ldp	x10, x11, [x30, #80]
	ldp	x12, x13, [x30, #96]
	ldp	x14, x15, [x30, #112]
	ldp	x16, x17, [x30, #128]
	ldp	x18, x19, [x30, #144]
	ldp	x20, x21, [x30, #160]
	ldp	x22, x23, [x30, #176]
	ldp	x24, x25, [x30, #192]
	ldp	x26, x27, [x30, #208]
	ldp	x28, x29, [x30, #224]
	ldr	x30, [x30, #240]
	eret

/*
 * arch_mmu_off_cpu_off(x0 = physical address of arch_mmu_off_cpu_off_phys,
 * x1 = SCTLR_EL2 to restore, x2 = PSCI CPU_OFF function id): leaves through
 * the 1:1 alias, turns the MMU off and turns the CPU off in firmware.
 * CPU_OFF returns only on failure; the CPU then waits here for good.
 */
	.global arch_mmu_off_cpu_off
arch_mmu_off_cpu_off:
	br	x0
	.global arch_mmu_off_cpu_off_phys
arch_mmu_off_cpu_off_phys:
	msr	sctlr_el2, x1
	isb
	tlbi	alle2
	ic	iallu
	dsb	nsh
	isb
	mov	x0, x2
	mov	x1, #0
	mov	x2, #0
	mov	x3, #0
	smc	#0
5:	wfi
	b	5b

	.ltorg

/* From here on the code runs at its link address. */
	.text
virt_entry:
	ldr	x1, =HV_VIRT_BASE
	sub	x15, x15, x17
	add	x15, x15, x1

	mov	x1, x15
	add	x2, x15, #PERCPU_DATA_SIZE
3:	stp	xzr, xzr, [x1], #16
	cmp	x1, x2
	b.lo	3b

	msr	tpidr_el2, x15
	add	x1, x15, #PERCPU_SIZE
	mov	sp, x1

	stp	x19, x20, [x15, #(PCPU_LINUX_REGS + 0)]
	stp	x21, x22, [x15, #(PCPU_LINUX_REGS + 16)]
	stp	x23, x24, [x15, #(PCPU_LINUX_REGS + 32)]
	stp	x25, x26, [x15, #(PCPU_LINUX_REGS + 48)]
	stp	x27, x28, [x15, #(PCPU_LINUX_REGS + 64)]
	stp	x29, x18, [x15, #(PCPU_LINUX_REGS + 80)]
	str	x14, [x15, #PCPU_ORIG_SCTLR]

	mov	x0, x16
	mov	x1, x15
	mov	x2, x17
	bl	hv_cpu_entry
	sxtw	x0, w0
	cbnz	x0, 4f

	/* Enabled: back to the caller, which now runs as the root cell. */
	mrs	x15, tpidr_el2
	ldp	x19, x20, [x15, #(PCPU_LINUX_REGS + 0)]
	ldp	x21, x22, [x15, #(PCPU_LINUX_REGS + 16)]
	ldp	x23, x24, [x15, #(PCPU_LINUX_REGS + 32)]
	ldp	x25, x26, [x15, #(PCPU_LINUX_REGS + 48)]
	ldp	x27, x28, [x15, #(PCPU_LINUX_REGS + 64)]
	ldp	x29, x30, [x15, #(PCPU_LINUX_REGS + 80)]
	add	x1, x15, #PERCPU_SIZE
	mov	sp, x1
	mov	x0, #0
	mov	x1, #0
	mov	x2, #0
	mov	x3, #0
	mov	x4, #0
	mov	x5, #0
	mov	x6, #0
	mov	x7, #0
	mov	x8, #0
	mov	x9, #0
	mov	x10, #0
	mov	x11, #0
	mov	x12, #0
	mov	x13, #0
	mov	x14, #0
	mov	x15, #0
	mov	x16, #0
	mov	x17, #0
	mov	x18, #0
	eret

	/* Keep the frame area at the stack top clear of C's stack. */
4:	sub	sp, sp, #TRAP_FRAME_SIZE
	b	arch_entry_abort	/* x0 = error, does not return */

	.ltorg

	.section .bss.boot_pt, "aw", %nobits
	.balign 4096
boot_pt:
	.space	BOOT_PT_PAGES * 4096

	.section .note.GNU-stack, "", %progbits
