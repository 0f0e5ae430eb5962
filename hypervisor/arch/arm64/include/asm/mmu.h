/* SPDX-License-Identifier: GPL-2.0 */
/*
 * arm64 translation regimes: EL2 stage 1 and the guests' stage 2.
 */
#ifndef ASM_MMU_H
#define ASM_MMU_H

#include <hv/types.h>

/* Physical address size from ID_AA64MMFR0_EL1, capped at 48 bits. */
unsigned int mmu_pa_bits(void);
/* Fixes the stage-2 geometry; the first CPU calls it before any cell. */
void mmu_init_stage2(void);
uint64_t mmu_vtcr(void);

/* Cleans and invalidates [start, start + size) to PoC, by VA. */
void dcache_clean_inval(const void *start, uint64_t size);

static inline void tlb_flush_guest_local(void)
{
	asm volatile("dsb ishst; tlbi vmalls12e1; dsb nsh; isb" : : : "memory");
}

#endif /* ASM_MMU_H */
