/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Bitmaps of 64-bit words. Not atomic: the owner of a bitmap serialises
 * access to it (see the lock order in setup.c).
 */
#ifndef HV_BITMAP_H
#define HV_BITMAP_H

#include <hv/types.h>

#define BITMAP_WORDS(bits)	(((bits) + 63) / 64)

static inline bool bitmap_test(const uint64_t *map, unsigned long bit)
{
	return (map[bit / 64] >> (bit % 64)) & 1;
}

static inline void bitmap_set(uint64_t *map, unsigned long bit)
{
	map[bit / 64] |= BIT64(bit % 64);
}

static inline void bitmap_clear(uint64_t *map, unsigned long bit)
{
	map[bit / 64] &= ~BIT64(bit % 64);
}

/* First set (or clear) bit in [start, bits), or bits if there is none. */
unsigned long bitmap_next_set(const uint64_t *map, unsigned long bits,
			      unsigned long start);
unsigned long bitmap_next_clear(const uint64_t *map, unsigned long bits,
				unsigned long start);

void bitmap_set_range(uint64_t *map, unsigned long start,
		      unsigned long count);
void bitmap_clear_range(uint64_t *map, unsigned long start,
			unsigned long count);
unsigned long bitmap_weight(const uint64_t *map, unsigned long bits);

/*
 * Start of the first run of count clear bits in [0, bits) whose start is a
 * multiple of align (a power of two), or bits if there is none.
 */
unsigned long bitmap_find_clear_run(const uint64_t *map, unsigned long bits,
				    unsigned long count, unsigned long align);

#define for_each_set_bit(bit, map, bits)				\
	for ((bit) = bitmap_next_set(map, bits, 0); (bit) < (bits);	\
	     (bit) = bitmap_next_set(map, bits, (bit) + 1))

#endif /* HV_BITMAP_H */
