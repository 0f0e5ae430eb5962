// SPDX-License-Identifier: GPL-2.0
/*
 * /sys/devices/jailhouse/: enabled, mem_pool_size, mem_pool_used (pages)
 * and cells/<id>/{name,state,cpus_assigned,cpus_failed}, cpus as cpulists;
 * cells/<id>/statistics/ is stats.c's, coverage (coverage builds only)
 * coverage.c's.
 *
 * Cell attributes do not take jh_lock (cells leave sysfs under it). They
 * may issue read-only hypercalls without it: a cell directory exists only
 * while the hypervisor is enabled, and disable removes them all first.
 */
#define pr_fmt(fmt) "jailhouse: " fmt

#include <linux/device.h>
#include <linux/slab.h>
#include <linux/sysfs.h>

#include <jailhouse/hypercall.h>

#include "arch.h"
#include "cause.h"
#include "state.h"
#include "stats.h"
#include "sysfs.h"

static struct device *jh_root_dev;
static struct kobject *jh_cells_dir;

struct device *jh_sysfs_device(void)
{
	return jh_root_dev;
}

const char *jh_cell_state_name(long state)
{
	switch (state) {
	case JH_CELL_RUNNING: return "running";
	case JH_CELL_RUNNING_LOCKED: return "running/locked";
	case JH_CELL_SHUT_DOWN: return "shut down";
	case JH_CELL_FAILED: return "failed";
	case JH_CELL_FAILED_COMM_REV: return "failed/comm-revision";
	default: return "unknown";
	}
}

static ssize_t enabled_show(struct device *dev, struct device_attribute *attr,
			    char *buf)
{
	return sysfs_emit(buf, "%d\n", READ_ONCE(jh_enabled));
}

static ssize_t jh_show_pool_info(char *buf, unsigned long item)
{
	long pages = 0;

	if (mutex_lock_interruptible(&jh_lock))
		return -ERESTARTSYS;
	if (jh_enabled)
		pages = jh_arch_hypercall(JH_HC_HYPERVISOR_GET_INFO, item, 0);
	mutex_unlock(&jh_lock);
	if (pages < 0)
		return pages;
	return sysfs_emit(buf, "%ld\n", pages);
}

static ssize_t mem_pool_size_show(struct device *dev,
				  struct device_attribute *attr, char *buf)
{
	return jh_show_pool_info(buf, JH_INFO_MEM_POOL_SIZE);
}

static ssize_t mem_pool_used_show(struct device *dev,
				  struct device_attribute *attr, char *buf)
{
	return jh_show_pool_info(buf, JH_INFO_MEM_POOL_USED);
}

static DEVICE_ATTR_RO(enabled);
static DEVICE_ATTR_RO(mem_pool_size);
static DEVICE_ATTR_RO(mem_pool_used);

static struct attribute *jh_root_attrs[] = {
	&dev_attr_enabled.attr,
	&dev_attr_mem_pool_size.attr,
	&dev_attr_mem_pool_used.attr,
	NULL,
};

static const struct attribute_group jh_root_group = {
	.attrs = jh_root_attrs,
};

static struct jh_cell *jh_kobj_cell(struct kobject *kobj)
{
	return container_of(kobj, struct jh_cell, kobj);
}

static ssize_t name_show(struct kobject *kobj, struct kobj_attribute *attr,
			 char *buf)
{
	return sysfs_emit(buf, "%s\n", jh_kobj_cell(kobj)->name);
}

static ssize_t state_show(struct kobject *kobj, struct kobj_attribute *attr,
			  char *buf)
{
	struct jh_cell *cell = jh_kobj_cell(kobj);
	long state = JH_CELL_RUNNING;

	/* The root cell runs whenever it is listed. */
	if (cell->id != 0)
		state = jh_arch_hypercall(JH_HC_CELL_GET_STATE, cell->id, 0);
	return sysfs_emit(buf, "%s\n", jh_cell_state_name(state));
}

static ssize_t cpus_assigned_show(struct kobject *kobj,
				  struct kobj_attribute *attr, char *buf)
{
	return sysfs_emit(buf, "%*pbl\n",
			  cpumask_pr_args(&jh_kobj_cell(kobj)->cpus));
}

static ssize_t cpus_failed_show(struct kobject *kobj,
				struct kobj_attribute *attr, char *buf)
{
	struct jh_cell *cell = jh_kobj_cell(kobj);
	cpumask_var_t failed;
	unsigned int cpu;
	ssize_t len;

	if (!zalloc_cpumask_var(&failed, GFP_KERNEL))
		return -ENOMEM;
	for_each_cpu(cpu, &cell->cpus)
		if (jh_arch_hypercall(JH_HC_CPU_GET_INFO, cpu,
				      JH_CPU_INFO_STATE) == JH_CPU_FAILED)
			cpumask_set_cpu(cpu, failed);
	len = sysfs_emit(buf, "%*pbl\n", cpumask_pr_args(failed));
	free_cpumask_var(failed);
	return len;
}

static struct kobj_attribute jh_cell_attr_name = __ATTR_RO(name);
static struct kobj_attribute jh_cell_attr_state = __ATTR_RO(state);
static struct kobj_attribute jh_cell_attr_cpus_assigned =
	__ATTR_RO(cpus_assigned);
static struct kobj_attribute jh_cell_attr_cpus_failed =
	__ATTR_RO(cpus_failed);

static struct attribute *jh_cell_attrs[] = {
	&jh_cell_attr_name.attr,
	&jh_cell_attr_state.attr,
	&jh_cell_attr_cpus_assigned.attr,
	&jh_cell_attr_cpus_failed.attr,
	NULL,
};
ATTRIBUTE_GROUPS(jh_cell);

/* The last reference is gone: the cell and its config copy go. */
static void jh_cell_kobj_release(struct kobject *kobj)
{
	struct jh_cell *cell = jh_kobj_cell(kobj);

	/* The root cell's desc points into jh_sysconfig. */
	if (cell->id != 0)
		kfree(cell->desc);
	kfree(cell);
}

static struct kobj_type jh_cell_ktype = {
	.release = jh_cell_kobj_release,
	.sysfs_ops = &kobj_sysfs_ops,
	.default_groups = jh_cell_groups,
};

int jh_sysfs_add_cell(struct jh_cell *cell)
{
	int err;

	kobject_init(&cell->kobj, &jh_cell_ktype);
	err = kobject_add(&cell->kobj, jh_cells_dir, "%d", cell->id);
	if (err) {
		pr_err("cannot add /sys/devices/jailhouse/cells/%d: %s\n",
		       cell->id, jh_errname(err));
		return err;
	}
	cell->in_sysfs = true;
	jh_stats_sync(cell);
	kobject_uevent(&cell->kobj, KOBJ_ADD);
	return 0;
}

/* Waits for attribute reads in progress, then frees the cell. */
void jh_sysfs_remove_cell(struct jh_cell *cell)
{
	jh_stats_remove(cell);
	if (cell->in_sysfs)
		kobject_del(&cell->kobj);
	cell->in_sysfs = false;
	kobject_put(&cell->kobj);
}

int jh_sysfs_init(void)
{
	int err;

	jh_root_dev = root_device_register(JH_DEVICE_NAME);
	if (IS_ERR(jh_root_dev)) {
		err = PTR_ERR(jh_root_dev);
		pr_err("cannot register /sys/devices/%s: %s\n",
		       JH_DEVICE_NAME, jh_errname(err));
		return err;
	}

	err = sysfs_create_group(&jh_root_dev->kobj, &jh_root_group);
	if (err)
		goto out_dev;

	jh_cells_dir = kobject_create_and_add("cells", &jh_root_dev->kobj);
	if (!jh_cells_dir) {
		err = -ENOMEM;
		goto out_group;
	}
	return 0;

out_group:
	sysfs_remove_group(&jh_root_dev->kobj, &jh_root_group);
out_dev:
	pr_err("cannot create attributes of /sys/devices/%s: %s\n",
	       JH_DEVICE_NAME, jh_errname(err));
	root_device_unregister(jh_root_dev);
	return err;
}

void jh_sysfs_exit(void)
{
	kobject_put(jh_cells_dir);
	sysfs_remove_group(&jh_root_dev->kobj, &jh_root_group);
	root_device_unregister(jh_root_dev);
}
