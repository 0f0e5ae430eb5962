// SPDX-License-Identifier: GPL-2.0
/*
 * The asm/vcpu.h interface and the generic core's CPU hooks, forwarded to
 * the vendor backend setup_arch_early() chose, and the hypervisor's own
 * NMI vector's C half.
 */
#include <hv/arch.h>
#include <hv/cell.h>
#include <hv/cpu_handover.h>
#include <hv/percpu.h>
#include <hv/printk.h>
#include <hv/setup.h>
#include <asm/apic.h>
#include <asm/cpu_scrub.h>
#include <asm/io.h>
#include <asm/processor.h>
#include <asm/vcpu.h>
#include <asm/vendor.h>

const struct x86_vendor *x86_vendor;

uint64_t vcpu_gpr_read(struct per_cpu *pcpu, unsigned int reg)
{
	return x86_vendor->gpr_read(pcpu, reg);
}

void vcpu_gpr_write(struct per_cpu *pcpu, unsigned int reg, uint64_t val)
{
	x86_vendor->gpr_write(pcpu, reg, val);
}

void vcpu_code_state(struct per_cpu *pcpu, uint64_t *rip_linear,
		     enum x86_cpu_mode *mode, struct x86_paging_state *pg)
{
	x86_vendor->code_state(pcpu, rip_linear, mode, pg);
}

uint64_t vcpu_rip(struct per_cpu *pcpu)
{
	return x86_vendor->rip(pcpu);
}

void vcpu_skip_insn(struct per_cpu *pcpu, unsigned int len)
{
	x86_vendor->skip_insn(pcpu, len);
}

void vcpu_inject_gp(struct per_cpu *pcpu)
{
	x86_vendor->inject_gp(pcpu);
}

unsigned int vcpu_exit_insn_len(struct per_cpu *pcpu)
{
	return x86_vendor->exit_insn_len(pcpu);
}

void vcpu_irq_window(void)
{
	x86_vendor->irq_window();
}

/* Generic core hooks for CPU hand-over (hv/control.h). */
void cpu_arch_reset(struct per_cpu *pcpu, uint64_t entry, uint64_t context,
		    bool full_reset)
{
	apic_cpu_reset();
	if (full_reset) {
		x86_scrub_cpu_state();
	}
	x86_vendor->reset(pcpu, entry);
}

void cpu_arch_enter_cell(struct per_cpu *pcpu)
{
	x86_vendor->enter_cell(pcpu);
}

/*
 * The cell broke the rules or its CPU is lost: a non-root cell fails as
 * a whole (its CPUs park); a root CPU parks for good, so that Linux's
 * other CPUs and the other cells go on.
 */
void vcpu_stop_guest(struct per_cpu *pcpu, const char *why)
{
	if (pcpu->cell != &root_cell) {
		cell_fail(pcpu, why);
		return;
	}
	printk("root cell CPU %u stopped: %s\n", pcpu->cpu_id, why);
	pcpu->state = CPU_FAILED;
	cpu_park(pcpu);
}

/*
 * Kicks are NMIs; the flag tells them from NMIs meant for the guest. Only
 * the kicker that sets it sends one: while it is set, an NMI is on its
 * way and the target looks at its requests after taking it (the request
 * was written before the exchange, which orders it).
 */
void cpu_arch_kick(unsigned int target)
{
	struct per_cpu *pcpu = per_cpu(target);

	if (!pcpu) {
		return;
	}
	if (!__atomic_exchange_n(&pcpu->arch.kick_pending, true,
				 __ATOMIC_SEQ_CST)) {
		apic_send_nmi(target);
	}
}

/* The target took the kick: later kicks send a new NMI. */
void x86_kick_taken(struct per_cpu *pcpu)
{
	pcpu->arch.kick_pending = false;
	/* The requests it looks at next are read after the clear. */
	smp_mb();
}

/* exception.S, vector 2: an NMI that reached the hypervisor itself. */
void x86_host_nmi(void)
{
	if (x86_vendor != NULL) {
		x86_vendor->host_nmi(this_cpu());
	}
}

const struct pt_format *paging_arch_guest_format(void)
{
	return x86_vendor->guest_format;
}

/* The initial APIC ID (CPUID 1, EBX[31:24]): needs no APIC mapping. */
uint64_t cpu_arch_hw_id(void)
{
	uint32_t a, b, c, d;

	cpuid(1, 0, &a, &b, &c, &d);
	return b >> 24;
}
