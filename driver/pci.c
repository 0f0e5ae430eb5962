// SPDX-License-Identifier: GPL-2.0
/*
 * PCI devices a non-root cell takes from Linux. Before the hypervisor
 * hands a device to a cell, the Linux driver bound to it is unbound, so
 * that it stops driving (and DMAing through) hardware Linux no longer
 * owns. While the cell owns the device its driver_override names no
 * driver, so neither a hotplug event nor a driver loaded later binds it
 * again. When the cell is destroyed (or its creation fails), the old
 * override comes back and the device is probed, so the driver it had
 * binds again.
 *
 * An administrator can still write driver_override and bind by hand: root
 * may shoot itself in the foot, but nothing does it by accident.
 */
#define pr_fmt(fmt) "jailhouse: " fmt

#include <linux/device.h>
#include <linux/pci.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "cause.h"
#include "compat.h"
#include "pci.h"
#include "state.h"

/*
 * The override while a cell owns the device: a driver name no Linux
 * driver registers, so no driver matches.
 */
#define JH_PCI_NO_DRIVER	"jailhouse-cell-owned"

struct jh_pci_taken {
	struct pci_dev *pdev;
	/* driver_override before the cell took it; NULL if none was set */
	const char *old_override;
	bool had_driver;
};

static const char *jh_pci_driver_name(struct pci_dev *pdev)
{
	return pdev->dev.driver ? pdev->dev.driver->name : NULL;
}

/* A copy of the device's current override. */
static int jh_pci_save_override(struct jh_pci_taken *t)
{
	const char *copy = jh_pci_override_dup(t->pdev);

	if (IS_ERR(copy))
		return PTR_ERR(copy);
	t->old_override = copy;
	return 0;
}

static int jh_pci_take_one(struct jh_cause *cause, const struct jh_cell *cell,
			   struct jh_pci_taken *t)
{
	struct pci_dev *pdev = t->pdev;
	const char *drv;
	int err;

	err = jh_pci_save_override(t);
	if (!err)
		err = jh_pci_set_override(pdev, JH_PCI_NO_DRIVER);
	if (err) {
		kfree(t->old_override);
		t->old_override = NULL;
		return jh_fail(cause, err,
			       "cannot keep Linux drivers off PCI device %s for cell '%s': setting driver_override returned %d (%s)",
			       pci_name(pdev), cell->name, err,
			       jh_errname(err));
	}

	drv = jh_pci_driver_name(pdev);
	if (!drv) {
		pr_info("cell '%s' takes PCI device %s (no Linux driver bound)\n",
			cell->name, pci_name(pdev));
		return 0;
	}
	pr_info("cell '%s' takes PCI device %s: unbinding Linux driver %s\n",
		cell->name, pci_name(pdev), drv);
	t->had_driver = true;
	device_release_driver(&pdev->dev);
	return 0;
}

static void jh_pci_give_back_one(const struct jh_cell *cell,
				 struct jh_pci_taken *t)
{
	struct pci_dev *pdev = t->pdev;
	const char *old = t->old_override ? t->old_override : "";
	const char *drv;
	int err;

	err = jh_pci_set_override(pdev, old);
	if (err)
		pr_err("cell '%s' gave back PCI device %s, but its driver_override stays '%s': setting driver_override returned %d (%s)\n",
		       cell->name, pci_name(pdev), JH_PCI_NO_DRIVER, err,
		       jh_errname(err));
	kfree(t->old_override);
	t->old_override = NULL;

	err = device_attach(&pdev->dev);
	drv = jh_pci_driver_name(pdev);
	if (err < 0)
		pr_err("cell '%s' gave back PCI device %s, probing it failed: %d (%s)\n",
		       cell->name, pci_name(pdev), err, jh_errname(err));
	else if (drv)
		pr_info("cell '%s' gave back PCI device %s: Linux driver %s bound\n",
			cell->name, pci_name(pdev), drv);
	else
		pr_info("cell '%s' gave back PCI device %s: no Linux driver bound%s\n",
			cell->name, pci_name(pdev),
			t->had_driver ? " (it had one before)" : "");
	pci_dev_put(pdev);
	t->pdev = NULL;
}

void jh_pci_give_back(struct jh_cell *cell)
{
	unsigned int n;

	/* In reverse, as a stack of takes. */
	for (n = cell->num_pci_taken; n > 0; n--)
		jh_pci_give_back_one(cell, &cell->pci_taken[n - 1]);
	kfree(cell->pci_taken);
	cell->pci_taken = NULL;
	cell->num_pci_taken = 0;
}

int jh_pci_take(struct jh_cause *cause, struct jh_cell *cell)
{
	const struct jh_pci_device *dev = jh_cell_pci_devices(cell->desc);
	unsigned int n, count = cell->desc->num_pci_devices;
	struct jh_pci_taken *t;
	struct pci_dev *pdev;
	int err;

	if (!count)
		return 0;
	cell->pci_taken = kcalloc(count, sizeof(*cell->pci_taken),
				  GFP_KERNEL);
	if (!cell->pci_taken)
		return jh_fail(cause, -ENOMEM,
			       "out of memory for the PCI devices of cell '%s'",
			       cell->name);

	for (n = 0; n < count; n++) {
		pdev = pci_get_domain_bus_and_slot(dev[n].domain,
						   dev[n].bdf >> 8,
						   dev[n].bdf & 0xff);
		if (!pdev) {
			/* Linux cannot drive what it does not see. */
			pr_info("cell '%s' takes PCI device %04x:%02x:%02x.%x (not present in Linux)\n",
				cell->name, dev[n].domain, dev[n].bdf >> 8,
				PCI_SLOT(dev[n].bdf & 0xff),
				PCI_FUNC(dev[n].bdf & 0xff));
			continue;
		}
		t = &cell->pci_taken[cell->num_pci_taken];
		t->pdev = pdev;
		err = jh_pci_take_one(cause, cell, t);
		if (err) {
			pci_dev_put(pdev);
			t->pdev = NULL;
			jh_pci_give_back(cell);
			return err;
		}
		cell->num_pci_taken++;
	}
	return 0;
}
