/* SPDX-License-Identifier: GPL-2.0 */
/*
 * links.c: the root cell's link devices on its PCI bus, after enable;
 * before it, the check that their slots are empty.
 */
#ifndef _JH_DRIVER_LINKS_H
#define _JH_DRIVER_LINKS_H

#include <jailhouse/config.h>

struct jh_cause;

int jh_links_check(struct jh_cause *cause, const struct jh_system_desc *sys);
void jh_links_add(const struct jh_system_desc *sys);
void jh_links_remove(void);

#endif /* _JH_DRIVER_LINKS_H */
