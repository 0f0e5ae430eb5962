/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The guest state in the current VMCS that bring-up, the backend's table
 * and the exit handlers all change (vmx_guest.c), and the controls chosen
 * on the first CPU.
 */
#ifndef VMX_VMX_GUEST_H
#define VMX_VMX_GUEST_H

#include <hv/types.h>

/* The controls and fixed bits chosen on the first CPU (vmx_check). */
struct vmx_setup {
	uint32_t revision;
	uint32_t pin, proc, proc2, exit, entry;	/* entry without IA-32e */
	uint64_t cr0_fixed0, cr0_fixed1, cr4_fixed0, cr4_fixed1;
	/* Guest-owned bits are clear: the others trap when changed. */
	uint64_t cr0_mask, cr4_mask;
	bool invept_single;
};

extern struct vmx_setup vmx_setup;

struct cell;
struct per_cpu;

/* The IA-32e mode guest entry control, beside the fixed ones. */
void vmx_set_ia32e(bool on);
/* The guest's view of CR0 and CR4 (masked bits from the shadows). */
uint64_t vmx_guest_cr0(void);
uint64_t vmx_guest_cr4(void);
/* Injects a hardware exception at the next VM entry. */
void vmx_inject(unsigned int vector, bool err_code, uint32_t error);
/* EPT pointer of a cell. */
uint64_t vmx_eptp(const struct cell *cell);
/* Before each VM entry: TLB flush, NMI injection, NMI window. */
void vmx_prepare_entry(struct per_cpu *pcpu);

#endif /* VMX_VMX_GUEST_H */
