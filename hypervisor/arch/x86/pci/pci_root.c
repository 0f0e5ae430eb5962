// SPDX-License-Identifier: GPL-2.0
/*
 * The root cell's MSIs, remapped by an IOMMU (asm/pci_root.h).
 *
 * Without remapping, any bus master can send any interrupt, an NMI too,
 * to any CPU by a DMA write into 0xfee00000-0xfeefffff: the message is
 * only an address and a datum. Closing that takes the root cell's
 * interrupts through the unit too: AMD-Vi remaps per requester (each
 * device ID through a table the hypervisor owns), VT-d can refuse plain
 * messages only for every requester at once (GCMD.CFI), so the root's
 * messages must be remappable ones first.
 *
 * So at enable the driver asks which root functions have an MSI
 * capability (pci_root_msi_scan: every bus the config space reaches,
 * bounded by 256 buses x 32 devices x 8 functions, done once), gives each
 * its table, and then calls pci_root_msi_takeover(): from then on the
 * root's MSI address and data of those devices live in a shadow (what
 * the root reads back) and pass the same MSI rules as a cell's
 * (pci_filter_msi_write: vector >= 32, fixed or lowest-priority delivery,
 * destination inside the root cell, logical destinations allowed), and
 * the device holds the message the IOMMU gave for them. A message the
 * root had already enabled is moved to the table at takeover; one the
 * IOMMU refuses is switched off and said on the console.
 *
 * A function with MSI-X is one of them too once its table is trapped
 * (pci_msix.c). One whose table cannot be (an I/O BAR, too many
 * functions, no MMIO slot) is said on the console and listed for the
 * drivers (pci_root_msix): AMD-Vi leaves it unremapped, VT-d keeps the
 * plain format allowed. Hot-plugged functions, found by no scan, are
 * unremapped too.
 *
 * At disable pci_root_msi_giveback() puts the root's own messages back
 * into the devices before the unit stops remapping.
 */
#include <jailhouse/config.h>
#include <hv/cell.h>
#include <hv/hypervisor.h>
#include <hv/iommu.h>
#include <hv/pci_filter.h>
#include <asm/pci_root.h>
#include "pci_cfg.h"
#include "pci_devices.h"
#include "pci_filter_hw.h"
#include "pci_msix.h"
#include "pci_regs.h"
#include "pci_root.h"

static struct pci_filter_dev root_devs[PCI_ROOT_MSI_MAX];
static unsigned int num_root_devs;
static uint16_t msix_fns[PCI_ROOT_MSI_MAX];
static unsigned int num_msix;
static bool remapping;

static void print_bdf(const char *what, uint16_t bdf)
{
	printk("  PCI %02x:%02x.%x: %s\n", bdf >> 8, (bdf >> 3) & 0x1f,
	       bdf & 7, what);
}

/* One function found by the scan. Lock held. */
static void consider(uint16_t bdf)
{
	struct pci_filter_dev *dev;
	unsigned int msi = pci_find_cap(bdf, PCI_CAP_ID_MSI);
	unsigned int msix = pci_find_cap(bdf, PCI_CAP_ID_MSIX);

	if (!pci_cell_owns(&root_cell, bdf)) {
		return;
	}
	if (msix && (num_root_devs >= PCI_ROOT_MSI_MAX ||
		     !pci_msix_add(bdf, msix))) {
		print_bdf("has an MSI-X table that cannot be trapped, its interrupts stay unremapped",
			  bdf);
		if (num_msix < PCI_ROOT_MSI_MAX) {
			msix_fns[num_msix++] = bdf;
		}
		return;
	}
	if (!msi && !msix) {
		return;
	}
	if (num_root_devs >= PCI_ROOT_MSI_MAX) {
		print_bdf("one MSI function too many, its interrupts stay unremapped",
			  bdf);
		return;
	}
	dev = &root_devs[num_root_devs++];
	*dev = (struct pci_filter_dev){
		.bdf = bdf,
		.msi_cap = (uint8_t)msi,
		.msi_64bit = msi && (pci_cfg_read(bdf, msi, 4) & MSI_64BIT),
	};
}

/* The scan's MSI-X functions go to the unremapped list. Lock held. */
static void drop_msix(void)
{
	unsigned int n, kept = 0;

	for (n = 0; n < num_root_devs && n < PCI_ROOT_MSI_MAX; n++) {
		if (!pci_find_cap(root_devs[n].bdf, PCI_CAP_ID_MSIX)) {
			root_devs[kept++] = root_devs[n];
		} else if (num_msix < PCI_ROOT_MSI_MAX) {
			msix_fns[num_msix++] = root_devs[n].bdf;
		}
	}
	num_root_devs = kept;
}

static unsigned int last_bus(void)
{
	const struct jh_x86_platform *plat = &hv.sysconfig->platform.x86;

	return plat->mmconfig_base ? plat->mmconfig_end_bus : 0xff;
}

unsigned int pci_root_msi_scan(uint16_t *bdf, unsigned int max)
{
	unsigned int bus, slot, fn, fns, n;
	uint16_t id;

	spin_lock(&pci_lock);
	num_root_devs = 0;
	num_msix = 0;
	remapping = false;
	pci_msix_reset();
	for (bus = 0; bus <= last_bus(); bus++) {
		for (slot = 0; slot < 32; slot++) {
			id = (uint16_t)(bus << 8 | slot << 3);
			if (pci_cfg_read(id, PCI_VENDOR_ID, 2) == 0xffff) {
				continue;
			}
			fns = pci_cfg_read(id, PCI_HEADER_TYPE, 1) &
				HEADER_MULTI_FN ? 8 : 1;
			for (fn = 0; fn < fns; fn++) {
				if (pci_cfg_read(id | fn, PCI_VENDOR_ID, 2) !=
				    0xffff) {
					consider(id | fn);
				}
			}
		}
	}
	/* Trapping failed: those functions are unremapped after all. */
	if (pci_msix_trap() != 0) {
		drop_msix();
	}
	for (n = 0; n < num_root_devs && n < max; n++) {
		bdf[n] = root_devs[n].bdf;
	}
	spin_unlock(&pci_lock);
	return n;
}

/* Lock held. */
static void msi_hw_off(const struct pci_filter_dev *dev)
{
	uint32_t ctrl = pci_cfg_read(dev->bdf, dev->msi_cap, 4);

	if (ctrl & MSI_ENABLE) {
		pci_cfg_write(dev->bdf, dev->msi_cap + 2, 2,
			      (ctrl & ~MSI_ENABLE) >> 16);
	}
}

/* The device's message from the root's shadow. Lock held. */
static void refresh(struct pci_filter_dev *dev)
{
	if (pci_filter_msi_refresh(&pci_filter_hw_ops, &root_cell, dev)) {
		return;
	}
	msi_hw_off(dev);
	print_bdf("the root's MSI cannot be remapped; MSI switched off",
		  dev->bdf);
}

void pci_root_msi_takeover(void)
{
	struct pci_filter_dev *dev;
	unsigned int n, i;

	spin_lock(&pci_lock);
	for (n = 0; n < num_root_devs && n < PCI_ROOT_MSI_MAX; n++) {
		dev = &root_devs[n];
		for (i = 0; dev->msi_cap && i < PCI_FILTER_MSI_SHADOW; i++) {
			dev->msi_shadow[i] = pci_cfg_read(dev->bdf,
							  dev->msi_cap + 4 +
							  4 * i, 4);
		}
		dev->msi_remap = true;
		if (pci_cell_owns(&root_cell, dev->bdf)) {
			refresh(dev);
		}
	}
	pci_msix_takeover();
	remapping = true;
	spin_unlock(&pci_lock);
}

void pci_root_msi_giveback(void)
{
	struct pci_filter_dev *dev;
	unsigned int n, i, last;

	spin_lock(&pci_lock);
	if (remapping) {
		pci_msix_giveback();
	}
	for (n = 0; remapping && n < num_root_devs && n < PCI_ROOT_MSI_MAX;
	     n++) {
		dev = &root_devs[n];
		/* Without 64-bit addresses, +12 holds mask bits: not ours. */
		last = !dev->msi_cap ? 0 :
			dev->msi_64bit ? PCI_FILTER_MSI_SHADOW : 2;
		for (i = 0; i < last; i++) {
			pci_cfg_write(dev->bdf, dev->msi_cap + 4 + 4 * i, 4,
				      dev->msi_shadow[i]);
		}
		dev->msi_remap = false;
	}
	remapping = false;
	num_root_devs = 0;
	spin_unlock(&pci_lock);
}

unsigned int pci_root_msix(const uint16_t **bdf)
{
	*bdf = msix_fns;
	return MIN(num_msix, PCI_ROOT_MSI_MAX);
}

bool pci_root_is_msix(uint16_t bdf)
{
	unsigned int n;

	for (n = 0; n < num_msix && n < PCI_ROOT_MSI_MAX; n++) {
		if (msix_fns[n] == bdf) {
			return true;
		}
	}
	return false;
}

struct pci_filter_dev *pci_root_device(uint16_t bdf)
{
	unsigned int n;

	if (!remapping) {
		return NULL;
	}
	for (n = 0; n < num_root_devs && n < PCI_ROOT_MSI_MAX; n++) {
		if (root_devs[n].bdf == bdf) {
			return &root_devs[n];
		}
	}
	return NULL;
}

void pci_root_msi_returned(uint16_t bdf)
{
	struct pci_filter_dev *dev;

	spin_lock(&pci_lock);
	dev = pci_root_device(bdf);
	if (dev && pci_cell_owns(&root_cell, bdf)) {
		refresh(dev);
		pci_msix_returned(bdf);
	}
	spin_unlock(&pci_lock);
}
