/* SPDX-License-Identifier: GPL-2.0 */
/*
 * load.c: copying images into a cell's loadable memory.
 */
#ifndef _JH_DRIVER_LOAD_H
#define _JH_DRIVER_LOAD_H

#include <linux/compiler.h>

#include <jailhouse/ioctl.h>

struct jh_cause;

int jh_cell_load(struct jh_cause *cause,
		 const struct jh_ioctl_cell_load __user *uarg);

#endif /* _JH_DRIVER_LOAD_H */
