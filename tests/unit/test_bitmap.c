// SPDX-License-Identifier: GPL-2.0
/*
 * Host tests of the hypervisor's bitmaps.
 */
/* UNIT-SOURCES: hypervisor/lib/bitmap.c */
#include "unit.h"

#include <hv/bitmap.h>

TEST(bitmap_set_test_clear)
{
	uint64_t map[BITMAP_WORDS(130)] = { 0 };

	bitmap_set(map, 0);
	bitmap_set(map, 64);
	bitmap_set(map, 129);
	CHECK(bitmap_test(map, 0));
	CHECK(bitmap_test(map, 64));
	CHECK(bitmap_test(map, 129));
	CHECK(!bitmap_test(map, 1));
	CHECK_EQ(map[1], 1);
	bitmap_clear(map, 64);
	CHECK(!bitmap_test(map, 64));
	CHECK_EQ(bitmap_weight(map, 130), 2);
}

TEST(bitmap_next_set_and_clear)
{
	uint64_t map[BITMAP_WORDS(200)] = { 0 };

	CHECK_EQ(bitmap_next_set(map, 200, 0), 200);
	bitmap_set(map, 70);
	bitmap_set(map, 199);
	CHECK_EQ(bitmap_next_set(map, 200, 0), 70);
	CHECK_EQ(bitmap_next_set(map, 200, 70), 70);
	CHECK_EQ(bitmap_next_set(map, 200, 71), 199);
	CHECK_EQ(bitmap_next_set(map, 200, 200), 200);
	CHECK_EQ(bitmap_next_set(map, 199, 71), 199);	/* beyond size */

	bitmap_set_range(map, 0, 200);
	CHECK_EQ(bitmap_next_clear(map, 200, 0), 200);
	bitmap_clear(map, 131);
	CHECK_EQ(bitmap_next_clear(map, 200, 5), 131);
	CHECK_EQ(bitmap_next_clear(map, 200, 132), 200);
}

TEST(bitmap_ranges_and_weight)
{
	uint64_t map[BITMAP_WORDS(300)] = { 0 };

	bitmap_set_range(map, 60, 10);
	CHECK_EQ(bitmap_weight(map, 300), 10);
	CHECK_EQ(bitmap_weight(map, 64), 4);
	CHECK_EQ(bitmap_weight(map, 65), 5);
	bitmap_clear_range(map, 62, 3);
	CHECK_EQ(bitmap_weight(map, 300), 7);
	CHECK(bitmap_test(map, 61));
	CHECK(!bitmap_test(map, 62));
	CHECK(bitmap_test(map, 65));
}

TEST(bitmap_clear_runs)
{
	uint64_t map[BITMAP_WORDS(256)] = { 0 };

	CHECK_EQ(bitmap_find_clear_run(map, 256, 1, 1), 0);
	CHECK_EQ(bitmap_find_clear_run(map, 256, 256, 1), 0);
	CHECK_EQ(bitmap_find_clear_run(map, 256, 257, 1), 256);
	CHECK_EQ(bitmap_find_clear_run(map, 256, 0, 1), 256);

	bitmap_set(map, 3);
	bitmap_set(map, 100);
	CHECK_EQ(bitmap_find_clear_run(map, 256, 3, 1), 0);
	CHECK_EQ(bitmap_find_clear_run(map, 256, 4, 1), 4);
	CHECK_EQ(bitmap_find_clear_run(map, 256, 96, 1), 4);
	CHECK_EQ(bitmap_find_clear_run(map, 256, 97, 1), 101);
	/* aligned: first multiple of 16 after bit 3 with 16 free bits */
	CHECK_EQ(bitmap_find_clear_run(map, 256, 16, 16), 16);
	CHECK_EQ(bitmap_find_clear_run(map, 256, 64, 64), 128);
	CHECK_EQ(bitmap_find_clear_run(map, 256, 128, 128), 128);
	CHECK_EQ(bitmap_find_clear_run(map, 256, 155, 1), 101);
	CHECK_EQ(bitmap_find_clear_run(map, 256, 156, 1), 256);
	bitmap_set(map, 200);
	CHECK_EQ(bitmap_find_clear_run(map, 256, 128, 128), 256);
	/* bad alignment */
	CHECK_EQ(bitmap_find_clear_run(map, 256, 1, 3), 256);
}

TEST(bitmap_for_each)
{
	uint64_t map[BITMAP_WORDS(128)] = { 0 };
	unsigned long bit, sum = 0, n = 0;

	bitmap_set(map, 1);
	bitmap_set(map, 63);
	bitmap_set(map, 64);
	bitmap_set(map, 127);
	for_each_set_bit(bit, map, 128) {
		sum += bit;
		n++;
	}
	CHECK_EQ(n, 4);
	CHECK_EQ(sum, 1 + 63 + 64 + 127);
}
