// SPDX-License-Identifier: GPL-2.0
/*
 * Freestanding string functions. Byte loops: the hypervisor copies little
 * data, and the simple code is obviously right. memset is the exception:
 * scrubbing a cell's RAM at create and destroy sets hundreds of MiB, so
 * it stores aligned 64-bit words between a byte head and a byte tail.
 */
#include <hv/string.h>

void *memcpy(void *dest, const void *src, size_t n)
{
	uint8_t *d = dest;
	const uint8_t *s = src;

	while (n-- != 0U) {
		*d++ = *s++;
	}
	return dest;
}

void *memmove(void *dest, const void *src, size_t n)
{
	uint8_t *d = dest;
	const uint8_t *s = src;

	if (d <= s || d >= s + n) {
		return memcpy(dest, src, n);
	}
	while (n-- != 0U) {
		d[n] = s[n];
	}
	return dest;
}

/* Word stores through this type may alias any object. */
typedef uint64_t __attribute__((may_alias)) memset_word_t;

void *memset(void *s, int c, size_t n)
{
	uint8_t *p = s;
	uint64_t word = (uint8_t)c * 0x0101010101010101ULL;
	memset_word_t *w;

	while (n != 0U && ((uintptr_t)p & 7U) != 0U) {
		*p = (uint8_t)c;
		p++;
		n--;
	}
	w = (memset_word_t *)p;
	while (n >= 8U) {
		*w = word;
		w++;
		n -= 8U;
	}
	p = (uint8_t *)w;
	while (n != 0U) {
		*p = (uint8_t)c;
		p++;
		n--;
	}
	return s;
}

int memcmp(const void *a, const void *b, size_t n)
{
	const uint8_t *x = a, *y = b;

	for (; n; n--, x++, y++) {
		if (*x != *y) {
			return *x - *y;
		}
	}
	return 0;
}

size_t strlen(const char *s)
{
	size_t n = 0;

	while (s[n] != '\0') {
		n++;
	}
	return n;
}

size_t strnlen(const char *s, size_t max)
{
	size_t n = 0;

	while (n < max && s[n]) {
		n++;
	}
	return n;
}

void strscpy_hv(char *dest, const char *src, size_t size)
{
	size_t n = strnlen(src, size - 1);

	memcpy(dest, src, n);
	dest[n] = '\0';
}
