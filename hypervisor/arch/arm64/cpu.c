// SPDX-License-Identifier: GPL-2.0
/*
 * arm64 CPU hooks: parking, kicking, and a fresh guest state for a CPU
 * that (re)starts, as PSCI CPU_ON defines it.
 */
#include <hv/arch.h>
#include <hv/cell.h>
#include <hv/percpu.h>
#include <hv/setup.h>
#include <asm/gic.h>
#include <asm/mmu.h>
#include <asm/processor.h>
#include <asm/sdei.h>
#include <asm/sysregs.h>

/*
 * A CPU taken back from a cell with direct delivery: its physical CPU
 * interface clean and the hypervisor's again, interrupts routed to EL2.
 */
static void leave_direct(struct per_cpu *pcpu)
{
	if (pcpu->arch.direct) {
		gic_direct_leave(pcpu);
		write_sysreg(read_sysreg(hcr_el2) | HCR_IMO | HCR_FMO,
			     hcr_el2);
		isb();
	}
}

/*
 * wfi ends on any pending interrupt, masked or not, so a kick sent
 * before we got here is not lost: its SGI stays pending until taken.
 * Interrupts for the guest that arrive meanwhile are queued; a restart
 * of the CPU drops them again (vgic_cpu_reset). The virtual interface is
 * off meanwhile: a virtual interrupt pending in a list register (the
 * stopped guest's timer, still armed) would end every wfi under QEMU,
 * and the parked CPU would spin.
 */
void cpu_arch_wait(struct per_cpu *pcpu)
{
	leave_direct(pcpu);
	gic_ops->vcpu_park();
	wfi();
	gic_handle_irq(pcpu, true);
}

void cpu_arch_kick(unsigned int target)
{
	struct per_cpu *pcpu = per_cpu(target);
	bool direct;

	if (pcpu == NULL) {
		return;
	}
	gic_send_sgi(pcpu, SGI_KICK);
	/*
	 * The request is written before direct is read; the target clears
	 * direct before it reads its request (cpu_park), so one of the two
	 * sees the other. A CPU under direct delivery never takes the SGI:
	 * it is taken back by the SDEI event, which it cannot mask.
	 */
	smp_mb();
	direct = READ_ONCE(pcpu->arch.direct);
	if (direct) {
		sdei_signal(pcpu);
	}
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

void cpu_scrub_fpsimd(void);	/* cpu_scrub.S */

/* ID_AA64DFR0_EL1: breakpoints and watchpoints, each count minus one. */
#define DFR0_BRPS(dfr0)		((((dfr0) >> 12) & 0xf) + 1)
#define DFR0_WRPS(dfr0)		((((dfr0) >> 20) & 0xf) + 1)
/* PMCR_EL0: counters off (E=0), event counters and cycle counter reset. */
#define PMCR_RESET_COUNTERS	(BIT(1) | BIT(2))

#define CLEAR_DEBUG_PAIR(n, bcr, wcr, brps, wrps)			\
	do {								\
		if ((n) < (brps)) {					\
			write_sysreg(0, bcr);				\
		}							\
		if ((n) < (wrps)) {					\
			write_sysreg(0, wcr);				\
		}							\
	} while (0)

/*
 * Per-CPU state a new owner must neither see nor inherit: FP/SIMD
 * registers, hardware breakpoints and watchpoints, PMU counters and their
 * interrupts. Each is the CPU's own, so a cell may use them while it owns
 * the CPU (the hypervisor does not trap them); it finds them cleared when
 * it gets the CPU, and so does the root cell when the CPU comes back.
 */
static void scrub_cpu_state(void)
{
	uint64_t dfr0 = read_sysreg(id_aa64dfr0_el1);
	unsigned int brps = (unsigned int)DFR0_BRPS(dfr0);
	unsigned int wrps = (unsigned int)DFR0_WRPS(dfr0);

	cpu_scrub_fpsimd();
	write_sysreg(0, mdscr_el1);
	CLEAR_DEBUG_PAIR(0, dbgbcr0_el1, dbgwcr0_el1, brps, wrps);
	CLEAR_DEBUG_PAIR(1, dbgbcr1_el1, dbgwcr1_el1, brps, wrps);
	CLEAR_DEBUG_PAIR(2, dbgbcr2_el1, dbgwcr2_el1, brps, wrps);
	CLEAR_DEBUG_PAIR(3, dbgbcr3_el1, dbgwcr3_el1, brps, wrps);
	CLEAR_DEBUG_PAIR(4, dbgbcr4_el1, dbgwcr4_el1, brps, wrps);
	CLEAR_DEBUG_PAIR(5, dbgbcr5_el1, dbgwcr5_el1, brps, wrps);
	CLEAR_DEBUG_PAIR(6, dbgbcr6_el1, dbgwcr6_el1, brps, wrps);
	CLEAR_DEBUG_PAIR(7, dbgbcr7_el1, dbgwcr7_el1, brps, wrps);
	CLEAR_DEBUG_PAIR(8, dbgbcr8_el1, dbgwcr8_el1, brps, wrps);
	CLEAR_DEBUG_PAIR(9, dbgbcr9_el1, dbgwcr9_el1, brps, wrps);
	CLEAR_DEBUG_PAIR(10, dbgbcr10_el1, dbgwcr10_el1, brps, wrps);
	CLEAR_DEBUG_PAIR(11, dbgbcr11_el1, dbgwcr11_el1, brps, wrps);
	CLEAR_DEBUG_PAIR(12, dbgbcr12_el1, dbgwcr12_el1, brps, wrps);
	CLEAR_DEBUG_PAIR(13, dbgbcr13_el1, dbgwcr13_el1, brps, wrps);
	CLEAR_DEBUG_PAIR(14, dbgbcr14_el1, dbgwcr14_el1, brps, wrps);
	CLEAR_DEBUG_PAIR(15, dbgbcr15_el1, dbgwcr15_el1, brps, wrps);
	write_sysreg(0, pmuserenr_el0);
	write_sysreg(~0UL, pmcntenclr_el0);
	write_sysreg(~0UL, pmintenclr_el1);
	write_sysreg(~0UL, pmovsclr_el0);
	write_sysreg(PMCR_RESET_COUNTERS, pmcr_el0);
	write_sysreg(0, pmselr_el0);
}

void cpu_arch_reset(struct per_cpu *pcpu, uint64_t entry, uint64_t context,
		    bool full_reset)
{
	struct trap_frame *frame = pcpu->arch.frame;
	unsigned int n;

	for (n = 0; n < 31; n++) {
		frame->x[n] = 0;
	}
	frame->x[0] = context;
	pcpu->arch.frame_reset = true;

	/* PSCI: the new context starts with the MMU and caches off. */
	write_sysreg(SCTLR_EL1_RESET, sctlr_el1);
	if (full_reset) {
		reset_el1_sysregs();
		scrub_cpu_state();
	}
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
	uint64_t freq = read_sysreg(cntfrq_el0);
	uint64_t count;

	if (freq == 0U) {
		freq = 1;	/* CNTFRQ left unset: no division by zero */
	}
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
	bool root = pcpu->cell == &root_cell;
	bool direct = !root && pcpu->cell->arch.direct;
	uint64_t mdcr = pcpu->arch.orig_mdcr;
	uint64_t hcr = root ? HCR_GUEST : HCR_NONROOT;

	if (!root) {
		mdcr = (mdcr & MDCR_HPMN_MASK) | MDCR_NONROOT;
	}
	leave_direct(pcpu);
	if (direct) {
		/* Physical interrupts go to the cell, not to EL2. */
		hcr &= ~(HCR_IMO | HCR_FMO);
		gic_direct_enter(pcpu);
	}
	write_sysreg((pcpu->arch.orig_hcr & HCR_KEEP_MASK) | hcr, hcr_el2);
	write_sysreg(mdcr, mdcr_el2);
	write_sysreg(pcpu->cell->arch.vttbr, vttbr_el2);
	isb();
	tlb_flush_guest_local();
}

uint64_t cpu_arch_hw_id(void)
{
	return read_sysreg(mpidr_el1) & MPIDR_AFF_MASK;
}
