// SPDX-License-Identifier: GPL-2.0
/*
 * The XCR0 rules (asm/xcr0.h). Each one is a case where the CPU's own
 * XSETBV raises #GP; checking all of them keeps the hypervisor's XSETBV
 * from faulting on a value a guest chose.
 */
#include <asm/xcr0.h>

#define XCR0_AVX512		(XCR0_OPMASK | XCR0_ZMM_HI256 | XCR0_HI16_ZMM)
#define XCR0_MPX		(XCR0_BNDREGS | XCR0_BNDCSR)
#define XCR0_AMX		(XCR0_TILECFG | XCR0_TILEDATA)

/* Either all bits of group or none. */
static bool all_or_none(uint64_t value, uint64_t group)
{
	return (value & group) == 0 || (value & group) == group;
}

bool x86_xcr0_valid(uint32_t index, uint64_t value, uint64_t supported)
{
	/* Only XCR0 is writable. */
	if (index != 0) {
		return false;
	}
	/* x87 state can never be disabled. */
	if (!(value & XCR0_X87)) {
		return false;
	}
	/* Only what the CPU enumerates; bit 63 is reserved for ever. */
	if (value & (~supported | 1ULL << 63)) {
		return false;
	}
	if ((value & XCR0_AVX) && !(value & XCR0_SSE)) {
		return false;
	}
	if (!all_or_none(value, XCR0_MPX)) {
		return false;
	}
	/* AVX-512: its three components together, and only with AVX. */
	if (!all_or_none(value, XCR0_AVX512)) {
		return false;
	}
	if ((value & XCR0_AVX512) && !(value & XCR0_AVX)) {
		return false;
	}
	if (!all_or_none(value, XCR0_AMX)) {
		return false;
	}
	return true;
}
