// SPDX-License-Identifier: GPL-2.0
/*
 * Host tests of the printk format engine.
 */
/* UNIT-SOURCES: hypervisor/lib/format.c */
#include "unit.h"

#include <hv/format.h>

static char buf[128];

#define FMT(...) (format_string(buf, sizeof(buf), __VA_ARGS__), buf)

/* Without the printf attribute, for formats the compiler would reject. */
static char *raw(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	format_vstring(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	return buf;
}

TEST(format_plain_and_percent)
{
	CHECK_STR(FMT("hello"), "hello");
	CHECK_STR(FMT("100%%"), "100%");
	CHECK_STR(raw(""), "");
}

TEST(format_strings_and_chars)
{
	CHECK_STR(FMT("[%s]", "abc"), "[abc]");
	CHECK_STR(FMT("[%5s]", "ab"), "[   ab]");
	CHECK_STR(FMT("[%-5s]", "ab"), "[ab   ]");
	CHECK_STR(FMT("[%.2s]", "abcdef"), "[ab]");
	CHECK_STR(FMT("[%.*s]", 3, "abcdef"), "[abc]");
	CHECK_STR(raw("[%s]", (char *)NULL), "[(null)]");
	CHECK_STR(FMT("%c%c", 'o', 'k'), "ok");
	CHECK_STR(FMT("[%3c]", 'x'), "[  x]");
}

TEST(format_signed)
{
	CHECK_STR(FMT("%d", 0), "0");
	CHECK_STR(FMT("%d", -42), "-42");
	CHECK_STR(FMT("%i", 2147483647), "2147483647");
	CHECK_STR(FMT("%d", (int)-2147483647 - 1), "-2147483648");
	CHECK_STR(FMT("%ld", -1L), "-1");
	CHECK_STR(FMT("%lld", (long long)-9223372036854775807LL - 1),
		  "-9223372036854775808");
	CHECK_STR(FMT("[%5d]", -3), "[   -3]");
	CHECK_STR(FMT("[%05d]", -3), "[-0003]");
	CHECK_STR(FMT("[%-5d]", 7), "[7    ]");
}

TEST(format_unsigned_and_hex)
{
	CHECK_STR(FMT("%u", 4294967295U), "4294967295");
	CHECK_STR(FMT("%lu", 18446744073709551615UL), "18446744073709551615");
	CHECK_STR(FMT("%zu", (size_t)12), "12");
	CHECK_STR(FMT("%x", 0xbadca11U), "badca11");
	CHECK_STR(FMT("%X", 0xbeefU), "BEEF");
	CHECK_STR(FMT("%08x", 0x1234U), "00001234");
	CHECK_STR(FMT("%lx", 0xffff800000000000UL), "ffff800000000000");
	CHECK_STR(FMT("%llx", 0x7f000000ULL), "7f000000");
	CHECK_STR(FMT("0x%016llx", 0x2aULL), "0x000000000000002a");
	CHECK_STR(FMT("[%4x]", 0xaU), "[   a]");
}

TEST(format_pointer)
{
	CHECK_STR(FMT("%p", (void *)0x1234), "0x0000000000001234");
	CHECK_STR(FMT("%p", (void *)0), "0x0000000000000000");
}

TEST(format_truncation)
{
	char small[8];

	CHECK_EQ(format_string(small, sizeof(small), "%s", "0123456789"), 7);
	CHECK_STR(small, "0123456");
	CHECK_EQ(format_string(small, 1, "abc"), 0);
	CHECK_STR(small, "");
	CHECK_EQ(format_string(small, sizeof(small), "%d", -1234567), 7);
	CHECK_STR(small, "-123456");
}

TEST(format_unknown_specs_pass_through)
{
	CHECK_STR(raw("%q"), "%q");
	CHECK_STR(raw("a%"), "a%");
	CHECK_STR(raw("%5q!"), "%5q!");
}

TEST(format_mixed)
{
	CHECK_STR(FMT("CPU %u, cell \"%s\": EC 0x%02x ESR 0x%08llx",
		      3U, "root", 0x24U, 0x93830007ULL),
		  "CPU 3, cell \"root\": EC 0x24 ESR 0x93830007");
}
