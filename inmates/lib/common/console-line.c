/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * The hypervisor console, a line at a time: characters collect here and
 * go out with one JH_HC_DEBUG_CONSOLE_WRITE at a newline or when the
 * buffer is full, so a printed line costs one exit instead of one per
 * character. A hypervisor without that call (-JH_ENOSYS) gets the line
 * character by character, as before.
 *
 * One buffer for the inmate: print from one context at a time (the demos
 * print from their main loop only).
 */
#include <inmate.h>

static char line[JH_CONSOLE_WRITE_MAX];
static unsigned int line_len;
static bool no_write_call;

static void console_line_flush(void)
{
	unsigned int n;
	long ret = -JH_ENOSYS;

	if (!no_write_call)
		ret = console_arch_hypercall(JH_HC_DEBUG_CONSOLE_WRITE,
					     (uintptr_t)line, line_len);
	if (ret == -JH_ENOSYS) {
		no_write_call = true;
		for (n = 0; n < line_len; n++)
			console_arch_hypercall(JH_HC_DEBUG_CONSOLE_PUTC,
					       (uint8_t)line[n], 0);
	}
	/* Any other failure: there is nowhere else to report it. */
	line_len = 0;
}

void console_line_putc(char c)
{
	line[line_len++] = c;
	if (c == '\n' || line_len == sizeof(line))
		console_line_flush();
}
