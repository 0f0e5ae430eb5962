// SPDX-License-Identifier: GPL-2.0
/*
 * x86 bring-up and tear-down of the hypervisor on a CPU, and the arch
 * hooks of the generic core that are not the vendor backend's (svm.c) or
 * the cells' (cell.c).
 */
#include <jailhouse/config.h>
#include <jailhouse/hypercall.h>
#include <hv/cell.h>
#include <hv/control.h>
#include <hv/percpu.h>
#include <hv/printk.h>
#include <hv/setup.h>
#include <asm/apic.h>
#include <asm/descriptors.h>
#include <asm/io.h>
#include <asm/ioapic.h>
#include <asm/pci.h>
#include <asm/timer.h>
#include <asm/vcpu.h>
#include <asm/layout.h>
#include <asm/processor.h>
#include <asm/svm.h>

JH_STATIC_ASSERT(HV_ARCH_ID == JH_ARCH_X86, "arch id");

void __noreturn x86_leave(struct leave_state *s);

struct per_cpu *arch_this_cpu(void)
{
	uintptr_t sp, base = (uintptr_t)hv.percpu_base;

	asm volatile("mov %%rsp, %0" : "=r" (sp));
	return (struct per_cpu *)(base + (sp - base) / PERCPU_SIZE *
				  PERCPU_SIZE);
}

int setup_arch_early(void)
{
	uint32_t a, b, c, d;

	descriptors_init();
	cpuid(0x8000000a, 0, &a, &b, &c, &d);
	if (!(d & 1)) {
		hv_error("CPU has SVM but no nested paging (CPUID 0x8000000a EDX bit 0)");
		return -JH_ENOSYS;
	}
	if (hv.phys_base % HV_BOOT_BLOCK_SIZE) {
		hv_error("hypervisor memory 0x%llx is not 2 MiB aligned",
			 (unsigned long long)hv.phys_base);
		return -JH_EINVAL;
	}
	return 0;
}

/*
 * The trampoline page must stay mapped at its module address: the way
 * back to Linux (x86_leave) runs through it.
 */
int setup_arch_paging(struct paging *pg)
{
	struct per_cpu_arch *arch = &this_cpu()->arch;
	uint64_t hv_start = (uintptr_t)__image_start;

	if (arch->tramp_va % PAGE_SIZE || arch->tramp_pa % PAGE_SIZE ||
	    (arch->tramp_va >= hv_start &&
	     arch->tramp_va < hv_start + hv.mem_size)) {
		hv_error("trampoline page 0x%llx (phys 0x%llx) is unaligned or inside the hypervisor's address range",
			 (unsigned long long)arch->tramp_va,
			 (unsigned long long)arch->tramp_pa);
		return -JH_EINVAL;
	}
	if (pt_map(pg, arch->tramp_va, arch->tramp_pa, PAGE_SIZE,
		   PT_READ | PT_EXEC))
		return -JH_ENOMEM;
	return guest_mem_init();
}

void paging_arch_hv_activate(paddr_t root)
{
	write_cr(3, root);
}

/*
 * Local flush only: the other mappings the core makes are 1:1, so a stale
 * entry on another CPU still points at the same physical page.
 */
void paging_arch_hv_flush(void)
{
	write_cr(3, read_cr(3));
}

int setup_arch_init(void)
{
	int err;

	printk("  CPU: AMD SVM, nested paging; no NRIP save, decode assists or flush-by-ASID assumed\n");
	err = apic_init();
	if (!err)
		err = apic_register_mmio();
	if (!err)
		err = pci_init();
	if (!err)
		err = ioapic_init();
	if (!err)
		err = timer_calibrate();
	return err;
}

int setup_arch_cpu_init(struct per_cpu *pcpu)
{
	/* Exceptions and the kick NMI go through our IDT from now on. */
	descriptors_load();
	return svm_cpu_init(pcpu);
}

static void __noreturn leave(struct per_cpu *pcpu, uint64_t cr3,
			     uint64_t cr4, uint64_t rsp, uint64_t rip,
			     uint64_t efer, uint64_t rax, bool svm_on)
{
	struct leave_state *s = &pcpu->arch.leave;

	s->cr3 = cr3;
	s->cr4 = cr4;
	s->rsp = rsp;
	s->rip = rip;
	s->efer = efer & ~EFER_SVME;
	s->rax = rax;
	s->stgi = svm_on;
	s->leave_va = pcpu->arch.leave_va;
	x86_leave(s);
}

void __noreturn setup_arch_cpu_exit(struct per_cpu *pcpu)
{
	struct vmcb *vmcb = (struct vmcb *)pcpu->arch.vmcb;

	svm_cpu_exit(pcpu);
	leave(pcpu, vmcb->cr3, vmcb->cr4, vmcb->rsp, vmcb->rip, vmcb->efer, 0,
	      true);
}

/* Entry failed on this CPU (entry.S): back to Linux with err. */
void __noreturn arch_entry_abort(long err, struct per_cpu *pcpu)
{
	struct per_cpu_arch *arch = &pcpu->arch;
	uint64_t efer = rdmsr(MSR_EFER);

	if (efer & EFER_SVME)
		wrmsr(MSR_VM_HSAVE_PA, 0);
	asm volatile("lgdt %0" : : "m" (arch->linux_gdtr));
	asm volatile("lidt %0" : : "m" (arch->linux_idtr));
	leave(pcpu, arch->linux_cr3, arch->linux_cr4, arch->linux_rsp,
	      arch->linux_rip, efer, (uint64_t)err, efer & EFER_SVME);
}

/*
 * A parked CPU polls its request; kicks are NMIs, which stay pending
 * while the hypervisor runs, so there is nothing to sleep on.
 */
void cpu_arch_wait(struct per_cpu *pcpu)
{
	unsigned int n;

	for (n = 0; n < 1000; n++)
		cpu_relax();
}

/* Linux parks an offline CPU in a hlt loop of its own. */
bool cpu_arch_offline_cpus_keep_running(void)
{
	return true;
}

/* x86 caches are coherent for everything the hypervisor shares. */
void cache_arch_flush(const void *start, uint64_t size)
{
}
