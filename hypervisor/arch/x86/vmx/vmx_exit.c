// SPDX-License-Identifier: GPL-2.0
/*
 * VMX exit handlers. They share the vendor-neutral x86 handlers with SVM
 * (x86_handle_mmio for EPT violations, x86_handle_pio for port I/O, the
 * CPUID emulation, the hypercall dispatch, the MSR policy of cell.c) and
 * add what only VMX raises: control-register accesses of the host-owned
 * CR0/CR4 bits, XSETBV (always an exit), INIT signals (a CPU in VMX
 * non-root operation gets an exit instead of a reset; the hypervisor
 * itself never sends INIT or SIPI, apic.c emulates them), the VMX
 * instructions (#UD: cells have no VMX), EPT misconfigurations and VM
 * entry failures. Every other exit is reported by name with the guest
 * RIP, cell and CPU, and stops the CPU's cell (a root CPU parks).
 *
 * NMIs. Every CPU has NMI exiting with virtual NMIs. A kick (an NMI, see
 * cpu_arch_kick) that hits guest mode exits, and the handler ends the NMI
 * blocking the exit left with an IRET; one that hits the hypervisor
 * (vmx_host_nmi) turns on NMI-window exiting, so that the guest leaves
 * again right after the next entry and the request is seen.
 * An NMI that is not a kick is injected into the root cell when its
 * virtual-NMI blocking allows (NMI window otherwise) and dropped, with a
 * report, in other cells.
 */
#include <jailhouse/hypercall.h>
#include <hv/bitmap.h>
#include <hv/cell.h>
#include <hv/cpu_handover.h>
#include <hv/hypercall.h>
#include <hv/percpu.h>
#include <hv/printk.h>
#include <asm/apic.h>
#include <asm/cpuid.h>
#include <asm/intercepts.h>
#include <asm/io.h>
#include <asm/msr.h>
#include <asm/setup.h>
#include <asm/vcpu.h>
#include <asm/vendor.h>
#include <asm/vmx_caps.h>
#include "vmx_exit.h"
#include "vmx_guest.h"
#include "vmx_vmcs.h"

#define VECTOR_UD		6
#define VECTOR_GP		13
#define VECTOR_MC		18

#define CPUID1_ECX_VMX		(1U << 5)
#define CPUID7_EBX_INVPCID	(1U << 10)
#define CPUID7_ECX_WAITPKG	(1U << 5)
#define CPUIDD1_EAX_XSAVES	(1U << 3)
#define CPUID81_EDX_RDTSCP	(1U << 27)

#define EFER_SCE		(1ULL << 0)
#define EFER_NXE		(1ULL << 11)
#define EFER_WRITABLE		(EFER_SCE | EFER_LME | EFER_LMA | EFER_NXE)

/* "JailhouseVMX": the hypervisor leaf's signature in ebx, ecx, edx. */
#define HV_SIG_EBX		0x6c69614a	/* "Jail" */
#define HV_SIG_ECX		0x73756f68	/* "hous" */
#define HV_SIG_EDX		0x584d5665	/* "eVMX" */

static void trap_report(struct per_cpu *pcpu, unsigned int reason,
			const char *what)
{
	printk("trap: cell \"%s\" CPU %u: exit %u (%s) at rip 0x%llx, qualification 0x%llx, guest-physical 0x%llx: %s\n",
	       pcpu->cell->name, pcpu->cpu_id, reason, vmx_exit_name(reason),
	       (unsigned long long)vmread(VMCS_GUEST_RIP),
	       (unsigned long long)vmread(VMCS_EXIT_QUALIFICATION),
	       (unsigned long long)vmread(VMCS_GUEST_PHYS_ADDR), what);
}

static void skip(struct per_cpu *pcpu)
{
	vcpu_skip_insn(pcpu, 0);
}

/* VMX belongs to the hypervisor; instructions not enabled are hidden. */
static void handle_cpuid(struct per_cpu *pcpu, struct guest_regs *regs)
{
	uint32_t proc2 = vmx_setup.proc2, r[4];
	struct x86_cpuid_hide hide = {
		.sig_ebx = HV_SIG_EBX,
		.sig_ecx = HV_SIG_ECX,
		.sig_edx = HV_SIG_EDX,
		.leaf1_ecx = CPUID1_ECX_VMX,
		.leaf7_ebx = proc2 & PROC2_INVPCID ? 0 : CPUID7_EBX_INVPCID,
		.leaf7_ecx = proc2 & PROC2_USER_WAIT_PAUSE ? 0 :
			CPUID7_ECX_WAITPKG,
		.leafd1_eax = proc2 & PROC2_XSAVES ? 0 : CPUIDD1_EAX_XSAVES,
		.ext1_edx = proc2 & PROC2_RDTSCP ? 0 : CPUID81_EDX_RDTSCP,
	};

	pcpu->stats[JH_STAT_CPUID]++;
	x86_cpuid(&hide, (uint32_t)regs->rax, (uint32_t)regs->rcx, r);
	regs->rax = r[0];
	regs->rbx = r[1];
	regs->rcx = r[2];
	regs->rdx = r[3];
	skip(pcpu);
}

/* Same numbers and arguments as VMMCALL on SVM; CPL 0 only. */
static void handle_vmcall(struct per_cpu *pcpu, struct guest_regs *regs)
{
	unsigned int cpl = (vmread(VMCS_GUEST_ES_AR + 2 * SEG_SS) >> 5) & 3;

	if (cpl != 0) {
		vmx_inject(VECTOR_UD, false, 0);
		return;
	}
	/* First: JH_HC_DISABLE does not come back. */
	skip(pcpu);
	regs->rax = (uint64_t)hypercall_dispatch(pcpu, regs->rax, regs->rdi,
						 regs->rsi);
}

static void refuse_msr(struct per_cpu *pcpu, uint32_t msr, bool write)
{
	if (ratelimit_ok(&pcpu->arch.msr_refusals, 8)) {
		printk("cell \"%s\" CPU %u: %s of MSR 0x%x at rip 0x%llx refused (#GP)\n",
		       pcpu->cell->name, pcpu->cpu_id,
		       write ? "write" : "read", msr,
		       (unsigned long long)vmread(VMCS_GUEST_RIP));
	}
	vmx_inject(VECTOR_GP, true, 0);
}

/* Only the MSRs cell.c traps get here (see the policy there). */
static void handle_msr(struct per_cpu *pcpu, struct guest_regs *regs,
		       bool write)
{
	uint32_t msr = (uint32_t)regs->rcx;
	uint64_t val = (regs->rax & 0xffffffffU) | (regs->rdx << 32), efer;

	pcpu->stats[JH_STAT_MSR]++;
	if (write && msr == MSR_EFER) {
		/* LMA is the CPU's; LME may not change while paging is on. */
		efer = vmread(VMCS_GUEST_EFER);
		if ((val & ~EFER_WRITABLE) ||
		    ((vmread(VMCS_GUEST_CR0) & CR0_PG) &&
		     ((val ^ efer) & EFER_LME))) {
			refuse_msr(pcpu, msr, write);
			return;
		}
		vmwrite(VMCS_GUEST_EFER, (val & ~EFER_LMA) | (efer & EFER_LMA));
		skip(pcpu);
		return;
	}
	if (x86_msr_emulate(pcpu, msr, write, &val)) {
		regs->rax = write ? regs->rax : (uint32_t)val;
		regs->rdx = write ? regs->rdx : val >> 32;
		skip(pcpu);
		return;
	}
	refuse_msr(pcpu, msr, write);
}

void vmx_refresh_pdptes(struct per_cpu *pcpu)
{
	uint64_t cr3 = vmread(VMCS_GUEST_CR3), pdpte[4] = { 0 };
	unsigned int n;

	if (!(vmread(VMCS_GUEST_CR0) & CR0_PG) ||
	    !(vmread(VMCS_GUEST_CR4) & CR4_PAE) ||
	    (vmread(VMCS_GUEST_EFER) & EFER_LMA)) {
		return;
	}
	/* 32 bytes, aligned to 32: never across a page. */
	if (guest_mem_read(pcpu, cr3 & 0xffffffe0ULL, pdpte, sizeof(pdpte)) != 0) {
		printk("cell \"%s\" CPU %u: PAE page directory pointers at 0x%llx are not the cell's RAM\n",
		       pcpu->cell->name, pcpu->cpu_id,
		       (unsigned long long)(cr3 & 0xffffffe0ULL));
	}
	for (n = 0; n < 4; n++) {
		vmwrite(VMCS_GUEST_PDPTE0 + 2 * n, pdpte[n]);
	}
}

/*
 * A guest write of CR0 that changes a host-owned bit (NE). With CR0.PG
 * not host-owned this is rare, but it can also turn paging on (Linux's
 * CPU start-up sets NE, PE and PG at once): the long-mode switch the CPU
 * would do (EFER.LMA, IA-32e mode) is then done here.
 */
static bool write_cr0(struct per_cpu *pcpu, uint64_t val)
{
	uint64_t old = vmread(VMCS_GUEST_CR0), efer = vmread(VMCS_GUEST_EFER);
	uint32_t entry = vmread(VMCS_ENTRY_CONTROLS);

	if ((val >> 32) || ((val & CR0_PG) && !(val & CR0_PE)) ||
	    ((val & CR0_NW) && !(val & CR0_CD))) {
		return false;
	}
	if ((val & CR0_PG) && !(old & CR0_PG) && (efer & EFER_LME)) {
		if (!(vmread(VMCS_GUEST_CR4) & CR4_PAE)) {
			return false;
		}
		efer |= EFER_LMA;
		entry |= ENTRY_IA32E;
	} else if (!(val & CR0_PG) && (old & CR0_PG) && (efer & EFER_LMA)) {
		efer &= ~EFER_LMA;
		entry &= ~ENTRY_IA32E;
	}
	vmwrite(VMCS_GUEST_EFER, efer);
	vmwrite(VMCS_ENTRY_CONTROLS, entry);
	vmwrite(VMCS_GUEST_CR0, (val | (vmx_setup.cr0_fixed0 &
					~(CR0_PE | CR0_PG))) &
		vmx_setup.cr0_fixed1);
	vmwrite(VMCS_CR0_SHADOW, val);
	vmx_refresh_pdptes(pcpu);
	return true;
}

/* CR4.VMXE is the hypervisor's: the guest has no VMX. */
static bool write_cr4(struct per_cpu *pcpu, uint64_t val)
{
	if ((val & CR4_VMXE) || (val & ~vmx_setup.cr4_fixed1) ||
	    ((vmread(VMCS_GUEST_EFER) & EFER_LMA) && !(val & CR4_PAE))) {
		return false;
	}
	vmwrite(VMCS_GUEST_CR4, val | vmx_setup.cr4_fixed0);
	vmwrite(VMCS_CR4_SHADOW, val);
	vmx_refresh_pdptes(pcpu);
	return true;
}

/* MOV to/from CR0, CR3, CR4, CR8, CLTS, LMSW (the ones the CPU exits). */
static bool handle_cr(struct per_cpu *pcpu)
{
	uint64_t qual = vmread(VMCS_EXIT_QUALIFICATION), val, cr0;
	unsigned int reg = (unsigned int)CR_QUAL_REG(qual);
	bool ok = false;

	switch (CR_QUAL_TYPE(qual)) {
	case CR_TYPE_MOV_TO:
		val = vcpu_gpr_read(pcpu, reg);
		switch (CR_QUAL_NUM(qual)) {
		case 0:
			ok = write_cr0(pcpu, val);
			break;
		case 3:
			/* Without VPID the entry flushes the TLB anyway. */
			vmwrite(VMCS_GUEST_CR3, val & ~(1ULL << 63));
			vmx_refresh_pdptes(pcpu);
			ok = true;
			break;
		case 4:
			ok = write_cr4(pcpu, val);
			break;
		case 8:
			write_cr(8, val);
			ok = true;
			break;
		}
		break;
	case CR_TYPE_MOV_FROM:
		if (CR_QUAL_NUM(qual) == 3) {
			vcpu_gpr_write(pcpu, reg, vmread(VMCS_GUEST_CR3));
			ok = true;
		} else if (CR_QUAL_NUM(qual) == 8) {
			vcpu_gpr_write(pcpu, reg, read_cr(8));
			ok = true;
		}
		break;
	case CR_TYPE_CLTS:
		ok = write_cr0(pcpu, vmx_guest_cr0() & ~CR0_TS);
		break;
	case CR_TYPE_LMSW:
		/* PE, MP, EM, TS; LMSW cannot clear PE. */
		cr0 = vmx_guest_cr0();
		ok = write_cr0(pcpu, (cr0 & ~0xeULL) |
			       (CR_QUAL_LMSW_DATA(qual) & 0xf));
		break;
	}
	if (!ok) {
		return false;
	}
	skip(pcpu);
	return true;
}

/*
 * XSETBV always exits: XCR0 is the CPU's cell's (the hypervisor has no
 * FP). The CPU checks CPL 0 and CR4.OSXSAVE before the exit; the rest is
 * the shared check (xsetbv.c).
 */
static void handle_xsetbv(struct per_cpu *pcpu, struct guest_regs *regs)
{
	uint64_t val = (regs->rax & 0xffffffffU) | (regs->rdx << 32);

	if (!(vmread(VMCS_GUEST_CR4) & CR4_OSXSAVE)) {
		vmx_inject(VECTOR_UD, false, 0);
		return;
	}
	if (!x86_guest_xsetbv(pcpu, (uint32_t)regs->rcx, val)) {
		vmx_inject(VECTOR_GP, true, 0);
		return;
	}
	skip(pcpu);
}

static void handle_io(struct per_cpu *pcpu)
{
	uint64_t qual = vmread(VMCS_EXIT_QUALIFICATION);
	unsigned int size = (unsigned int)IO_QUAL_SIZE(qual);
	uint16_t port = IO_QUAL_PORT(qual);
	const char *why;

	if (x86_handle_pio(pcpu, port, size, qual & IO_QUAL_IN,
			   qual & IO_QUAL_STRING, &why)) {
		return;
	}
	printk("cell \"%s\" CPU %u: %s port 0x%x (%u bytes) at rip 0x%llx: %s\n",
	       pcpu->cell->name, pcpu->cpu_id, qual & IO_QUAL_IN ? "in" : "out",
	       port, size, (unsigned long long)vmread(VMCS_GUEST_RIP), why);
	if (pcpu->cell == &root_cell) {
		vmx_inject(VECTOR_GP, true, 0);
		return;
	}
	vcpu_stop_guest(pcpu, "port I/O not permitted");
}

static void handle_ept_violation(struct per_cpu *pcpu)
{
	uint64_t gpa = vmread(VMCS_GUEST_PHYS_ADDR);
	uint64_t qual = vmread(VMCS_EXIT_QUALIFICATION);
	const char *why;

	/* An IRET that faulted here had unblocked NMIs: block them again. */
	if ((qual & EPT_QUAL_NMI_UNBLOCKED) &&
	    !(vmread(VMCS_IDT_VECTORING_INFO) & INTR_INFO_VALID)) {
		vmwrite(VMCS_GUEST_INTERRUPTIBILITY,
			vmread(VMCS_GUEST_INTERRUPTIBILITY) |
			INTERRUPTIBILITY_NMI);
	}
	if (x86_handle_mmio(pcpu, gpa, NULL, 0, &why)) {
		return;
	}
	/*
	 * A break-before-make window of a table change: just retry. Not
	 * for a present entry (a write to read-only memory, e.g. a link
	 * peer's output section): that would retry for ever.
	 */
	if (!(qual & EPT_QUAL_ENTRY_PRESENT) &&
	    cell_fault_is_transient(pcpu->cell, gpa)) {
		return;
	}
	trap_report(pcpu, VMX_EXIT_EPT_VIOLATION, why);
	if (pcpu->cell == &root_cell) {
		/* Linux gets a #GP it can report (oops), not a lost CPU. */
		vmx_inject(VECTOR_GP, true, 0);
		return;
	}
	printk("cell \"%s\": access to guest-physical 0x%llx outside its memory\n",
	       pcpu->cell->name, (unsigned long long)gpa);
	vcpu_stop_guest(pcpu, "EPT violation");
}

/*
 * An NMI exit leaves NMIs blocked until the next IRET (Bochs keeps them
 * blocked across VM entries, too): an IRET to the next instruction ends
 * that, and an NMI that came meanwhile is taken at once by the
 * hypervisor's vector (vmx_host_nmi).
 */
static void unblock_nmis(void)
{
	asm volatile("mov %%rsp, %%rax\n\t"
		     "push %0\n\t"
		     "push %%rax\n\t"
		     "pushfq\n\t"
		     "push %1\n\t"
		     "lea 1f(%%rip), %%rax\n\t"
		     "push %%rax\n\t"
		     "iretq\n"
		     "1:"
		     : : "i" (HOST_SS), "i" (HOST_CS) : "rax", "cc", "memory");
}

/* Exception or NMI exit: an NMI, or #MC (the only exception intercepted). */
static void handle_exception_nmi(struct per_cpu *pcpu)
{
	uint32_t info = vmread(VMCS_EXIT_INTR_INFO);

	if (INTR_INFO_TYPE(info) == INTR_TYPE_NMI) {
		if (pcpu->arch.kick_pending) {
			/* Requests are looked at on the way out. */
			x86_kick_taken(pcpu);
		} else if (pcpu->cell == &root_cell) {
			pcpu->arch.vmx.nmi_pending = true;
		} else if (ratelimit_ok(&pcpu->arch.ipi_refusals, 8)) {
			printk("cell \"%s\" CPU %u: NMI from the platform dropped\n",
			       pcpu->cell->name, pcpu->cpu_id);
		}
		unblock_nmis();
		return;
	}
	if ((info & INTR_INFO_VECTOR) == VECTOR_MC) {
		trap_report(pcpu, VMX_EXIT_EXCEPTION_NMI,
			    "machine check in guest mode");
		vcpu_stop_guest(pcpu, "machine check");
		return;
	}
	trap_report(pcpu, VMX_EXIT_EXCEPTION_NMI, "unexpected exception");
	vcpu_stop_guest(pcpu, "unhandled exit");
}

/* The event the exit interrupted is delivered again on the next entry. */
static void reinject_vectored_event(void)
{
	uint32_t info = vmread(VMCS_IDT_VECTORING_INFO);

	if (!(info & INTR_INFO_VALID)) {
		return;
	}
	vmwrite(VMCS_ENTRY_INTR_INFO, info & ~INTR_INFO_NMI_UNBLOCKED);
	if (info & INTR_INFO_ERROR_VALID) {
		vmwrite(VMCS_ENTRY_EXCEPTION_ERROR,
			vmread(VMCS_IDT_VECTORING_ERROR));
	}
	vmwrite(VMCS_ENTRY_INSN_LEN, vmread(VMCS_EXIT_INSN_LEN));
}

/* Back to Linux after a failed first entry of this CPU. */
static void __noreturn abort_first_entry(struct per_cpu *pcpu)
{
	hv_error("CPU %u: the first VM entry failed (see above); this CPU goes back to Linux without the hypervisor",
		 pcpu->cpu_id);
	pcpu->state = CPU_ABSENT;
	bitmap_clear(cpus_present, pcpu->cpu_id);
	arch_entry_abort(-JH_EINVAL, pcpu);
}

/* A VM entry failure reported as an exit (reason bit 31). */
static void handle_entry_failure(struct per_cpu *pcpu, uint32_t reason)
{
	unsigned int basic = EXIT_REASON_BASIC(reason);

	printk("CPU %u (cell \"%s\"): VM entry failed: exit %u (%s), qualification 0x%llx, guest rip 0x%llx\n",
	       pcpu->cpu_id, pcpu->cell->name, basic, vmx_exit_name(basic),
	       (unsigned long long)vmread(VMCS_EXIT_QUALIFICATION),
	       (unsigned long long)vmread(VMCS_GUEST_RIP));
	if (!pcpu->arch.vmx.launched) {
		abort_first_entry(pcpu);
	}
	vcpu_stop_guest(pcpu, basic == VMX_EXIT_MCE_DURING_ENTRY ?
		   "machine check" : "invalid guest state");
}

static void handle_exit(struct per_cpu *pcpu, struct guest_regs *regs,
			unsigned int reason)
{
	switch (reason) {
	case VMX_EXIT_EXCEPTION_NMI:
		handle_exception_nmi(pcpu);
		break;
	case VMX_EXIT_NMI_WINDOW:
		break;		/* vmx_prepare_entry injects or stops it */
	case VMX_EXIT_CPUID:
		handle_cpuid(pcpu, regs);
		break;
	case VMX_EXIT_VMCALL:
		handle_vmcall(pcpu, regs);
		break;
	case VMX_EXIT_RDMSR:
	case VMX_EXIT_WRMSR:
		handle_msr(pcpu, regs, reason == VMX_EXIT_WRMSR);
		break;
	case VMX_EXIT_IO:
		handle_io(pcpu);
		break;
	case VMX_EXIT_EPT_VIOLATION:
		handle_ept_violation(pcpu);
		break;
	case VMX_EXIT_CR_ACCESS:
		if (!handle_cr(pcpu)) {
			vmx_inject(VECTOR_GP, true, 0);
		}
		break;
	case VMX_EXIT_XSETBV:
		handle_xsetbv(pcpu, regs);
		break;
	case VMX_EXIT_INVD:
		x86_emulate_invd(pcpu);
		skip(pcpu);
		break;
	case VMX_EXIT_RDPMC:
		x86_refuse_rdpmc(pcpu, vmread(VMCS_GUEST_RIP));
		vmx_inject(VECTOR_GP, true, 0);
		break;
	case VMX_EXIT_INVLPG:
		/* Forced by the CPU; without VPID the entry flushes anyway. */
		skip(pcpu);
		break;
	case VMX_EXIT_INIT:
	case VMX_EXIT_SIPI:
		if (ratelimit_ok(&pcpu->arch.ipi_refusals, 8)) {
			trap_report(pcpu, reason,
				    "not sent by the hypervisor; ignored");
		}
		break;
	case VMX_EXIT_VMCLEAR ... VMX_EXIT_VMXON:
	case VMX_EXIT_INVEPT:
	case VMX_EXIT_INVVPID:
	case VMX_EXIT_VMFUNC:
		trap_report(pcpu, reason,
			    "VMX is not available to cells, #UD injected");
		vmx_inject(VECTOR_UD, false, 0);
		break;
	case VMX_EXIT_TRIPLE_FAULT:
		trap_report(pcpu, reason, "the CPU is lost");
		vcpu_stop_guest(pcpu, "triple fault");
		break;
	case VMX_EXIT_EPT_MISCONFIG:
		trap_report(pcpu, reason, "the hypervisor built a bad EPT entry");
		vcpu_stop_guest(pcpu, "EPT misconfiguration");
		break;
	default:
		trap_report(pcpu, reason, "no handler for this exit");
		vcpu_stop_guest(pcpu, "unhandled exit");
		break;
	}
}

void vmx_handle_exit(struct guest_regs *regs)
{
	struct per_cpu *pcpu = this_cpu();
	struct vmx_cpu *v = &pcpu->arch.vmx;
	uint32_t reason = vmread(VMCS_EXIT_REASON);

	pcpu->stats[JH_STAT_TOTAL]++;
	v->host_nmi = false;
	v->exit_reason = EXIT_REASON_BASIC(reason);
	if (reason & EXIT_REASON_ENTRY_FAILED) {
		handle_entry_failure(pcpu, reason);
	} else {
		v->launched = true;
		vmwrite(VMCS_ENTRY_INTR_INFO, 0);
		reinject_vectored_event();
		handle_exit(pcpu, regs, v->exit_reason);
	}

	/* A request (park, start) that a kick announced, or one pending. */
	cpu_check_requests(pcpu);
	vmx_prepare_entry(pcpu);
}

void vmx_entry_failed(struct guest_regs *regs, bool launch)
{
	struct per_cpu *pcpu = this_cpu();
	unsigned int err = vmread(VMCS_INSN_ERROR);

	printk("CPU %u (cell \"%s\"): %s failed: VM-instruction error %u (%s)\n",
	       pcpu->cpu_id, pcpu->cell->name,
	       launch ? "VMLAUNCH" : "VMRESUME", err, vmx_insn_error_name(err));
	if (launch || !pcpu->arch.vmx.launched) {
		abort_first_entry(pcpu);
	}
	vcpu_stop_guest(pcpu, "VM entry failed");
	/* Parked and started again with fresh state: the loop retries. */
	vmx_prepare_entry(pcpu);
}
