// SPDX-License-Identifier: GPL-2.0
/*
 * arm64 CPU hooks: parking, kicking, and a fresh guest state for a CPU
 * that (re)starts, as PSCI CPU_ON defines it.
 */
#include <hv/cell.h>
#include <hv/control.h>
#include <hv/percpu.h>
#include <asm/gic.h>
#include <asm/mmu.h>
#include <asm/processor.h>
#include <asm/sysregs.h>

/*
 * wfi ends on any pending interrupt, masked or not, so a kick sent
 * before we got here is not lost: its SGI stays pending until taken.
 * Interrupts for the guest that arrive meanwhile are queued; a restart
 * of the CPU drops them again (vgic_cpu_reset).
 */
void cpu_arch_wait(struct per_cpu *pcpu)
{
	wfi();
	gic_handle_irq(pcpu, true);
}

void cpu_arch_kick(unsigned int target)
{
	struct per_cpu *pcpu = per_cpu(target);

	if (pcpu)
		gic_send_sgi(pcpu->arch.mpidr, SGI_KICK);
}

/* EL1 state a new guest must not inherit from the previous owner. */
static void reset_el1_sysregs(void)
{
	write_sysreg(0, ttbr0_el1);
	write_sysreg(0, ttbr1_el1);
	write_sysreg(0, tcr_el1);
	write_sysreg(0, mair_el1);
	write_sysreg(0, amair_el1);
	write_sysreg(0, vbar_el1);
	write_sysreg(0, contextidr_el1);
	write_sysreg(0, tpidr_el0);
	write_sysreg(0, tpidrro_el0);
	write_sysreg(0, tpidr_el1);
	write_sysreg(0, sp_el0);
	write_sysreg(0, sp_el1);
	write_sysreg(0, elr_el1);
	write_sysreg(0, spsr_el1);
	write_sysreg(0, esr_el1);
	write_sysreg(0, far_el1);
	write_sysreg(0, par_el1);
	write_sysreg(0, afsr0_el1);
	write_sysreg(0, afsr1_el1);
	write_sysreg(0, cpacr_el1);
	write_sysreg(0, cntkctl_el1);
	write_sysreg(0, cntv_ctl_el0);
	write_sysreg(0, cntp_ctl_el0);
	write_sysreg(0, csselr_el1);
}

void cpu_arch_reset(struct per_cpu *pcpu, uint64_t entry, uint64_t context,
		    bool full_reset)
{
	struct trap_frame *frame = pcpu->arch.frame;
	unsigned int n;

	for (n = 0; n < 31; n++)
		frame->x[n] = 0;
	frame->x[0] = context;

	/* PSCI: the new context starts with the MMU and caches off. */
	write_sysreg(SCTLR_EL1_RESET, sctlr_el1);
	if (full_reset)
		reset_el1_sysregs();
	write_sysreg(entry, elr_el2);
	write_sysreg(SPSR_EL1H_MASKED, spsr_el2);
	vgic_cpu_reset(pcpu);
	isb();
	tlb_flush_guest_local();
	asm volatile("ic iallu; dsb nsh; isb" : : : "memory");
}

uint64_t timer_arch_frequency(void)
{
	return read_sysreg(cntfrq_el0);
}

uint64_t timer_arch_now_us(void)
{
	uint64_t freq = read_sysreg(cntfrq_el0) ?: 1;
	uint64_t count;

	isb();
	count = read_sysreg(cntpct_el0);
	return count / freq * 1000000 + count % freq * 1000000 / freq;
}

void cache_arch_flush(const void *start, uint64_t size)
{
	dcache_clean_inval(start, size);
}

void cpu_arch_enter_cell(struct per_cpu *pcpu)
{
	uint64_t hcr = pcpu->cell == &root_cell ? HCR_GUEST : HCR_NONROOT;

	write_sysreg((pcpu->arch.orig_hcr & HCR_KEEP_MASK) | hcr, hcr_el2);
	write_sysreg(pcpu->cell->arch.vttbr, vttbr_el2);
	isb();
	tlb_flush_guest_local();
}

uint64_t cpu_arch_hw_id(void)
{
	return read_sysreg(mpidr_el1) & MPIDR_AFF_MASK;
}
