/* SPDX-License-Identifier: GPL-2.0 */
/*
 * arm64 per-CPU data. Offsets used by the entry code are fixed here.
 */
#ifndef ASM_PERCPU_H
#define ASM_PERCPU_H

#define HV_MAX_CPUS		16
#define PERCPU_SIZE		0x8000		/* data + stack */
#define PERCPU_DATA_SIZE	0x2000		/* zeroed at entry */

/* Trap frame: x0..x30 and one word of padding, at the top of the stack. */
#define TRAP_FRAME_SIZE		256

/* Offsets into struct per_cpu_arch, for entry.S. */
#define PCPU_LINUX_REGS		0		/* x19..x30 */
#define PCPU_ORIG_SCTLR		96
#define PCPU_SDEI_ELR		104	/* the SDEI handler's, exception.S */
#define PCPU_SDEI_SPSR		112
#define PCPU_SDEI_PENDING	120

#ifndef __ASSEMBLER__
#include <hv/spinlock.h>
#include <hv/types.h>

struct per_cpu;

struct trap_frame {
	uint64_t x[31];
	uint64_t pad;
};

/* Guest interrupts waiting for a free list register. */
#define IRQ_QUEUE_LEN		64

struct irq_queue_entry {
	uint16_t intid;
	bool hw;		/* backed by a physical interrupt */
};

struct irq_queue {
	spinlock_t lock;	/* other CPUs queue SGIs here */
	unsigned int head;
	unsigned int count;
	unsigned int dropped;
	/* The CPU left the hypervisor: SGIs for it go to it physically. */
	bool closed;
	struct irq_queue_entry entry[IRQ_QUEUE_LEN];
};

struct per_cpu_arch {
	uint64_t linux_regs[12];	/* x19..x30 of the EL1 caller */
	uint64_t orig_sctlr;		/* SCTLR_EL2 before entry */
	/*
	 * Direct delivery (Documentation/arm64.md): the guest's ELR_EL2 and
	 * SPSR_EL2 kept by the SDEI handler when the event hit the last
	 * steps of a return to the guest; sdei_pending: the event arrived
	 * and the next return to a guest goes through the requests first.
	 */
	uint64_t sdei_elr;
	uint64_t sdei_spsr;
	uint8_t sdei_pending;
	/* Runs a cell that owns the physical CPU interface (IMO/FMO clear). */
	bool direct;
	bool sdei_registered;		/* event 0 registered on this CPU */
	uint64_t stub_vbar;		/* VBAR_EL2 at entry: the hyp stub */
	uint64_t orig_hcr;		/* HCR_EL2 at entry */
	uint64_t orig_mdcr;		/* MDCR_EL2 at entry */
	uint64_t mpidr;			/* MPIDR_EL1 affinity bits */
	struct trap_frame *frame;	/* registers of the current trap */
	bool frame_reset;		/* frame rewritten by cpu_arch_reset */
	void *gicr;			/* GICv3: own redistributor, RD_base */
	uint64_t orig_icc_ctlr;		/* GICv3: ICC_CTLR_EL1 before entry */
	uint64_t hv_icc_pmr;		/* GICv3: physical PMR, BPR1 the */
	uint64_t hv_icc_bpr1;		/* hypervisor acknowledges with */
	uint32_t orig_gicc_ctlr;	/* GICv2: GICC_CTLR before entry */
	uint8_t gic_target;		/* GICv2: CPU interface mask */
	bool stub_call_logged;		/* hvc #0 after enable: said */
	struct irq_queue irqs;
	/* Retries of a transient stage-2 fault (traps.c). */
	uint64_t retry_gpa;
	uint64_t retry_start_us;
	unsigned int retries;
};

JH_STATIC_ASSERT(__builtin_offsetof(struct per_cpu_arch, linux_regs) ==
		 PCPU_LINUX_REGS, "entry.S offset");
JH_STATIC_ASSERT(__builtin_offsetof(struct per_cpu_arch, orig_sctlr) ==
		 PCPU_ORIG_SCTLR, "entry.S offset");
JH_STATIC_ASSERT(__builtin_offsetof(struct per_cpu_arch, sdei_elr) ==
		 PCPU_SDEI_ELR, "exception.S offset");
JH_STATIC_ASSERT(__builtin_offsetof(struct per_cpu_arch, sdei_spsr) ==
		 PCPU_SDEI_SPSR, "exception.S offset");
JH_STATIC_ASSERT(__builtin_offsetof(struct per_cpu_arch, sdei_pending) ==
		 PCPU_SDEI_PENDING, "exception.S offset");
JH_STATIC_ASSERT(sizeof(struct trap_frame) == TRAP_FRAME_SIZE,
		 "exception.S frame size");

static inline struct per_cpu *arch_this_cpu(void)
{
	struct per_cpu *pcpu;

	asm volatile("mrs %0, tpidr_el2" : "=r" (pcpu));
	return pcpu;
}
#endif /* !__ASSEMBLER__ */

#endif /* ASM_PERCPU_H */
