// SPDX-License-Identifier: GPL-2.0
/*
 * Intercept bit positions of the two MSR bitmap formats (asm/msr_bitmap.h).
 */
#include <asm/msr_bitmap.h>

#define MSR_LOW_END		0x2000U
#define MSR_HIGH_BASE		0xc0000000U
#define MSR_AMD_BASE		0xc0010000U
#define MSR_RANGE		0x2000U

long x86_msr_bitmap_bit(enum x86_msr_format fmt, uint32_t msr, bool write)
{
	long quarter;

	if (fmt == MSR_FORMAT_SVM) {
		if (msr < MSR_LOW_END) {
			return msr * 2L + write;
		}
		if (msr >= MSR_HIGH_BASE && msr - MSR_HIGH_BASE < MSR_RANGE) {
			return 0x4000L + (msr - MSR_HIGH_BASE) * 2L + write;
		}
		if (msr >= MSR_AMD_BASE && msr - MSR_AMD_BASE < MSR_RANGE) {
			return 0x8000L + (msr - MSR_AMD_BASE) * 2L + write;
		}
		return -1;
	}
	/* One KiB (0x2000 bits) per quarter. */
	quarter = write ? 2 : 0;
	if (msr < MSR_LOW_END) {
		return quarter * 0x2000L + msr;
	}
	if (msr >= MSR_HIGH_BASE && msr - MSR_HIGH_BASE < MSR_RANGE) {
		return (quarter + 1) * 0x2000L + (msr - MSR_HIGH_BASE);
	}
	return -1;
}
