// SPDX-License-Identifier: GPL-2.0
/*
 * The printk format engine (conversions listed in hv/format.h).
 */
#include <hv/format.h>

struct out {
	char *buf;
	size_t size;	/* room, the terminating NUL included */
	size_t len;
};

static void put(struct out *o, char c)
{
	if (o->len + 1 < o->size) {
		o->buf[o->len++] = c;
	}
}

static void put_padded(struct out *o, const char *s, size_t len,
		       unsigned int width, bool left, char pad)
{
	size_t n;

	if (!left) {
		for (n = len; n < width; n++) {
			put(o, pad);
		}
	}
	for (n = 0; n < len; n++) {
		put(o, s[n]);
	}
	if (left) {
		for (n = len; n < width; n++) {
			put(o, ' ');
		}
	}
}

static size_t strnlen_fmt(const char *s, size_t max)
{
	size_t n = 0;

	while (n < max && s[n]) {
		n++;
	}
	return n;
}

struct spec {
	unsigned int width;
	int precision;		/* -1: none */
	bool left, zero;
	unsigned int longs;	/* number of 'l' (z counts as one) */
};

static void put_number(struct out *o, unsigned long long val, bool negative,
		       unsigned int base, bool upper, const struct spec *sp)
{
	const char *digits = upper ? "0123456789ABCDEF" : "0123456789abcdef";
	char tmp[24];
	size_t n = sizeof(tmp);

	do {
		tmp[--n] = digits[val % base];
		val /= base;
	} while (val != 0U);

	if (negative) {
		/* The sign goes before zero padding, not after. */
		if (sp->zero && !sp->left) {
			put(o, '-');
			put_padded(o, tmp + n, sizeof(tmp) - n,
				   sp->width ? sp->width - 1 : 0, false, '0');
			return;
		}
		tmp[--n] = '-';
	}
	put_padded(o, tmp + n, sizeof(tmp) - n, sp->width, sp->left,
		   sp->zero && !sp->left ? '0' : ' ');
}

static unsigned long long get_unsigned(va_list *ap, unsigned int longs)
{
	if (longs >= 2) {
		return va_arg(*ap, unsigned long long);
	}
	if (longs == 1) {
		return va_arg(*ap, unsigned long);
	}
	return va_arg(*ap, unsigned int);
}

static long long get_signed(va_list *ap, unsigned int longs)
{
	if (longs >= 2) {
		return va_arg(*ap, long long);
	}
	if (longs == 1) {
		return va_arg(*ap, long);
	}
	return va_arg(*ap, int);
}

static const char *parse_spec(const char *f, struct spec *sp, va_list *ap)
{
	sp->width = 0;
	sp->precision = -1;
	sp->left = false;
	sp->zero = false;
	sp->longs = 0;

	for (;; f++) {
		if (*f == '-') {
			sp->left = true;
		} else if (*f == '0') {
			sp->zero = true;
		} else {
			break;
		}
	}
	if (*f == '*') {
		int w = va_arg(*ap, int);

		sp->left |= w < 0;
		sp->width = (unsigned int)(w < 0 ? -w : w);
		f++;
	}
	/* Bounded: a width of more than 3 digits is nonsense here. */
	while (*f >= '0' && *f <= '9') {
		if (sp->width < 1000) {
			sp->width = sp->width * 10 + (unsigned int)(*f - '0');
		}
		f++;
	}
	if (*f == '.') {
		f++;
		sp->precision = 0;
		if (*f == '*') {
			sp->precision = va_arg(*ap, int);
			f++;
		}
		while (*f >= '0' && *f <= '9') {
			if (sp->precision < 100000) {
				sp->precision = sp->precision * 10 + (*f - '0');
			}
			f++;
		}
	}
	/* size_t is unsigned long on every target: z counts as one l. */
	for (; *f == 'l' || *f == 'z'; f++) {
		sp->longs++;
	}
	return f;
}

size_t format_vstring(char *buf, size_t size, const char *fmt, va_list ap)
{
	struct out o = { .buf = buf, .size = size, .len = 0 };
	const char *f = fmt, *s;
	struct spec sp;
	unsigned long long uval;
	long long sval;
	va_list args;
	char c;

	if (size == 0) {
		return 0;
	}
	va_copy(args, ap);

	while (*f != '\0') {
		if (*f != '%') {
			put(&o, *f++);
			continue;
		}
		s = f;
		f = parse_spec(f + 1, &sp, &args);
		switch (*f) {
		case 's':
			s = va_arg(args, const char *);
			if (!s) {
				s = "(null)";
			}
			put_padded(&o, s, sp.precision >= 0 ?
				   strnlen_fmt(s, (size_t)sp.precision) :
				   strnlen_fmt(s, (size_t)-1),
				   sp.width, sp.left, ' ');
			break;
		case 'c':
			c = (char)va_arg(args, int);
			put_padded(&o, &c, 1, sp.width, sp.left, ' ');
			break;
		case 'd':
		case 'i':
			sval = get_signed(&args, sp.longs);
			uval = sval < 0 ? 0ULL - (unsigned long long)sval :
				(unsigned long long)sval;
			put_number(&o, uval, sval < 0, 10, false, &sp);
			break;
		case 'u':
			put_number(&o, get_unsigned(&args, sp.longs), false, 10,
				   false, &sp);
			break;
		case 'x':
		case 'X':
			put_number(&o, get_unsigned(&args, sp.longs), false, 16,
				   *f == 'X', &sp);
			break;
		case 'p':
			put(&o, '0');
			put(&o, 'x');
			sp.width = 16;
			sp.zero = true;
			sp.left = false;
			put_number(&o, (uintptr_t)va_arg(args, void *), false,
				   16, false, &sp);
			break;
		case '%':
			put(&o, '%');
			break;
		default:
			/* Unknown or truncated: copy the spec through. */
			while (s < f) {
				put(&o, *s++);
			}
			if (!*f) {
				continue;
			}
			put(&o, *f);
			break;
		}
		f++;
	}
	va_end(args);
	o.buf[o.len] = '\0';
	return o.len;
}

size_t format_string(char *buf, size_t size, const char *fmt, ...)
{
	va_list ap;
	size_t len;

	va_start(ap, fmt);
	len = format_vstring(buf, size, fmt, ap);
	va_end(ap);
	return len;
}
