/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * A small printf for the console: conversions s c d i u x X p %, flags '0'
 * and '-', a field width and the length modifiers l, ll and z. Anything
 * else is printed as it stands, so a typo shows up in the output.
 */
#include <inmate.h>

struct field {
	unsigned int width;
	bool zero_pad;
	bool left;
};

static void put_padding(unsigned int n, char c)
{
	while (n--)
		console_putc(c);
}

static void put_string(const char *s, const struct field *f)
{
	unsigned int len = 0;

	if (!s)
		s = "(null)";
	while (s[len])
		len++;
	if (!f->left && f->width > len)
		put_padding(f->width - len, ' ');
	for (unsigned int i = 0; i < len; i++)
		console_putc(s[i]);
	if (f->left && f->width > len)
		put_padding(f->width - len, ' ');
}

static void put_number(uint64_t value, bool negative, unsigned int base,
		       bool upper, const struct field *f)
{
	const char *digits = upper ? "0123456789ABCDEF" : "0123456789abcdef";
	char buf[24];
	unsigned int len = 0, total;

	do {
		buf[len++] = digits[value % base];
		value /= base;
	} while (value);
	total = len + negative;

	if (f->left || !f->zero_pad) {
		if (!f->left && f->width > total)
			put_padding(f->width - total, ' ');
		if (negative)
			console_putc('-');
	} else {
		if (negative)
			console_putc('-');
		if (f->width > total)
			put_padding(f->width - total, '0');
	}
	while (len)
		console_putc(buf[--len]);
	if (f->left && f->width > total)
		put_padding(f->width - total, ' ');
}

void vprintk(const char *fmt, va_list ap)
{
	for (; *fmt; fmt++) {
		const char *start = fmt;
		struct field f = { 0 };
		unsigned int longs = 0;
		bool size_t_arg = false;
		uint64_t u;
		int64_t s;

		if (*fmt != '%') {
			console_putc(*fmt);
			continue;
		}
		fmt++;
		for (;; fmt++) {
			if (*fmt == '0')
				f.zero_pad = true;
			else if (*fmt == '-')
				f.left = true;
			else
				break;
		}
		while (*fmt >= '0' && *fmt <= '9')
			f.width = f.width * 10 + (unsigned int)(*fmt++ - '0');
		for (; *fmt == 'l'; fmt++)
			longs++;
		if (*fmt == 'z') {
			size_t_arg = true;
			fmt++;
		}

		switch (*fmt) {
		case 'd':
		case 'i':
			if (longs || size_t_arg)
				s = va_arg(ap, int64_t);
			else
				s = va_arg(ap, int);
			u = s < 0 ? -(uint64_t)s : (uint64_t)s;
			put_number(u, s < 0, 10, false, &f);
			break;
		case 'u':
		case 'x':
		case 'X':
			if (longs || size_t_arg)
				u = va_arg(ap, uint64_t);
			else
				u = va_arg(ap, unsigned int);
			put_number(u, false, *fmt == 'u' ? 10 : 16,
				   *fmt == 'X', &f);
			break;
		case 'p':
			console_putc('0');
			console_putc('x');
			put_number((uintptr_t)va_arg(ap, void *), false, 16,
				   false, &f);
			break;
		case 's':
			put_string(va_arg(ap, const char *), &f);
			break;
		case 'c':
			console_putc((char)va_arg(ap, int));
			break;
		case '%':
			console_putc('%');
			break;
		default:
			/* Unknown: print the directive as written. */
			for (; start <= fmt && *start; start++)
				console_putc(*start);
			if (!*fmt)
				return;
			break;
		}
	}
}

void printk(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vprintk(fmt, ap);
	va_end(ap);
}
