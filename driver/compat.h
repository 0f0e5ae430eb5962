/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Differences between the kernel series the driver supports (6.1 and
 * 6.12, stock and PREEMPT_RT), in one place. Everything else in driver/
 * is written against the API both series share. Documentation/kernels.md
 * says how to add a difference.
 */
#ifndef JH_DRIVER_COMPAT_H
#define JH_DRIVER_COMPAT_H

#include <linux/device.h>
#include <linux/err.h>
#include <linux/fs.h>
#include <linux/pci.h>
#include <linux/slab.h>
#include <linux/string.h>

/*
 * Kbuild probes the headers for what differs (JH_HAVE_* below): stable
 * backports change APIs within a series, so the version number alone
 * cannot tell.
 */

/*
 * /dev/jailhouse has no file position: seeking must fail. 6.12 dropped
 * no_llseek because a file without ->llseek already refuses; 6.1 still
 * needs the explicit refusal when misc_open swaps in our fops.
 */
#ifdef JH_HAVE_NO_LLSEEK
#define jh_no_llseek no_llseek
#else
#define jh_no_llseek NULL
#endif

/*
 * Where a device's driver_override lives. 6.1 keeps it in struct pci_dev,
 * under the device lock; newer kernels (Debian's 6.12.95 among them, by a
 * stable backport) keep it in struct device under a spinlock of its own:
 * JH_HAVE_DEVICE_DRIVER_OVERRIDE.
 */

/* A copy of the device's override, NULL if none, ERR_PTR on no memory. */
static inline const char *jh_pci_override_dup(struct pci_dev *pdev)
{
	const char *copy = NULL;

#ifdef JH_HAVE_DEVICE_DRIVER_OVERRIDE
	spin_lock(&pdev->dev.driver_override.lock);
	if (pdev->dev.driver_override.name)
		copy = kstrdup(pdev->dev.driver_override.name, GFP_ATOMIC);
	spin_unlock(&pdev->dev.driver_override.lock);
	if (pdev->dev.driver_override.name && !copy)
		return ERR_PTR(-ENOMEM);
#else
	device_lock(&pdev->dev);
	if (pdev->driver_override) {
		copy = kstrdup(pdev->driver_override, GFP_KERNEL);
		if (!copy)
			copy = ERR_PTR(-ENOMEM);
	}
	device_unlock(&pdev->dev);
#endif
	return copy;
}

/* Sets the override to @name; "" clears it. */
static inline int jh_pci_set_override(struct pci_dev *pdev, const char *name)
{
#ifdef JH_HAVE_DEVICE_DRIVER_OVERRIDE
	return __device_set_driver_override(&pdev->dev, name, strlen(name));
#else
	return driver_set_override(&pdev->dev, &pdev->driver_override, name,
				   strlen(name));
#endif
}

#endif
