// SPDX-License-Identifier: GPL-2.0
/*
 * The root cell's writes of MSRs that act beyond its CPUs' own execution
 * state (asm/msr_policy.h). Linux programs them at boot, before the
 * hypervisor exists; afterwards it only writes them again when a CPU
 * comes back online, with the values it had. So the rule is: the value
 * that is there already is accepted (as a no-op), anything else gets #GP,
 * with the exceptions below.
 *
 * - MTRRs (both vendors): the memory types of all physical memory on
 *   that CPU, hypervisor and other cells included; a type that differs
 *   from other CPUs' (aliasing, SDM 11.12.4) breaks coherence of memory
 *   the hypervisor shares between CPUs. Linux's MTRR update protocol
 *   disables MTRRs (MTRRdefType without E/FE, and Linux's without the
 *   default type) around re-writing them:
 *   that step is accepted as a no-op, the MTRRs staying as they are.
 * - SYSCFG, HWCR, TOP_MEM, TOP_MEM2 (AMD): where DRAM ends, how the
 *   MTRRs apply to it, SMM lock, memory encryption; SMM_ADDR/SMM_MASK:
 *   where SMRAM is.
 * - Microcode loaders (Intel BIOS_UPDT_TRIG, AMD PATCH_LOADER): refused
 *   always; a late update changes the CPU under every cell. Load
 *   microcode before `jailhouse enable`.
 * - DS_AREA (Intel): the linear address the CPU writes BTS/PEBS records
 *   to, in whatever address space is current, the hypervisor's too:
 *   only 0 (off) or its present value.
 * Not guarded: the performance counters and PERF_GLOBAL_CTRL (the root
 * cell owns the PMU; other cells reach none of it, RDPMC included) and
 * DEBUGCTL (per CPU; BTS needs DS_AREA). See
 * Documentation/isolation.md (x86 instructions) for the deviations.
 */
#include <asm/msr_policy.h>

static const struct x86_msr_range svm_ranges[] = {
	{ MSR_MTRR_PHYS_BASE0, MSR_MTRR_PHYS_LAST },
	{ MSR_MTRR_FIX_64K, MSR_MTRR_FIX_64K },
	{ MSR_MTRR_FIX_16K_80000, MSR_MTRR_FIX_16K_A0000 },
	{ MSR_MTRR_FIX_4K_FIRST, MSR_MTRR_FIX_4K_LAST },
	{ MSR_MTRR_DEF_TYPE, MSR_MTRR_DEF_TYPE },
	{ MSR_AMD_SYSCFG, MSR_AMD_SYSCFG },
	{ MSR_AMD_HWCR, MSR_AMD_HWCR },
	{ MSR_AMD_TOP_MEM, MSR_AMD_TOP_MEM },
	{ MSR_AMD_TOP_MEM2, MSR_AMD_TOP_MEM2 },
	{ MSR_AMD_PATCH_LOADER, MSR_AMD_PATCH_LOADER },
	{ MSR_AMD_SMM_ADDR, MSR_AMD_SMM_MASK },
};

static const struct x86_msr_range vmx_ranges[] = {
	{ MSR_MTRR_PHYS_BASE0, MSR_MTRR_PHYS_LAST },
	{ MSR_MTRR_FIX_64K, MSR_MTRR_FIX_64K },
	{ MSR_MTRR_FIX_16K_80000, MSR_MTRR_FIX_16K_A0000 },
	{ MSR_MTRR_FIX_4K_FIRST, MSR_MTRR_FIX_4K_LAST },
	{ MSR_MTRR_DEF_TYPE, MSR_MTRR_DEF_TYPE },
	{ MSR_BIOS_UPDT_TRIG, MSR_BIOS_UPDT_TRIG },
	{ MSR_DS_AREA, MSR_DS_AREA },
};

bool x86_root_msr_guarded(enum x86_msr_format fmt, uint32_t msr)
{
	const struct x86_msr_range *r;
	unsigned int n, num = x86_root_guarded_msrs(fmt, &r);

	for (n = 0; n < num; n++) {
		if (msr >= r[n].first && msr <= r[n].last) {
			return true;
		}
	}
	return false;
}

unsigned int x86_root_guarded_msrs(enum x86_msr_format fmt,
				   const struct x86_msr_range **ranges)
{
	if (fmt == MSR_FORMAT_SVM) {
		*ranges = svm_ranges;
		return sizeof(svm_ranges) / sizeof(svm_ranges[0]);
	}
	*ranges = vmx_ranges;
	return sizeof(vmx_ranges) / sizeof(vmx_ranges[0]);
}

static bool is_loader(uint32_t msr)
{
	return msr == MSR_BIOS_UPDT_TRIG || msr == MSR_AMD_PATCH_LOADER;
}

bool x86_root_msr_needs_value(uint32_t msr)
{
	return !is_loader(msr);
}

enum x86_msr_verdict x86_root_msr_write(uint32_t msr, uint64_t cur,
					uint64_t val)
{
	if (is_loader(msr)) {
		return X86_MSR_REFUSE;
	}
	if (val == cur) {
		return X86_MSR_SKIP;
	}
	/*
	 * E/FE cleared, the default type too or not: the update protocol's
	 * disable step (Linux clears the type with them).
	 */
	if (msr == MSR_MTRR_DEF_TYPE &&
	    ((val & ~MTRR_DEF_ENABLE) == (cur & ~MTRR_DEF_ENABLE) ||
	     val == (cur & ~(MTRR_DEF_ENABLE | MTRR_DEF_TYPE_MASK))) &&
	    !(val & ~cur & MTRR_DEF_ENABLE)) {
		return X86_MSR_SKIP;
	}
	if (msr == MSR_DS_AREA && val == 0) {
		return X86_MSR_WRITE;
	}
	return X86_MSR_REFUSE;
}
