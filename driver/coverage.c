// SPDX-License-Identifier: GPL-2.0
/*
 * Coverage builds of the hypervisor (include/jailhouse/coverage.h). After
 * every exit of the hypervisor (disable, or an entry that failed) its map
 * is ORed into a copy kept here, and /sys/devices/jailhouse/coverage, a
 * read-only binary file that exists only for a coverage image, returns
 * that copy: every block that ran since the module was loaded. A normal
 * image leaves all of this idle.
 */
#define pr_fmt(fmt) "jailhouse: " fmt

#include <linux/device.h>
#include <linux/io.h>
#include <linux/sysfs.h>
#include <linux/vmalloc.h>

#include <jailhouse/coverage.h>

#include "cause.h"
#include "coverage.h"
#include "firmware.h"
#include "state.h"
#include "sysfs.h"

static const struct jh_cov_desc *jh_cov;
static u8 *jh_cov_map;

static ssize_t coverage_read(struct file *file, struct kobject *kobj,
			     struct bin_attribute *attr, char *buf,
			     loff_t off, size_t count)
{
	ssize_t ret;

	if (mutex_lock_interruptible(&jh_lock))
		return -ERESTARTSYS;
	ret = memory_read_from_buffer(buf, count, &off, jh_cov_map,
				      jh_cov->map_size);
	mutex_unlock(&jh_lock);
	return ret;
}

static struct bin_attribute jh_cov_attr = {
	.attr = { .name = "coverage", .mode = 0400 },
	.read = coverage_read,
};

/* The descriptor, if the image has a sane one. */
static const struct jh_cov_desc *jh_cov_find(void)
{
	const struct jh_hv_header *h = jh_fw.header;
	const struct jh_cov_desc *d;

	if (h->image_size < JH_COV_DESC_OFFSET + sizeof(*d))
		return NULL;
	d = (const void *)(jh_fw.data + JH_COV_DESC_OFFSET);
	if (memcmp(d->signature, JH_COV_SIGNATURE, sizeof(d->signature)))
		return NULL;
	/* The map lies in the bss, which enable zeroes. */
	if (d->revision != JH_COV_REVISION || d->map_size == 0 ||
	    d->map_offset < h->image_size || d->map_offset > h->core_size ||
	    d->map_size > h->core_size - d->map_offset) {
		pr_err("firmware %s: unusable coverage descriptor, coverage off\n",
		       jh_fw.name);
		return NULL;
	}
	return d;
}

void jh_coverage_init(void)
{
	const struct jh_cov_desc *d = jh_cov_find();
	int err;

	if (!d)
		return;
	jh_cov_map = vzalloc(d->map_size);
	if (!jh_cov_map) {
		pr_err("no memory for the %llu-byte coverage map, coverage off\n",
		       d->map_size);
		return;
	}
	jh_cov = d;
	jh_cov_attr.size = d->map_size;
	err = sysfs_create_bin_file(&jh_sysfs_device()->kobj, &jh_cov_attr);
	if (err) {
		pr_err("cannot create the coverage file: %s\n",
		       jh_errname(err));
		jh_coverage_exit();
		return;
	}
	pr_info("firmware %s is a coverage build: %llu-byte map\n",
		jh_fw.name, d->map_size);
}

void jh_coverage_exit(void)
{
	if (!jh_cov)
		return;
	sysfs_remove_bin_file(&jh_sysfs_device()->kobj, &jh_cov_attr);
	vfree(jh_cov_map);
	jh_cov_map = NULL;
	jh_cov = NULL;
}

/* hv_phys: the hypervisor memory, which no CPU runs in any more. */
void jh_coverage_collect(phys_addr_t hv_phys)
{
	const u8 *map;
	u64 i;

	if (!jh_cov)
		return;
	map = memremap(hv_phys + jh_cov->map_offset, jh_cov->map_size,
		       MEMREMAP_WB);
	if (!map) {
		pr_err("cannot map the hypervisor's coverage map\n");
		return;
	}
	for (i = 0; i < jh_cov->map_size; i++)
		jh_cov_map[i] |= map[i];
	memunmap((void *)map);
}
