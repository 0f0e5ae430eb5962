/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What vmx.c (setup, guest state, the vcpu interface) and vmx_exit.c
 * (exit handlers) share inside the VMX backend.
 */
#ifndef ASM_VMX_CPU_H
#define ASM_VMX_CPU_H

#include <hv/types.h>
#include <asm/vmx.h>

struct guest_regs;
struct leave_state;
struct per_cpu;

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

/* The hypervisor's code and stack selectors (descriptors.c). */
#define HOST_CS			0x10
#define HOST_SS			0x18

#define CR0_PE			(1ULL << 0)
#define CR0_TS			(1ULL << 3)
#define CR0_ET			(1ULL << 4)
#define CR0_NE			(1ULL << 5)
#define CR0_NW			(1ULL << 29)
#define CR0_CD			(1ULL << 30)
#define CR0_PG			(1ULL << 31)
#define CR4_PAE			(1ULL << 5)
#define CR4_VMXE		(1ULL << 13)
#define CR4_OSXSAVE		(1ULL << 18)
#define CR4_LA57		(1ULL << 12)

/* vmx.c: the backend's table entries for bring-up and tear-down. */
int vmx_check(void);
/* What the CPU offers for exitless APIC access (vmx_check notes it). */
const char *vmx_apic_virt(void);
int vmx_cpu_init(struct per_cpu *pcpu);
void vmx_cpu_exit(struct per_cpu *pcpu, struct leave_state *s);
void vmx_cpu_abort(struct per_cpu *pcpu, struct leave_state *s);
void __noreturn vmx_run(struct guest_regs *regs);
/* A guest segment register's four fields. */
void vmx_write_seg(enum vmx_seg seg, uint16_t sel, uint64_t base,
		   uint32_t limit, uint32_t ar);
/* The IA-32e mode guest entry control, beside the fixed ones. */
void vmx_set_ia32e(bool on);
/* The guest's view of CR0 and CR4 (masked bits from the shadows). */
uint64_t vmx_guest_cr0(void);
uint64_t vmx_guest_cr4(void);
/* Guest PDPTEs from its CR3 when it uses PAE paging outside long mode. */
void vmx_refresh_pdptes(struct per_cpu *pcpu);
/* Injects a hardware exception at the next VM entry. */
void vmx_inject(unsigned int vector, bool err_code, uint32_t error);
/* EPT pointer of the CPU's cell, and INVEPT for it. */
void vmx_flush_ept(struct per_cpu *pcpu);
/* Before each VM entry: TLB flush, NMI injection, NMI window. */
void vmx_prepare_entry(struct per_cpu *pcpu);
/* Back to Linux after a failed first entry of this CPU. */
void __noreturn vmx_abort_first_entry(struct per_cpu *pcpu);

#endif /* ASM_VMX_CPU_H */
