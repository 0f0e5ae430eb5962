// SPDX-License-Identifier: GPL-2.0
/*
 * Guest state in the current VMCS that bring-up (vmx.c), the backend's
 * table (vmx_vcpu.c) and the exit handlers (vmx_exit.c) all change: the
 * IA-32e entry control, CR0/CR4 as the guest sees them, exception
 * injection, the cell's EPT, and what each VM entry needs first. The
 * controls chosen on the first CPU live here too.
 */
#include <hv/cell.h>
#include <hv/percpu.h>
#include <asm/paging.h>
#include "vmx_guest.h"
#include "vmx_vmcs.h"

struct vmx_setup vmx_setup;

void vmx_set_ia32e(bool on)
{
	vmwrite(VMCS_ENTRY_CONTROLS,
		vmx_setup.entry | (on ? ENTRY_IA32E : 0));
}

uint64_t vmx_guest_cr0(void)
{
	uint64_t mask = vmx_setup.cr0_mask;

	return (vmread(VMCS_GUEST_CR0) & ~mask) |
		(vmread(VMCS_CR0_SHADOW) & mask);
}

uint64_t vmx_guest_cr4(void)
{
	uint64_t mask = vmx_setup.cr4_mask;

	return (vmread(VMCS_GUEST_CR4) & ~mask) |
		(vmread(VMCS_CR4_SHADOW) & mask);
}

void vmx_inject(unsigned int vector, bool err_code, uint32_t error)
{
	vmwrite(VMCS_ENTRY_INTR_INFO, vector |
		INTR_TYPE_HW_EXCEPTION << 8 | INTR_INFO_VALID |
		(err_code ? INTR_INFO_ERROR_VALID : 0));
	if (err_code) {
		vmwrite(VMCS_ENTRY_EXCEPTION_ERROR, error);
	}
}

uint64_t vmx_eptp(const struct cell *cell)
{
	return cell->guest_pt.root_phys | EPTP_WB | EPTP_WALK_4;
}

/* INVEPT for the CPU's cell. */
static void vmx_flush_ept(struct per_cpu *pcpu)
{
	struct {
		uint64_t eptp, reserved;
	} desc = { vmx_eptp(pcpu->cell), 0 };
	uint64_t type = vmx_setup.invept_single ? INVEPT_SINGLE : INVEPT_ALL;

	asm volatile("invept %0, %1" : : "m" (desc), "r" (type)
		     : "cc", "memory");
}

void vmx_prepare_entry(struct per_cpu *pcpu)
{
	struct vmx_cpu *v = &pcpu->arch.vmx;
	uint32_t proc = v->proc_controls, blocked;

	if (pcpu->arch.flush_tlb) {
		pcpu->arch.flush_tlb = false;
		vmx_flush_ept(pcpu);
		x86_guest_cache_flush(pcpu);
	}
	if (v->nmi_pending && pcpu->cell != &root_cell) {
		v->nmi_pending = false;
	}
	if (v->nmi_pending &&
	    !(vmread(VMCS_ENTRY_INTR_INFO) & INTR_INFO_VALID)) {
		blocked = vmread(VMCS_GUEST_INTERRUPTIBILITY) &
			(INTERRUPTIBILITY_STI | INTERRUPTIBILITY_MOV_SS |
			 INTERRUPTIBILITY_NMI);
		if (!blocked) {
			v->nmi_pending = false;
			vmwrite(VMCS_ENTRY_INTR_INFO, 2 | INTR_TYPE_NMI << 8 |
				INTR_INFO_VALID);
		}
	}
	if (v->nmi_pending || v->host_nmi) {
		proc |= PROC_NMI_WINDOW_EXIT;
	}
	vmwrite(VMCS_PROC_CONTROLS, proc);
	/* An NMI in between set the window, and this write cleared it. */
	if (!(proc & PROC_NMI_WINDOW_EXIT) && READ_ONCE(v->host_nmi)) {
		vmwrite(VMCS_PROC_CONTROLS, proc | PROC_NMI_WINDOW_EXIT);
	}
}
