// SPDX-License-Identifier: GPL-2.0
/*
 * Module init/exit and /dev/jailhouse: ioctl dispatch, the per-open-file
 * record of the last failure (JH_IOCTL_LAST_ERROR) and read() of the
 * hypervisor console.
 */
#define pr_fmt(fmt) "jailhouse: " fmt

#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

#include <jailhouse/hypercall.h>

#include "arch.h"
#include "cause.h"
#include "cell.h"
#include "compat.h"
#include "console.h"
#include "coverage.h"
#include "enable.h"
#include "firmware.h"
#include "load.h"
#include "state.h"
#include "sysfs.h"
#include "watch.h"

/* What one open file of /dev/jailhouse remembers between calls. */
struct jh_file {
	struct jh_cause last;
	u32 console_pos;	/* next console byte this file reads */
};

static int jh_open(struct inode *inode, struct file *file)
{
	struct jh_file *jf = kzalloc(sizeof(*jf), GFP_KERNEL);

	if (!jf)
		return -ENOMEM;
	file->private_data = jf;
	return stream_open(inode, file);
}

static int jh_release(struct inode *inode, struct file *file)
{
	kfree(file->private_data);
	return 0;
}

static int jh_copy_arg(struct jh_cause *cause, void *dst,
		       const void __user *src, size_t size)
{
	if (copy_from_user(dst, src, size))
		return jh_fail(cause, -EFAULT,
			       "cannot read the ioctl argument at 0x%lx",
			       (unsigned long)src);
	return 0;
}

static long jh_last_error(struct jh_file *jf, void __user *uarg)
{
	struct jh_ioctl_error out = { .code = -jf->last.err };

	strscpy(out.message, jf->last.text, sizeof(out.message));
	return copy_to_user(uarg, &out, sizeof(out)) ? -EFAULT : 0;
}

static long jh_status(void __user *uarg)
{
	struct jh_ioctl_status *st = kzalloc(sizeof(*st), GFP_KERNEL);
	long ret;

	if (!st)
		return -ENOMEM;
	ret = jh_get_status(st);
	if (!ret && copy_to_user(uarg, st, sizeof(*st)))
		ret = -EFAULT;
	kfree(st);
	return ret;
}

/* Runs one request with jh_lock held; failures fill in *cause. */
static long jh_dispatch(struct jh_cause *cause, unsigned int cmd,
			void __user *uarg)
{
	union {
		struct jh_ioctl_config config;
		struct jh_ioctl_cell_id cell;
	} arg;
	long ret;

	switch (cmd) {
	case JH_IOCTL_ENABLE:
		ret = jh_copy_arg(cause, &arg.config, uarg,
				  sizeof(arg.config));
		return ret ?: jh_enable(cause, &arg.config);
	case JH_IOCTL_DISABLE:
		return jh_disable(cause);
	case JH_IOCTL_CELL_CREATE:
		ret = jh_copy_arg(cause, &arg.config, uarg,
				  sizeof(arg.config));
		return ret ?: jh_cell_create(cause, &arg.config);
	case JH_IOCTL_CELL_LOAD:
		return jh_cell_load(cause, uarg);
	case JH_IOCTL_CELL_START:
		ret = jh_copy_arg(cause, &arg.cell, uarg, sizeof(arg.cell));
		return ret ?: jh_cell_start(cause, &arg.cell);
	case JH_IOCTL_CELL_SHUTDOWN:
		ret = jh_copy_arg(cause, &arg.cell, uarg, sizeof(arg.cell));
		return ret ?: jh_cell_shutdown(cause, &arg.cell);
	case JH_IOCTL_CELL_DESTROY:
		ret = jh_copy_arg(cause, &arg.cell, uarg, sizeof(arg.cell));
		return ret ?: jh_cell_destroy(cause, &arg.cell);
	case JH_IOCTL_GET_STATUS:
		return jh_status(uarg);
	default:
		return jh_fail(cause, -ENOTTY,
			       "unknown ioctl 0x%x on /dev/jailhouse", cmd);
	}
}

static long jh_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct jh_file *jf = file->private_data;
	void __user *uarg = (void __user *)arg;
	struct jh_cause cause = {};
	long ret;

	/* Reading the last error must not overwrite it. */
	if (cmd == JH_IOCTL_LAST_ERROR)
		return jh_last_error(jf, uarg);

	if (mutex_lock_interruptible(&jh_lock))
		return -ERESTARTSYS;
	ret = jh_dispatch(&cause, cmd, uarg);
	mutex_unlock(&jh_lock);

	/* A failure without a recorded cause still gets a line. */
	if (ret < 0 && !cause.err)
		jh_fail(&cause, ret, "request 0x%x failed with %s", cmd,
			jh_errname(ret));
	jf->last = cause;
	return ret;
}

/*
 * read() returns the hypervisor console ring. A new open file starts at the
 * oldest byte still in the ring; read() returns 0 once it has caught up, and
 * returns new output when called again later ("jailhouse console -f" polls).
 * The ring of the last enabled hypervisor stays readable after disable.
 */
static ssize_t jh_read(struct file *file, char __user *buf, size_t count,
		       loff_t *ppos)
{
	struct jh_file *jf = file->private_data;
	ssize_t ret;

	if (mutex_lock_interruptible(&jh_lock))
		return -ERESTARTSYS;
	/*
	 * The hypervisor collects what its IOMMUs recorded (DMA faults) at
	 * every root hypercall: one here puts them on the console before a
	 * reader looks.
	 */
	if (jh_enabled)
		jh_arch_hypercall(JH_HC_HYPERVISOR_GET_INFO, JH_INFO_NUM_CELLS,
				  0);
	ret = jh_console_read(&jf->console_pos, buf, count);
	mutex_unlock(&jh_lock);
	return ret;
}

static const struct file_operations jh_fops = {
	.owner = THIS_MODULE,
	.open = jh_open,
	.release = jh_release,
	.read = jh_read,
	.unlocked_ioctl = jh_ioctl,
	.compat_ioctl = compat_ptr_ioctl,
	.llseek = jh_no_llseek,
};

static struct miscdevice jh_miscdev = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = JH_DEVICE_NAME,
	.fops = &jh_fops,
	.mode = 0600,
};

static int __init jh_init(void)
{
	int err;

	err = jh_sysfs_init();
	if (err)
		return err;

	err = jh_firmware_load(jh_sysfs_device());
	if (err)
		goto out_sysfs;

	err = misc_register(&jh_miscdev);
	if (err) {
		pr_err("cannot register /dev/%s: %s\n", JH_DEVICE_NAME,
		       jh_errname(err));
		goto out_firmware;
	}
	jh_watch_set_uevent_kobj(&jh_miscdev.this_device->kobj);
	jh_coverage_init();
	pr_info("/dev/%s ready\n", JH_DEVICE_NAME);
	return 0;

out_firmware:
	jh_firmware_release();
out_sysfs:
	jh_sysfs_exit();
	return err;
}

/* Never runs while enabled: enabling holds a module reference. */
static void __exit jh_exit(void)
{
	misc_deregister(&jh_miscdev);
	jh_coverage_exit();
	jh_console_unmap();
	jh_firmware_release();
	jh_sysfs_exit();
}

module_init(jh_init);
module_exit(jh_exit);

MODULE_DESCRIPTION("Loader and control interface of the jailhouse partitioning hypervisor");
MODULE_LICENSE("GPL");
#ifdef JH_VERSION
MODULE_VERSION(JH_VERSION);
#endif
