/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Where the guest resumes after a trap: past the trapped instruction, or
 * at its own exception vector (inject.c). Used by the trap handlers.
 */
#ifndef ASM_INJECT_H
#define ASM_INJECT_H

#include <hv/types.h>
#include <asm/sysregs.h>

struct per_cpu;

/* Synchronous exceptions injected into the guest's EL1. */
void arch_inject_abort(struct per_cpu *pcpu, bool data, uint64_t far);
void arch_inject_undef(struct per_cpu *pcpu);

/* Past the trapped instruction: 2 bytes for a 16-bit T32 one. */
static inline void skip_instruction(void)
{
	write_sysreg(read_sysreg(elr_el2) +
		     (read_sysreg(esr_el2) & ESR_IL ? 4 : 2), elr_el2);
}

#endif /* ASM_INJECT_H */
