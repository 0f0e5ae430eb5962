// SPDX-License-Identifier: GPL-2.0
/*
 * x86 bring-up and tear-down of the hypervisor on a CPU, and the arch
 * hooks of the generic core that are not the vendor backend's (svm.c,
 * vmx.c, reached through vendor.c) or the cells' (cell.c).
 *
 * One image serves both vendors: setup_arch_early() picks the backend
 * from the CPUID feature bits (VMX: leaf 1 ECX bit 5, SVM: leaf
 * 0x80000001 ECX bit 2) once, on the first CPU.
 */
#include <jailhouse/config.h>
#include <jailhouse/hypercall.h>
#include <hv/arch.h>
#include <hv/cell.h>
#include <hv/hv_paging.h>
#include <hv/hypervisor.h>
#include <hv/percpu.h>
#include <hv/printk.h>
#include <hv/setup.h>
#include <asm/apic.h>
#include <asm/descriptors.h>
#include <asm/io.h>
#include <asm/ioapic.h>
#include <asm/pci.h>
#include <asm/setup.h>
#include <asm/timer.h>
#include <asm/vcpu.h>
#include <asm/layout.h>
#include <asm/msr.h>
#include <asm/processor.h>
#include <asm/vendor.h>

#define CPUID1_ECX_VMX		(1U << 5)
#define CPUID81_ECX_SVM		(1U << 2)

JH_STATIC_ASSERT(HV_ARCH_ID == JH_ARCH_X86, "arch id");

void __noreturn x86_leave(struct leave_state *s);

struct per_cpu *arch_this_cpu(void)
{
	uintptr_t sp, base = (uintptr_t)percpu_base;

	asm volatile("mov %%rsp, %0" : "=r" (sp));
	return (struct per_cpu *)(base + (sp - base) / PERCPU_SIZE *
				  PERCPU_SIZE);
}

static const struct x86_vendor *pick_vendor(void)
{
	uint32_t a, b, c, d;

	cpuid(1, 0, &a, &b, &c, &d);
	if ((c & CPUID1_ECX_VMX) != 0U) {
		return &vmx_vendor;
	}
	cpuid(0x80000000U, 0, &a, &b, &c, &d);
	if (a >= 0x8000000aU) {
		cpuid(0x80000001U, 0, &a, &b, &c, &d);
		if ((c & CPUID81_ECX_SVM) != 0U) {
			return &svm_vendor;
		}
	}
	return NULL;
}

/* CPUID 0x80000008 EAX[7:0], MAXPHYADDR; 36 where the leaf is missing. */
unsigned int paging_arch_phys_bits(void)
{
	uint32_t a, b, c, d;

	cpuid(0x80000000U, 0, &a, &b, &c, &d);
	if (a < 0x80000008U) {
		return 36;
	}
	cpuid(0x80000008U, 0, &a, &b, &c, &d);
	return a & 0xff;
}

int setup_arch_early(void)
{
	const struct x86_vendor *vendor = pick_vendor();
	int err;

	descriptors_init();
	if (!vendor) {
		hv_error("CPU has neither Intel VMX nor AMD SVM");
		return -JH_ENOSYS;
	}
	err = vendor->check();
	if (err != 0) {
		return err;
	}
	x86_vendor = vendor;
	/*
	 * The root's APICs may be in x2APIC mode (apic_hw.c), but then
	 * interrupt remapping must reach x2APIC destinations, and the
	 * hypervisor's own (ioapic_ir.c, the IOMMU drivers) writes 8-bit
	 * xAPIC destinations only: no x2APIC together with iommus[].
	 */
	if ((rdmsr(MSR_APIC_BASE) & APIC_BASE_X2APIC) != 0U &&
	    hv.sysconfig->iommus[0].type != JH_IOMMU_NONE) {
		hv_error("the local APIC is in x2APIC mode and the system config lists IOMMUs: the hypervisor's interrupt remapping has no x2APIC destinations (VT-d EIM, AMD-Vi XT); boot Linux with nox2apic or leave the IOMMUs to Linux");
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
		   PT_READ | PT_EXEC) != 0) {
		return -JH_ENOMEM;
	}
	return 0;
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

	printk("  CPU: %s\n", x86_vendor->banner);
	if (x86_vendor->assists != NULL) {
		printk("  CPU assists: %s\n", x86_vendor->assists());
	}
	if (x86_vendor->apic_virt != NULL) {
		printk("  APIC virtualization (unused): %s\n",
		       x86_vendor->apic_virt());
	}
	err = x86_guest_cache_init();
	if (!err) {
		err = apic_init();
	}
	if (!err) {
		apic_banner();
	}
	if (!err) {
		err = apic_register_mmio();
	}
	if (!err) {
		err = pci_init();
	}
	if (!err) {
		err = ioapic_init();
	}
	if (!err) {
		err = timer_calibrate();
	}
	return err;
}

int setup_arch_cpu_init(struct per_cpu *pcpu)
{
	/* Exceptions and the kick NMI go through our IDT from now on. */
	descriptors_load();
	return x86_vendor->cpu_init(pcpu);
}

/* entry.S, after hv_cpu_entry() succeeded: Linux goes on as a guest. */
void __noreturn x86_run_guest(struct guest_regs *regs)
{
	x86_vendor->run(regs);
}

void __noreturn setup_arch_cpu_exit(struct per_cpu *pcpu)
{
	struct leave_state *s = &pcpu->arch.leave;

	s->stgi = false;
	x86_vendor->cpu_exit(pcpu, s);
	s->rax = 0;
	s->leave_va = pcpu->arch.leave_va;
	x86_leave(s);
}

/*
 * Entry failed on this CPU (entry.S, or the backend's first VM entry):
 * back to Linux with err, at the state the trampoline saved.
 */
void __noreturn arch_entry_abort(long err, struct per_cpu *pcpu)
{
	struct per_cpu_arch *arch = &pcpu->arch;
	struct leave_state *s = &arch->leave;

	s->cr3 = arch->linux_cr3;
	s->cr4 = arch->linux_cr4;
	s->rsp = arch->linux_rsp;
	s->rip = arch->linux_rip;
	s->efer = rdmsr(MSR_EFER);
	s->stgi = false;
	if (x86_vendor != NULL) {
		x86_vendor->cpu_abort(pcpu, s);
	}
	asm volatile("lgdt %0" : : "m" (arch->linux_gdtr));
	asm volatile("lidt %0" : : "m" (arch->linux_idtr));
	s->rax = (uint64_t)err;
	s->leave_va = arch->leave_va;
	x86_leave(s);
}

/*
 * A parked CPU polls its request; kicks are NMIs, which the hypervisor
 * does not wait for (SVM holds them pending, VMX may take them in the
 * hypervisor's own vector), so there is nothing to sleep on.
 */
void cpu_arch_wait(struct per_cpu *pcpu)
{
	unsigned int n;

	for (n = 0; n < 1000; n++) {
		cpu_relax();
	}
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
