/* SPDX-License-Identifier: GPL-2.0 */
/*
 * x86.c: the architecture hooks on x86 (arch.h names them jh_arch_*), and
 * the entry trampoline and hypercall stubs (asm in x86.c).
 */
#ifndef _JH_DRIVER_X86_H
#define _JH_DRIVER_X86_H

#include <linux/types.h>

struct jh_cause;

int jh_x86_check(struct jh_cause *cause);
long jh_x86_cpu_enter(phys_addr_t entry, phys_addr_t header,
		      unsigned int cpu);
long jh_x86_hypercall(unsigned long code, unsigned long arg1,
		      unsigned long arg2);
void jh_x86_flush_dcache(const void *addr, size_t size);

/*
 * jh_x86_enter(boot_cr3, entry_va, header_pa, cpu, tramp_va, tramp_pa)
 *   saves what Linux needs back, switches to the boot tables and jumps
 *   to the hypervisor entry; returns 0 (now as the root cell) or -JH_E*.
 * jh_x86_leave: the hypervisor's way back (registers: see entry.S).
 * jh_x86_vmmcall(code, arg1, arg2): vmmcall, callee-saved kept;
 * jh_x86_vmcall: the same with vmcall.
 * The first two must share one page: it is mapped in both address spaces.
 */
long jh_x86_enter(u64 boot_cr3, u64 entry, u64 header, u64 cpu, u64 tva,
		  u64 tpa);
long jh_x86_vmmcall(unsigned long code, unsigned long a1, unsigned long a2);
long jh_x86_vmcall(unsigned long code, unsigned long a1, unsigned long a2);
void jh_x86_resume(void);
void jh_x86_leave(void);
extern const u8 jh_x86_tramp_start[], jh_x86_tramp_end[];

#endif
