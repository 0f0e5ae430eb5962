/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * Command-line parameters. "jailhouse cell load ... -s STRING" writes a
 * NUL-terminated string to JH_CMDLINE_ADDR; the linker script places
 * cmdline_area there. The image carries the area zero-filled, so without
 * -s the command line is empty. The last byte is never read as part of
 * the string, so an unterminated string cannot run past the area.
 *
 * Syntax: words separated by spaces, "name=value", value decimal or 0x
 * hex with an optional minus sign. A later word overrides an earlier one.
 */
#include <inmate.h>

static char cmdline_area[JH_CMDLINE_MAX]
	__attribute__((section(".cmdline"), used));

const char *cmdline_string(void)
{
	/* Read-only from here on; the terminator guards printk. */
	cmdline_area[JH_CMDLINE_MAX - 1] = '\0';
	return cmdline_area;
}

static bool is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n';
}

static int digit_value(char c, unsigned int base)
{
	int v;

	if (c >= '0' && c <= '9')
		v = c - '0';
	else if (c >= 'a' && c <= 'f')
		v = c - 'a' + 10;
	else if (c >= 'A' && c <= 'F')
		v = c - 'A' + 10;
	else
		return -1;
	return v < (int)base ? v : -1;
}

/* Parses the value starting at s up to the next space or the end. */
static bool parse_int(const char *s, int64_t *result)
{
	bool negative = false;
	unsigned int base = 10;
	uint64_t value = 0;
	bool any = false;
	int digit;

	if (*s == '-') {
		negative = true;
		s++;
	}
	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
		base = 16;
		s += 2;
	}
	for (; *s && !is_space(*s); s++) {
		digit = digit_value(*s, base);
		if (digit < 0)
			return false;
		value = value * base + (unsigned int)digit;
		any = true;
	}
	if (!any)
		return false;
	*result = negative ? -(int64_t)value : (int64_t)value;
	return true;
}

static bool starts_with(const char *s, const char *prefix, size_t len)
{
	for (size_t i = 0; i < len; i++)
		if (s[i] != prefix[i])
			return false;
	return true;
}

/* Returns the value of the last "name=" word, or NULL. */
static const char *find_value(const char *cmdline, const char *name)
{
	size_t name_len = strlen(name);
	const char *found = NULL;
	const char *word = cmdline;

	while (*word) {
		while (is_space(*word))
			word++;
		if (!*word)
			break;
		if (starts_with(word, name, name_len) &&
		    word[name_len] == '=')
			found = word + name_len + 1;
		while (*word && !is_space(*word))
			word++;
	}
	return found;
}

int64_t cmdline_parse_int(const char *name, int64_t default_value)
{
	const char *value = find_value(cmdline_string(), name);
	int64_t result;

	if (!value)
		return default_value;
	if (!parse_int(value, &result)) {
		printk("cmdline: the value of \"%s\" is not a number; "
		       "using %ld\n", name, default_value);
		return default_value;
	}
	return result;
}

size_t cmdline_parse_word(const char *name, char *buf, size_t size)
{
	const char *value = find_value(cmdline_string(), name);
	size_t len = 0;

	if (!size)
		return 0;
	if (value)
		while (value[len] && !is_space(value[len]) && len + 1 < size) {
			buf[len] = value[len];
			len++;
		}
	buf[len] = '\0';
	return len;
}
