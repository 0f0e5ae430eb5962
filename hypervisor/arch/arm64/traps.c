// SPDX-License-Identifier: GPL-2.0
/*
 * Traps from guests: decode the syndrome and hand the event to its
 * handler. A guest can never stop the hypervisor: what is not handled is
 * reported (rate-limited) and answered with an exception injected into the
 * root cell, or with the failure of a non-root cell.
 */
#include <jailhouse/hypercall.h>
#include <hv/arch.h>
#include <hv/cell.h>
#include <hv/cpu_handover.h>
#include <hv/format.h>
#include <hv/hypercall.h>
#include <hv/mmio.h>
#include <hv/percpu.h>
#include <hv/printk.h>
#include <asm/gic.h>
#include <asm/inject.h>
#include <asm/processor.h>
#include <asm/psci.h>
#include <asm/sysreg.h>
#include <asm/sysregs.h>
#include <asm/traps.h>

#define STUB_ERR		0xbadca11	/* the hyp stub's "unknown" */
#define HPFAR_FIPA_MASK		MASK64(43, 4)
/* Bound for retrying one address: a longer run would be a livelock. */
#define RETRY_WINDOW_US		10000
#define RETRY_MAX		64

static struct ratelimit fault_rl;

static const char *const ec_names[] = {
	[EC_UNKNOWN] = "unknown reason",
	[EC_WFX] = "WFI/WFE",
	[EC_CP15_32] = "AArch32 MCR/MRC cp15",
	[EC_CP15_64] = "AArch32 MCRR/MRRC cp15",
	[EC_CP14_MR] = "AArch32 MCR/MRC cp14",
	[EC_CP14_LS] = "AArch32 LDC/STC cp14",
	[EC_FP_ASIMD] = "FP/SIMD access",
	[EC_CP10_ID] = "AArch32 VMRS",
	[EC_PAC] = "pointer authentication",
	[EC_CP14_64] = "AArch32 MRRC cp14",
	[EC_BTI] = "branch target",
	[EC_ILL] = "illegal execution state",
	[EC_SVC32] = "AArch32 SVC",
	[EC_HVC32] = "AArch32 HVC",
	[EC_SMC32] = "AArch32 SMC",
	[EC_SVC64] = "SVC",
	[EC_HVC64] = "HVC",
	[EC_SMC64] = "SMC",
	[EC_SYS64] = "MSR/MRS/system instruction",
	[EC_SVE] = "SVE access",
	[EC_IABT_LOW] = "instruction abort from a lower EL",
	[EC_IABT_CUR] = "instruction abort in EL2",
	[EC_PC_ALIGN] = "PC alignment",
	[EC_DABT_LOW] = "data abort from a lower EL",
	[EC_DABT_CUR] = "data abort in EL2",
	[EC_SP_ALIGN] = "SP alignment",
	[EC_FP32] = "AArch32 FP exception",
	[EC_FP64] = "FP exception",
	[EC_SERROR] = "SError",
	[EC_BREAKPT_LOW] = "breakpoint from a lower EL",
	[EC_BREAKPT_CUR] = "breakpoint in EL2",
	[EC_SOFTSTP_LOW] = "software step from a lower EL",
	[EC_SOFTSTP_CUR] = "software step in EL2",
	[EC_WATCHPT_LOW] = "watchpoint from a lower EL",
	[EC_WATCHPT_CUR] = "watchpoint in EL2",
	[EC_BKPT32] = "AArch32 BKPT",
	[EC_BRK64] = "BRK",
};

static const char *esr_class_name(unsigned int ec)
{
	if (ec < ARRAY_SIZE(ec_names) && ec_names[ec]) {
		return ec_names[ec];
	}
	return "reserved class";
}

static uint64_t fault_ipa(void)
{
	return ((read_sysreg(hpfar_el2) & HPFAR_FIPA_MASK) << 8) |
		(read_sysreg(far_el2) & 0xfff);
}

/*
 * A stage-2 translation fault on an address that is mapped by now hit the
 * break-before-make window of a table change on another CPU (a block
 * split or merged under the control lock): the guest just retries. The
 * same address faulting over and over would be a hypervisor bug; after
 * RETRY_MAX retries within RETRY_WINDOW_US it is reported as a fault.
 */
static bool retry_transient(struct per_cpu *pcpu, uint64_t esr)
{
	uint64_t gpa, now;

	/* Only the root cell's table changes while its CPUs run. */
	if (pcpu->cell != &root_cell ||
	    (ESR_ISS(esr) & FSC_TYPE_MASK) != FSC_TRANSLATION) {
		return false;
	}
	gpa = fault_ipa();
	if (!cell_fault_is_transient(pcpu->cell, gpa)) {
		return false;
	}
	now = timer_arch_now_us();
	if (gpa != pcpu->arch.retry_gpa ||
	    now - pcpu->arch.retry_start_us > RETRY_WINDOW_US) {
		pcpu->arch.retry_gpa = gpa;
		pcpu->arch.retry_start_us = now;
		pcpu->arch.retries = 0;
	}
	return ++pcpu->arch.retries <= RETRY_MAX;
}

/* One printk: another CPU's line must not land inside this one. */
static void report(struct per_cpu *pcpu, const char *what)
{
	uint64_t esr = read_sysreg(esr_el2);
	unsigned int ec = (unsigned int)ESR_EC(esr);
	char ipa[40];

	ipa[0] = '\0';
	if (ec == EC_DABT_LOW || ec == EC_IABT_LOW) {
		(void)format_string(ipa, sizeof(ipa), ", guest-physical 0x%llx",
				    (unsigned long long)fault_ipa());
	}
	printk("%s: CPU %u, cell \"%s\": EC 0x%02x (%s), ESR 0x%08llx, FAR 0x%016llx, ELR 0x%016llx%s\n",
	       what, pcpu->cpu_id, pcpu->cell->name, ec, esr_class_name(ec),
	       (unsigned long long)esr,
	       (unsigned long long)read_sysreg(far_el2),
	       (unsigned long long)read_sysreg(elr_el2), ipa);
}

/* The guest did something the hypervisor does not allow or know. */
static void arch_guest_fault(struct per_cpu *pcpu, const char *what)
{
	unsigned int ec = ESR_EC(read_sysreg(esr_el2));

	if (pcpu->cell != &root_cell) {
		report(pcpu, what);
		cell_fail(pcpu, what);
		return;
	}
	if (ratelimit_ok(&fault_rl, 16)) {
		report(pcpu, what);
	}
	if (ec == EC_DABT_LOW) {
		arch_inject_abort(pcpu, true, read_sysreg(far_el2));
	} else if (ec == EC_IABT_LOW) {
		arch_inject_abort(pcpu, false, read_sysreg(far_el2));
	} else {
		arch_inject_undef(pcpu);
	}
}

static void handle_hvc(struct per_cpu *pcpu, struct trap_frame *frame,
		       unsigned int imm)
{
	if (imm == JH_HVC_IMM) {
		frame->x[0] = (uint64_t)hypercall_dispatch(pcpu, frame->x[0],
							   frame->x[1],
							   frame->x[2]);
		return;
	}
	/* The kernel's hyp stub is gone while we run: answer like it. */
	if (!pcpu->arch.stub_call_logged) {
		printk("CPU %u: hvc #0x%x (x0 0x%llx) for the hyp stub while the hypervisor runs; answering 0x%x\n",
		       pcpu->cpu_id, imm, (unsigned long long)frame->x[0],
		       STUB_ERR);
		pcpu->arch.stub_call_logged = true;
	}
	frame->x[0] = STUB_ERR;
}

static uint64_t sign_extend(uint64_t val, unsigned int bytes)
{
	unsigned int shift = 64 - bytes * 8;

	return (uint64_t)((int64_t)(val << shift) >> shift);
}

static void handle_dabt(struct per_cpu *pcpu, struct trap_frame *frame,
			uint64_t esr)
{
	unsigned int srt = (unsigned int)((esr >> DABT_SRT_SHIFT) & 0x1f);
	struct mmio_access acc;
	uint64_t val;

	if (!(esr & DABT_ISV) || (esr & DABT_S1PTW)) {
		if (!retry_transient(pcpu, esr)) {
			arch_guest_fault(pcpu,
					 "undecodable or page-table data abort");
		}
		return;
	}

	acc.addr = fault_ipa();
	acc.size = 1U << ((esr >> DABT_SAS_SHIFT) & 3);
	acc.is_write = esr & DABT_WNR;
	acc.value = acc.is_write && srt != 31 ? frame->x[srt] : 0;
	if (acc.is_write && acc.size < 8) {
		acc.value &= (1ULL << (acc.size * 8)) - 1;
	}

	switch (mmio_dispatch(pcpu, &acc)) {
	case MMIO_HANDLED:
		break;
	case MMIO_ERROR:
		arch_guest_fault(pcpu, "refused MMIO access");
		return;
	default:
		/* Emulated MMIO first: it is never mapped, never transient. */
		if (!retry_transient(pcpu, esr)) {
			arch_guest_fault(pcpu, "access to unassigned memory");
		}
		return;
	}

	pcpu->stats[JH_STAT_MMIO]++;
	if (!acc.is_write && srt != 31) {
		val = acc.value;
		if ((esr & DABT_SSE) != 0U) {
			val = sign_extend(val, acc.size);
		}
		if (!(esr & DABT_SF)) {
			val &= 0xffffffffULL;
		}
		frame->x[srt] = val;
	}
	skip_instruction();
}

static void handle_sync(struct per_cpu *pcpu, struct trap_frame *frame)
{
	uint64_t esr = read_sysreg(esr_el2);

	switch (ESR_EC(esr)) {
	case EC_HVC64:
		handle_hvc(pcpu, frame, esr & 0xffff);
		return;
	case EC_SMC64:
		skip_instruction();
		psci_handle(pcpu, frame);
		return;
	case EC_DABT_LOW:
		handle_dabt(pcpu, frame, esr);
		return;
	case EC_IABT_LOW:
		if (!retry_transient(pcpu, esr)) {
			arch_guest_fault(pcpu,
					 "instruction fetch from unassigned memory");
		}
		return;
	case EC_SYS64:
		pcpu->stats[JH_STAT_SYSREG]++;
		if (sysreg_handle(pcpu, frame, esr)) {
			return;
		}
		break;
	}
	arch_guest_fault(pcpu, "unhandled trap");
}

/*
 * The lean IRQ entry (exception.S) saved x0-x18 and x30 only. True: the
 * CPU was restarted (cpu_arch_reset wrote the whole frame), restore all.
 */
bool arch_handle_irq_trap(struct trap_frame *frame)
{
	struct per_cpu *pcpu = this_cpu();

	pcpu->arch.frame = frame;
	pcpu->arch.frame_reset = false;
	pcpu->stats[JH_STAT_TOTAL]++;
	pcpu->stats[JH_STAT_IRQ]++;
	gic_handle_irq(pcpu, false);
	return pcpu->arch.frame_reset;
}

void arch_handle_trap(struct trap_frame *frame, unsigned long vector)
{
	struct per_cpu *pcpu = this_cpu();

	pcpu->arch.frame = frame;
	pcpu->stats[JH_STAT_TOTAL]++;

	/*
	 * EL1 is always AArch64 (HCR_EL2.RW), but its EL0 tasks may be
	 * AArch32: their exits use the LOW32 vectors and are handled alike
	 * (in AArch32 state, r0-r14 are x0-x14 of the frame).
	 */
	switch (vector) {
	case VEC_LOW64_SYNC:
	case VEC_LOW32_SYNC:
		handle_sync(pcpu, frame);
		break;
	case VEC_LOW64_IRQ:
	case VEC_LOW32_IRQ:
		pcpu->stats[JH_STAT_IRQ]++;
		gic_handle_irq(pcpu, false);
		break;
	case VEC_LOW64_FIQ:
	case VEC_LOW32_FIQ:
		/* Group 0 is not used; acknowledge and drop. */
		write_sysreg(read_sysreg(icc_iar0_el1), icc_eoir0_el1);
		break;
	case VEC_SDEI:
		/* Cleared first: a new event after this is seen again. */
		WRITE_ONCE(pcpu->arch.sdei_pending, 0);
		smp_mb();
		pcpu->stats[JH_STAT_IRQ]++;
		cpu_check_requests(pcpu);
		break;
	case VEC_LOW64_SERROR:
	case VEC_LOW32_SERROR:
		report(pcpu, "SError from guest (ignored)");
		break;
	default:
		arch_guest_fault(pcpu, "unsupported exception vector");
		break;
	}
}

void arch_handle_hyp_exception(struct trap_frame *frame,
			       unsigned long vector)
{
	struct per_cpu *pcpu = this_cpu();
	uint64_t esr = read_sysreg(esr_el2);

	printk("FATAL: exception in the hypervisor on CPU %u: vector %lu, EC 0x%02x (%s), ESR 0x%08llx, FAR 0x%016llx, ELR 0x%016llx, LR 0x%016llx; CPU stopped\n",
	       pcpu->cpu_id, vector, (unsigned int)ESR_EC(esr),
	       esr_class_name(ESR_EC(esr)), (unsigned long long)esr,
	       (unsigned long long)read_sysreg(far_el2),
	       (unsigned long long)read_sysreg(elr_el2),
	       (unsigned long long)frame->x[30]);
}
