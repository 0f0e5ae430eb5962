// SPDX-License-Identifier: GPL-2.0
/*
 * The VMCB's contents (vmcb.h): the intercepts every cell's CPUs run
 * with, the root cell's guest state built from Linux's at entry, and the
 * state after INIT/SIPI that cells start from.
 */
#include <hv/cell.h>
#include <hv/hypervisor.h>
#include <hv/percpu.h>
#include <hv/string.h>
#include <asm/io.h>
#include <asm/msr.h>
#include <asm/processor.h>
#include "svm_vmcb.h"

/* VMCB attribute format: type, S, DPL, P in bits 0-7; L 9, D/B 10, G 11. */
#define SEG_ATTR_CODE64		0x0a9b	/* P, S, code RX accessed, L, G */
#define SEG_ATTR_DATA		0x0c93	/* P, S, data RW accessed, D/B, G */
#define SEG_ATTR_REAL_CODE	0x009b
#define SEG_ATTR_REAL_DATA	0x0093
#define SEG_ATTR_LDT		0x0082
#define SEG_ATTR_TSS16_BUSY	0x0083
#define CR0_ET			(1ULL << 4)

struct vmcb *svm_vmcb(struct per_cpu *pcpu)
{
	return (struct vmcb *)pcpu->arch.vmcb;
}

static void set_seg(struct vmcb_seg *seg, uint16_t sel, uint16_t attrib)
{
	seg->selector = sel;
	seg->attrib = sel ? attrib | ((sel & 3) << 5) : 0;
	seg->limit = sel ? 0xffffffffU : 0;
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
	default: break;
	}
	return sel;
}

/*
 * What reaches beyond the guest's CPU traps (intercepts.c says why for
 * INVD, XSETBV, RDPMC). INIT: no one but the hypervisor can send one
 * (every cell's APIC is emulated, MSI and IOAPIC delivery modes are
 * filtered), so one that arrives in guest mode stops the guest rather
 * than resetting the CPU under the hypervisor. WBINVD is harmless (it
 * writes back first), but QEMU 7.2's TCG checks the WBINVD intercept for
 * INVD as well and exits with its code: both are intercepted and both
 * run as WBINVD (each 2 bytes).
 */
void svm_set_intercepts(struct vmcb *vmcb, const struct cell *cell)
{
	vmcb->intercept_exceptions = 1U << VECTOR_MC;
	vmcb->intercept_misc1 = INTERCEPT_NMI | INTERCEPT_INIT |
		INTERCEPT_CPUID | INTERCEPT_INVD | INTERCEPT_IOIO |
		INTERCEPT_MSR | INTERCEPT_SHUTDOWN;
	if (cell != &root_cell) {
		vmcb->intercept_misc1 |= INTERCEPT_RDPMC;
	}
	vmcb->intercept_misc2 = INTERCEPT_VMRUN | INTERCEPT_VMMCALL |
		INTERCEPT_VMLOAD | INTERCEPT_VMSAVE | INTERCEPT_STGI |
		INTERCEPT_CLGI | INTERCEPT_SKINIT | INTERCEPT_WBINVD |
		INTERCEPT_XSETBV;
	vmcb->iopm_base_pa = cell->arch.iopm_pa;
	vmcb->msrpm_base_pa = cell->arch.msrpm_pa;
	vmcb->guest_asid = 1;
	vmcb->np_enable = 1;
	vmcb->n_cr3 = cell->guest_pt.root_phys;
}

/* Linux exactly as it was when it called the trampoline. */
void svm_vmcb_init_root(struct per_cpu *pcpu)
{
	struct per_cpu_arch *arch = &pcpu->arch;
	struct vmcb *vmcb = svm_vmcb(pcpu);
	paddr_t pa = hv_virt2phys(vmcb);

	svm_set_intercepts(vmcb, &root_cell);
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
	vmcb->dr6 = 0xffff0ff0U;
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

static void set_real_seg(struct vmcb_seg *seg, uint16_t sel, uint16_t attrib)
{
	seg->selector = sel;
	seg->attrib = attrib;
	seg->limit = 0xffff;
	seg->base = (uint64_t)sel << 4;
}

/*
 * The state a CPU has after INIT and SIPI (or the cell's reset address):
 * real mode, paging off, CS:IP = entry (CS base entry & ~0xf, so that a
 * SIPI vector's page gives CS = vector << 8, IP = 0, as on hardware).
 */
void svm_vmcb_reset(struct per_cpu *pcpu, uint64_t entry)
{
	struct vmcb *vmcb = svm_vmcb(pcpu);

	memset(&vmcb->es, 0, sizeof(*vmcb) - 0x400);
	set_real_seg(&vmcb->cs, (entry >> 4) & 0xffff, SEG_ATTR_REAL_CODE);
	set_real_seg(&vmcb->ds, 0, SEG_ATTR_REAL_DATA);
	set_real_seg(&vmcb->es, 0, SEG_ATTR_REAL_DATA);
	set_real_seg(&vmcb->ss, 0, SEG_ATTR_REAL_DATA);
	set_real_seg(&vmcb->fs, 0, SEG_ATTR_REAL_DATA);
	set_real_seg(&vmcb->gs, 0, SEG_ATTR_REAL_DATA);
	set_real_seg(&vmcb->ldtr, 0, SEG_ATTR_LDT);
	set_real_seg(&vmcb->tr, 0, SEG_ATTR_TSS16_BUSY);
	vmcb->gdtr.limit = 0xffff;
	vmcb->idtr.limit = 0xffff;
	vmcb->rip = entry & 0xf;
	vmcb->rflags = 0x2;
	vmcb->cr0 = CR0_ET;
	vmcb->efer = EFER_SVME;
	vmcb->dr6 = 0xffff0ff0U;
	vmcb->dr7 = 0x400;
	vmcb->g_pat = 0x0007040600070406ULL;
	vmcb->eventinj = 0;
	vmcb->interrupt_shadow = 0;
	memset(pcpu->arch.regs, 0, sizeof(*pcpu->arch.regs));
	pcpu->arch.regs->vmcb_pa = hv_virt2phys(vmcb);
}
