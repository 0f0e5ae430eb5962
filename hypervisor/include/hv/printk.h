/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Hypervisor output: to the debug UART and the console ring that the root
 * cell reads (struct jh_console_page).
 */
#ifndef _HV_PRINTK_H
#define _HV_PRINTK_H

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
 * For events a guest can trigger at will: prints at most burst messages
 * per limiter, then one in every 1024.
 */
struct ratelimit {
	unsigned int count;
};
bool ratelimit_ok(struct ratelimit *rl, unsigned int burst);

#endif /* _HV_PRINTK_H */
