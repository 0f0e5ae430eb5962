/* SPDX-License-Identifier: GPL-2.0 */
/* The VM exit handlers (vmx_exit.c), which vmx_entry.S calls. */
#ifndef VMX_VMX_EXIT_H
#define VMX_VMX_EXIT_H

#include <hv/types.h>

struct guest_regs;
struct per_cpu;

/* Called by vmx_entry.S after each VM exit. */
void vmx_handle_exit(struct guest_regs *regs);
/* Called by vmx_entry.S if VMLAUNCH/VMRESUME did not enter the guest. */
void vmx_entry_failed(struct guest_regs *regs, bool launch);
/* Guest PDPTEs from its CR3 when it uses PAE paging outside long mode. */
void vmx_refresh_pdptes(struct per_cpu *pcpu);

#endif /* VMX_VMX_EXIT_H */
