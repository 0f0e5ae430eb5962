// SPDX-License-Identifier: GPL-2.0
/*
 * Host tests of the XCR0 rules that the hypervisor checks before it runs
 * a guest's XSETBV (SVM and VMX): every rule alone, against a CPU with
 * every component and against one with only x87/SSE/AVX (QEMU's EPYC).
 */
/* UNIT-SOURCES: hypervisor/arch/x86/xcr0.c */
/* UNIT-CFLAGS: -I$(SRCDIR)/hypervisor/arch/x86/include */
#include "unit.h"

#include <asm/xcr0.h>

#define ALL	0x00000000000602ffULL	/* x87..Hi16_ZMM, PKRU, AMX */
#define EPYC	(XCR0_X87 | XCR0_SSE | XCR0_AVX)
#define AVX512	(XCR0_OPMASK | XCR0_ZMM_HI256 | XCR0_HI16_ZMM)

TEST(xcr0_valid_values)
{
	CHECK(x86_xcr0_valid(0, XCR0_X87, ALL));
	CHECK(x86_xcr0_valid(0, XCR0_X87 | XCR0_SSE, ALL));
	CHECK(x86_xcr0_valid(0, EPYC, EPYC));
	CHECK(x86_xcr0_valid(0, EPYC | XCR0_BNDREGS | XCR0_BNDCSR, ALL));
	CHECK(x86_xcr0_valid(0, EPYC | AVX512, ALL));
	CHECK(x86_xcr0_valid(0, EPYC | XCR0_TILECFG | XCR0_TILEDATA, ALL));
	CHECK(x86_xcr0_valid(0, ALL, ALL));
}

TEST(xcr0_index_other_than_0)
{
	CHECK(!x86_xcr0_valid(1, EPYC, ALL));
	CHECK(!x86_xcr0_valid(0xffffffff, EPYC, ALL));
}

TEST(xcr0_x87_must_be_set)
{
	CHECK(!x86_xcr0_valid(0, 0, ALL));
	CHECK(!x86_xcr0_valid(0, XCR0_SSE, ALL));
	CHECK(!x86_xcr0_valid(0, XCR0_SSE | XCR0_AVX, ALL));
}

TEST(xcr0_avx_needs_sse)
{
	CHECK(!x86_xcr0_valid(0, XCR0_X87 | XCR0_AVX, ALL));
	CHECK(!x86_xcr0_valid(0, XCR0_X87 | XCR0_AVX | AVX512, ALL));
}

TEST(xcr0_mpx_both_or_neither)
{
	CHECK(!x86_xcr0_valid(0, EPYC | XCR0_BNDREGS, ALL));
	CHECK(!x86_xcr0_valid(0, EPYC | XCR0_BNDCSR, ALL));
}

TEST(xcr0_avx512_all_or_none_and_needs_avx)
{
	CHECK(!x86_xcr0_valid(0, EPYC | XCR0_OPMASK, ALL));
	CHECK(!x86_xcr0_valid(0, EPYC | XCR0_ZMM_HI256, ALL));
	CHECK(!x86_xcr0_valid(0, EPYC | XCR0_HI16_ZMM, ALL));
	CHECK(!x86_xcr0_valid(0, EPYC | XCR0_OPMASK | XCR0_ZMM_HI256, ALL));
	CHECK(!x86_xcr0_valid(0, EPYC | XCR0_ZMM_HI256 | XCR0_HI16_ZMM,
			      ALL));
	CHECK(!x86_xcr0_valid(0, XCR0_X87 | XCR0_SSE | AVX512, ALL));
}

TEST(xcr0_amx_both_or_neither)
{
	CHECK(!x86_xcr0_valid(0, EPYC | XCR0_TILECFG, ALL));
	CHECK(!x86_xcr0_valid(0, EPYC | XCR0_TILEDATA, ALL));
}

TEST(xcr0_only_supported_bits)
{
	CHECK(!x86_xcr0_valid(0, EPYC | AVX512, EPYC));
	CHECK(!x86_xcr0_valid(0, EPYC | XCR0_BNDREGS | XCR0_BNDCSR, EPYC));
	CHECK(!x86_xcr0_valid(0, EPYC, XCR0_X87 | XCR0_SSE));
	/* Bit 63 is reserved even if a broken CPUID claimed it. */
	CHECK(!x86_xcr0_valid(0, EPYC | 1ULL << 63, EPYC | 1ULL << 63));
	CHECK(!x86_xcr0_valid(0, EPYC | 1ULL << 9, EPYC));
}
