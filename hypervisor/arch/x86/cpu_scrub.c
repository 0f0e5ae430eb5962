// SPDX-License-Identifier: GPL-2.0
/*
 * x86 per-CPU state a new owner must neither see nor inherit, cleared
 * when a CPU changes cells: the x87/SSE/AVX registers (every XSAVE
 * component the previous owner enabled, back to its initial state, and
 * XCR0 back to its reset value) and the debug address registers DR0-DR3
 * with DR6 (DR7 is part of the guest state the vendor code resets).
 * Neither SVM nor VMX switches these on entry or exit, so without this
 * they pass from one owner to the next. The hypervisor itself never uses
 * them.
 *
 * The PMU is not touched here: its MSRs differ per vendor and model, and
 * the MSR policy (msr_bitmap.c) decides what a cell may reach.
 */
#include <hv/types.h>
#include <asm/cpu_scrub.h>
#include <asm/io.h>

#define CPUID1_ECX_XSAVE	BIT(26)
#define CR0_TS			BIT(3)
#define CR4_OSFXSR		BIT(9)
#define CR4_OSXSAVE		BIT(18)
#define MXCSR_RESET		0x1f80
#define DR6_RESET		0xffff0ff0UL

/*
 * XRSTOR from a header whose XSTATE_BV is all zeroes puts every requested
 * component in its initial state; only MXCSR (in the legacy area) is
 * loaded from memory and gets its reset value. FXRSTOR takes the same
 * legacy area where XSAVE is off.
 */
static struct {
	uint16_t fcw, fsw;
	uint8_t ftw, reserved0;
	uint16_t fop;
	uint64_t fip, fdp;
	uint32_t mxcsr, mxcsr_mask;
	uint8_t rest[480];
	uint8_t xsave_header[64];
} __attribute__((aligned(64))) fpu_init_image = {
	.fcw = 0x37f,		/* FNINIT's control word */
	.mxcsr = MXCSR_RESET,
};

static uint64_t read_cr0_4(unsigned int n)
{
	uint64_t v;

	if (n == 0) {
		asm volatile("mov %%cr0, %0" : "=r"(v));
	} else {
		asm volatile("mov %%cr4, %0" : "=r"(v));
	}
	return v;
}

static void scrub_fpu(void)
{
	uint32_t a, b, c, d, lo, hi;
	uint64_t cr4 = read_cr0_4(4);

	if ((read_cr0_4(0) & CR0_TS) != 0U) {
		asm volatile("clts");
	}
	cpuid(1, 0, &a, &b, &c, &d);
	if ((c & CPUID1_ECX_XSAVE) && (cr4 & CR4_OSXSAVE)) {
		asm volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
		asm volatile("xrstor %0" : : "m"(fpu_init_image), "a"(lo),
			     "d"(hi) : "memory");
		/* The reset value: x87 only; the new owner enables more. */
		asm volatile("xsetbv" : : "a"(1), "d"(0), "c"(0));
	} else if ((cr4 & CR4_OSFXSR) != 0U) {
		asm volatile("fxrstor %0" : : "m"(fpu_init_image) : "memory");
	} else {
		asm volatile("fninit");
	}
}

static void scrub_debug_regs(void)
{
	asm volatile("mov %0, %%db0; mov %0, %%db1; mov %0, %%db2;"
		     "mov %0, %%db3; mov %1, %%db6"
		     : : "r"(0UL), "r"(DR6_RESET));
}

void x86_scrub_cpu_state(void)
{
	scrub_fpu();
	scrub_debug_regs();
}
