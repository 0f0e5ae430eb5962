/* SPDX-License-Identifier: GPL-2.0 */
/*
 * config.c: user copies and the shared validator, with messages.
 */
#ifndef _JH_DRIVER_CONFIG_H
#define _JH_DRIVER_CONFIG_H

#include <linux/types.h>

#include <jailhouse/config.h>
#include <jailhouse/ioctl.h>

struct jh_cause;

void *jh_config_copy(struct jh_cause *cause,
		     const struct jh_ioctl_config *arg, const char *what);
int jh_config_check_system(struct jh_cause *cause,
			   const struct jh_system_desc *sys, u32 size);
int jh_config_check_cell(struct jh_cause *cause,
			 const struct jh_cell_desc *cell, u32 size);

#endif /* _JH_DRIVER_CONFIG_H */
