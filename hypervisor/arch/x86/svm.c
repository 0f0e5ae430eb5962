// SPDX-License-Identifier: GPL-2.0
/*
 * SVM: turning it on, the root cell's VMCB built from the state Linux had
 * at entry, and the #VMEXIT handlers.
 *
 * The CPU model has no NRIP save and no decode assists, so the handlers
 * advance RIP by the known length of the few instructions they intercept
 * (CPUID 2 bytes, VMMCALL 3, RDMSR/WRMSR 2). There is no flush-by-ASID:
 * every cell CPU runs with ASID 1 and TLB_CONTROL flushes all ASIDs when
 * its nested page table changed (and on the first VMRUN).
 */
#include <jailhouse/hypercall.h>
#include <hv/cell.h>
#include <hv/hypercall.h>
#include <hv/percpu.h>
#include <hv/printk.h>
#include <hv/setup.h>
#include <hv/string.h>
#include <asm/io.h>
#include <asm/svm.h>

#define CPUID_HV_LEAF		0x40000000
#define CPUID_HV_LAST		0x400000ff
#define CPUID1_ECX_HV		(1U << 31)
#define CPUID81_ECX_SVM		(1U << 2)
/* "JailhouseSVM": the hypervisor leaf's signature in ebx, ecx, edx. */
#define HV_SIG_EBX		0x6c69614a	/* "Jail" */
#define HV_SIG_ECX		0x73756f68	/* "hous" */
#define HV_SIG_EDX		0x4d565365	/* "eSVM" */

#define SEG_ATTR_CODE64		0x0a9b	/* P, S, code RX accessed, L, G */
#define SEG_ATTR_DATA		0x0c93	/* P, S, data RW accessed, D/B, G */

static struct vmcb *vmcb_of(struct per_cpu *pcpu)
{
	return (struct vmcb *)pcpu->arch.vmcb;
}

static void set_seg(struct vmcb_seg *seg, uint16_t sel, uint16_t attrib)
{
	seg->selector = sel;
	seg->attrib = sel ? attrib | ((sel & 3) << 5) : 0;
	seg->limit = sel ? 0xffffffff : 0;
	seg->base = 0;
}

static void set_table(struct vmcb_seg *seg, const uint8_t *desc)
{
	uint16_t limit;
	uint64_t base;

	memcpy(&limit, desc, sizeof(limit));
	memcpy(&base, desc + 2, sizeof(base));
	seg->limit = limit;
	seg->base = base;
}

static uint16_t read_sel(int which)
{
	uint16_t sel = 0;

	switch (which) {
	case 0: asm volatile("mov %%cs, %0" : "=r" (sel)); break;
	case 1: asm volatile("mov %%ss, %0" : "=r" (sel)); break;
	case 2: asm volatile("mov %%ds, %0" : "=r" (sel)); break;
	case 3: asm volatile("mov %%es, %0" : "=r" (sel)); break;
	}
	return sel;
}

/* Linux exactly as it was when it called the trampoline. */
static void vmcb_init_root(struct per_cpu *pcpu)
{
	struct per_cpu_arch *arch = &pcpu->arch;
	struct vmcb *vmcb = vmcb_of(pcpu);
	paddr_t pa = hv_virt2phys(vmcb);

	vmcb->intercept_misc1 = INTERCEPT_CPUID | INTERCEPT_IOIO |
		INTERCEPT_MSR | INTERCEPT_SHUTDOWN;
	vmcb->intercept_misc2 = INTERCEPT_VMRUN | INTERCEPT_VMMCALL |
		INTERCEPT_VMLOAD | INTERCEPT_VMSAVE | INTERCEPT_STGI |
		INTERCEPT_CLGI | INTERCEPT_SKINIT;
	vmcb->iopm_base_pa = root_cell.arch.iopm_pa;
	vmcb->msrpm_base_pa = root_cell.arch.msrpm_pa;
	vmcb->guest_asid = 1;
	vmcb->np_enable = 1;
	vmcb->n_cr3 = root_cell.guest_pt.root_phys;
	arch->flush_tlb = true;

	set_seg(&vmcb->cs, read_sel(0), SEG_ATTR_CODE64);
	set_seg(&vmcb->ss, read_sel(1), SEG_ATTR_DATA);
	set_seg(&vmcb->ds, read_sel(2), SEG_ATTR_DATA);
	set_seg(&vmcb->es, read_sel(3), SEG_ATTR_DATA);
	set_table(&vmcb->gdtr, arch->linux_gdtr);
	set_table(&vmcb->idtr, arch->linux_idtr);
	vmcb->cpl = 0;
	vmcb->efer = arch->linux_efer | EFER_SVME;
	vmcb->cr0 = read_cr(0);
	vmcb->cr2 = read_cr(2);
	vmcb->cr3 = arch->linux_cr3;
	vmcb->cr4 = arch->linux_cr4;
	vmcb->dr6 = 0xffff0ff0;
	vmcb->dr7 = 0x400;
	vmcb->rflags = 0x2;	/* IF off; the trampoline pops the rest */
	vmcb->rip = arch->linux_rip;
	vmcb->rsp = arch->linux_rsp;
	vmcb->rax = 0;
	vmcb->g_pat = rdmsr(MSR_PAT);

	/* FS, GS, TR, LDTR and the syscall MSRs are still Linux's. */
	asm volatile("vmsave %0" : : "a" (pa) : "memory");

	arch->regs = (struct guest_regs *)((uint8_t *)pcpu + PERCPU_SIZE -
					   GUEST_REGS_SIZE);
	memset(arch->regs, 0, sizeof(*arch->regs));
	arch->regs->vmcb_pa = pa;
}

int svm_cpu_init(struct per_cpu *pcpu)
{
	struct per_cpu_arch *arch = &pcpu->arch;

	if (arch->linux_cr4 & (1ULL << 12)) {
		hv_error("CPU %u: 5-level paging (CR4.LA57) is not supported",
			 pcpu->cpu_id);
		return -JH_ENOSYS;
	}
	arch->linux_efer = rdmsr(MSR_EFER);
	if (arch->linux_efer & EFER_SVME) {
		hv_error("CPU %u: SVM is already in use (EFER.SVME set)",
			 pcpu->cpu_id);
		return -JH_EBUSY;
	}
	wrmsr(MSR_EFER, arch->linux_efer | EFER_SVME);
	wrmsr(MSR_VM_HSAVE_PA, hv_virt2phys(arch->host_save));
	vmcb_init_root(pcpu);
	return 0;
}

/* Linux's descriptor tables again (the leave routine does the rest). */
void svm_cpu_exit(struct per_cpu *pcpu)
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
}

static const char *exit_name(uint64_t code)
{
	switch (code) {
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

/* Nothing sensible to return to: this CPU stops for good. */
static void __noreturn halt_cpu(struct per_cpu *pcpu)
{
	pcpu->state = CPU_FAILED;
	pcpu->arch.halted = true;
	printk("CPU %u halted\n", pcpu->cpu_id);
	for (;;)
		asm volatile("cli; hlt");
}

static void handle_cpuid(struct per_cpu *pcpu, struct guest_regs *regs)
{
	struct vmcb *vmcb = vmcb_of(pcpu);
	uint32_t leaf = (uint32_t)vmcb->rax, a, b, c, d;

	pcpu->stats[JH_STAT_CPUID]++;
	if (leaf == CPUID_HV_LEAF) {
		a = CPUID_HV_LEAF;
		b = HV_SIG_EBX;
		c = HV_SIG_ECX;
		d = HV_SIG_EDX;
	} else if (leaf > CPUID_HV_LEAF && leaf <= CPUID_HV_LAST) {
		a = b = c = d = 0;
	} else {
		cpuid(leaf, (uint32_t)regs->rcx, &a, &b, &c, &d);
		if (leaf == 1)
			c |= CPUID1_ECX_HV;
		/* SVM belongs to the hypervisor. */
		if (leaf == 0x80000001)
			c &= ~CPUID81_ECX_SVM;
		if (leaf == 0x8000000a)
			a = b = c = d = 0;
	}
	vmcb->rax = a;
	regs->rbx = b;
	regs->rcx = c;
	regs->rdx = d;
	vmcb->rip += 2;
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

/* Only the MSRs cell.c traps: writes of EFER, VM_HSAVE_PA, VM_CR. */
static void handle_msr(struct per_cpu *pcpu, struct guest_regs *regs)
{
	struct vmcb *vmcb = vmcb_of(pcpu);
	uint32_t msr = (uint32_t)regs->rcx;
	uint64_t val = (vmcb->rax & 0xffffffff) | (regs->rdx << 32);

	pcpu->stats[JH_STAT_MSR]++;
	if (vmcb->exitinfo1 == 1 && msr == MSR_EFER) {
		/* SVME must stay set for VMRUN; the guest never sees it. */
		vmcb->efer = val | EFER_SVME;
		vmcb->rip += 2;
		return;
	}
	printk("trap: cell \"%s\" CPU %u: %s of MSR 0x%x at rip 0x%llx refused\n",
	       pcpu->cell->name, pcpu->cpu_id,
	       vmcb->exitinfo1 ? "write" : "read", msr,
	       (unsigned long long)vmcb->rip);
	inject(vmcb, VECTOR_GP, true);
}

void svm_handle_exit(struct guest_regs *regs)
{
	struct per_cpu *pcpu = this_cpu();
	struct vmcb *vmcb = vmcb_of(pcpu);

	pcpu->stats[JH_STAT_TOTAL]++;
	vmcb->tlb_control = 0;
	vmcb->eventinj = 0;

	switch (vmcb->exitcode) {
	case EXIT_CPUID:
		handle_cpuid(pcpu, regs);
		break;
	case EXIT_VMMCALL:
		handle_vmmcall(pcpu, regs);
		break;
	case EXIT_MSR:
		handle_msr(pcpu, regs);
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
		pcpu->stats[JH_STAT_MMIO]++;
		trap_report(pcpu, "no mapping for this guest-physical address (info2), #GP injected");
		inject(vmcb, VECTOR_GP, true);
		break;
	case EXIT_IOIO:
		pcpu->stats[JH_STAT_PIO]++;
		trap_report(pcpu, "port access refused, #GP injected");
		inject(vmcb, VECTOR_GP, true);
		break;
	case EXIT_SHUTDOWN:
		trap_report(pcpu, "the cell's CPU is lost");
		halt_cpu(pcpu);
	case EXIT_INVALID:
		trap_report(pcpu, "VMRUN refused the guest state");
		halt_cpu(pcpu);
	default:
		trap_report(pcpu, "no handler");
		halt_cpu(pcpu);
	}

	if (pcpu->arch.flush_tlb) {
		vmcb->tlb_control = TLB_CONTROL_FLUSH_ALL;
		pcpu->arch.flush_tlb = false;
	}
}
