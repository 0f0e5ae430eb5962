// SPDX-License-Identifier: GPL-2.0
/*
 * Intel VMX with EPT and unrestricted guest: turning it on, the root
 * cell's VMCS built from the state Linux had at entry, and the way back to
 * Linux. A CPU's fresh start in a cell and the vcpu interface are in
 * vmx_vcpu.c, the exit handlers in vmx_exit.c, Linux's segments and GDT
 * in vmx_segments.c.
 *
 * Controls. Every control word is adjusted to the capability MSRs (the
 * TRUE_* ones when IA32_VMX_BASIC bit 55 says they exist): what the CPU
 * forces to 1 is taken, what the hypervisor needs but the CPU cannot do
 * refuses the enable with a message. Needed: NMI exiting with virtual
 * NMIs, I/O and MSR bitmaps, EPT (4-level walk, write-back tables,
 * INVEPT), unrestricted guest (cells start in real mode, as after
 * INIT/SIPI), loading and saving of PAT and EFER on entry and exit, and
 * exits storing EFER.LMA into the IA-32e mode entry control. Not used:
 * VPID (every VM entry and exit then drops the guest's linear TLB
 * entries, so an INVLPG or CR3 exit the CPU may force needs no
 * emulation of its flush), external-interrupt exiting (interrupts go to
 * the guest directly, as under SVM), HLT exiting, TSC offsetting.
 *
 * CR0 and CR4 belong to the guest except the bits VMX operation fixes
 * (CR0.NE; CR4.VMXE): those are host-owned (guest/host mask), the guest
 * reads its own values from the read shadows, and a write that changes
 * one exits and is emulated (vmx_exit.c). Unrestricted guest exempts
 * CR0.PE and CR0.PG.
 *
 * The MSRs VMX does not switch (STAR, LSTAR, CSTAR, SFMASK,
 * KERNEL_GS_BASE) stay the guest's: the hypervisor does not use them. A
 * CPU's reset into a cell clears them, as SVM's VMCB reset does, so that
 * nothing of the previous owner is left in them.
 *
 * Segments. The VMCS needs every segment's base, limit and access rights,
 * which Linux's descriptors hold. At entry the hypervisor runs in its own
 * page tables; it reads Linux's GDT through Linux's page tables and the
 * root cell's EPT (guest_walk.c, guest_mem.c) into a per-CPU copy. The
 * way back (disable, a failed entry) loads that copy (TSS descriptor not
 * busy) to reload TR, LDTR and the data segments exactly, then Linux's own
 * GDTR and IDTR: a VM exit leaves TR with a limit of 0x67, which would cut
 * off Linux's I/O permission bitmap.
 */
#include <jailhouse/hypercall.h>
#include <hv/arch.h>
#include <hv/cell.h>
#include <hv/hypervisor.h>
#include <hv/percpu.h>
#include <hv/printk.h>
#include <hv/string.h>
#include <asm/apic.h>
#include <asm/guest_walk.h>
#include <asm/io.h>
#include <asm/msr.h>
#include <asm/paging.h>
#include <asm/vcpu.h>
#include <asm/vendor.h>
#include <asm/vmx.h>
#include "vmx_entry.h"
#include "vmx_guest.h"
#include "vmx_segments.h"
#include "vmx_vmcs.h"

#define RFLAGS_RESERVED		0x2ULL

static uint64_t vmcs_pa(struct per_cpu *pcpu)
{
	return hv_virt2phys(pcpu->arch.vmcs);
}

static bool vmxon(uint64_t pa)
{
	bool failed;

	asm volatile("vmxon %1; setna %0" : "=qm" (failed) : "m" (pa)
		     : "cc", "memory");
	return !failed;
}

static bool vmclear(uint64_t pa)
{
	bool failed;

	asm volatile("vmclear %1; setna %0" : "=qm" (failed) : "m" (pa)
		     : "cc", "memory");
	return !failed;
}

static bool vmptrld(uint64_t pa)
{
	bool failed;

	asm volatile("vmptrld %1; setna %0" : "=qm" (failed) : "m" (pa)
		     : "cc", "memory");
	return !failed;
}

static void vmxoff(void)
{
	asm volatile("vmxoff" : : : "cc", "memory");
}

/*
 * One control word: the wanted bits the CPU allows, the ones it forces,
 * and a refusal naming the needed ones it lacks.
 */
static int adjust(const char *what, uint32_t cap_msr, uint32_t wanted,
		  uint32_t need, uint32_t *out)
{
	uint32_t missing = vmx_adjust_controls(rdmsr(cap_msr), wanted, need,
					       out);

	if (missing != 0U) {
		hv_error("VMX: the CPU cannot set the %s controls 0x%x (capability MSR 0x%x)",
			 what, missing, cap_msr);
		return -JH_ENOSYS;
	}
	return 0;
}

static int check_feature_control(unsigned int cpu)
{
	uint64_t fc = rdmsr(MSR_FEATURE_CONTROL);

	if (!(fc & FEATURE_CONTROL_LOCKED)) {
		hv_error("CPU %u: IA32_FEATURE_CONTROL is not locked (firmware or Linux should have set and locked it)",
			 cpu);
		return -JH_ENOSYS;
	}
	if (!(fc & FEATURE_CONTROL_VMX_OUTSIDE_SMX)) {
		hv_error("CPU %u: VMX is disabled by the firmware (IA32_FEATURE_CONTROL 0x%llx: VMX outside SMX off)",
			 cpu, (unsigned long long)fc);
		return -JH_ENOSYS;
	}
	return 0;
}

/* For the enable banner (vmx_caps.c: vmx_apic_virt_text); none used. */
static char apic_virt_text[160];

static void note_apic_virt(uint32_t proc2_cap_hi)
{
	vmx_apic_virt_text(apic_virt_text, sizeof(apic_virt_text),
			   rdmsr(MSR_VMX_PINBASED) >> 32,
			   rdmsr(MSR_VMX_PROCBASED) >> 32, proc2_cap_hi);
}

const char *vmx_apic_virt(void)
{
	return apic_virt_text;
}

/* First CPU: capabilities, chosen controls, fixed bits. */
int vmx_check(void)
{
	struct vmx_setup *v = &vmx_setup;
	uint64_t basic, ept, misc;
	uint32_t proc2_cap_hi;
	bool true_ctls;
	int err;

	err = check_feature_control(0);
	if (err != 0) {
		return err;
	}
	basic = rdmsr(MSR_VMX_BASIC);
	true_ctls = (basic & VMX_BASIC_TRUE_CTLS) != 0U;
	v->revision = basic & VMX_BASIC_REVISION;

	err = adjust("pin-based", true_ctls ? MSR_VMX_TRUE_PINBASED :
		     MSR_VMX_PINBASED, PIN_NMI_EXIT | PIN_VIRTUAL_NMIS,
		     PIN_NMI_EXIT | PIN_VIRTUAL_NMIS, &v->pin);
	if (!err) {
		err = adjust("processor-based", true_ctls ?
			     MSR_VMX_TRUE_PROCBASED : MSR_VMX_PROCBASED,
			     PROC_USE_IO_BITMAPS | PROC_USE_MSR_BITMAPS |
			     PROC_SECONDARY, PROC_USE_IO_BITMAPS |
			     PROC_USE_MSR_BITMAPS | PROC_SECONDARY, &v->proc);
	}
	if (!err) {
		err = adjust("VM-exit", true_ctls ? MSR_VMX_TRUE_EXIT :
			     MSR_VMX_EXIT, EXIT_HOST_ADDR64 | EXIT_SAVE_DEBUG |
			     EXIT_SAVE_PAT | EXIT_LOAD_PAT | EXIT_SAVE_EFER |
			     EXIT_LOAD_EFER, EXIT_HOST_ADDR64 | EXIT_SAVE_PAT |
			     EXIT_LOAD_PAT | EXIT_SAVE_EFER | EXIT_LOAD_EFER,
			     &v->exit);
	}
	if (!err) {
		err = adjust("VM-entry", true_ctls ? MSR_VMX_TRUE_ENTRY :
			     MSR_VMX_ENTRY, ENTRY_LOAD_DEBUG | ENTRY_LOAD_PAT |
			     ENTRY_LOAD_EFER | ENTRY_IA32E, ENTRY_LOAD_PAT |
			     ENTRY_LOAD_EFER | ENTRY_IA32E, &v->entry);
	}
	if (err != 0) {
		return err;
	}
	v->entry &= ~ENTRY_IA32E;	/* set per guest state */
	/* Not forced on us, as the NMI window is switched per entry. */
	v->proc &= ~PROC_NMI_WINDOW_EXIT;
	if ((v->proc & PROC_HLT_EXIT) != 0U) {
		hv_error("VMX: the CPU forces HLT exiting");
		return -JH_ENOSYS;
	}
	if (!(rdmsr(MSR_VMX_PROCBASED) >> 32 & PROC_NMI_WINDOW_EXIT)) {
		hv_error("VMX: the CPU has no NMI-window exiting");
		return -JH_ENOSYS;
	}

	proc2_cap_hi = rdmsr(MSR_VMX_PROCBASED2) >> 32;
	if (!(proc2_cap_hi & PROC2_EPT)) {
		hv_error("VMX: the CPU has no EPT (extended page tables)");
		return -JH_ENOSYS;
	}
	if (!(proc2_cap_hi & PROC2_UNRESTRICTED)) {
		hv_error("VMX: the CPU has no unrestricted guest (cells start in real mode)");
		return -JH_ENOSYS;
	}
	note_apic_virt(proc2_cap_hi);
	/* Instructions that fault in a guest unless enabled: enable them. */
	err = adjust("secondary processor-based", MSR_VMX_PROCBASED2,
		     PROC2_EPT | PROC2_UNRESTRICTED | PROC2_RDTSCP |
		     PROC2_INVPCID | PROC2_XSAVES | PROC2_USER_WAIT_PAUSE,
		     PROC2_EPT | PROC2_UNRESTRICTED, &v->proc2);
	if (err != 0) {
		return err;
	}

	misc = rdmsr(MSR_VMX_MISC);
	if (!(misc & VMX_MISC_STORE_LMA)) {
		hv_error("VMX: VM exits do not store EFER.LMA into the IA-32e mode control (IA32_VMX_MISC bit 5)");
		return -JH_ENOSYS;
	}
	ept = rdmsr(MSR_VMX_EPT_VPID_CAP);
	if (!(ept & EPT_CAP_WALK_4) || !(ept & EPT_CAP_WB) ||
	    !(ept & EPT_CAP_INVEPT) ||
	    !(ept & (EPT_CAP_INVEPT_SINGLE | EPT_CAP_INVEPT_ALL))) {
		hv_error("VMX: EPT lacks a 4-level walk, write-back tables or INVEPT (IA32_VMX_EPT_VPID_CAP 0x%llx)",
			 (unsigned long long)ept);
		return -JH_ENOSYS;
	}
	v->invept_single = ept & EPT_CAP_INVEPT_SINGLE;
	x86_ept_set_large_pages(ept & EPT_CAP_2M);

	v->cr0_fixed0 = rdmsr(MSR_VMX_CR0_FIXED0);
	v->cr0_fixed1 = rdmsr(MSR_VMX_CR0_FIXED1);
	v->cr4_fixed0 = rdmsr(MSR_VMX_CR4_FIXED0);
	v->cr4_fixed1 = rdmsr(MSR_VMX_CR4_FIXED1);
	v->cr0_mask = ((v->cr0_fixed0 & ~(CR0_PE | CR0_PG)) |
		       ~v->cr0_fixed1) & 0xffffffffULL;
	v->cr4_mask = (v->cr4_fixed0 | ~v->cr4_fixed1) & 0xffffffffULL;
	return 0;
}

static void write_host_state(struct per_cpu *pcpu, uint64_t tr_base)
{
	struct desc_table gdtr, idtr;

	asm volatile("sgdt %0" : "=m" (gdtr));
	asm volatile("sidt %0" : "=m" (idtr));
	vmwrite(VMCS_HOST_CR0, read_cr(0));
	vmwrite(VMCS_HOST_CR3, read_cr(3));
	vmwrite(VMCS_HOST_CR4, read_cr(4));
	vmwrite(VMCS_HOST_CS_SEL, HOST_CS);
	vmwrite(VMCS_HOST_SS_SEL, HOST_SS);
	vmwrite(VMCS_HOST_DS_SEL, 0);
	vmwrite(VMCS_HOST_ES_SEL, 0);
	vmwrite(VMCS_HOST_FS_SEL, 0);
	vmwrite(VMCS_HOST_GS_SEL, 0);
	/*
	 * TR (never used by the hypervisor: no IST, no privilege change)
	 * and the FS/GS bases are Linux's, so that a way back to Linux that
	 * starts from host state (a failed first entry) finds them.
	 */
	vmwrite(VMCS_HOST_TR_SEL, pcpu->arch.vmx.linux_sel[SEG_TR]);
	vmwrite(VMCS_HOST_TR_BASE, tr_base);
	vmwrite(VMCS_HOST_FS_BASE, pcpu->arch.vmx.linux_fs_base);
	vmwrite(VMCS_HOST_GS_BASE, pcpu->arch.vmx.linux_gs_base);
	vmwrite(VMCS_HOST_GDTR_BASE, gdtr.base);
	vmwrite(VMCS_HOST_IDTR_BASE, idtr.base);
	vmwrite(VMCS_HOST_SYSENTER_CS, rdmsr(MSR_SYSENTER_CS));
	vmwrite(VMCS_HOST_SYSENTER_ESP, rdmsr(MSR_SYSENTER_ESP));
	vmwrite(VMCS_HOST_SYSENTER_EIP, rdmsr(MSR_SYSENTER_EIP));
	vmwrite(VMCS_HOST_PAT, rdmsr(MSR_PAT));
	vmwrite(VMCS_HOST_EFER, pcpu->arch.linux_efer);
	vmwrite(VMCS_HOST_RSP, (uintptr_t)pcpu->arch.regs);
	vmwrite(VMCS_HOST_RIP, (uintptr_t)vmx_exit_entry);
}

static void write_controls(struct per_cpu *pcpu)
{
	struct vmx_setup *v = &vmx_setup;

	pcpu->arch.vmx.proc_controls = v->proc;
	vmwrite(VMCS_PIN_CONTROLS, v->pin);
	vmwrite(VMCS_PROC_CONTROLS, v->proc);
	vmwrite(VMCS_PROC2_CONTROLS, v->proc2);
	vmwrite(VMCS_EXIT_CONTROLS, v->exit);
	vmwrite(VMCS_ENTRY_CONTROLS, v->entry);
	vmwrite(VMCS_EXCEPTION_BITMAP, 1U << 18);	/* #MC */
	vmwrite(VMCS_PF_ERROR_MASK, 0);
	vmwrite(VMCS_PF_ERROR_MATCH, 0);
	vmwrite(VMCS_CR3_TARGET_COUNT, 0);
	vmwrite(VMCS_EXIT_MSR_STORE_COUNT, 0);
	vmwrite(VMCS_EXIT_MSR_LOAD_COUNT, 0);
	vmwrite(VMCS_ENTRY_MSR_LOAD_COUNT, 0);
	vmwrite(VMCS_ENTRY_INTR_INFO, 0);
	vmwrite(VMCS_TSC_OFFSET, 0);
	vmwrite(VMCS_LINK_POINTER, ~0ULL);
	vmwrite(VMCS_CR0_MASK, v->cr0_mask);
	vmwrite(VMCS_CR4_MASK, v->cr4_mask);
}

/* Linux exactly as it was when it called the trampoline. */
static int vmcs_init_root(struct per_cpu *pcpu)
{
	struct per_cpu_arch *arch = &pcpu->arch;
	struct vmx_cpu *v = &arch->vmx;
	struct x86_paging_state pg = {
		.cr0 = read_cr(0),
		.cr3 = arch->linux_cr3,
		.cr4 = arch->linux_cr4,
		.efer = arch->linux_efer,
	};
	struct desc_table gdtr, idtr;
	uint64_t tr_base;
	uint32_t limit, ar;
	int err;

	memcpy(&gdtr, arch->linux_gdtr, sizeof(gdtr));
	memcpy(&idtr, arch->linux_idtr, sizeof(idtr));
	v->linux_fs_base = rdmsr(MSR_FS_BASE);
	v->linux_gs_base = rdmsr(MSR_GS_BASE);
	err = vmx_copy_linux_gdt(pcpu, &pg, &gdtr);
	if (err != 0) {
		hv_error("CPU %u: cannot read Linux's GDT at 0x%llx (limit 0x%x): error %d",
			 pcpu->cpu_id, (unsigned long long)gdtr.base,
			 gdtr.limit, err);
		return err;
	}
	v->gdt_valid = true;
	err = vmx_guest_segments_from_linux(pcpu);
	if (err != 0) {
		return err;
	}
	vmx_desc_of(pcpu, v->linux_sel[SEG_TR], &tr_base, &limit, &ar);

	arch->regs = (struct guest_regs *)((uint8_t *)pcpu + PERCPU_SIZE -
					   GUEST_REGS_SIZE);
	memset(arch->regs, 0, sizeof(*arch->regs));

	write_controls(pcpu);
	write_host_state(pcpu, tr_base);
	vmx_set_ia32e(arch->linux_efer & EFER_LMA);

	vmwrite(VMCS_GUEST_CR0, pg.cr0);
	vmwrite(VMCS_CR0_SHADOW, pg.cr0);
	vmwrite(VMCS_GUEST_CR3, arch->linux_cr3);
	vmwrite(VMCS_GUEST_CR4, arch->linux_cr4 | CR4_VMXE);
	vmwrite(VMCS_CR4_SHADOW, arch->linux_cr4);
	vmwrite(VMCS_GUEST_GDTR_BASE, gdtr.base);
	vmwrite(VMCS_GUEST_GDTR_LIMIT, gdtr.limit);
	vmwrite(VMCS_GUEST_IDTR_BASE, idtr.base);
	vmwrite(VMCS_GUEST_IDTR_LIMIT, idtr.limit);
	asm volatile("mov %%dr7, %0" : "=r" (v->linux_dr7));
	v->linux_debugctl = rdmsr(MSR_DEBUGCTL);
	vmwrite(VMCS_GUEST_DR7, v->linux_dr7);
	vmwrite(VMCS_GUEST_DEBUGCTL, v->linux_debugctl);
	vmwrite(VMCS_GUEST_PAT, rdmsr(MSR_PAT));
	vmwrite(VMCS_GUEST_EFER, arch->linux_efer);
	vmwrite(VMCS_GUEST_SYSENTER_CS, rdmsr(MSR_SYSENTER_CS));
	vmwrite(VMCS_GUEST_SYSENTER_ESP, rdmsr(MSR_SYSENTER_ESP));
	vmwrite(VMCS_GUEST_SYSENTER_EIP, rdmsr(MSR_SYSENTER_EIP));
	vmwrite(VMCS_GUEST_RSP, arch->linux_rsp);
	vmwrite(VMCS_GUEST_RIP, arch->linux_rip);
	vmwrite(VMCS_GUEST_RFLAGS, RFLAGS_RESERVED); /* IF off: popfq */
	vmwrite(VMCS_GUEST_INTERRUPTIBILITY, 0);
	vmwrite(VMCS_GUEST_ACTIVITY, 0);
	vmwrite(VMCS_GUEST_PENDING_DBG, 0);

	cpu_arch_enter_cell(pcpu);
	return 0;
}

int vmx_cpu_init(struct per_cpu *pcpu)
{
	struct per_cpu_arch *arch = &pcpu->arch;
	struct vmx_cpu *v = &arch->vmx;
	uint64_t cr0 = read_cr(0), cr4;
	int err;

	if ((arch->linux_cr4 & CR4_LA57) != 0U) {
		hv_error("CPU %u: 5-level paging (CR4.LA57) is not supported",
			 pcpu->cpu_id);
		return -JH_ENOSYS;
	}
	if ((arch->linux_cr4 & CR4_VMXE) != 0U) {
		hv_error("CPU %u: VMX is already in use (CR4.VMXE set): unload kvm_intel",
			 pcpu->cpu_id);
		return -JH_EBUSY;
	}
	err = check_feature_control(pcpu->cpu_id);
	if (err != 0) {
		return err;
	}
	if ((rdmsr(MSR_VMX_BASIC) & VMX_BASIC_REVISION) != vmx_setup.revision) {
		hv_error("CPU %u: VMCS revision differs from CPU 0's",
			 pcpu->cpu_id);
		return -JH_EINVAL;
	}
	arch->linux_efer = rdmsr(MSR_EFER);
	cr4 = read_cr(4) | CR4_VMXE;
	if (!vmx_fixed_ok(cr0, vmx_setup.cr0_fixed0, vmx_setup.cr0_fixed1, 0) ||
	    !vmx_fixed_ok(cr4, vmx_setup.cr4_fixed0, vmx_setup.cr4_fixed1, 0)) {
		hv_error("CPU %u: CR0 0x%llx or CR4 0x%llx does not meet VMX's fixed bits",
			 pcpu->cpu_id, (unsigned long long)cr0,
			 (unsigned long long)cr4);
		return -JH_EINVAL;
	}
	write_cr(4, cr4);

	*(uint32_t *)arch->vmxon_region = vmx_setup.revision;
	if (!vmxon(hv_virt2phys(arch->vmxon_region))) {
		hv_error("CPU %u: VMXON failed", pcpu->cpu_id);
		return -JH_EBUSY;
	}
	v->vmxon = true;
	*(uint32_t *)arch->vmcs = vmx_setup.revision;
	if (!vmclear(vmcs_pa(pcpu)) || !vmptrld(vmcs_pa(pcpu))) {
		hv_error("CPU %u: VMCLEAR/VMPTRLD of the VMCS failed",
			 pcpu->cpu_id);
		return -JH_EINVAL;
	}
	v->vmcs_loaded = true;
	if (apic_cpu_init(pcpu) != 0) {
		return -JH_EINVAL;
	}
	return vmcs_init_root(pcpu);
}

/* Out of VMX operation; CR4.VMXE goes with the leave routine's CR4. */
static void vmx_off(struct per_cpu *pcpu)
{
	struct vmx_cpu *v = &pcpu->arch.vmx;

	if (v->vmcs_loaded) {
		v->vmcs_loaded = false;
		barrier();
		vmclear(vmcs_pa(pcpu));
	}
	if (v->vmxon) {
		v->vmxon = false;
		vmxoff();
	}
}

/* Disable: the root guest's state back into the CPU. */
void vmx_cpu_exit(struct per_cpu *pcpu, struct leave_state *s)
{
	struct vmx_cpu *v = &pcpu->arch.vmx;
	struct x86_paging_state pg;
	struct desc_table gdtr, idtr;
	uint64_t cr0, fs_base, gs_base, pat, debugctl, dr7;
	uint64_t sysenter_cs, sysenter_esp, sysenter_eip;
	uint16_t sel[SEG_TR + 1];
	unsigned int seg;

	cr0 = vmx_guest_cr0();
	s->cr3 = vmread(VMCS_GUEST_CR3);
	s->cr4 = vmx_guest_cr4();
	s->rsp = vmread(VMCS_GUEST_RSP);
	s->rip = vmread(VMCS_GUEST_RIP);
	s->efer = vmread(VMCS_GUEST_EFER);
	s->stgi = false;
	gdtr.base = vmread(VMCS_GUEST_GDTR_BASE);
	gdtr.limit = vmread(VMCS_GUEST_GDTR_LIMIT);
	idtr.base = vmread(VMCS_GUEST_IDTR_BASE);
	idtr.limit = vmread(VMCS_GUEST_IDTR_LIMIT);
	for (seg = SEG_ES; seg <= SEG_TR; seg++) {
		sel[seg] = vmread(VMCS_GUEST_ES_SEL + 2 * seg);
	}
	fs_base = vmread(VMCS_GUEST_ES_BASE + 2 * SEG_FS);
	gs_base = vmread(VMCS_GUEST_ES_BASE + 2 * SEG_GS);
	pat = vmread(VMCS_GUEST_PAT);
	debugctl = vmread(VMCS_GUEST_DEBUGCTL);
	dr7 = vmread(VMCS_GUEST_DR7);
	sysenter_cs = vmread(VMCS_GUEST_SYSENTER_CS);
	sysenter_esp = vmread(VMCS_GUEST_SYSENTER_ESP);
	sysenter_eip = vmread(VMCS_GUEST_SYSENTER_EIP);

	/* Linux's GDT as it is now (the CPU's task may have an LDT). */
	pg.cr0 = cr0;
	pg.cr3 = s->cr3;
	pg.cr4 = s->cr4;
	pg.efer = s->efer;
	v->gdt_valid = !vmx_copy_linux_gdt(pcpu, &pg, &gdtr);
	if (!v->gdt_valid) {
		printk("CPU %u: cannot read Linux's GDT at 0x%llx: TR and data segments left as they are\n",
		       pcpu->cpu_id, (unsigned long long)gdtr.base);
	}

	vmx_off(pcpu);

	write_cr(0, cr0);
	wrmsr(MSR_PAT, pat);
	wrmsr(MSR_DEBUGCTL, debugctl);
	asm volatile("mov %0, %%dr7" : : "r" (dr7));
	wrmsr(MSR_SYSENTER_CS, sysenter_cs);
	wrmsr(MSR_SYSENTER_ESP, sysenter_esp);
	wrmsr(MSR_SYSENTER_EIP, sysenter_eip);
	vmx_load_linux_segments(pcpu, sel, fs_base, gs_base);
	asm volatile("lgdt %0" : : "m" (gdtr));
	asm volatile("lidt %0" : : "m" (idtr));
}

/*
 * A failed entry, at any stage of vmx_cpu_init or at the first VM
 * entry. If a VM exit loaded host state, TR (limit), DR7 and DEBUGCTL
 * need Linux's values back; the rest of host state is Linux's already.
 */
void vmx_cpu_abort(struct per_cpu *pcpu, struct leave_state *s)
{
	struct vmx_cpu *v = &pcpu->arch.vmx;
	bool exited = v->vmcs_loaded && v->entry_attempted;

	vmx_off(pcpu);
	if (!exited) {
		return;
	}
	wrmsr(MSR_DEBUGCTL, v->linux_debugctl);
	asm volatile("mov %0, %%dr7" : : "r" (v->linux_dr7));
	vmx_load_linux_segments(pcpu, v->linux_sel, v->linux_fs_base,
			    v->linux_gs_base);
}

void __noreturn vmx_run(struct guest_regs *regs)
{
	struct per_cpu *pcpu = this_cpu();

	/* Stale EPT translations of an earlier enable must go. */
	pcpu->arch.flush_tlb = true;
	vmx_prepare_entry(pcpu);
	pcpu->arch.vmx.entry_attempted = true;
	vmx_launch(regs);
}
