/* SPDX-License-Identifier: GPL-2.0 */
/* vmx_entry.S: the first VMLAUNCH of a CPU, and the exit entry point. */
#ifndef VMX_VMX_ENTRY_H
#define VMX_VMX_ENTRY_H

#include <hv/types.h>

struct guest_regs;

void __noreturn vmx_launch(struct guest_regs *regs);
void vmx_exit_entry(void);

#endif /* VMX_VMX_ENTRY_H */
