/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Why a request failed: the cause every layer of the driver fills in and
 * /dev/jailhouse hands out through JH_IOCTL_LAST_ERROR. The bottom of the
 * driver: it calls no other file of it.
 */
#ifndef _JH_DRIVER_CAUSE_H
#define _JH_DRIVER_CAUSE_H

#include <linux/compiler.h>

#include <jailhouse/ioctl.h>

/* Why the last request failed: one line for JH_IOCTL_LAST_ERROR. */
struct jh_cause {
	int err;			/* negative errno, 0 after success */
	char text[JH_ERROR_LEN];
};

/* Formats the cause, pr_err()s it and returns err. */
__printf(3, 4) int jh_fail(struct jh_cause *cause, int err,
			   const char *fmt, ...);
const char *jh_errname(int err);

#endif /* _JH_DRIVER_CAUSE_H */
