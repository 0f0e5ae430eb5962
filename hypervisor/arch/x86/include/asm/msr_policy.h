/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the root cell may write into MSRs that reach beyond its own CPUs'
 * execution state (msr_policy.c says why per MSR). cell.c traps the
 * writes of the guarded MSRs the CPU has; the exit handlers of both
 * vendors ask x86_root_msr_write. Pure code, built by the unit tests too.
 */
#ifndef ASM_MSR_POLICY_H
#define ASM_MSR_POLICY_H

#include <hv/types.h>
#include <asm/msr_bitmap.h>

#define MSR_MTRR_CAP		0x000000fe
#define MTRR_CAP_VCNT(c)	((c) & 0xff)
#define MTRR_CAP_FIX		(1ULL << 8)
#define MSR_MTRR_PHYS_BASE0	0x00000200
/* 16 base/mask pairs: the MSR numbers reserved for variable MTRRs. */
#define MSR_MTRR_PHYS_LAST	0x0000021f
#define MSR_MTRR_FIX_64K	0x00000250
#define MSR_MTRR_FIX_16K_80000	0x00000258
#define MSR_MTRR_FIX_16K_A0000	0x00000259
#define MSR_MTRR_FIX_4K_FIRST	0x00000268
#define MSR_MTRR_FIX_4K_LAST	0x0000026f
#define MSR_MTRR_DEF_TYPE	0x000002ff
#define MTRR_DEF_ENABLE		(3ULL << 10)	/* E and FE */
#define MTRR_DEF_TYPE_MASK	0xffULL
#define MSR_BIOS_UPDT_TRIG	0x00000079
#define MSR_DS_AREA		0x00000600
#define MSR_AMD_SYSCFG		0xc0010010U
#define MSR_AMD_HWCR		0xc0010015U
#define MSR_AMD_TOP_MEM		0xc001001aU
#define MSR_AMD_TOP_MEM2	0xc001001dU
#define MSR_AMD_PATCH_LOADER	0xc0010020U
#define MSR_AMD_SMM_ADDR	0xc0010112U
#define MSR_AMD_SMM_MASK	0xc0010113U

enum x86_msr_verdict {
	X86_MSR_REFUSE,		/* #GP */
	X86_MSR_SKIP,		/* a no-op: the value stays, RIP advances */
	X86_MSR_WRITE,		/* write it to the CPU */
};

/*
 * Guarded MSRs of a vendor, as ranges, for cell.c to trap the writes of
 * (the MTRRs only as far as MTRRcap says the CPU has them).
 */
struct x86_msr_range {
	uint32_t first, last;
};
unsigned int x86_root_guarded_msrs(enum x86_msr_format fmt,
				   const struct x86_msr_range **ranges);

/* Is msr one of them (in any range, present on this CPU or not)? */
bool x86_root_msr_guarded(enum x86_msr_format fmt, uint32_t msr);

/* Does the value of msr matter to the policy (read it first)? */
bool x86_root_msr_needs_value(uint32_t msr);

/* The root's write of val to a guarded msr whose value is cur. */
enum x86_msr_verdict x86_root_msr_write(uint32_t msr, uint64_t cur,
					uint64_t val);

#endif /* ASM_MSR_POLICY_H */
