/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Trap handling. Vector numbers are included by assembly too.
 */
#ifndef ASM_TRAPS_H
#define ASM_TRAPS_H

#define VEC_CUR_SP0_SYNC	0
#define VEC_CUR_SP0_IRQ		1
#define VEC_CUR_SP0_FIQ		2
#define VEC_CUR_SP0_SERROR	3
#define VEC_CUR_SPX_SYNC	4
#define VEC_CUR_SPX_IRQ		5
#define VEC_CUR_SPX_FIQ		6
#define VEC_CUR_SPX_SERROR	7
#define VEC_LOW64_SYNC		8
#define VEC_LOW64_IRQ		9
#define VEC_LOW64_FIQ		10
#define VEC_LOW64_SERROR	11
#define VEC_LOW32_SYNC		12
#define VEC_LOW32_IRQ		13
#define VEC_LOW32_FIQ		14
#define VEC_LOW32_SERROR	15

#ifndef __ASSEMBLER__
#include <hv/types.h>
#include <asm/percpu.h>

struct per_cpu;

extern char hv_vectors[];

void arch_handle_trap(struct trap_frame *frame, unsigned long vector);
bool arch_handle_irq_trap(struct trap_frame *frame);
void arch_handle_hyp_exception(struct trap_frame *frame,
			       unsigned long vector);
void __noreturn arch_entry_abort(long err);

void __noreturn arch_mmu_off_eret(paddr_t frame, paddr_t trampoline,
				  uint64_t sctlr);
extern char arch_mmu_off_eret_phys[];
void __noreturn arch_mmu_off_cpu_off(paddr_t trampoline, uint64_t sctlr,
				     uint64_t psci_fn);
extern char arch_mmu_off_cpu_off_phys[];

/* The guest did something the hypervisor does not allow or know. */
void arch_guest_fault(struct per_cpu *pcpu, const char *what);

/* Injection of synchronous exceptions into the guest's EL1. */
void arch_inject_abort(struct per_cpu *pcpu, bool data, uint64_t far);
void arch_inject_undef(struct per_cpu *pcpu);

void psci_handle(struct per_cpu *pcpu, struct trap_frame *frame);
/* Moves the guest past the instruction that trapped. */
void skip_instruction(void);
/* ICC_SGI1R_EL1 and other trapped system registers; true if handled. */
bool sysreg_handle(struct per_cpu *pcpu, struct trap_frame *frame,
		   uint64_t esr);

const char *esr_class_name(unsigned int ec);
#endif /* !__ASSEMBLER__ */

#endif /* ASM_TRAPS_H */
