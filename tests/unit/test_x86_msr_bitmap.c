// SPDX-License-Identifier: GPL-2.0
/*
 * Host tests of the MSR intercept-bit positions of both vendors' bitmap
 * formats (SVM MSRPM: 2 bits per MSR in three ranges; VMX: 1 bit per MSR
 * in four 1 KiB quarters), including the range edges and MSRs that no
 * bitmap covers.
 */
/* UNIT-SOURCES: hypervisor/arch/x86/msr_bitmap.c */
/* UNIT-CFLAGS: -I$(SRCDIR)/hypervisor/arch/x86/include */
#include "unit.h"

#include <asm/msr_bitmap.h>

TEST(msr_bitmap_svm)
{
	CHECK_EQ(x86_msr_bitmap_bit(MSR_FORMAT_SVM, 0, false), 0);
	CHECK_EQ(x86_msr_bitmap_bit(MSR_FORMAT_SVM, 0, true), 1);
	/* PAT 0x277: read bit 0x4ee, write bit 0x4ef. */
	CHECK_EQ(x86_msr_bitmap_bit(MSR_FORMAT_SVM, 0x277, false), 0x4ee);
	CHECK_EQ(x86_msr_bitmap_bit(MSR_FORMAT_SVM, 0x277, true), 0x4ef);
	CHECK_EQ(x86_msr_bitmap_bit(MSR_FORMAT_SVM, 0x1fff, true), 0x3fff);
	/* EFER: second range, 2 KiB in. */
	CHECK_EQ(x86_msr_bitmap_bit(MSR_FORMAT_SVM, 0xc0000080, false),
		 0x4000 + 0x100);
	CHECK_EQ(x86_msr_bitmap_bit(MSR_FORMAT_SVM, 0xc0001fff, true),
		 0x7fff);
	/* VM_HSAVE_PA: third range. */
	CHECK_EQ(x86_msr_bitmap_bit(MSR_FORMAT_SVM, 0xc0010117, true),
		 0x8000 + 0x117 * 2 + 1);
	CHECK_EQ(x86_msr_bitmap_bit(MSR_FORMAT_SVM, 0xc0011fff, true),
		 0xbfff);
	/* Outside every range. */
	CHECK_EQ(x86_msr_bitmap_bit(MSR_FORMAT_SVM, 0x2000, false), -1);
	CHECK_EQ(x86_msr_bitmap_bit(MSR_FORMAT_SVM, 0xc0002000, false), -1);
	CHECK_EQ(x86_msr_bitmap_bit(MSR_FORMAT_SVM, 0xc0012000, true), -1);
	CHECK_EQ(x86_msr_bitmap_bit(MSR_FORMAT_SVM, 0xbfffffff, true), -1);
	CHECK_EQ(x86_msr_bitmap_bit(MSR_FORMAT_SVM, 0xffffffff, true), -1);
}

TEST(msr_bitmap_vmx)
{
	/* Read low at bit 0, read high at 1 KiB, writes at 2 and 3 KiB. */
	CHECK_EQ(x86_msr_bitmap_bit(MSR_FORMAT_VMX, 0, false), 0);
	CHECK_EQ(x86_msr_bitmap_bit(MSR_FORMAT_VMX, 0x277, false), 0x277);
	CHECK_EQ(x86_msr_bitmap_bit(MSR_FORMAT_VMX, 0x277, true),
		 0x4000 + 0x277);
	CHECK_EQ(x86_msr_bitmap_bit(MSR_FORMAT_VMX, 0x1fff, true), 0x5fff);
	CHECK_EQ(x86_msr_bitmap_bit(MSR_FORMAT_VMX, 0xc0000080, false),
		 0x2000 + 0x80);
	CHECK_EQ(x86_msr_bitmap_bit(MSR_FORMAT_VMX, 0xc0000080, true),
		 0x6000 + 0x80);
	/* The last bit of the 4 KiB page. */
	CHECK_EQ(x86_msr_bitmap_bit(MSR_FORMAT_VMX, 0xc0001fff, true),
		 4096 * 8 - 1);
	/* No AMD range in the VMX format; nothing beyond the ranges. */
	CHECK_EQ(x86_msr_bitmap_bit(MSR_FORMAT_VMX, 0xc0010117, true), -1);
	CHECK_EQ(x86_msr_bitmap_bit(MSR_FORMAT_VMX, 0x2000, false), -1);
	CHECK_EQ(x86_msr_bitmap_bit(MSR_FORMAT_VMX, 0xc0002000, true), -1);
}

TEST(msr_bitmap_formats_cover_the_same_msrs_below_amd_range)
{
	static const uint32_t msrs[] = { 0x10, 0x1b, 0x3a, 0x480, 0x491,
					 0x800, 0x8ff, 0xc0000100, 0xc0000103 };
	unsigned int n;

	for (n = 0; n < sizeof(msrs) / sizeof(msrs[0]); n++) {
		CHECK(x86_msr_bitmap_bit(MSR_FORMAT_SVM, msrs[n], true) >= 0);
		CHECK(x86_msr_bitmap_bit(MSR_FORMAT_VMX, msrs[n], true) >= 0);
		/* Read and write bits differ in both. */
		CHECK(x86_msr_bitmap_bit(MSR_FORMAT_SVM, msrs[n], true) !=
		      x86_msr_bitmap_bit(MSR_FORMAT_SVM, msrs[n], false));
		CHECK(x86_msr_bitmap_bit(MSR_FORMAT_VMX, msrs[n], true) !=
		      x86_msr_bitmap_bit(MSR_FORMAT_VMX, msrs[n], false));
	}
}
