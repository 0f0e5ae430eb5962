/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Trap handling: the entry points exception.S calls. Vector numbers are
 * included by assembly too.
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
/* Not a vector: the SDEI management event took the CPU from its guest. */
#define VEC_SDEI		16

#ifndef __ASSEMBLER__
#include <hv/types.h>
#include <asm/percpu.h>

extern char hv_vectors[];

/* Called by exception.S; they dispatch down to sysreg.c, psci.c, inject.c. */
void arch_handle_trap(struct trap_frame *frame, unsigned long vector);
bool arch_handle_irq_trap(struct trap_frame *frame);
void arch_handle_hyp_exception(struct trap_frame *frame,
			       unsigned long vector);
#endif /* !__ASSEMBLER__ */

#endif /* ASM_TRAPS_H */
