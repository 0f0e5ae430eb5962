// SPDX-License-Identifier: GPL-2.0
/*
 * What pci_filter.c asks of the machine while it checks a write: config
 * space of the device, whether an MSI destination is the cell's, and the
 * IOMMU's message for a remapped one.
 */
#include <hv/cell.h>
#include <hv/iommu.h>
#include <hv/pci_filter.h>
#include <asm/apic_ipi.h>
#include "pci_cfg.h"
#include "pci_filter_hw.h"

static uint32_t filter_read(const struct pci_filter_dev *dev, unsigned int reg)
{
	return pci_cfg_read(dev->bdf, reg, 4);
}

/* Physical destination: the one CPU must be the cell's. */
static bool filter_apic_id_ok(const void *cell, unsigned int apic_id)
{
	return apic_dest_in_cell(cell, apic_id, false);
}

/*
 * Logical: every CPU it names must be the cell's, and only the root cell
 * has them (the other cells' CPUs keep LDR 0).
 */
static bool filter_apic_logical_ok(const void *cell, unsigned int dest)
{
	return cell == &root_cell && apic_dest_in_cell(cell, dest, true);
}

static void filter_write(const struct pci_filter_dev *dev, unsigned int reg,
			 uint32_t value)
{
	pci_cfg_write(dev->bdf, reg, 4, value);
}

static bool filter_msi_remap(const void *cell, const struct pci_filter_dev *dev,
			     unsigned int n, uint64_t address, uint32_t data,
			     uint64_t *hw_addr, uint32_t *hw_data)
{
	struct iommu_msi_msg msg = { .address = address, .data = data }, hw;

	if (iommu_msi_remap((struct cell *)cell, dev->bdf, n, &msg, &hw)) {
		return false;
	}
	*hw_addr = hw.address;
	*hw_data = hw.data;
	return true;
}

const struct pci_filter_ops pci_filter_hw_ops = {
	.read = filter_read,
	.apic_id_ok = filter_apic_id_ok,
	.apic_logical_ok = filter_apic_logical_ok,
	.write = filter_write,
	.msi_remap = filter_msi_remap,
};
