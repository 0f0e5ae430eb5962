// SPDX-License-Identifier: GPL-2.0
/*
 * The VMX backend's per-CPU guest operations: a fresh start in real mode
 * (INIT/SIPI or a cell's reset address), the switch to a cell's EPT and
 * bitmaps, the hypervisor's own NMIs, and the vcpu interface of the
 * shared exit handlers (asm/vcpu.h), gathered in the backend's table.
 * Bring-up and tear-down are in vmx.c, the exit handlers in vmx_exit.c.
 */
#include <hv/cell.h>
#include <hv/percpu.h>
#include <hv/string.h>
#include <asm/io.h>
#include <asm/msr.h>
#include <asm/paging.h>
#include <asm/vcpu.h>
#include <asm/vendor.h>
#include <asm/vmx.h>
#include "vmx_guest.h"
#include "vmx_vmcs.h"

#define RFLAGS_RESERVED		0x2ULL
#define DR7_RESET		0x400ULL
#define PAT_RESET		0x0007040600070406ULL

/* The CPU's actual CR0/CR4 for a guest value (unrestricted: PE, PG free). */
static uint64_t cr0_actual(uint64_t val)
{
	return (val | (vmx_setup.cr0_fixed0 & ~(CR0_PE | CR0_PG))) &
		vmx_setup.cr0_fixed1;
}

static uint64_t cr4_actual(uint64_t val)
{
	return (val | vmx_setup.cr4_fixed0) & vmx_setup.cr4_fixed1;
}

/*
 * The state a CPU has after INIT and SIPI (or the cell's reset address):
 * real mode, paging off, CS:IP = entry (CS base entry & ~0xf, so that a
 * SIPI vector's page gives CS = vector << 8, IP = 0, as on hardware).
 */
static void vmx_reset(struct per_cpu *pcpu, uint64_t entry)
{
	unsigned int seg, n;
	uint16_t cs = (uint16_t)((entry >> 4) & 0xffff);

	for (seg = SEG_ES; seg <= SEG_GS; seg++) {
		vmx_write_seg(seg, 0, 0, 0xffff, AR_P | AR_S | 0x3);
	}
	vmx_write_seg(SEG_CS, cs, (uint64_t)cs << 4, 0xffff, AR_P | AR_S | 0xb);
	vmx_write_seg(SEG_LDTR, 0, 0, 0xffff, AR_P | 0x2);
	/* A busy 32-bit TSS also passes the IA-32e entry checks later. */
	vmx_write_seg(SEG_TR, 0, 0, 0xffff, AR_P | 0xb);
	vmwrite(VMCS_GUEST_GDTR_BASE, 0);
	vmwrite(VMCS_GUEST_GDTR_LIMIT, 0xffff);
	vmwrite(VMCS_GUEST_IDTR_BASE, 0);
	vmwrite(VMCS_GUEST_IDTR_LIMIT, 0xffff);
	vmwrite(VMCS_GUEST_RIP, entry & 0xf);
	vmwrite(VMCS_GUEST_RSP, 0);
	vmwrite(VMCS_GUEST_RFLAGS, RFLAGS_RESERVED);
	vmwrite(VMCS_GUEST_CR0, cr0_actual(CR0_ET));
	vmwrite(VMCS_CR0_SHADOW, CR0_ET);
	vmwrite(VMCS_GUEST_CR3, 0);
	vmwrite(VMCS_GUEST_CR4, cr4_actual(0));
	vmwrite(VMCS_CR4_SHADOW, 0);
	vmwrite(VMCS_GUEST_EFER, 0);
	vmx_set_ia32e(false);
	vmwrite(VMCS_GUEST_DR7, DR7_RESET);
	vmwrite(VMCS_GUEST_DEBUGCTL, 0);
	vmwrite(VMCS_GUEST_PAT, PAT_RESET);
	vmwrite(VMCS_GUEST_SYSENTER_CS, 0);
	vmwrite(VMCS_GUEST_SYSENTER_ESP, 0);
	vmwrite(VMCS_GUEST_SYSENTER_EIP, 0);
	for (n = 0; n < 4; n++) {
		vmwrite(VMCS_GUEST_PDPTE0 + 2 * n, 0);
	}
	vmwrite(VMCS_GUEST_INTERRUPTIBILITY, 0);
	vmwrite(VMCS_GUEST_ACTIVITY, 0);
	vmwrite(VMCS_GUEST_PENDING_DBG, 0);
	vmwrite(VMCS_ENTRY_INTR_INFO, 0);
	pcpu->arch.vmx.nmi_pending = false;

	/* Not switched by VMX: nothing of the previous owner stays. */
	wrmsr(MSR_STAR, 0);
	wrmsr(MSR_LSTAR, 0);
	wrmsr(MSR_CSTAR, 0);
	wrmsr(MSR_SFMASK, 0);
	wrmsr(MSR_KERNEL_GS_BASE, 0);
	if ((read_cr(4) & CR4_OSXSAVE) != 0U) {
		asm volatile("xsetbv" : : "a" (1), "d" (0), "c" (0));
	}
	memset(pcpu->arch.regs, 0, sizeof(*pcpu->arch.regs));
}

static void vmx_enter_cell(struct per_cpu *pcpu)
{
	const struct cell *cell = pcpu->cell;

	vmwrite(VMCS_EPT_POINTER, vmx_eptp(cell));
	vmwrite(VMCS_IO_BITMAP_A, cell->arch.iopm_pa);
	vmwrite(VMCS_IO_BITMAP_B, cell->arch.iopm_pa + PAGE_SIZE);
	vmwrite(VMCS_MSR_BITMAP, cell->arch.msrpm_pa);
	/*
	 * The performance counters are the root cell's (it programs them
	 * through MSRs no other cell reaches): RDPMC in another cell would
	 * read the root's counts. vmx_prepare_entry writes the controls.
	 */
	if (cell == &root_cell) {
		pcpu->arch.vmx.proc_controls &= ~PROC_RDPMC_EXIT;
	} else if (rdmsr(MSR_VMX_PROCBASED) >> 32 & PROC_RDPMC_EXIT) {
		pcpu->arch.vmx.proc_controls |= PROC_RDPMC_EXIT;
	}
	pcpu->arch.flush_tlb = true;
}

/*
 * An NMI reached the hypervisor (outside guest mode). A kick's request is
 * looked at on the way back into the guest anyway, unless the NMI came
 * after that look: the NMI window then takes the CPU out of the guest
 * again at once. An NMI for the root cell is injected there.
 */
static void vmx_host_nmi(struct per_cpu *pcpu)
{
	struct vmx_cpu *v = &pcpu->arch.vmx;

	if (!v->vmcs_loaded) {
		/* Entry or exit: no guest to inject into; never leave the
		 * flag set, or later kicks would send no NMI. */
		if (pcpu->arch.kick_pending) {
			x86_kick_taken(pcpu);
		}
		return;
	}
	if (pcpu->arch.kick_pending) {
		x86_kick_taken(pcpu);
	} else if (pcpu->cell == &root_cell) {
		v->nmi_pending = true;
	}
	v->host_nmi = true;
	vmwrite(VMCS_PROC_CONTROLS,
		vmread(VMCS_PROC_CONTROLS) | PROC_NMI_WINDOW_EXIT);
}

static void vmx_irq_window(void)
{
	asm volatile("sti; nop; jmp 1f; 1: nop; cli" : : : "memory");
}

/* Vendor interface (asm/vcpu.h, through vmx_vendor). */
static uint64_t vmx_gpr_read(struct per_cpu *pcpu, unsigned int reg)
{
	uint64_t *slots = &pcpu->arch.regs->rax;

	if (reg == 4) {
		return vmread(VMCS_GUEST_RSP);
	}
	/* rax rcx rdx rbx, then rbp rsi rdi r8..r15: no slot for rsp. */
	return slots[reg < 4 ? reg : reg - 1];
}

static void vmx_gpr_write(struct per_cpu *pcpu, unsigned int reg,
			  uint64_t val)
{
	uint64_t *slots = &pcpu->arch.regs->rax;

	if (reg == 4) {
		vmwrite(VMCS_GUEST_RSP, val);
	} else {
		slots[reg < 4 ? reg : reg - 1] = val;
	}
}

static void vmx_code_state(struct per_cpu *pcpu, uint64_t *rip_linear,
			   enum x86_cpu_mode *mode,
			   struct x86_paging_state *pg)
{
	uint32_t cs_ar = vmread(VMCS_GUEST_ES_AR + 2 * SEG_CS);
	uint64_t rip = vmread(VMCS_GUEST_RIP);

	pg->cr0 = vmread(VMCS_GUEST_CR0);
	pg->cr3 = vmread(VMCS_GUEST_CR3);
	pg->cr4 = vmread(VMCS_GUEST_CR4);
	pg->efer = vmread(VMCS_GUEST_EFER);
	if ((pg->efer & EFER_LMA) && (cs_ar & AR_L)) {
		*mode = X86_MODE_LONG64;
		*rip_linear = rip;
		return;
	}
	if (!(pg->cr0 & CR0_PE)) {
		*mode = X86_MODE_REAL16;
	} else if (cs_ar & AR_DB) {
		*mode = X86_MODE_PROT32;
	} else {
		*mode = X86_MODE_PROT16;
	}
	*rip_linear = (vmread(VMCS_GUEST_ES_BASE + 2 * SEG_CS) + rip) &
		0xffffffffU;
}

static uint64_t vmx_rip(struct per_cpu *pcpu)
{
	return vmread(VMCS_GUEST_RIP);
}

/* Exits caused by an instruction report its length. */
static unsigned int vmx_exit_insn_len(struct per_cpu *pcpu)
{
	switch (pcpu->arch.vmx.exit_reason) {
	case VMX_EXIT_CPUID:
	case VMX_EXIT_INVLPG:
	case VMX_EXIT_VMCALL:
	case VMX_EXIT_CR_ACCESS:
	case VMX_EXIT_IO:
	case VMX_EXIT_RDMSR:
	case VMX_EXIT_WRMSR:
	case VMX_EXIT_XSETBV:
	case VMX_EXIT_INVD:
		return vmread(VMCS_EXIT_INSN_LEN);
	default:
		return 0;
	}
}

static void vmx_skip_insn(struct per_cpu *pcpu, unsigned int len)
{
	unsigned int known = vmx_exit_insn_len(pcpu);

	vmwrite(VMCS_GUEST_RIP, vmread(VMCS_GUEST_RIP) + (known ? known : len));
	/* An instruction we emulated ends any mov-ss/sti shadow. */
	vmwrite(VMCS_GUEST_INTERRUPTIBILITY,
		vmread(VMCS_GUEST_INTERRUPTIBILITY) &
		~(uint64_t)(INTERRUPTIBILITY_STI | INTERRUPTIBILITY_MOV_SS));
}

static void vmx_inject_gp(struct per_cpu *pcpu)
{
	vmx_inject(13, true, 0);
}

const struct x86_vendor vmx_vendor = {
	.banner = "Intel VMX, EPT, unrestricted guest",
	.guest_format = &x86_ept_format,
	.msr_format = MSR_FORMAT_VMX,
	.check = vmx_check,
	.apic_virt = vmx_apic_virt,
	.cpu_init = vmx_cpu_init,
	.cpu_exit = vmx_cpu_exit,
	.cpu_abort = vmx_cpu_abort,
	.run = vmx_run,
	.reset = vmx_reset,
	.enter_cell = vmx_enter_cell,
	.host_nmi = vmx_host_nmi,
	.irq_window = vmx_irq_window,
	.gpr_read = vmx_gpr_read,
	.gpr_write = vmx_gpr_write,
	.code_state = vmx_code_state,
	.rip = vmx_rip,
	.skip_insn = vmx_skip_insn,
	.inject_gp = vmx_inject_gp,
	.exit_insn_len = vmx_exit_insn_len,
};
