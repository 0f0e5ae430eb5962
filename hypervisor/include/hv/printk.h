/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Hypervisor output: to the debug UART and the console ring that the root
 * cell reads (struct jh_console_page).
 */
#ifndef HV_PRINTK_H
#define HV_PRINTK_H

#include <stdarg.h>
#include <hv/types.h>

/* One line of output is formatted at a time; longer lines are cut. */
#define PRINTK_LINE_MAX		256

void printk(const char *fmt, ...) __printf(1, 2);
void vprintk(const char *fmt, va_list ap);

/*
 * Records the reason of a failing request in the console page's
 * last_error (which the driver shows to the user) and prints it.
 */
void hv_error(const char *fmt, ...) __printf(1, 2);

/*
 * For messages a guest can trigger at will: ratelimit_ok() allows at most
 * burst messages per limiter in each RATELIMIT_WINDOW_US; the first one
 * allowed after a window that dropped some is preceded by a line saying
 * how many. A zeroed limiter is ready. Limiters take no lock: callers
 * racing on a shared one may miscount, never block.
 */
#define RATELIMIT_WINDOW_US	1000000

struct ratelimit {
	uint64_t window_start;		/* timer_arch_now_us() */
	unsigned int count;		/* allowed in this window */
	unsigned int suppressed;	/* dropped since the last allowed */
};
bool ratelimit_ok(struct ratelimit *rl, unsigned int burst);

/* Burst of the per-cell limiters (hv/cell.h). */
#define GUEST_MSG_BURST		10

#endif /* HV_PRINTK_H */
