/* SPDX-License-Identifier: GPL-2.0 */
/*
 * enable.c: enabling and disabling the hypervisor, and its status.
 */
#ifndef _JH_DRIVER_ENABLE_H
#define _JH_DRIVER_ENABLE_H

#include <jailhouse/ioctl.h>

struct jh_cause;

int jh_enable(struct jh_cause *cause, const struct jh_ioctl_config *arg);
int jh_disable(struct jh_cause *cause);
int jh_get_status(struct jh_ioctl_status *status);

#endif /* _JH_DRIVER_ENABLE_H */
