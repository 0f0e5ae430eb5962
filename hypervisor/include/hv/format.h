/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The printk format engine. Pure code, unit-tested on the host.
 *
 * Conversions: %s %c %d %i %u %x %X %p %%, length modifiers l, ll and z,
 * flags '0' (zero padding) and '-' (left justify), a field width, and a
 * precision for %s (also as .*). %p prints 0x and 16 hex digits.
 * Anything else is copied through, so a bad format never faults.
 */
#ifndef HV_FORMAT_H
#define HV_FORMAT_H

#include <stdarg.h>
#include <hv/types.h>

/*
 * Writes at most size - 1 characters plus a NUL to buf (size > 0).
 * Returns the number of characters written, without the NUL.
 */
size_t format_vstring(char *buf, size_t size, const char *fmt, va_list ap);
size_t format_string(char *buf, size_t size, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

#endif /* HV_FORMAT_H */
