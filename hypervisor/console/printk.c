// SPDX-License-Identifier: GPL-2.0
/*
 * printk and friends: format one line, hand it to the console.
 */
#include <hv/arch.h>
#include <hv/console.h>
#include <hv/format.h>
#include <hv/printk.h>

void vprintk(const char *fmt, va_list ap)
{
	char line[PRINTK_LINE_MAX];
	size_t len;

	len = format_vstring(line, sizeof(line), fmt, ap);
	console_write(line, len);
}

void printk(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vprintk(fmt, ap);
	va_end(ap);
}

void hv_error(const char *fmt, ...)
{
	char msg[JH_LAST_ERROR_LEN];
	va_list ap;
	size_t len;

	va_start(ap, fmt);
	len = format_vstring(msg, sizeof(msg), fmt, ap);
	va_end(ap);

	console_set_last_error(msg);
	console_write("ERROR: ", 7);
	console_write(msg, len);
	console_write("\n", 1);
}

bool ratelimit_ok(struct ratelimit *rl, unsigned int burst)
{
	uint64_t now = timer_arch_now_us();
	unsigned int dropped;

	if (now - rl->window_start >= RATELIMIT_WINDOW_US ||
	    !rl->window_start) {
		rl->window_start = (now != 0U) ? now : 1U;
		rl->count = 0;
	}
	if (rl->count >= burst) {
		rl->suppressed++;
		return false;
	}
	rl->count++;
	dropped = rl->suppressed;
	if (dropped != 0U) {
		rl->suppressed = 0;
		printk("(%u messages like the next one suppressed)\n",
		       dropped);
	}
	return true;
}
