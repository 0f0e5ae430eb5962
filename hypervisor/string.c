// SPDX-License-Identifier: GPL-2.0
/*
 * Freestanding string functions. Byte loops: the hypervisor copies little
 * data, and the simple code is obviously right.
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

void *memset(void *s, int c, size_t n)
{
	uint8_t *p = s;

	while (n-- != 0U) {
		*p++ = (uint8_t)c;
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
