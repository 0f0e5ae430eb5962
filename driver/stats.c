// SPDX-License-Identifier: GPL-2.0
/*
 * Per-CPU trap counters of a cell, read from the hypervisor on every
 * access: /sys/devices/jailhouse/cells/<id>/statistics/cpu<N>/<counter>.
 * Only the counters the architecture has are listed.
 */
#define pr_fmt(fmt) "jailhouse: " fmt

#include <linux/kobject.h>
#include <linux/slab.h>
#include <linux/sysfs.h>

#include <jailhouse/hypercall.h>

#include "arch.h"
#include "state.h"
#include "stats.h"

struct jh_cpu_stats {
	struct kobject kobj;
	struct list_head entry;
	unsigned int cpu;
};

struct jh_stat_attr {
	struct kobj_attribute attr;
	unsigned int stat;		/* JH_STAT_* */
};

static ssize_t jh_stat_show(struct kobject *kobj, struct kobj_attribute *attr,
			    char *buf)
{
	struct jh_cpu_stats *cs = container_of(kobj, struct jh_cpu_stats, kobj);
	struct jh_stat_attr *sa = container_of(attr, struct jh_stat_attr, attr);
	long value;

	value = jh_arch_hypercall(JH_HC_CPU_GET_INFO, cs->cpu,
				  JH_CPU_INFO_STAT_BASE + sa->stat);
	if (value < 0)
		return value;
	return sysfs_emit(buf, "%ld\n", value);
}

#define JH_STAT_ATTR(_name, _stat)					\
	static struct jh_stat_attr jh_stat_##_name = {			\
		.attr = __ATTR(_name, 0444, jh_stat_show, NULL),	\
		.stat = _stat,						\
	}

JH_STAT_ATTR(total, JH_STAT_TOTAL);
JH_STAT_ATTR(hypercall, JH_STAT_HYPERCALL);
JH_STAT_ATTR(mmio, JH_STAT_MMIO);
JH_STAT_ATTR(irq, JH_STAT_IRQ);
#ifdef CONFIG_ARM64
JH_STAT_ATTR(psci, JH_STAT_PSCI);
JH_STAT_ATTR(sgi, JH_STAT_SGI);
JH_STAT_ATTR(sysreg, JH_STAT_SYSREG);
#else
JH_STAT_ATTR(pio, JH_STAT_PIO);
JH_STAT_ATTR(msr, JH_STAT_MSR);
JH_STAT_ATTR(cpuid, JH_STAT_CPUID);
JH_STAT_ATTR(ipi, JH_STAT_IPI);
#endif

static struct attribute *jh_stat_attrs[] = {
	&jh_stat_total.attr.attr,
	&jh_stat_hypercall.attr.attr,
	&jh_stat_mmio.attr.attr,
	&jh_stat_irq.attr.attr,
#ifdef CONFIG_ARM64
	&jh_stat_psci.attr.attr,
	&jh_stat_sgi.attr.attr,
	&jh_stat_sysreg.attr.attr,
#else
	&jh_stat_pio.attr.attr,
	&jh_stat_msr.attr.attr,
	&jh_stat_cpuid.attr.attr,
	&jh_stat_ipi.attr.attr,
#endif
	NULL,
};
ATTRIBUTE_GROUPS(jh_stat);

static void jh_cpu_stats_release(struct kobject *kobj)
{
	kfree(container_of(kobj, struct jh_cpu_stats, kobj));
}

static struct kobj_type jh_cpu_stats_ktype = {
	.release = jh_cpu_stats_release,
	.sysfs_ops = &kobj_sysfs_ops,
	.default_groups = jh_stat_groups,
};

static void jh_stats_add_cpu(struct jh_cell *cell, unsigned int cpu)
{
	struct jh_cpu_stats *cs = kzalloc(sizeof(*cs), GFP_KERNEL);

	if (!cs)
		return;
	cs->cpu = cpu;
	if (kobject_init_and_add(&cs->kobj, &jh_cpu_stats_ktype,
				 cell->stats_dir, "cpu%u", cpu)) {
		pr_warn("no statistics for CPU %u of cell '%s'\n", cpu,
			cell->name);
		kobject_put(&cs->kobj);
		return;
	}
	list_add_tail(&cs->entry, &cell->stats);
}

static void jh_stats_remove_cpu(struct jh_cpu_stats *cs)
{
	list_del(&cs->entry);
	kobject_del(&cs->kobj);
	kobject_put(&cs->kobj);
}

/* Makes statistics/ list exactly the CPUs the cell has now. */
void jh_stats_sync(struct jh_cell *cell)
{
	struct jh_cpu_stats *cs, *next;
	unsigned int cpu;

	if (!cell->in_sysfs)
		return;
	if (!cell->stats_dir) {
		INIT_LIST_HEAD(&cell->stats);
		cell->stats_dir = kobject_create_and_add("statistics",
							 &cell->kobj);
		if (!cell->stats_dir)
			return;
	}

	list_for_each_entry_safe(cs, next, &cell->stats, entry)
		if (!cpumask_test_cpu(cs->cpu, &cell->cpus))
			jh_stats_remove_cpu(cs);

	for_each_cpu(cpu, &cell->cpus) {
		bool listed = false;

		list_for_each_entry(cs, &cell->stats, entry)
			listed |= cs->cpu == cpu;
		if (!listed)
			jh_stats_add_cpu(cell, cpu);
	}
}

void jh_stats_remove(struct jh_cell *cell)
{
	struct jh_cpu_stats *cs, *next;

	if (!cell->stats_dir)
		return;
	list_for_each_entry_safe(cs, next, &cell->stats, entry)
		jh_stats_remove_cpu(cs);
	kobject_del(cell->stats_dir);
	kobject_put(cell->stats_dir);
	cell->stats_dir = NULL;
}
