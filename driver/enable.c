// SPDX-License-Identifier: GPL-2.0
/*
 * Enable and disable: check the system config against the running Linux,
 * copy the hypervisor image and the config into the reserved hypervisor
 * memory, enter the hypervisor on every online CPU, and leave it again.
 *
 * While enabled the driver holds a reference on itself (no unload) and the
 * hypervisor memory resource (no other user). CPU hotplug stays allowed:
 * a root CPU that Linux takes offline parks in the hypervisor (PSCI
 * CPU_OFF) and comes back with PSCI CPU_ON. Only entry and exit run under
 * cpus_read_lock(), so that the set of online CPUs cannot change while
 * every one of them enters or leaves; on disable the hypervisor turns the
 * parked ones off in firmware, from where Linux can bring them up again.
 */
#define pr_fmt(fmt) "jailhouse: " fmt

#include <linux/cpu.h>
#include <linux/io.h>
#include <linux/ioport.h>
#include <linux/mm.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/sizes.h>
#include <linux/smp.h>
#include <linux/string.h>

#include <jailhouse/console.h>
#include <jailhouse/hypercall.h>

#include "arch.h"
#include "cause.h"
#include "cell.h"
#include "config.h"
#include "console.h"
#include "coverage.h"
#include "enable.h"
#include "firmware.h"
#include "links.h"
#include "state.h"
#include "sysfs.h"
#include "watch.h"

#define JH_STUB_ERR	0xbadca11	/* the hyp stub's "unknown call" */

static struct resource *jh_hv_resource;

/* Per-CPU results of an on_each_cpu() round. */
struct jh_cpu_round {
	phys_addr_t entry;
	phys_addr_t header;
	long *result;
};

static u64 jh_hv_mem_end(const struct jh_system_desc *sys)
{
	return sys->hypervisor_memory.phys_start +
		sys->hypervisor_memory.size - 1;
}

/* Linux must not use the hypervisor memory, and nobody else may own it. */
static int jh_reserve_hv_memory(struct jh_cause *cause,
				const struct jh_system_desc *sys)
{
	u64 start = sys->hypervisor_memory.phys_start;
	u64 size = sys->hypervisor_memory.size;
	u64 end = jh_hv_mem_end(sys);

	if (region_intersects(start, size, IORESOURCE_SYSTEM_RAM,
			      IORES_DESC_NONE) != REGION_DISJOINT)
		return jh_fail(cause, -EBUSY,
			       "hypervisor memory 0x%llx-0x%llx overlaps Linux System RAM; reserve it on the kernel command line (arm64: mem=, x86: memmap=)",
			       start, end);

	jh_hv_resource = request_mem_region(start, size, "jailhouse hypervisor");
	if (!jh_hv_resource)
		return jh_fail(cause, -EBUSY,
			       "hypervisor memory 0x%llx-0x%llx is claimed by another driver (see /proc/iomem)",
			       start, end);
	return 0;
}

static void jh_release_hv_memory(void)
{
	if (jh_hv_resource)
		release_mem_region(jh_hv_resource->start,
				   resource_size(jh_hv_resource));
	jh_hv_resource = NULL;
}

/* The root cell is exactly the online CPUs. Called with cpus_read_lock(). */
static int jh_check_root_cpus(struct jh_cause *cause,
			      const struct jh_system_desc *sys)
{
	const struct jh_cell_desc *root = &sys->root_cell;
	unsigned int cpu, max = root->cpu_set_size * 8;

	for_each_online_cpu(cpu)
		if (!jh_cpu_in_set(root, cpu))
			return jh_fail(cause, -EINVAL,
				       "CPU %u is online but not in the root cell's CPU set",
				       cpu);

	for (cpu = 0; cpu < max; cpu++) {
		if (!jh_cpu_in_set(root, cpu))
			continue;
		if (cpu >= nr_cpu_ids || !cpu_present(cpu))
			return jh_fail(cause, -EINVAL,
				       "root cell CPU %u does not exist (Linux has CPUs %*pbl)",
				       cpu, cpumask_pr_args(cpu_present_mask));
		if (!cpu_online(cpu))
			return jh_fail(cause, -EINVAL,
				       "root cell CPU %u is offline; bring it online first",
				       cpu);
	}

	if (num_online_cpus() > jh_fw.header->max_cpus)
		return jh_fail(cause, -E2BIG,
			       "%u CPUs are online, but firmware %s supports at most %u",
			       num_online_cpus(), jh_fw.name,
			       jh_fw.header->max_cpus);
	return 0;
}

static u64 jh_sysconfig_offset(void)
{
	return ALIGN(jh_fw.header->core_size, JH_HV_PAGE_SIZE);
}

static int jh_check_hv_memory_size(struct jh_cause *cause,
				   const struct jh_system_desc *sys, u32 size)
{
	/* The hypervisor puts max_cpus per-CPU areas after the config. */
	u64 need = ALIGN(jh_sysconfig_offset() + size, JH_HV_PAGE_SIZE) +
		jh_fw.header->percpu_size * jh_fw.header->max_cpus;

	if (need > sys->hypervisor_memory.size)
		return jh_fail(cause, -ENOMEM,
			       "hypervisor memory 0x%llx-0x%llx (%llu KiB) is too small: image, config and per-CPU data need %llu KiB",
			       sys->hypervisor_memory.phys_start,
			       jh_hv_mem_end(sys),
			       sys->hypervisor_memory.size >> 10, need >> 10);
	return 0;
}

/*
 * Lays out the hypervisor memory: image at 0, bss zeroed, system config at
 * the first page boundary after the core, driver fields of the header.
 */
static void jh_install_image(void *hv, const struct jh_system_desc *sys,
			     u32 size)
{
	const struct jh_hv_header *fwh = jh_fw.header;
	struct jh_hv_header *h = hv;
	u64 cfg = jh_sysconfig_offset();

	memcpy(hv, jh_fw.data, fwh->image_size);
	memset(hv + fwh->image_size, 0, cfg - fwh->image_size);
	memcpy(hv + cfg, sys, size);

	h->online_cpus = num_online_cpus();
	h->hv_phys_base = sys->hypervisor_memory.phys_start;
	h->sysconfig_offset = cfg;
	h->sysconfig_size = size;
}

static void jh_enter_this_cpu(void *info)
{
	struct jh_cpu_round *round = info;
	unsigned int cpu = smp_processor_id();

	round->result[cpu] = jh_arch_cpu_enter(round->entry, round->header,
					       cpu);
}

static void jh_disable_this_cpu(void *info)
{
	struct jh_cpu_round *round = info;

	round->result[smp_processor_id()] =
		jh_arch_hypercall(JH_HC_DISABLE, 0, 0);
}

/*
 * Describes a failed entry of the CPUs in failed; the reason is the
 * hypervisor's if it left one, else the result of the first of them.
 */
static int jh_entry_failed(struct jh_cause *cause,
			   const struct cpumask *failed, long ret, u32 seq)
{
	const char *s = cpumask_weight(failed) > 1 ? "s" : "";
	int err = (ret < 0 && ret >= -MAX_ERRNO) ? ret : -EIO;
	char reason[JH_LAST_ERROR_LEN];

	if (jh_console_error_since(seq, reason, sizeof(reason)))
		return jh_fail(cause, err,
			       "hypervisor entry failed on CPU%s %*pbl: %s",
			       s, cpumask_pr_args(failed), reason);
	if (ret == JH_STUB_ERR)
		return jh_fail(cause, err,
			       "hypervisor entry failed on CPU%s %*pbl: the hyp stub rejected HVC_SOFT_RESTART",
			       s, cpumask_pr_args(failed));
	return jh_fail(cause, err,
		       "hypervisor entry failed on CPU%s %*pbl with %ld (%s) and no message",
		       s, cpumask_pr_args(failed), ret, jh_errname(ret));
}

/*
 * Enters on all online CPUs at once (the hypervisor may rendezvous them).
 * If any fails, the CPUs that made it are taken out again.
 * Called with cpus_read_lock().
 */
static int jh_enter_all(struct jh_cause *cause, void *hv, phys_addr_t phys)
{
	struct jh_cpu_round round = {
		.entry = phys + jh_fw.header->entry,
		.header = phys,
	};
	const struct jh_console_page *con = hv + jh_fw.header->console_offset;
	u32 seq = READ_ONCE(con->last_error_seq);
	struct cpumask *entered, *failed;
	unsigned int cpu;
	int err = 0;

	round.result = kcalloc(nr_cpu_ids, sizeof(*round.result), GFP_KERNEL);
	entered = kzalloc(cpumask_size(), GFP_KERNEL);
	failed = kzalloc(cpumask_size(), GFP_KERNEL);
	if (!round.result || !entered || !failed) {
		err = jh_fail(cause, -ENOMEM,
			      "out of memory for per-CPU entry results");
		goto out;
	}

	on_each_cpu(jh_enter_this_cpu, &round, 1);

	for_each_online_cpu(cpu)
		cpumask_set_cpu(cpu, round.result[cpu] ? failed : entered);

	/* Entered or not, the page now holds what the hypervisor said. */
	jh_console_map(phys + jh_fw.header->console_offset);

	if (!cpumask_empty(failed)) {
		cpu = cpumask_first(failed);
		err = jh_entry_failed(cause, failed, round.result[cpu], seq);
		if (!cpumask_empty(entered)) {
			pr_err("disabling the hypervisor again on CPUs %*pbl\n",
			       cpumask_pr_args(entered));
			on_each_cpu_mask(entered, jh_disable_this_cpu, &round,
					 1);
		}
	}
out:
	kfree(failed);
	kfree(entered);
	kfree(round.result);
	return err;
}

static int jh_add_root_cell(const struct jh_system_desc *sys)
{
	struct jh_cell *root = kzalloc(sizeof(*root), GFP_KERNEL);

	if (!root)
		return -ENOMEM;
	root->id = 0;
	root->desc = &sys->root_cell;
	strscpy(root->name, sys->root_cell.name, sizeof(root->name));
	jh_cell_set_cpus_from_desc(root);
	jh_root_cell = root;
	return jh_sysfs_add_cell(root);
}

static void jh_remove_root_cell(void)
{
	if (jh_root_cell)
		jh_sysfs_remove_cell(jh_root_cell);
	jh_root_cell = NULL;
}

/* cpus: how many entered (the online CPUs, fixed under cpus_read_lock). */
static int jh_enable_checked(struct jh_cause *cause,
			     struct jh_system_desc *sys, u32 size,
			     unsigned int *cpus)
{
	phys_addr_t phys = sys->hypervisor_memory.phys_start;
	u64 hv_size = sys->hypervisor_memory.size;
	void *hv;
	int err;

	cpus_read_lock();
	err = jh_check_root_cpus(cause, sys);
	if (!err)
		err = jh_check_hv_memory_size(cause, sys, size);
	if (!err)
		err = jh_links_check(cause, sys);
	if (err)
		goto out;

	if (hv_size % SZ_1M)
		pr_info("hypervisor memory 0x%llx-0x%llx (%llu KiB): reserved, not used by Linux\n",
			(u64)phys, jh_hv_mem_end(sys), hv_size >> 10);
	else
		pr_info("hypervisor memory 0x%llx-0x%llx (%llu MiB): reserved, not used by Linux\n",
			(u64)phys, jh_hv_mem_end(sys), hv_size >> 20);

	/* Last, so that x86 (no entry yet) runs every other check first. */
	err = jh_arch_check(cause);
	if (err)
		goto out;

	/* The old run's console page is about to be overwritten. */
	jh_console_unmap();

	/* Uncached: the hypervisor starts with its MMU and caches off. */
	hv = memremap(phys, hv_size, MEMREMAP_WC);
	if (!hv) {
		err = jh_fail(cause, -ENOMEM,
			      "cannot map hypervisor memory 0x%llx-0x%llx",
			      (u64)phys, jh_hv_mem_end(sys));
		goto out;
	}
	/* No stale cache line of an earlier run may overwrite the copy. */
	jh_arch_flush_dcache(hv, hv_size);
	jh_install_image(hv, sys, size);
	jh_arch_flush_dcache(hv, hv_size);

	err = jh_enter_all(cause, hv, phys);
	*cpus = num_online_cpus();
	memunmap(hv);
	if (err)
		jh_coverage_collect(phys);
out:
	cpus_read_unlock();
	return err;
}

int jh_enable(struct jh_cause *cause, const struct jh_ioctl_config *arg)
{
	struct jh_system_desc *sys;
	unsigned int cpus = 0;
	int err;

	if (jh_enabled)
		return jh_fail(cause, -EBUSY, "hypervisor is already enabled");

	sys = jh_config_copy(cause, arg, "system config");
	if (!sys)
		return cause->err;

	err = jh_config_check_system(cause, sys, arg->size);
	if (!err)
		err = jh_reserve_hv_memory(cause, sys);
	if (err)
		goto out_free;

	err = jh_enable_checked(cause, sys, arg->size, &cpus);
	if (err)
		goto out_release;

	jh_sysconfig = sys;
	jh_enabled = true;
	__module_get(THIS_MODULE);
	err = jh_add_root_cell(sys);
	if (err)
		pr_warn("root cell is not listed in sysfs: %s\n",
			jh_errname(err));
	jh_links_add(sys);
	jh_watch_start();
	pr_info("hypervisor enabled on %u CPUs\n", cpus);
	return 0;

out_release:
	jh_release_hv_memory();
out_free:
	kfree(sys);
	return err;
}

/* Called with cpus_read_lock(); returns 0 if every CPU left. */
static int jh_leave_all(struct jh_cause *cause)
{
	struct jh_cpu_round round = {};
	u32 seq = jh_console_error_seq();
	char reason[JH_LAST_ERROR_LEN];
	unsigned int cpu;
	long ret;

	round.result = kcalloc(nr_cpu_ids, sizeof(*round.result), GFP_KERNEL);
	if (!round.result)
		return jh_fail(cause, -ENOMEM,
			       "out of memory for per-CPU disable results");

	on_each_cpu(jh_disable_this_cpu, &round, 1);

	for_each_online_cpu(cpu)
		if (round.result[cpu])
			break;
	ret = cpu < nr_cpu_ids ? round.result[cpu] : 0;
	kfree(round.result);
	if (!ret)
		return 0;

	if (jh_console_error_since(seq, reason, sizeof(reason)))
		return jh_fail(cause, ret < 0 ? ret : -EIO,
			       "hypervisor disable failed on CPU %u: %s",
			       cpu, reason);
	return jh_fail(cause, ret < 0 ? ret : -EIO,
		       "hypervisor disable failed on CPU %u with %ld (%s)",
		       cpu, ret, jh_errname(ret));
}

/* Like "jailhouse disable" users know: the cells go first. */
int jh_disable(struct jh_cause *cause)
{
	int err;

	if (!jh_enabled)
		return jh_fail(cause, -EINVAL, "hypervisor is not enabled");
	err = jh_cell_destroy_all(cause);
	if (err)
		return err;
	jh_watch_stop();

	/* No hypercall from a sysfs reader once CPUs start leaving. */
	jh_remove_root_cell();
	/* The root's link devices go away with the hypervisor. */
	jh_links_remove();

	cpus_read_lock();
	err = jh_leave_all(cause);
	cpus_read_unlock();
	if (err) {
		jh_add_root_cell(jh_sysconfig);
		jh_links_add(jh_sysconfig);
		jh_watch_start();
		return err;
	}

	jh_enabled = false;
	jh_coverage_collect(jh_sysconfig->hypervisor_memory.phys_start);
	jh_release_hv_memory();
	kfree(jh_sysconfig);
	jh_sysconfig = NULL;
	module_put(THIS_MODULE);
	pr_info("hypervisor disabled\n");
	return 0;
}

static u64 jh_pool_info(unsigned long item)
{
	long pages = jh_arch_hypercall(JH_HC_HYPERVISOR_GET_INFO, item, 0);

	return pages < 0 ? 0 : pages;
}

int jh_get_status(struct jh_ioctl_status *st)
{
	struct jh_cell *cell;

	st->enabled = jh_enabled;
	strscpy(st->fw_name, jh_fw.name, sizeof(st->fw_name));
	strscpy(st->fw_version, jh_fw.header->version,
		sizeof(st->fw_version));
	st->fw_size = jh_fw.size;
	if (!jh_enabled)
		return 0;

	st->num_cells = 1;
	list_for_each_entry(cell, &jh_cells, entry)
		st->num_cells++;
	st->hv_mem_phys = jh_sysconfig->hypervisor_memory.phys_start;
	st->hv_mem_size = jh_sysconfig->hypervisor_memory.size;
	st->mem_pool_pages = jh_pool_info(JH_INFO_MEM_POOL_SIZE);
	st->mem_pool_used = jh_pool_info(JH_INFO_MEM_POOL_USED);
	return 0;
}
