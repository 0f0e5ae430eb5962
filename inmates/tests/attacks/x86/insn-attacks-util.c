// SPDX-License-Identifier: GPL-2.0
/*
 * Helpers of the x86 instruction attacks (insn-attacks.h).
 */
#include "insn-attacks.h"

const char *fault_name(int vector)
{
	switch (vector) {
	case FAULT_NONE:
		return "no fault";
	case VEC_UD:
		return "#UD";
	case VEC_GP:
		return "#GP";
	default:
		return "another exception";
	}
}

uint64_t exit_ticks(void)
{
	uint64_t best = ~0ULL, t;
	uint32_t a, b, c, d;
	unsigned int n;

	for (n = 0; n < 5; n++) {
		t = rdtsc();
		cpuid(0, &a, &b, &c, &d);
		t = rdtsc() - t;
		if (t < best)
			best = t;
	}
	return best;
}
