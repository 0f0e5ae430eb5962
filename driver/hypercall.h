/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hypercall.c: a hypercall whose failure becomes the cause: last_error if
 * the hypervisor wrote one, else "<what>: hypervisor returned <code>".
 */
#ifndef _JH_DRIVER_HYPERCALL_H
#define _JH_DRIVER_HYPERCALL_H

#include <linux/compiler.h>

struct jh_cause;

__printf(5, 6) long jh_hypercall(struct jh_cause *cause, unsigned long code,
				 unsigned long arg1, unsigned long arg2,
				 const char *what_fmt, ...);

#endif /* _JH_DRIVER_HYPERCALL_H */
