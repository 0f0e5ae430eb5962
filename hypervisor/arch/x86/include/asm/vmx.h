/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The VMX backend's bring-up and tear-down (vmx.c), which the backend's
 * table (vmx_vcpu.c) holds. Brings the definitions (asm/vmcs.h) and the
 * pure capability code (asm/vmx_caps.h) along, for the host tests too.
 */
#ifndef ASM_VMX_H
#define ASM_VMX_H

#include <hv/types.h>
#include <asm/vmcs.h>
#include <asm/vmx_caps.h>

struct guest_regs;
struct leave_state;
struct per_cpu;

int vmx_check(void);
/* What the CPU offers for exitless APIC access (vmx_check notes it). */
const char *vmx_apic_virt(void);
int vmx_cpu_init(struct per_cpu *pcpu);
void vmx_cpu_exit(struct per_cpu *pcpu, struct leave_state *s);
void vmx_cpu_abort(struct per_cpu *pcpu, struct leave_state *s);
void __noreturn vmx_run(struct guest_regs *regs);

#endif /* ASM_VMX_H */
