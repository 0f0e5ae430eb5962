/* SPDX-License-Identifier: GPL-2.0 */
/*
 * x86 per-CPU data. The vendor's two pages come first in the per-CPU
 * area (page aligned, zeroed at entry): VMCB and host save area (SVM), or
 * VMCS and VMXON region (VMX). The fields entry.S writes follow at fixed
 * offsets.
 */
#ifndef ASM_PERCPU_H
#define ASM_PERCPU_H

#define HV_MAX_CPUS		16
#define PERCPU_SIZE		0x8000		/* data + stack */
#define PERCPU_DATA_SIZE	0x3000		/* zeroed at entry */

/* Guest GPRs saved at each #VMEXIT: at the very top of the stack. */
#define GUEST_REGS_SIZE		128

/* Offsets into struct per_cpu_arch, for entry.S. */
#define PCPU_LINUX_CR3		0x2000
#define PCPU_LINUX_CR4		0x2008
#define PCPU_LINUX_RSP		0x2010
#define PCPU_LINUX_RIP		0x2018
#define PCPU_LEAVE_VA		0x2020
#define PCPU_TRAMP_VA		0x2028
#define PCPU_TRAMP_PA		0x2030
#define PCPU_LINUX_GDTR		0x2038
#define PCPU_LINUX_IDTR		0x2048

#ifndef __ASSEMBLER__
#include <hv/printk.h>
#include <hv/types.h>
#include <asm/guest_cache.h>

struct per_cpu;

/*
 * Guest registers the CPU does not keep in the VMCB/VMCS. SVM keeps rax
 * and rsp in the VMCB, and its first slot holds the VMCB's physical
 * address for the loop; VMX keeps rsp in the VMCS, rax here.
 */
struct guest_regs {
	union {
		uint64_t vmcb_pa;	/* SVM */
		uint64_t rax;		/* VMX */
	};
	uint64_t rcx, rdx, rbx, rbp, rsi, rdi;
	uint64_t r8, r9, r10, r11, r12, r13, r14, r15;
	uint64_t pad;
};

/* Registers the trampoline's leave routine expects (x86_leave()). */
struct leave_state {
	uint64_t cr3, rsp, rip, cr4, efer, rax, stgi, leave_va;
};

/*
 * What the VMX backend keeps per CPU (vmx.c): its state flags, and
 * Linux's state at entry that no VMCS field holds, for the way back.
 */
struct vmx_cpu {
	bool vmxon;			/* in VMX operation */
	bool vmcs_loaded;		/* VMCS current: vmread/vmwrite work */
	bool entry_attempted;		/* VMLAUNCH tried: host state loaded */
	bool launched;			/* a VM exit seen: VMRESUME next */
	bool gdt_valid;			/* linux_gdt holds Linux's GDT */
	volatile bool host_nmi;		/* NMI taken in the hypervisor */
	volatile bool nmi_pending;	/* NMI to inject into the root cell */
	uint32_t proc_controls;		/* primary controls, no NMI window */
	unsigned int exit_reason;	/* basic reason of the current exit */
	uint64_t linux_fs_base, linux_gs_base, linux_dr7, linux_debugctl;
	uint16_t linux_sel[8];		/* enum vmx_seg order */
	/* Copy of Linux's GDT: descriptors at entry, segments at exit. */
	uint64_t linux_gdt[32];
};

struct per_cpu_arch {
	union {
		uint8_t vmcb[4096];	/* SVM: struct vmcb */
		uint8_t vmcs[4096];	/* VMX: VMCS region */
	};
	union {
		uint8_t host_save[4096];	/* SVM: VM_HSAVE_PA */
		uint8_t vmxon_region[4096];	/* VMX: VMXON region */
	};
	/* Written by entry.S. */
	uint64_t linux_cr3, linux_cr4, linux_rsp, linux_rip;
	uint64_t leave_va;		/* trampoline's leave routine */
	uint64_t tramp_va, tramp_pa;	/* the trampoline page */
	uint8_t linux_gdtr[16];		/* sgdt: limit, base */
	uint8_t linux_idtr[16];
	/* Written by C. */
	uint64_t linux_efer;
	struct guest_regs *regs;
	bool flush_tlb;			/* TLB_CONTROL on the next VMRUN */
	struct leave_state leave;
	/* Local APIC (apic.c). */
	uint32_t apic_id;
	uint32_t apic_ldr, apic_dfr;	/* as this CPU's cell last set them */
	uint32_t hw_ldr, hw_dfr;	/* as the APIC has them */
	uint32_t apic_icr_hi;		/* shadow: the cell's ICR high */
	bool x2apic;			/* the APIC is in x2APIC mode */
	struct ratelimit ipi_refusals;
	bool wait_for_sipi;		/* got INIT: a SIPI starts it */
	/*
	 * Set by the first kicker, who then sends the one kick NMI; cleared
	 * by the CPU when it takes that NMI. NMIs do not queue, so a second
	 * NMI per kick could arrive after the flag is gone and pass for one
	 * of the guest (cpu_arch_kick).
	 */
	volatile bool kick_pending;
	bool nmi_deferred;	/* SVM: taken outside handle_nmi, re-raised */
	struct ratelimit pio_refusals, msr_refusals;
	struct vmx_cpu vmx;
	/* MMIO emulation: guest pages kept mapped, last decode (guest_mem.c). */
	struct x86_guest_cache gcache;
	struct x86_insn_cache icache;
};

JH_STATIC_ASSERT(__builtin_offsetof(struct per_cpu_arch, linux_cr3) ==
		 PCPU_LINUX_CR3, "entry.S offset");
JH_STATIC_ASSERT(__builtin_offsetof(struct per_cpu_arch, tramp_pa) ==
		 PCPU_TRAMP_PA, "entry.S offset");
JH_STATIC_ASSERT(__builtin_offsetof(struct per_cpu_arch, linux_gdtr) ==
		 PCPU_LINUX_GDTR, "entry.S offset");
JH_STATIC_ASSERT(__builtin_offsetof(struct per_cpu_arch, linux_idtr) ==
		 PCPU_LINUX_IDTR, "entry.S offset");
JH_STATIC_ASSERT(sizeof(struct guest_regs) == GUEST_REGS_SIZE,
		 "entry.S frame size");

/* From the stack pointer: every CPU runs on its own per-CPU stack. */
struct per_cpu *arch_this_cpu(void);
#endif

#endif /* ASM_PERCPU_H */
