// SPDX-License-Identifier: GPL-2.0
/*
 * Failure causes: the message of a failed request, logged and kept for
 * JH_IOCTL_LAST_ERROR, and the names of the error codes in it.
 */
#define pr_fmt(fmt) "jailhouse: " fmt

#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/printk.h>

#include <jailhouse/hypercall.h>

#include "cause.h"

int jh_fail(struct jh_cause *cause, int err, const char *fmt, ...)
{
	va_list args;

	va_start(args, fmt);
	vsnprintf(cause->text, sizeof(cause->text), fmt, args);
	va_end(args);
	cause->err = err;
	pr_err("%s\n", cause->text);
	return err;
}

const char *jh_errname(int err)
{
	/* The hypervisor's codes are Linux errno numbers. */
	switch (err < 0 ? -err : err) {
	case JH_EPERM: return "EPERM";
	case JH_ENOENT: return "ENOENT";
	case JH_E2BIG: return "E2BIG";
	case JH_ENOMEM: return "ENOMEM";
	case JH_EFAULT: return "EFAULT";
	case JH_EBUSY: return "EBUSY";
	case JH_EEXIST: return "EEXIST";
	case JH_EINVAL: return "EINVAL";
	case JH_ERANGE: return "ERANGE";
	case JH_ENOSYS: return "ENOSYS";
	case ENODEV: return "ENODEV";
	case EIO: return "EIO";
	case ENOTTY: return "ENOTTY";
	case EOPNOTSUPP: return "EOPNOTSUPP";
	default: return "unknown error";
	}
}
