// SPDX-License-Identifier: GPL-2.0
/*
 * A cell's config accesses to devices it owns, as pci_filter.c lets them
 * through: writes checked (and changed or dropped), reads of remapped MSI
 * registers showing what the cell wrote. Lock held throughout.
 */
#include <hv/cell.h>
#include <hv/pci_filter.h>
#include <hv/printk.h>
#include "pci_cfg.h"
#include "pci_devices.h"
#include "pci_filter_hw.h"
#include "pci_root.h"
#include "pci_view.h"

static struct ratelimit filter_refusals;	/* under pci_lock */

/*
 * A non-root cell's write to its own device, lock held: the filter
 * (pci_filter.c) may change the value or drop the write.
 */
bool pci_write_allowed(struct cell *cell, uint16_t bdf, unsigned int reg,
			  unsigned int size, uint32_t *value)
{
	struct pci_filter_dev *dev;
	const char *why = "";

	if (cell == &root_cell) {
		dev = pci_root_device(bdf);
		if (!dev || pci_filter_msi_write(&pci_filter_hw_ops, cell, dev,
						 reg, size, value, &why)) {
			return true;
		}
	} else {
		dev = pci_cell_device(cell, bdf);
		if (!dev) {
			return false;
		}
		if (pci_filter_write(&pci_filter_hw_ops, cell, dev, reg, size,
				     value, &why)) {
			return true;
		}
	}
	if (ratelimit_ok(&filter_refusals, 8)) {
		printk("cell \"%s\": config write of %02x:%02x.%x reg 0x%x = 0x%x dropped: %s\n",
		       cell->name, bdf >> 8, (bdf >> 3) & 0x1f, bdf & 7, reg,
		       *value, why);
	}
	return false;
}

/*
 * What the hardware returned for a read of an owned device, as cell sees
 * it: remapped MSI registers show what the cell wrote. Lock held.
 */
uint32_t pci_cell_view(const struct cell *cell, uint16_t bdf,
			  unsigned int reg, unsigned int size, uint32_t value)
{
	const struct pci_filter_dev *dev = cell == &root_cell ?
		pci_root_device(bdf) : pci_cell_device(cell, bdf);
	unsigned int shift = (reg & 3) * 8;
	uint32_t dw;

	if (!dev || !dev->msi_remap || reg >= 0x100 || (reg & 3) + size > 4) {
		return value;
	}
	/* value shifted into place stands for the dword's other bytes. */
	dw = pci_filter_view(dev, reg & ~3U, value << shift);
	return (dw >> shift) & pci_ones(size);
}
