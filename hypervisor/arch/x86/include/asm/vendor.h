/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The vendor backend (AMD SVM or Intel VMX), chosen once by
 * setup_arch_early() from CPUID and called through this table by the
 * neutral x86 code: setup.c for bring-up and tear-down, the generic core's
 * CPU hooks, and the asm/vcpu.h interface of the exit handlers that both
 * backends share.
 */
#ifndef ASM_VENDOR_H
#define ASM_VENDOR_H

#include <hv/types.h>
#include <asm/guest_walk.h>
#include <asm/insn_decode.h>
#include <asm/msr_bitmap.h>

struct guest_regs;
struct leave_state;
struct per_cpu;
struct pt_format;

struct x86_vendor {
	const char *banner;		/* what setup_arch_init prints */
	const struct pt_format *guest_format;	/* NPT or EPT */
	enum x86_msr_format msr_format;
	/* First CPU: features missing beyond what selection checked. */
	int (*check)(void);
	/* What the CPU offers that the exit handlers use; NULL: nothing. */
	const char *(*assists)(void);
	/* What it offers for exitless APIC access (unused); NULL: nothing. */
	const char *(*apic_virt)(void);
	/* Every CPU: virtualization on, the root cell's guest from Linux. */
	int (*cpu_init)(struct per_cpu *pcpu);
	/* Disable: the guest's state back into the CPU, *s for the leave. */
	void (*cpu_exit)(struct per_cpu *pcpu, struct leave_state *s);
	/*
	 * Failed entry: undoes what cpu_init did so far (any stage); *s
	 * holds Linux's state from the trampoline, efer the current EFER.
	 */
	void (*cpu_abort)(struct per_cpu *pcpu, struct leave_state *s);
	/* Runs the CPU's guest from the state cpu_init built. */
	void __noreturn (*run)(struct guest_regs *regs);
	/* Guest state after INIT/SIPI at entry (real mode). */
	void (*reset)(struct per_cpu *pcpu, uint64_t entry);
	/* Guest page table and permission bitmaps of pcpu->cell. */
	void (*enter_cell)(struct per_cpu *pcpu);
	/* An NMI the hypervisor itself took (its IDT's vector 2). */
	void (*host_nmi)(struct per_cpu *pcpu);
	/* Lets pending interrupts in through the IDT for a moment. */
	void (*irq_window)(void);
	/* asm/vcpu.h, see there. */
	uint64_t (*gpr_read)(struct per_cpu *pcpu, unsigned int reg);
	void (*gpr_write)(struct per_cpu *pcpu, unsigned int reg,
			  uint64_t val);
	void (*code_state)(struct per_cpu *pcpu, uint64_t *rip_linear,
			   enum x86_cpu_mode *mode,
			   struct x86_paging_state *pg);
	uint64_t (*rip)(struct per_cpu *pcpu);
	void (*skip_insn)(struct per_cpu *pcpu, unsigned int len);
	void (*inject_gp)(struct per_cpu *pcpu);
	unsigned int (*exit_insn_len)(struct per_cpu *pcpu);
};

extern const struct x86_vendor *x86_vendor;
extern const struct x86_vendor svm_vendor, vmx_vendor;

#endif /* ASM_VENDOR_H */
