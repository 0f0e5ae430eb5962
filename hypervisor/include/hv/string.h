/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The few string functions the hypervisor needs. The compiler may emit
 * calls to memcpy/memset itself, so they keep their standard names and
 * prototypes (which also lets host tests link against libc instead).
 */
#ifndef HV_STRING_H
#define HV_STRING_H

#include <hv/types.h>

void *memcpy(void *dest, const void *src, size_t n);
void *memmove(void *dest, const void *src, size_t n);
void *memset(void *s, int c, size_t n);
int memcmp(const void *a, const void *b, size_t n);
size_t strlen(const char *s);
size_t strnlen(const char *s, size_t max);

/* Copies at most size - 1 bytes and always terminates (size > 0). */
void strscpy_hv(char *dest, const char *src, size_t size);

#endif /* HV_STRING_H */
