// SPDX-License-Identifier: GPL-2.0
/*
 * Host tests of the window rate limiter (hypervisor/console/printk.c) against a
 * clock the test moves.
 */
/* UNIT-SOURCES: hypervisor/console/printk.c hypervisor/lib/format.c */
#include "unit.h"

#include <string.h>

#include <hv/arch.h>
#include <hv/console.h>
#include <hv/printk.h>

static uint64_t clock_us = 1000;
static char out[4096];
static size_t out_len;

uint64_t timer_arch_now_us(void)
{
	return clock_us;
}

void console_write(const char *s, size_t len)
{
	if (out_len + len >= sizeof(out))
		return;
	memcpy(out + out_len, s, len);
	out_len += len;
	out[out_len] = '\0';
}

void console_set_last_error(const char *msg)
{
	(void)msg;
}

static unsigned int allowed(struct ratelimit *rl, unsigned int burst,
			    unsigned int tries)
{
	unsigned int n, ok = 0;

	for (n = 0; n < tries; n++)
		ok += ratelimit_ok(rl, burst);
	return ok;
}

TEST(ratelimit_burst_per_window)
{
	struct ratelimit rl = { 0 };

	out_len = 0;
	CHECK_EQ(allowed(&rl, 3, 100), 3);
	clock_us += RATELIMIT_WINDOW_US / 2;
	CHECK_EQ(allowed(&rl, 3, 100), 0);
	CHECK_EQ(out_len, 0);
	clock_us += RATELIMIT_WINDOW_US;
	/* The next window: the count of the dropped ones comes first. */
	CHECK_EQ(allowed(&rl, 3, 1), 1);
	CHECK_STR(out, "(197 messages like the next one suppressed)\n");
	CHECK_EQ(allowed(&rl, 3, 10), 2);
}

TEST(ratelimit_zeroed_is_ready_and_quiet_when_under)
{
	struct ratelimit rl;

	memset(&rl, 0, sizeof(rl));
	out_len = 0;
	out[0] = '\0';
	CHECK_EQ(allowed(&rl, 2, 2), 2);
	clock_us += 2 * RATELIMIT_WINDOW_US;
	CHECK_EQ(allowed(&rl, 2, 2), 2);
	CHECK_STR(out, "");
}
