// SPDX-License-Identifier: GPL-2.0
/*
 * SVM: turning it on and off, and the #VMEXIT handlers (the VMCB's
 * contents: svm_vmcb.c).
 *
 * The handlers advance RIP by the known length of the few instructions
 * they intercept (CPUID 2 bytes, VMMCALL 3, RDMSR/WRMSR 2). Where CPUID
 * says the CPU has them, NRIP save gives the length of a port I/O
 * instruction and decode assists the bytes of the instruction behind a
 * nested page fault, which then need no walk of the guest's page tables;
 * without them (QEMU's TCG has neither) emulate.c fetches and decodes.
 * There is no flush-by-ASID: every cell CPU runs
 * with ASID 1 and TLB_CONTROL flushes all ASIDs when its nested page
 * table changed, and whenever the CPU changes cells.
 *
 * Every CPU intercepts NMI: the hypervisor kicks a CPU (cpu_arch_kick)
 * with an NMI, and a CPU that takes the exit looks at its requests.
 */
#include <jailhouse/hypercall.h>
#include <hv/cell.h>
#include <hv/cpu_handover.h>
#include <hv/hypercall.h>
#include <hv/hypervisor.h>
#include <hv/percpu.h>
#include <hv/printk.h>
#include <hv/string.h>
#include <asm/apic.h>
#include <asm/cpuid.h>
#include <asm/intercepts.h>
#include <asm/io.h>
#include <asm/processor.h>
#include <asm/msr.h>
#include <asm/paging.h>
#include <asm/vcpu.h>
#include <asm/vendor.h>
#include "svm.h"
#include "svm_vmcb.h"

#define CPUID81_ECX_SVM		(1U << 2)
#define CPUID8A_EDX_NPT		(1U << 0)
#define CPUID8A_EDX_NRIPS	(1U << 3)
#define CPUID8A_EDX_DECODE	(1U << 7)
#define CPUID8A_EDX_AVIC	(1U << 13)
/* "JailhouseSVM": the hypervisor leaf's signature in ebx, ecx, edx. */
#define HV_SIG_EBX		0x6c69614a	/* "Jail" */
#define HV_SIG_ECX		0x73756f68	/* "hous" */
#define HV_SIG_EDX		0x4d565365	/* "eSVM" */

#define CR0_PE			(1ULL << 0)
#define CR4_OSXSAVE		(1ULL << 18)

static struct vmcb *vmcb_of(struct per_cpu *pcpu)
{
	return svm_vmcb(pcpu);
}

/* Same on every CPU of the machine; set once, before any CPU enters. */
static bool has_nrips, has_decode_assists, has_avic;

static int svm_check(void)
{
	uint32_t a, b, c, d;

	cpuid(0x8000000aU, 0, &a, &b, &c, &d);
	if (!(d & CPUID8A_EDX_NPT)) {
		hv_error("CPU has SVM but no nested paging (CPUID 0x8000000a EDX bit 0)");
		return -JH_ENOSYS;
	}
	has_nrips = (d & CPUID8A_EDX_NRIPS) != 0U;
	has_decode_assists = (d & CPUID8A_EDX_DECODE) != 0U;
	has_avic = (d & CPUID8A_EDX_AVIC) != 0U;
	return 0;
}

/* Not used (Documentation/x86.md, "Exitless APIC access"). */
static const char *svm_apic_virt(void)
{
	return has_avic ? "AVIC" : "no AVIC";
}

static const char *svm_assists(void)
{
	if (has_nrips && has_decode_assists) {
		return "NRIP save, decode assists";
	}
	if (has_nrips) {
		return "NRIP save; no decode assists";
	}
	return has_decode_assists ? "decode assists; no NRIP save" :
		"no NRIP save, no decode assists";
}

static int svm_cpu_init(struct per_cpu *pcpu)
{
	struct per_cpu_arch *arch = &pcpu->arch;

	if ((arch->linux_cr4 & (1ULL << 12)) != 0U) {
		hv_error("CPU %u: 5-level paging (CR4.LA57) is not supported",
			 pcpu->cpu_id);
		return -JH_ENOSYS;
	}
	arch->linux_efer = rdmsr(MSR_EFER);
	if ((arch->linux_efer & EFER_SVME) != 0U) {
		hv_error("CPU %u: SVM is already in use (EFER.SVME set)",
			 pcpu->cpu_id);
		return -JH_EBUSY;
	}
	wrmsr(MSR_EFER, arch->linux_efer | EFER_SVME);
	wrmsr(MSR_VM_HSAVE_PA, hv_virt2phys(arch->host_save));
	if (apic_cpu_init(pcpu) != 0) {
		return -JH_EINVAL;
	}
	svm_vmcb_init_root(pcpu);
	return 0;
}

/* Linux's descriptor tables again (the leave routine does the rest). */
static void svm_cpu_exit(struct per_cpu *pcpu, struct leave_state *s)
{
	struct vmcb *vmcb = vmcb_of(pcpu);
	struct {
		uint16_t limit;
		uint64_t base;
	} __attribute__((packed)) gdtr, idtr;

	/* The guest's FS, GS, TR, LDTR and syscall MSRs as it left them. */
	asm volatile("vmload %0" : : "a" (hv_virt2phys(vmcb)) : "memory");
	gdtr.limit = vmcb->gdtr.limit;
	gdtr.base = vmcb->gdtr.base;
	idtr.limit = vmcb->idtr.limit;
	idtr.base = vmcb->idtr.base;
	asm volatile("lgdt %0" : : "m" (gdtr));
	asm volatile("lidt %0" : : "m" (idtr));
	write_cr(0, vmcb->cr0);
	wrmsr(MSR_VM_HSAVE_PA, 0);
	s->cr3 = vmcb->cr3;
	s->cr4 = vmcb->cr4;
	s->rsp = vmcb->rsp;
	s->rip = vmcb->rip;
	s->efer = vmcb->efer & ~EFER_SVME;
	s->stgi = true;
}

/* A failed entry: SVM may be on already; the leave routine sets GIF. */
static void svm_cpu_abort(struct per_cpu *pcpu, struct leave_state *s)
{
	if (!(s->efer & EFER_SVME)) {
		return;
	}
	wrmsr(MSR_VM_HSAVE_PA, 0);
	s->efer &= ~EFER_SVME;
	s->stgi = true;
}


static const char *exit_name(uint64_t code)
{
	switch (code) {
	case EXIT_EXCP_BASE + VECTOR_MC: return "machine check";
	case EXIT_NMI: return "NMI";
	case EXIT_INIT: return "INIT";
	case EXIT_CPUID: return "CPUID";
	case EXIT_IOIO: return "IOIO";
	case EXIT_MSR: return "MSR";
	case EXIT_SHUTDOWN: return "shutdown (triple fault)";
	case EXIT_VMRUN: return "VMRUN";
	case EXIT_VMMCALL: return "VMMCALL";
	case EXIT_VMLOAD: return "VMLOAD";
	case EXIT_VMSAVE: return "VMSAVE";
	case EXIT_STGI: return "STGI";
	case EXIT_CLGI: return "CLGI";
	case EXIT_SKINIT: return "SKINIT";
	case EXIT_NPF: return "nested page fault";
	case EXIT_INVALID: return "invalid guest state";
	default: return "unexpected";
	}
}

static void trap_report(struct per_cpu *pcpu, const char *what)
{
	struct vmcb *vmcb = vmcb_of(pcpu);

	printk("trap: cell \"%s\" CPU %u: exit 0x%llx (%s) at rip 0x%llx, info1 0x%llx info2 0x%llx: %s\n",
	       pcpu->cell->name, pcpu->cpu_id,
	       (unsigned long long)vmcb->exitcode, exit_name(vmcb->exitcode),
	       (unsigned long long)vmcb->rip,
	       (unsigned long long)vmcb->exitinfo1,
	       (unsigned long long)vmcb->exitinfo2, what);
}

static void inject(struct vmcb *vmcb, unsigned int vector, bool err_code)
{
	vmcb->eventinj = vector | EVENT_TYPE_EXCEPTION | EVENT_VALID |
		(err_code ? EVENT_ERR_VALID : 0);
}

/* Vendor interface (asm/vcpu.h, through svm_vendor). */
static uint64_t svm_gpr_read(struct per_cpu *pcpu, unsigned int reg)
{
	struct guest_regs *r = pcpu->arch.regs;
	uint64_t *slots = &r->rcx;

	if (reg == 0) {
		return vmcb_of(pcpu)->rax;
	}
	if (reg == 4) {
		return vmcb_of(pcpu)->rsp;
	}
	/* rcx rdx rbx, then rbp rsi rdi r8..r15: no slot for rsp. */
	return slots[reg < 4 ? reg - 1 : reg - 2];
}

static void svm_gpr_write(struct per_cpu *pcpu, unsigned int reg, uint64_t val)
{
	struct guest_regs *r = pcpu->arch.regs;
	uint64_t *slots = &r->rcx;

	if (reg == 0) {
		vmcb_of(pcpu)->rax = val;
	} else if (reg == 4) {
		vmcb_of(pcpu)->rsp = val;
	} else {
		slots[reg < 4 ? reg - 1 : reg - 2] = val;
	}
}

static void svm_code_state(struct per_cpu *pcpu, uint64_t *rip_linear,
		     enum x86_cpu_mode *mode, struct x86_paging_state *pg)
{
	struct vmcb *vmcb = vmcb_of(pcpu);

	pg->cr0 = vmcb->cr0;
	pg->cr3 = vmcb->cr3;
	pg->cr4 = vmcb->cr4;
	pg->efer = vmcb->efer;
	if ((vmcb->efer & EFER_LMA) && (vmcb->cs.attrib & SEG_ATTR_L)) {
		*mode = X86_MODE_LONG64;
		*rip_linear = vmcb->rip;
		return;
	}
	if (!(vmcb->cr0 & CR0_PE)) {
		*mode = X86_MODE_REAL16;
	} else if (vmcb->cs.attrib & SEG_ATTR_DB) {
		*mode = X86_MODE_PROT32;
	} else {
		*mode = X86_MODE_PROT16;
	}
	*rip_linear = (vmcb->cs.base + vmcb->rip) & 0xffffffffU;
}

static uint64_t svm_rip(struct per_cpu *pcpu)
{
	return vmcb_of(pcpu)->rip;
}

static void svm_skip_insn(struct per_cpu *pcpu, unsigned int len)
{
	struct vmcb *vmcb = vmcb_of(pcpu);

	vmcb->rip += len;
	/* An instruction we emulated ends any mov-ss/sti shadow. */
	vmcb->interrupt_shadow = 0;
}

static void svm_inject_gp(struct per_cpu *pcpu)
{
	inject(vmcb_of(pcpu), VECTOR_GP, true);
}

/*
 * NRIP save: the next RIP of an intercepted IN/OUT (the only caller's
 * exit). Without it, or if it makes no instruction length, 0: the
 * caller decodes.
 */
static unsigned int svm_exit_insn_len(struct per_cpu *pcpu)
{
	struct vmcb *vmcb = vmcb_of(pcpu);
	uint64_t len = vmcb->nrip - vmcb->rip;

	if (!has_nrips || vmcb->exitcode != EXIT_IOIO || len == 0 ||
	    len > X86_MAX_INSN_LEN) {
		return 0;
	}
	return (unsigned int)len;
}

/* SVM belongs to the hypervisor. */
static const struct x86_cpuid_hide svm_cpuid_hide = {
	.sig_ebx = HV_SIG_EBX,
	.sig_ecx = HV_SIG_ECX,
	.sig_edx = HV_SIG_EDX,
	.ext1_ecx = CPUID81_ECX_SVM,
	.svm_leaf = true,
};

static void handle_cpuid(struct per_cpu *pcpu, struct guest_regs *regs)
{
	struct vmcb *vmcb = vmcb_of(pcpu);
	uint32_t r[4];

	pcpu->stats[JH_STAT_CPUID]++;
	x86_cpuid(&svm_cpuid_hide, (uint32_t)vmcb->rax, (uint32_t)regs->rcx, r);
	vmcb->rax = r[0];
	regs->rbx = r[1];
	regs->rcx = r[2];
	regs->rdx = r[3];
	vmcb->rip += 2;
}

/* XSETBV, 3 bytes (0f 01 d1); the checks are shared with VMX. */
static void handle_xsetbv(struct per_cpu *pcpu, struct guest_regs *regs)
{
	struct vmcb *vmcb = vmcb_of(pcpu);
	uint64_t val = (vmcb->rax & 0xffffffffU) | (regs->rdx << 32);

	if (!(vmcb->cr4 & CR4_OSXSAVE) || vmcb->cpl != 0) {
		inject(vmcb, vmcb->cpl ? VECTOR_GP : VECTOR_UD,
		       vmcb->cpl != 0);
		return;
	}
	if (!x86_guest_xsetbv(pcpu, (uint32_t)regs->rcx, val)) {
		inject(vmcb, VECTOR_GP, true);
		return;
	}
	vmcb->rip += 3;
}

static void handle_vmmcall(struct per_cpu *pcpu, struct guest_regs *regs)
{
	struct vmcb *vmcb = vmcb_of(pcpu);

	if (vmcb->cpl != 0) {
		inject(vmcb, VECTOR_UD, false);
		return;
	}
	/* First: JH_HC_DISABLE does not come back. */
	vmcb->rip += 3;
	vmcb->rax = (uint64_t)hypercall_dispatch(pcpu, vmcb->rax, regs->rdi,
						 regs->rsi);
}

/* Only the MSRs cell.c traps get here (see the policy there). */
static void handle_msr(struct per_cpu *pcpu, struct guest_regs *regs)
{
	struct vmcb *vmcb = vmcb_of(pcpu);
	uint32_t msr = (uint32_t)regs->rcx;
	uint64_t val = (vmcb->rax & 0xffffffffU) | (regs->rdx << 32);
	bool write = vmcb->exitinfo1 == 1;

	pcpu->stats[JH_STAT_MSR]++;
	if (write && msr == MSR_EFER) {
		/* SVME must stay set for VMRUN; the guest never sees it. */
		vmcb->efer = val | EFER_SVME;
		vmcb->rip += 2;
		return;
	}
	if (x86_msr_emulate(pcpu, msr, write, &val)) {
		vmcb->rax = write ? vmcb->rax : (uint32_t)val;
		regs->rdx = write ? regs->rdx : val >> 32;
		vmcb->rip += 2;
		return;
	}
	if (ratelimit_ok(&pcpu->arch.msr_refusals, 8)) {
		printk("cell \"%s\" CPU %u: %s of MSR 0x%x at rip 0x%llx refused (#GP)\n",
		       pcpu->cell->name, pcpu->cpu_id,
		       write ? "write" : "read", msr,
		       (unsigned long long)vmcb->rip);
	}
	inject(vmcb, VECTOR_GP, true);
}

/*
 * Our kick or an NMI meant for the guest? Either way it must be taken
 * out of the CPU first: with GIF clear it stays pending, and the next
 * VMRUN would exit again at once. A moment of GIF lets the hypervisor's
 * own NMI handler (which does nothing) consume it; the jump ends the
 * instruction block so that an emulator looks at pending events.
 */
static void handle_nmi(struct per_cpu *pcpu)
{
	asm volatile("stgi; jmp 1f; 1: clgi" : : : "memory");
	pcpu->arch.nmi_deferred = false;	/* it was this one */
	if (pcpu->arch.kick_pending) {
		x86_kick_taken(pcpu);
		return;		/* requests are looked at on the way out */
	}
	if (pcpu->cell == &root_cell) {
		vmcb_of(pcpu)->eventinj = 2 | EVENT_TYPE_NMI | EVENT_VALID;
	} else if (ratelimit_ok(&pcpu->arch.ipi_refusals, 8)) {
		printk("cell \"%s\" CPU %u: NMI from the platform dropped\n",
		       pcpu->cell->name, pcpu->cpu_id);
	}
}

static void handle_npf(struct per_cpu *pcpu)
{
	struct vmcb *vmcb = vmcb_of(pcpu);
	uint64_t gpa = vmcb->exitinfo2;
	/* 0 if the CPU could not fetch them: emulate.c fetches then. */
	unsigned int hw_len = has_decode_assists ?
		MIN((unsigned int)vmcb->insn_len, X86_MAX_INSN_LEN) : 0;
	const char *why;

	if (x86_handle_mmio(pcpu, gpa, vmcb->insn_bytes, hw_len, &why)) {
		return;
	}
	/*
	 * A break-before-make window of a table change: just retry. Not
	 * for a present entry (a write to read-only memory, e.g. a link
	 * peer's output section): that would retry for ever.
	 */
	if (!(vmcb_of(pcpu)->exitinfo1 & NPF_INFO_PRESENT) &&
	    cell_fault_is_transient(pcpu->cell, gpa)) {
		return;
	}
	trap_report(pcpu, why);
	if (pcpu->cell == &root_cell) {
		/* Linux gets a #GP it can report (oops), not a lost CPU. */
		inject(vmcb_of(pcpu), VECTOR_GP, true);
		return;
	}
	printk("cell \"%s\": access to guest-physical 0x%llx outside its memory\n",
	       pcpu->cell->name, (unsigned long long)gpa);
	vcpu_stop_guest(pcpu, "nested page fault");
}

static void handle_ioio(struct per_cpu *pcpu)
{
	uint64_t info = vmcb_of(pcpu)->exitinfo1;
	unsigned int size = ((info & IOIO_SZ32) != 0U) ? 4U :
			    ((info & IOIO_SZ16) != 0U) ? 2U : 1U;
	uint16_t port = (uint16_t)(info >> 16);
	const char *why;

	if (x86_handle_pio(pcpu, port, size, info & IOIO_IN, info & IOIO_STR,
			   &why)) {
		return;
	}
	printk("cell \"%s\" CPU %u: %s port 0x%x (%u bytes) at rip 0x%llx: %s\n",
	       pcpu->cell->name, pcpu->cpu_id, info & IOIO_IN ? "in" : "out",
	       port, size, (unsigned long long)vmcb_of(pcpu)->rip, why);
	if (pcpu->cell == &root_cell) {
		inject(vmcb_of(pcpu), VECTOR_GP, true);
		return;
	}
	vcpu_stop_guest(pcpu, "port I/O not permitted");
}

void svm_handle_exit(struct guest_regs *regs)
{
	struct per_cpu *pcpu = this_cpu();
	struct vmcb *vmcb = vmcb_of(pcpu);

	pcpu->stats[JH_STAT_TOTAL]++;
	vmcb->tlb_control = 0;
	vmcb->eventinj = 0;

	switch (vmcb->exitcode) {
	case EXIT_NMI:
		handle_nmi(pcpu);
		break;
	case EXIT_CPUID:
		handle_cpuid(pcpu, regs);
		break;
	case EXIT_VMMCALL:
		handle_vmmcall(pcpu, regs);
		break;
	case EXIT_MSR:
		handle_msr(pcpu, regs);
		break;
	case EXIT_XSETBV:
		handle_xsetbv(pcpu, regs);
		break;
	case EXIT_INVD:
	case EXIT_WBINVD:
		x86_emulate_invd(pcpu);
		vmcb->rip += 2;		/* 0f 08, 0f 09 */
		break;
	case EXIT_RDPMC:
		x86_refuse_rdpmc(pcpu, vmcb->rip);
		inject(vmcb, VECTOR_GP, true);
		break;
	case EXIT_INIT:
		trap_report(pcpu, "INIT in guest mode, not sent by the hypervisor");
		vcpu_stop_guest(pcpu, "INIT signal");
		break;
	case EXIT_VMRUN:
	case EXIT_VMLOAD:
	case EXIT_VMSAVE:
	case EXIT_STGI:
	case EXIT_CLGI:
	case EXIT_SKINIT:
		trap_report(pcpu, "SVM is not available to cells, #UD injected");
		inject(vmcb, VECTOR_UD, false);
		break;
	case EXIT_NPF:
		handle_npf(pcpu);
		break;
	case EXIT_IOIO:
		handle_ioio(pcpu);
		break;
	case EXIT_SHUTDOWN:
		trap_report(pcpu, "the CPU is lost");
		vcpu_stop_guest(pcpu, "triple fault");
		break;
	case EXIT_EXCP_BASE + VECTOR_MC:
		trap_report(pcpu, "machine check in guest mode");
		vcpu_stop_guest(pcpu, "machine check");
		break;
	case EXIT_INVALID:
		trap_report(pcpu, "VMRUN refused the guest state");
		vcpu_stop_guest(pcpu, "invalid guest state");
		break;
	default:
		trap_report(pcpu, "no handler for this exit");
		vcpu_stop_guest(pcpu, "unhandled exit");
		break;
	}

	/* A request (park, start) that a kick announced, or one pending. */
	cpu_check_requests(pcpu);

	if (pcpu->arch.flush_tlb) {
		vmcb->tlb_control = TLB_CONTROL_FLUSH_ALL;
		pcpu->arch.flush_tlb = false;
		x86_guest_cache_flush(pcpu);
	}
}

static void svm_reset(struct per_cpu *pcpu, uint64_t entry)
{
	svm_vmcb_reset(pcpu, entry);
}

static void svm_enter_cell(struct per_cpu *pcpu)
{
	svm_set_intercepts(vmcb_of(pcpu), pcpu->cell);
	pcpu->arch.flush_tlb = true;
}

/*
 * The handler of an NMI in one of the GIF windows. handle_nmi looks at
 * its own right after; one taken in svm_irq_window is raised again there,
 * to pend (GIF clear) until the next exit, where handle_nmi tells a kick
 * from an NMI of the guest.
 */
static void svm_host_nmi(struct per_cpu *pcpu)
{
	pcpu->arch.nmi_deferred = true;
}

static void svm_irq_window(void)
{
	struct per_cpu *pcpu = this_cpu();

	asm volatile("stgi; sti; nop; jmp 1f; 1: nop; cli; clgi"
		     : : : "memory");
	if (pcpu->arch.nmi_deferred) {
		pcpu->arch.nmi_deferred = false;
		apic_send_nmi(pcpu->cpu_id);
	}
}

const struct x86_vendor svm_vendor = {
	.banner = "AMD SVM, nested paging; no flush-by-ASID assumed",
	.guest_format = &x86_npt_format,
	.msr_format = MSR_FORMAT_SVM,
	.check = svm_check,
	.assists = svm_assists,
	.apic_virt = svm_apic_virt,
	.cpu_init = svm_cpu_init,
	.cpu_exit = svm_cpu_exit,
	.cpu_abort = svm_cpu_abort,
	.run = svm_run_loop,
	.reset = svm_reset,
	.enter_cell = svm_enter_cell,
	.host_nmi = svm_host_nmi,
	.irq_window = svm_irq_window,
	.gpr_read = svm_gpr_read,
	.gpr_write = svm_gpr_write,
	.code_state = svm_code_state,
	.rip = svm_rip,
	.skip_insn = svm_skip_insn,
	.inject_gp = svm_inject_gp,
	.exit_insn_len = svm_exit_insn_len,
};
