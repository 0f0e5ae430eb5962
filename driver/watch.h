/* SPDX-License-Identifier: GPL-2.0 */
/*
 * watch.c: tells user space when a cell's state changes, the hypervisor's
 * doing included (a failed cell, a cell that powered itself off).
 */
#ifndef _JH_DRIVER_WATCH_H
#define _JH_DRIVER_WATCH_H

struct kobject;

/* Where the change uevents go (a kobject with a class: /dev/jailhouse). */
void jh_watch_set_uevent_kobj(struct kobject *kobj);
/* After enable, jh_lock held: checks the cells every JH_WATCH_MS. */
void jh_watch_start(void);
/* Before disable, jh_lock held: no check runs once this returns. */
void jh_watch_stop(void);

#endif /* _JH_DRIVER_WATCH_H */
