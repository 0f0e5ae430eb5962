// SPDX-License-Identifier: GPL-2.0
/*
 * Host tests of the root cell's MSR write policy (msr_policy.c): which
 * MSRs each vendor guards, and what a write of each kind becomes.
 */
/* UNIT-SOURCES: hypervisor/arch/x86/msr_policy.c */
/* UNIT-CFLAGS: -I$(SRCDIR)/hypervisor/arch/x86/include */
#include "unit.h"

#include <asm/msr_policy.h>

TEST(msr_policy_guarded_sets)
{
	CHECK(x86_root_msr_guarded(MSR_FORMAT_SVM, MSR_MTRR_DEF_TYPE));
	CHECK(x86_root_msr_guarded(MSR_FORMAT_SVM, MSR_MTRR_PHYS_BASE0 + 3));
	CHECK(x86_root_msr_guarded(MSR_FORMAT_SVM, MSR_AMD_SYSCFG));
	CHECK(x86_root_msr_guarded(MSR_FORMAT_SVM, MSR_AMD_TOP_MEM2));
	CHECK(x86_root_msr_guarded(MSR_FORMAT_SVM, MSR_AMD_SMM_MASK));
	CHECK(x86_root_msr_guarded(MSR_FORMAT_SVM, MSR_AMD_PATCH_LOADER));
	CHECK(!x86_root_msr_guarded(MSR_FORMAT_SVM, MSR_DS_AREA));
	CHECK(x86_root_msr_guarded(MSR_FORMAT_VMX, MSR_DS_AREA));
	CHECK(x86_root_msr_guarded(MSR_FORMAT_VMX, MSR_BIOS_UPDT_TRIG));
	CHECK(x86_root_msr_guarded(MSR_FORMAT_VMX, MSR_MTRR_FIX_4K_LAST));
	CHECK(!x86_root_msr_guarded(MSR_FORMAT_VMX, MSR_AMD_HWCR));
	/* The root's own: PAT, the counters, PERF_GLOBAL_CTRL. */
	CHECK(!x86_root_msr_guarded(MSR_FORMAT_SVM, 0x277));
	CHECK(!x86_root_msr_guarded(MSR_FORMAT_VMX, 0x38f));
	CHECK(!x86_root_msr_guarded(MSR_FORMAT_SVM, 0xc0010004));
}

TEST(msr_policy_same_value_is_a_noop)
{
	CHECK_EQ(x86_root_msr_write(MSR_AMD_SYSCFG, 0x740000, 0x740000),
		 X86_MSR_SKIP);
	CHECK_EQ(x86_root_msr_write(MSR_MTRR_PHYS_BASE0, 0x6, 0x6),
		 X86_MSR_SKIP);
	CHECK_EQ(x86_root_msr_write(MSR_AMD_SYSCFG, 0x740000, 0xf40000),
		 X86_MSR_REFUSE);
	CHECK_EQ(x86_root_msr_write(MSR_AMD_TOP_MEM, 0x40000000, 0x80000000),
		 X86_MSR_REFUSE);
	CHECK_EQ(x86_root_msr_write(MSR_MTRR_PHYS_BASE0, 0x6, 0x0),
		 X86_MSR_REFUSE);
}

TEST(msr_policy_mtrr_disable_step)
{
	/* E and FE on, type WB: clearing E/FE is the update protocol. */
	CHECK_EQ(x86_root_msr_write(MSR_MTRR_DEF_TYPE, 0xc06, 0x006),
		 X86_MSR_SKIP);
	CHECK_EQ(x86_root_msr_write(MSR_MTRR_DEF_TYPE, 0xc06, 0x806),
		 X86_MSR_SKIP);
	/* Linux clears the default type with them (0xcff). */
	CHECK_EQ(x86_root_msr_write(MSR_MTRR_DEF_TYPE, 0xc06, 0x000),
		 X86_MSR_SKIP);
	/* A different default type, or enabling what was off: refused. */
	CHECK_EQ(x86_root_msr_write(MSR_MTRR_DEF_TYPE, 0xc06, 0xc00),
		 X86_MSR_REFUSE);
	CHECK_EQ(x86_root_msr_write(MSR_MTRR_DEF_TYPE, 0xc06, 0x001),
		 X86_MSR_REFUSE);
	CHECK_EQ(x86_root_msr_write(MSR_MTRR_DEF_TYPE, 0x806, 0xc06),
		 X86_MSR_REFUSE);
}

TEST(msr_policy_microcode_and_ds_area)
{
	CHECK_EQ(x86_root_msr_write(MSR_BIOS_UPDT_TRIG, 0, 0),
		 X86_MSR_REFUSE);
	CHECK_EQ(x86_root_msr_write(MSR_AMD_PATCH_LOADER, 0, 0x1000),
		 X86_MSR_REFUSE);
	CHECK(!x86_root_msr_needs_value(MSR_AMD_PATCH_LOADER));
	CHECK(x86_root_msr_needs_value(MSR_DS_AREA));
	CHECK_EQ(x86_root_msr_write(MSR_DS_AREA, 0xffff8880001000, 0),
		 X86_MSR_WRITE);
	CHECK_EQ(x86_root_msr_write(MSR_DS_AREA, 0, 0xffffffff81000000),
		 X86_MSR_REFUSE);
}
