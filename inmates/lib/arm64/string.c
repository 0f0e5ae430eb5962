/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * The few string functions a freestanding build still needs: GCC may emit
 * calls to memset and memcpy for struct initialisation and copies.
 * Byte-wise on purpose: memory is Device-nGnRnE with the MMU off, where
 * unaligned wider accesses would fault.
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
