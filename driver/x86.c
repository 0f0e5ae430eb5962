// SPDX-License-Identifier: GPL-2.0
/*
 * x86 hooks. Only the prechecks exist: the x86 hypervisor cannot be
 * entered yet, so enable stops after them. Hypercalls use vmmcall (AMD
 * SVM, the only x86 flavour the hypervisor targets so far).
 */
#define pr_fmt(fmt) "jailhouse: " fmt

#include <linux/bits.h>
#include <asm/cpufeature.h>
#include <asm/msr.h>
#include <asm/processor.h>

#include "driver.h"

#define JH_MSR_VM_CR		0xc0010114
#define JH_VM_CR_SVMDIS		BIT_ULL(4)
#define JH_EFER_SVME		BIT_ULL(12)

int jh_arch_check(struct jh_cause *cause)
{
	u64 vm_cr, efer;

	if (!boot_cpu_has(X86_FEATURE_SVM))
		return jh_fail(cause, -ENODEV,
			       "CPU has no AMD SVM (Intel VMX is not supported)");
	if (!boot_cpu_has(X86_FEATURE_NPT))
		return jh_fail(cause, -ENODEV,
			       "CPU has SVM but no nested paging (NPT)");
	if (!rdmsrl_safe(JH_MSR_VM_CR, &vm_cr) && (vm_cr & JH_VM_CR_SVMDIS))
		return jh_fail(cause, -ENODEV,
			       "SVM is disabled by the firmware (VM_CR.SVMDIS)");
	if (!rdmsrl_safe(MSR_EFER, &efer) && (efer & JH_EFER_SVME))
		return jh_fail(cause, -EBUSY,
			       "SVM is already in use (EFER.SVME set): unload kvm_amd");

	return jh_fail(cause, -EOPNOTSUPP,
		       "x86 hypervisor entry is not implemented yet");
}

long jh_arch_cpu_enter(phys_addr_t entry, phys_addr_t header,
		       unsigned int cpu)
{
	return -EOPNOTSUPP;
}

long jh_arch_hypercall(unsigned long code, unsigned long arg1,
		       unsigned long arg2)
{
	long ret;

	asm volatile("vmmcall"
		     : "=a" (ret)
		     : "a" (code), "D" (arg1), "S" (arg2)
		     : "memory");
	return ret;
}

/* x86 caches are coherent with every access the hypervisor makes. */
void jh_arch_flush_dcache(const void *addr, size_t size)
{
}
