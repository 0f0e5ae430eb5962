// SPDX-License-Identifier: GPL-2.0
/*
 * Non-root cells: create (take the CPUs and PCI devices from Linux, hand
 * the config to the hypervisor), start, shutdown, destroy (give them back)
 * and lookup. Loading images is in load.c, the PCI handover in pci.c.
 */
#define pr_fmt(fmt) "jailhouse: " fmt

#include <linux/cpu.h>
#include <linux/io.h>
#include <linux/ioport.h>
#include <linux/mm.h>
#include <linux/slab.h>
#include <linux/string.h>

#include <jailhouse/hypercall.h>

#include "cause.h"
#include "cell.h"
#include "config.h"
#include "hypercall.h"
#include "pci.h"
#include "state.h"
#include "stats.h"
#include "sysfs.h"

void jh_cell_set_cpus_from_desc(struct jh_cell *cell)
{
	unsigned int cpu, max = cell->desc->cpu_set_size * 8;

	cpumask_clear(&cell->cpus);
	for (cpu = 0; cpu < max && cpu < nr_cpu_ids; cpu++)
		if (jh_cpu_in_set(cell->desc, cpu))
			cpumask_set_cpu(cpu, &cell->cpus);
}

struct jh_cell *jh_cell_find(struct jh_cause *cause,
			     const struct jh_ioctl_cell_id *id)
{
	char name[JH_CELL_NAME_LEN];
	struct jh_cell *cell;

	if (!jh_enabled) {
		jh_fail(cause, -EINVAL, "hypervisor is not enabled");
		return NULL;
	}
	if (id->id == 0) {
		jh_fail(cause, -EINVAL,
			"cell 0 is the root cell (Linux); use enable/disable");
		return NULL;
	}

	strscpy(name, id->name, sizeof(name));
	list_for_each_entry(cell, &jh_cells, entry) {
		if (id->id > 0 ? cell->id == id->id : !strcmp(cell->name, name))
			return cell;
	}

	if (id->id > 0)
		jh_fail(cause, -ENOENT, "no cell with id %d", id->id);
	else if (jh_root_cell && !strcmp(jh_root_cell->name, name))
		jh_fail(cause, -EINVAL,
			"'%s' is the root cell (Linux); use enable/disable",
			name);
	else
		jh_fail(cause, -ENOENT, "no cell named '%s'", name);
	return NULL;
}

/* Checks what only the running Linux can know about the new cell. */
static int jh_check_cell_against_linux(struct jh_cause *cause,
				       const struct jh_cell *cell)
{
	const struct jh_memory_region *mem = jh_cell_mem_regions(cell->desc);
	unsigned int cpu, n;

	if (cpumask_empty(&cell->cpus))
		return jh_fail(cause, -EINVAL, "cell '%s' has no CPU",
			       cell->name);
	/* Offline ones are fine: they wait in the hypervisor already. */
	for_each_cpu(cpu, &cell->cpus)
		if (!cpu_present(cpu))
			return jh_fail(cause, -EINVAL,
				       "CPU %u of cell '%s' does not exist in Linux (present: %*pbl)",
				       cpu, cell->name,
				       cpumask_pr_args(cpu_present_mask));
	if (cpumask_subset(cpu_online_mask, &cell->cpus))
		return jh_fail(cause, -EBUSY,
			       "cell '%s' would take every CPU from Linux",
			       cell->name);

	/* Memory Linux runs on cannot be taken away from it. */
	for (n = 0; n < cell->desc->num_memory_regions; n++) {
		u64 flags = mem[n].flags;

		if (flags & (JH_MEM_COMM_REGION | JH_MEM_ROOTSHARED |
			     JH_MEM_IO))
			continue;
		if (region_intersects(mem[n].phys_start, mem[n].size,
				      IORESOURCE_SYSTEM_RAM,
				      IORES_DESC_NONE) != REGION_DISJOINT)
			return jh_fail(cause, -EBUSY,
				       "memory region %u of cell '%s': 0x%llx-0x%llx is Linux System RAM",
				       n, cell->name, mem[n].phys_start,
				       mem[n].phys_start + mem[n].size - 1);
	}
	return 0;
}

/*
 * Brings cpus up in Linux again, through PSCI CPU_ON, which the hypervisor
 * serves for parked root CPUs. One already online is fine (add_cpu()
 * returns 1 then).
 */
static void jh_online_cpus(struct jh_cause *cause, const struct cpumask *cpus,
			   const char *name)
{
	unsigned int cpu;
	int err;

	for_each_cpu(cpu, cpus) {
		err = add_cpu(cpu);
		if (err >= 0)
			continue;
		if (cause)
			jh_fail(cause, err,
				"CPU %u of cell '%s' did not come back to Linux: add_cpu() returned %d (%s)",
				cpu, name, err, jh_errname(err));
		else
			pr_err("CPU %u of cell '%s' did not come back to Linux: add_cpu() returned %d (%s)\n",
			       cpu, name, err, jh_errname(err));
	}
}

/* The root cell's CPU list in sysfs follows what the hypervisor did. */
static void jh_root_cpus_update(const struct cpumask *cpus, bool give)
{
	if (!jh_root_cell)
		return;
	if (give)
		cpumask_or(&jh_root_cell->cpus, &jh_root_cell->cpus, cpus);
	else
		cpumask_andnot(&jh_root_cell->cpus, &jh_root_cell->cpus, cpus);
	jh_stats_sync(jh_root_cell);
}

/*
 * Takes the cell's online CPUs from Linux (remove_cpu(): Linux issues PSCI
 * CPU_OFF, the hypervisor parks the CPU); CPUs Linux took offline earlier
 * are parked already. taken: the CPUs this call took offline.
 */
static int jh_offline_cpus(struct jh_cause *cause, const struct jh_cell *cell,
			   struct cpumask *taken)
{
	unsigned int cpu;
	int err;

	for_each_cpu(cpu, &cell->cpus) {
		if (!cpu_online(cpu))
			continue;
		err = remove_cpu(cpu);
		if (err < 0)
			return jh_fail(cause, err,
				       "cannot take CPU %u from Linux for cell '%s': remove_cpu() returned %d (%s)",
				       cpu, cell->name, err, jh_errname(err));
		/* 1: it went offline meanwhile, not through us. */
		if (err == 0)
			cpumask_set_cpu(cpu, taken);
	}
	return 0;
}

/*
 * The hypercall, with hotplug locked: a CPU of the cell that came back
 * online meanwhile fails the create here, and once the hypervisor owns
 * the CPUs it refuses Linux's CPU_ON for them.
 */
static long jh_create_in_hypervisor(struct jh_cause *cause,
				    const struct jh_cell *cell,
				    struct jh_cell_desc *desc)
{
	unsigned int cpu;
	long id;

	cpus_read_lock();
	for_each_cpu(cpu, &cell->cpus)
		if (cpu_online(cpu)) {
			cpus_read_unlock();
			return jh_fail(cause, -EBUSY,
				       "CPU %u of cell '%s' came back online in Linux while the cell was created",
				       cpu, cell->name);
		}
	/* Root IPA == PA, so the hypervisor reads the kmalloc'ed copy. */
	id = jh_hypercall(cause, JH_HC_CELL_CREATE, virt_to_phys(desc), 0,
			  "creating cell '%s'", cell->name);
	cpus_read_unlock();
	if (id == 0)
		id = jh_fail(cause, -EIO,
			     "creating cell '%s': hypervisor returned id 0",
			     cell->name);
	return id;
}

int jh_cell_create(struct jh_cause *cause, const struct jh_ioctl_config *arg)
{
	struct jh_cell_desc *desc;
	struct cpumask *taken;
	struct jh_cell *cell;
	long id = 0;
	int err;

	if (!jh_enabled)
		return jh_fail(cause, -EINVAL, "hypervisor is not enabled");

	desc = jh_config_copy(cause, arg, "cell config");
	if (!desc)
		return cause->err;
	err = jh_config_check_cell(cause, desc, arg->size);
	if (err)
		goto out_desc;

	cell = kzalloc(sizeof(*cell), GFP_KERNEL);
	taken = kzalloc(cpumask_size(), GFP_KERNEL);
	if (!cell || !taken) {
		err = jh_fail(cause, -ENOMEM, "out of memory for a cell");
		goto out_cell;
	}
	cell->desc = desc;
	strscpy(cell->name, desc->name, sizeof(cell->name));
	jh_cell_set_cpus_from_desc(cell);

	err = jh_check_cell_against_linux(cause, cell);
	if (err)
		goto out_cell;
	/* Drivers stop before the hypervisor hands their devices over. */
	err = jh_pci_take(cause, cell);
	if (!err)
		err = jh_offline_cpus(cause, cell, taken);
	if (!err) {
		id = jh_create_in_hypervisor(cause, cell, desc);
		err = id < 0 ? id : 0;
	}
	if (err) {
		/* As Linux had them: only what we took comes back. */
		jh_online_cpus(NULL, taken, cell->name);
		jh_pci_give_back(cell);
		goto out_cell;
	}
	kfree(taken);

	jh_root_cpus_update(&cell->cpus, false);
	cell->id = id;
	list_add_tail(&cell->entry, &jh_cells);
	pr_info("cell '%s' created: id %d, CPUs %*pbl\n", cell->name,
		cell->id, cpumask_pr_args(&cell->cpus));
	/* The cell works without its sysfs directory; it is only listing. */
	jh_sysfs_add_cell(cell);
	return id;

out_cell:
	kfree(taken);
	kfree(cell);
out_desc:
	kfree(desc);
	return err;
}

/* The hypercall flags a request asks for; unknown bits are ignored. */
static unsigned long jh_hc_flags(const struct jh_ioctl_cell_id *id)
{
	return id->flags & JH_CELL_ID_FORCE ? JH_HC_FORCE : 0;
}

int jh_cell_start(struct jh_cause *cause, const struct jh_ioctl_cell_id *id)
{
	struct jh_cell *cell = jh_cell_find(cause, id);
	long ret;

	if (!cell)
		return cause->err;
	ret = jh_hypercall(cause, JH_HC_CELL_START, cell->id,
			   jh_hc_flags(id),
			   "starting cell '%s'", cell->name);
	if (ret < 0)
		return ret;
	pr_info("cell '%s' (id %d) started\n", cell->name, cell->id);
	return 0;
}

int jh_cell_shutdown(struct jh_cause *cause,
		     const struct jh_ioctl_cell_id *id)
{
	struct jh_cell *cell = jh_cell_find(cause, id);
	long ret;

	if (!cell)
		return cause->err;
	ret = jh_hypercall(cause, JH_HC_CELL_SHUTDOWN, cell->id,
			   jh_hc_flags(id),
			   "shutting down cell '%s'", cell->name);
	if (ret < 0)
		return ret;
	pr_info("cell '%s' (id %d) shut down\n", cell->name, cell->id);
	return 0;
}

/*
 * After the hypervisor gave everything back, the cell is gone even if a
 * CPU fails to come back online; that failure is still reported.
 */
static int jh_destroy(struct jh_cause *cause, struct jh_cell *cell,
		      unsigned long flags)
{
	long ret;

	ret = jh_hypercall(cause, JH_HC_CELL_DESTROY, cell->id, flags,
			   "destroying cell '%s'", cell->name);
	if (ret < 0)
		return ret;

	list_del(&cell->entry);
	jh_root_cpus_update(&cell->cpus, true);
	jh_online_cpus(cause, &cell->cpus, cell->name);
	jh_pci_give_back(cell);
	pr_info("cell '%s' (id %d) destroyed\n", cell->name, cell->id);
	jh_sysfs_remove_cell(cell);
	return cause->err;
}

int jh_cell_destroy(struct jh_cause *cause, const struct jh_ioctl_cell_id *id)
{
	struct jh_cell *cell = jh_cell_find(cause, id);

	return cell ? jh_destroy(cause, cell, jh_hc_flags(id)) : cause->err;
}

int jh_cell_destroy_all(struct jh_cause *cause)
{
	struct jh_cell *cell, *next;
	int err;

	list_for_each_entry_safe(cell, next, &jh_cells, entry) {
		err = jh_destroy(cause, cell, 0);
		if (err)
			return err;
	}
	return 0;
}
