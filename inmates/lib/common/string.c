/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * The few string functions a freestanding build still needs: GCC may emit
 * calls to memset and memcpy for struct initialisation and copies.
 * Byte-wise on purpose: an arm64 inmate runs with the MMU off, so all its
 * memory is Device-nGnRnE, where unaligned wider accesses would fault.
 * The build forbids GCC to turn these loops back into calls to themselves
 * (-fno-tree-loop-distribute-patterns).
 */
#include <inmate.h>

void *memset(void *dest, int c, size_t n)
{
	uint8_t *d = dest;

	while (n--)
		*d++ = (uint8_t)c;
	return dest;
}

void *memcpy(void *dest, const void *src, size_t n)
{
	uint8_t *d = dest;
	const uint8_t *s = src;

	while (n--)
		*d++ = *s++;
	return dest;
}

size_t strlen(const char *s)
{
	size_t n = 0;

	while (s[n])
		n++;
	return n;
}

int strcmp(const char *a, const char *b)
{
	while (*a && *a == *b) {
		a++;
		b++;
	}
	return (unsigned char)*a - (unsigned char)*b;
}
