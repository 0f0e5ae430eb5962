// SPDX-License-Identifier: GPL-2.0
/*
 * The root cell's ends of shared-memory links (Documentation/ivshmem.md).
 * The hypervisor emulates each as a PCI device at a slot of the root's
 * own bus, which Linux scanned at boot, before the device existed. So
 * after enable the driver scans those slots itself and claims the fixed
 * BARs; the device then binds like any other, to Debian's stock
 * uio_pci_generic for user space. Before disable they are removed again,
 * as the device goes away with the hypervisor.
 */
#define pr_fmt(fmt) "jailhouse: " fmt

#include <linux/pci.h>

#include "cause.h"
#include "links.h"

/* BAR0 registers, BAR1 MSI-X table, BAR2 the shared memory. */
#define JH_LINK_BARS	3

static struct pci_dev *jh_link_devs[JH_MAX_LINKS];

static struct pci_dev *jh_link_scan(const struct jh_link *l)
{
	struct pci_dev *pdev;
	struct pci_bus *bus;
	unsigned int bar;

	bus = pci_find_bus(l->domain, l->bdf >> 8);
	if (!bus) {
		pr_warn("link %u: root PCI bus %04x:%02x not found, device not added\n",
			l->id, l->domain, l->bdf >> 8);
		return NULL;
	}
	pdev = pci_scan_single_device(bus, l->bdf & 0xff);
	if (!pdev) {
		pr_warn("link %u: no device at %04x:%02x:%02x.%x\n", l->id,
			l->domain, l->bdf >> 8, PCI_SLOT(l->bdf & 0xff),
			PCI_FUNC(l->bdf & 0xff));
		return NULL;
	}
	/* The BARs are fixed: take them where they are. */
	for (bar = 0; bar < JH_LINK_BARS; bar++)
		if (pci_resource_len(pdev, bar) &&
		    pci_claim_resource(pdev, bar))
			pr_warn("link %u: BAR%u of %s not claimed\n", l->id,
				bar, pci_name(pdev));
	pci_bus_add_device(pdev);
	pr_info("link %u: root end is PCI device %s\n", l->id,
		pci_name(pdev));
	return pdev;
}

/*
 * A root end needs a slot no device of the machine answers: the
 * hypervisor's device would hide that device from its driver, and the
 * scan below would find it instead and remove it at disable.
 */
int jh_links_check(struct jh_cause *cause, const struct jh_system_desc *sys)
{
	const struct jh_cell_desc *root = &sys->root_cell;
	const struct jh_link *links = jh_cell_links(root);
	struct pci_dev *pdev;
	struct pci_bus *bus;
	unsigned int n;
	int err = 0;

	pci_lock_rescan_remove();
	for (n = 0; n < root->num_links && n < JH_MAX_LINKS && !err; n++) {
		bus = pci_find_bus(links[n].domain, links[n].bdf >> 8);
		pdev = bus ? pci_get_slot(bus, links[n].bdf & 0xff) : NULL;
		if (!pdev)
			continue;
		err = jh_fail(cause, -EBUSY,
			      "link %u: the root end's slot %s is a device of this machine (%04x:%04x); give the link an empty slot in the system config",
			      links[n].id, pci_name(pdev), pdev->vendor,
			      pdev->device);
		pci_dev_put(pdev);
	}
	pci_unlock_rescan_remove();
	return err;
}

void jh_links_add(const struct jh_system_desc *sys)
{
	const struct jh_cell_desc *root = &sys->root_cell;
	const struct jh_link *links = jh_cell_links(root);
	unsigned int n;

	pci_lock_rescan_remove();
	for (n = 0; n < root->num_links && n < JH_MAX_LINKS; n++)
		jh_link_devs[n] = jh_link_scan(&links[n]);
	pci_unlock_rescan_remove();
}

void jh_links_remove(void)
{
	unsigned int n;

	pci_lock_rescan_remove();
	for (n = 0; n < JH_MAX_LINKS; n++) {
		if (jh_link_devs[n])
			pci_stop_and_remove_bus_device(jh_link_devs[n]);
		jh_link_devs[n] = NULL;
	}
	pci_unlock_rescan_remove();
}
