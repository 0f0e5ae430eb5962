/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Internal interfaces of the jailhouse kernel module.
 *
 * Locking: jh_lock serialises every ioctl and every access to the global
 * state below. Lock order: jh_lock, then cpus_read_lock(). remove_cpu() and
 * add_cpu() take the hotplug lock themselves, so they are called with
 * jh_lock held but never inside cpus_read_lock(). sysfs attributes of cells
 * never take jh_lock, because cells are removed from sysfs under it.
 */
#ifndef _JH_DRIVER_H
#define _JH_DRIVER_H

#include <linux/cpumask.h>
#include <linux/kobject.h>
#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/types.h>

#include <jailhouse/config.h>
#include <jailhouse/console.h>
#include <jailhouse/header.h>
#include <jailhouse/ioctl.h>

#include "arch.h"

struct jh_pci_taken;

/* Generous: a maximal config (256 CPUs, all arrays full) is below 4 KiB. */
#define JH_CONFIG_MAX_SIZE	(64 * 1024)

/* The hypervisor's page size, independent of the kernel's PAGE_SIZE. */
#define JH_HV_PAGE_SIZE		4096

/* Why the last request failed: one line for JH_IOCTL_LAST_ERROR. */
struct jh_cause {
	int err;			/* negative errno, 0 after success */
	char text[JH_ERROR_LEN];
};

/* Formats the cause, pr_err()s it and returns err. */
__printf(3, 4) int jh_fail(struct jh_cause *cause, int err,
			   const char *fmt, ...);
const char *jh_errname(int err);

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
};

/* Global state, protected by jh_lock. */
extern struct mutex jh_lock;
extern bool jh_enabled;
extern struct jh_system_desc *jh_sysconfig;
extern struct jh_cell *jh_root_cell;
extern struct list_head jh_cells;	/* non-root cells */

/* firmware.c: the hypervisor image, loaded once at module load. */
struct jh_firmware {
	const char *name;
	size_t size;
	const struct jh_hv_header *header;
	const u8 *data;
};

extern struct jh_firmware jh_fw;
int jh_firmware_load(struct device *dev);
void jh_firmware_release(void);

/* enable.c */
int jh_enable(struct jh_cause *cause, const struct jh_ioctl_config *arg);
int jh_disable(struct jh_cause *cause);
int jh_get_status(struct jh_ioctl_status *status);

/* cell.c */
int jh_cell_create(struct jh_cause *cause, const struct jh_ioctl_config *arg);
int jh_cell_start(struct jh_cause *cause, const struct jh_ioctl_cell_id *id);
int jh_cell_shutdown(struct jh_cause *cause,
		     const struct jh_ioctl_cell_id *id);
int jh_cell_destroy(struct jh_cause *cause, const struct jh_ioctl_cell_id *id);
int jh_cell_destroy_all(struct jh_cause *cause);
struct jh_cell *jh_cell_find(struct jh_cause *cause,
			     const struct jh_ioctl_cell_id *id);
void jh_cell_set_cpus_from_desc(struct jh_cell *cell);

/*
 * pci.c: a cell's PCI devices, unbound from their Linux drivers and kept
 * from rebinding while the cell owns them; given back on destroy.
 */
int jh_pci_take(struct jh_cause *cause, struct jh_cell *cell);
void jh_pci_give_back(struct jh_cell *cell);

/* load.c */
int jh_cell_load(struct jh_cause *cause,
		 const struct jh_ioctl_cell_load __user *uarg);

/* config.c: user copies and the shared validator, with messages. */
void *jh_config_copy(struct jh_cause *cause,
		     const struct jh_ioctl_config *arg, const char *what);
int jh_config_check_system(struct jh_cause *cause,
			   const struct jh_system_desc *sys, u32 size);
int jh_config_check_cell(struct jh_cause *cause,
			 const struct jh_cell_desc *cell, u32 size);

/*
 * hypercall.c: a hypercall whose failure becomes the cause: last_error if
 * the hypervisor wrote one, else "<what>: hypervisor returned <code>".
 */
__printf(5, 6) long jh_hypercall(struct jh_cause *cause, unsigned long code,
				 unsigned long arg1, unsigned long arg2,
				 const char *what_fmt, ...);

/* console.c: the hypervisor's console page. */
int jh_console_map(phys_addr_t phys);
void jh_console_unmap(void);
u32 jh_console_error_seq(void);
bool jh_console_error_since(u32 seq, char *buf, size_t size);
ssize_t jh_console_read(u32 *pos, char __user *buf, size_t count);

/*
 * sysfs.c. jh_sysfs_add_cell() hands the cell to its kobject even when it
 * fails; from then on only jh_sysfs_remove_cell() frees it.
 */
int jh_sysfs_init(void);
void jh_sysfs_exit(void);
struct device *jh_sysfs_device(void);
int jh_sysfs_add_cell(struct jh_cell *cell);
void jh_sysfs_remove_cell(struct jh_cell *cell);

/* stats.c: statistics/cpu<N>/ follow the cell's CPUs after each sync. */
void jh_stats_sync(struct jh_cell *cell);
void jh_stats_remove(struct jh_cell *cell);

/*
 * coverage.c: the block map of a coverage build of the hypervisor, ORed
 * together over every run and readable in sysfs; idle for a normal image.
 */
void jh_coverage_init(void);
void jh_coverage_exit(void);
void jh_coverage_collect(phys_addr_t hv_phys);

/*
 * links.c: the root cell's link devices on its PCI bus, after enable;
 * before it, the check that their slots are empty.
 */
int jh_links_check(struct jh_cause *cause, const struct jh_system_desc *sys);
void jh_links_add(const struct jh_system_desc *sys);
void jh_links_remove(void);

#endif /* _JH_DRIVER_H */
