// SPDX-License-Identifier: GPL-2.0
/*
 * Bitmap searches, word by word where possible.
 */
#include <hv/bitmap.h>

static unsigned long next_bit(const uint64_t *map, unsigned long bits,
			      unsigned long start, uint64_t invert)
{
	unsigned long word, bit;
	uint64_t val;

	if (start >= bits) {
		return bits;
	}

	word = start / 64;
	val = (map[word] ^ invert) & (~0ULL << (start % 64));
	while (!val) {
		if (++word >= BITMAP_WORDS(bits)) {
			return bits;
		}
		val = map[word] ^ invert;
	}
	bit = word * 64 + (unsigned long)__builtin_ctzll(val);
	return bit < bits ? bit : bits;
}

unsigned long bitmap_next_set(const uint64_t *map, unsigned long bits,
			      unsigned long start)
{
	return next_bit(map, bits, start, 0);
}

unsigned long bitmap_next_clear(const uint64_t *map, unsigned long bits,
				unsigned long start)
{
	return next_bit(map, bits, start, ~0ULL);
}

void bitmap_set_range(uint64_t *map, unsigned long start,
		      unsigned long count)
{
	while (count-- != 0U) {
		bitmap_set(map, start++);
	}
}

void bitmap_clear_range(uint64_t *map, unsigned long start,
			unsigned long count)
{
	while (count-- != 0U) {
		bitmap_clear(map, start++);
	}
}

/* Without FP/SIMD the compiler's popcount would be a libgcc call. */
static unsigned long popcount64(uint64_t v)
{
	v = v - ((v >> 1) & 0x5555555555555555ULL);
	v = (v & 0x3333333333333333ULL) + ((v >> 2) & 0x3333333333333333ULL);
	v = (v + (v >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
	return (unsigned long)((v * 0x0101010101010101ULL) >> 56);
}

unsigned long bitmap_weight(const uint64_t *map, unsigned long bits)
{
	unsigned long word, n = 0;

	for (word = 0; word < bits / 64; word++) {
		n += popcount64(map[word]);
	}
	if (bits % 64) {
		n += popcount64(map[word] & ((1ULL << (bits % 64)) - 1));
	}
	return n;
}

unsigned long bitmap_find_clear_run(const uint64_t *map, unsigned long bits,
				    unsigned long count, unsigned long align)
{
	unsigned long start = 0, next_set;

	if (count == 0 || align == 0 || (align & (align - 1))) {
		return bits;
	}

	/* Each round either succeeds or moves start past a set bit. */
	while (start < bits && count <= bits - start) {
		start = ALIGN_UP(bitmap_next_clear(map, bits, start), align);
		if (start >= bits || count > bits - start) {
			break;
		}
		next_set = bitmap_next_set(map, bits, start);
		if (next_set - start >= count) {
			return start;
		}
		start = next_set + 1;
	}
	return bits;
}
