// SPDX-License-Identifier: GPL-2.0
/*
 * Host tests of the hypervisor's memset (hypervisor/lib/string.c), which
 * stores words between a byte head and tail: every start alignment and
 * length around the word size, against a byte-by-byte expectation, and
 * no byte outside the range touched.
 */
/* UNIT-SOURCES: hypervisor/lib/string.c */
/* UNIT-CFLAGS: -fno-builtin -fno-tree-loop-distribute-patterns -Dmemset=hv_memset -Dmemcpy=hv_memcpy -Dmemmove=hv_memmove -Dmemcmp=hv_memcmp -Dstrlen=hv_strlen -Dstrnlen=hv_strnlen */
#include "unit.h"

#include <hv/string.h>

#define GUARD	0xa5
#define AREA	96

static uint8_t area[AREA] __attribute__((aligned(16)));

static bool filled_exactly(unsigned int start, unsigned int len, uint8_t c)
{
	unsigned int i;

	for (i = 0; i < AREA; i++) {
		bool inside = i >= start && i < start + len;

		if (area[i] != (inside ? c : GUARD))
			return false;
	}
	return true;
}

TEST(memset_every_alignment_and_length)
{
	unsigned int start, len, bad = 0;

	for (start = 0; start < 16; start++) {
		for (len = 0; start + len + 16 <= AREA; len++) {
			unsigned int i;

			for (i = 0; i < AREA; i++)
				area[i] = GUARD;
			CHECK(hv_memset(area + start, 0x3c, len) ==
			      area + start);
			if (!filled_exactly(start, len, 0x3c))
				bad++;
		}
	}
	CHECK_EQ(bad, 0);
}

TEST(memset_value_is_one_byte)
{
	unsigned int i;

	for (i = 0; i < AREA; i++)
		area[i] = GUARD;
	/* Only the low byte of c counts, in the word part too. */
	hv_memset(area + 3, 0x1ff, 40);
	CHECK(filled_exactly(3, 40, 0xff));
	hv_memset(area + 3, 0, 40);
	CHECK(filled_exactly(3, 40, 0));
}
