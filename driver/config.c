// SPDX-License-Identifier: GPL-2.0
/*
 * Config files from user space: the copy into the kernel and the shared
 * validator (hypervisor/config/config_check.c), whose finding becomes the cause.
 */
#define pr_fmt(fmt) "jailhouse: " fmt

#include <linux/err.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#include <jailhouse/config-check.h>

#include "arch.h"
#include "cause.h"
#include "config.h"
#include "state.h"

/* Generous: a maximal config (256 CPUs, all arrays full) is below 4 KiB. */
#define JH_CONFIG_MAX_SIZE	(64 * 1024)

/*
 * The copy is kmalloc'ed, so physically contiguous: the hypervisor reads a
 * cell config at its physical address.
 */
void *jh_config_copy(struct jh_cause *cause,
		     const struct jh_ioctl_config *arg, const char *what)
{
	void *data;

	if (arg->size == 0 || arg->size > JH_CONFIG_MAX_SIZE) {
		jh_fail(cause, -E2BIG,
			"%s is %u bytes; the driver accepts 1 to %u bytes",
			what, arg->size, JH_CONFIG_MAX_SIZE);
		return NULL;
	}
	data = memdup_user(u64_to_user_ptr(arg->address), arg->size);
	if (IS_ERR(data)) {
		jh_fail(cause, PTR_ERR(data),
			"cannot copy the %s (%u bytes) from user address 0x%llx",
			what, arg->size, arg->address);
		return NULL;
	}
	return data;
}

static int jh_config_fail(struct jh_cause *cause,
			  const struct jh_config_error *finding,
			  const char *what)
{
	char line[JH_ERROR_LEN - 32];
	int err = finding->code < 0 ? finding->code : -EINVAL;

	jh_format_config_error(line, sizeof(line), finding);
	return jh_fail(cause, err, "%s: %s", what, line);
}

int jh_config_check_system(struct jh_cause *cause,
			   const struct jh_system_desc *sys, u32 size)
{
	struct jh_config_error finding = {};

	if (jh_check_system_config(sys, size, JH_ARCH, &finding))
		return jh_config_fail(cause, &finding, "system config");
	return 0;
}

int jh_config_check_cell(struct jh_cause *cause,
			 const struct jh_cell_desc *cell, u32 size)
{
	struct jh_config_error finding = {};
	struct jh_cell *other;

	if (jh_check_cell_config(cell, size, JH_ARCH, &finding))
		return jh_config_fail(cause, &finding, "cell config");
	if (jh_check_cell_in_system(jh_sysconfig, cell, &finding))
		return jh_config_fail(cause, &finding, "cell config");

	list_for_each_entry(other, &jh_cells, entry) {
		if (!strncmp(other->name, cell->name, sizeof(cell->name)))
			return jh_fail(cause, -EEXIST,
				       "a cell named '%s' already exists (id %d)",
				       other->name, other->id);
		/* The finding names the second cell, the existing one. */
		if (jh_check_cells_disjoint(cell, other->desc, &finding))
			return jh_config_fail(cause, &finding, "cell config");
	}
	return 0;
}
