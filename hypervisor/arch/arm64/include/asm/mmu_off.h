/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The calls between entry.S and C that run around the MMU switch: the
 * ways out with the MMU off (entry.S) and the error path back into C.
 * Not named entry.h: that header would belong to entry.S, which calls
 * arch_entry_abort in setup.c, and setup.c calls entry.S.
 */
#ifndef ASM_MMU_OFF_H
#define ASM_MMU_OFF_H

#include <hv/types.h>

/* entry.S: executed from their physical (identity) address. */
void __noreturn arch_mmu_off_eret(paddr_t frame, paddr_t trampoline,
				  uint64_t sctlr);
extern char arch_mmu_off_eret_phys[];
void __noreturn arch_mmu_off_cpu_off(paddr_t trampoline, uint64_t sctlr,
				     uint64_t psci_fn);
extern char arch_mmu_off_cpu_off_phys[];

/* setup.c: entry.S failed before the hypervisor was up. */
void __noreturn arch_entry_abort(long err);

#endif /* ASM_MMU_OFF_H */
