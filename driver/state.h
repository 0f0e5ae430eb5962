/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The driver's global state: whether the hypervisor is enabled, its system
 * config, and the cells. Data only; this file calls no other of the driver.
 *
 * Locking: jh_lock serialises every ioctl and every access to the global
 * state below. Lock order: jh_lock, then cpus_read_lock(). remove_cpu() and
 * add_cpu() take the hotplug lock themselves, so they are called with
 * jh_lock held but never inside cpus_read_lock(). sysfs attributes of cells
 * never take jh_lock, because cells are removed from sysfs under it.
 */
#ifndef _JH_DRIVER_STATE_H
#define _JH_DRIVER_STATE_H

#include <linux/cpumask.h>
#include <linux/kobject.h>
#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/types.h>

#include <jailhouse/config.h>

struct jh_pci_taken;

struct jh_cell {
	struct kobject kobj;
	struct list_head entry;
	int id;				/* 0 is the root cell */
	char name[JH_CELL_NAME_LEN];
	struct cpumask cpus;
	/* kmalloc'ed copy; for the root cell it points into jh_sysconfig. */
	const struct jh_cell_desc *desc;
	bool in_sysfs;
	struct kobject *stats_dir;	/* statistics/, see stats.c */
	struct list_head stats;		/* its cpu<N> entries */
	/* PCI devices taken from Linux, see pci.c */
	struct jh_pci_taken *pci_taken;
	unsigned int num_pci_taken;
	/* The state watch.c saw last (JH_CELL_*), once watched is set. */
	long watched_state;
	bool watched;
};

/* Global state, protected by jh_lock. */
extern struct mutex jh_lock;
extern bool jh_enabled;
extern struct jh_system_desc *jh_sysconfig;
extern struct jh_cell *jh_root_cell;
extern struct list_head jh_cells;	/* non-root cells */

#endif /* _JH_DRIVER_STATE_H */
