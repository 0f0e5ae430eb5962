// SPDX-License-Identifier: GPL-2.0
/*
 * PCI configuration space mediation, for every vendor backend.
 *
 * Ownership. A non-root cell owns exactly the domain-0 devices its config
 * lists; the root cell owns every other device of the machine (its own
 * list is not consulted, so a root config without pci_devices still gets
 * them all). pci_cell_assign() copies the cell's devices into a table of
 * at most JH_MAX_PCI_DEVICES entries, which the trap path searches
 * linearly, and marks them in a bitmap of all 65536 BDFs, which answers
 * the root cell's lookups in one step. Devices of other PCI domains are
 * reachable through neither mechanism below and are ignored.
 *
 * The trapped accesses themselves (ports and ECAM) are pci_trap.c's.
 *
 * A device the accessing cell does not own reads all-ones and ignores
 * writes, which is what software sees of an empty slot. A non-root cell's
 * writes to its own devices pass pci_filter.c, which may clear bus
 * mastering or drop the write (BARs, bridge buses, MSI, extended space);
 * what it checks against is recorded when the cell gets the device.
 *
 * With an IOMMU (iommu_active()), a cell's device may be a bus master,
 * since the IOMMU confines its DMA, and its MSIs are remapped: the cell
 * reads back the address and data it wrote, the device holds the message
 * iommu_msi_remap() returned for them (pci_filter.c). The AMD-Vi unit's
 * own PCI function (system config, amd_bdf) belongs to nobody, the root
 * cell included: it reads all-ones and ignores writes, so no cell can
 * move, disable or reprogram the unit behind the hypervisor. The ownership
 * check and the hardware access happen together under pci_lock, so a
 * device cannot change hands between the two.
 */
#include <jailhouse/hypercall.h>
#include <hv/cell.h>
#include <hv/hypervisor.h>
#include <hv/iommu.h>
#include <hv/percpu.h>
#include <hv/printk.h>
#include <hv/spinlock.h>
#include <asm/pci.h>
#include <hv/pci_filter.h>
#include "pci_cfg.h"
#include "pci_devices.h"
#include "pci_regs.h"
#include "pci_trap.h"

/*
 * A device that changes hands loses bus mastering and its memory and I/O
 * decoding, on assign and on release alike: neither the new owner nor the
 * old one inherits a running DMA engine or live BARs; the new owner
 * enables what it uses. A 16-bit write leaves the status register (and
 * its write-1-to-clear bits) alone. Lock held.
 */
static void quiesce(uint16_t bdf)
{
	uint32_t cmd;

	if (pci_cfg_read(bdf, PCI_VENDOR_ID, 2) == 0xffff) {
		return;		/* no device there */
	}
	cmd = pci_cfg_read(bdf, PCI_COMMAND, 2);
	if (cmd & PCI_CMD_DECODE) {
		pci_cfg_write(bdf, PCI_COMMAND, 2, cmd & ~PCI_CMD_DECODE);
	}
}

/* The MSI capability. Lock held. */
static void find_msi(struct pci_filter_dev *dev)
{
	dev->msi_cap = (uint8_t)pci_find_cap(dev->bdf, PCI_CAP_ID_MSI);
	if (dev->msi_cap != 0U) {
		dev->msi_64bit = pci_cfg_read(dev->bdf, dev->msi_cap, 4) &
			MSI_64BIT;
	}
}

/* What the filter keeps of a device the cell gets (decoding off). */
static void record_device(struct pci_filter_dev *dev,
			  const struct jh_pci_device *cfg)
{
	unsigned int n;

	*dev = (struct pci_filter_dev) {
		.bdf = cfg->bdf,
		.dma_ok = (cfg->flags & JH_PCI_DMA_UNCONFINED) ||
			iommu_active(),
		.msi_remap = iommu_active(),
	};
	if (pci_cfg_read(dev->bdf, PCI_VENDOR_ID, 2) == 0xffff) {
		return;
	}
	dev->header_type = pci_cfg_read(dev->bdf, PCI_HEADER_TYPE, 1) & 0x7f;
	for (n = 0; n < PCI_FILTER_BARS; n++) {
		dev->bar[n] = pci_cfg_read(dev->bdf, 0x10 + 4 * n, 4);
	}
	dev->rom = pci_cfg_read(dev->bdf, dev->header_type == 1 ? 0x38 : 0x30,
			    4);
	find_msi(dev);
}

/*
 * The hardware of a device with remapped MSIs holds the IOMMU's message,
 * which means nothing once the device is back in the root cell: MSI off
 * until the root programs it again. Lock held.
 */
static void msi_off(const struct pci_filter_dev *dev)
{
	uint32_t ctrl;

	if (!dev->msi_remap || !dev->msi_cap) {
		return;
	}
	ctrl = pci_cfg_read(dev->bdf, dev->msi_cap, 4);
	if (ctrl & MSI_ENABLE) {
		pci_cfg_write(dev->bdf, dev->msi_cap + 2, 2,
			  (ctrl & ~MSI_ENABLE) >> 16);
	}
}

/* The root cell owns what no cell lists; it has no table of its own. */
static bool has_device_table(const struct cell *cell)
{
	return (cell != &root_cell) && (cell->id < HV_MAX_CELLS);
}

void pci_cell_assign(struct cell *cell)
{
	const struct jh_pci_device *dev;
	struct cell_devices *devs;
	unsigned int n, num;

	if (!has_device_table(cell)) {
		return;
	}
	dev = jh_cell_pci_devices(cell->config);
	num = MIN(cell->config->num_pci_devices, JH_MAX_PCI_DEVICES);
	devs = pci_cell_devices(cell);

	spin_lock(&pci_lock);
	devs->num = 0;
	for (n = 0; n < num; n++) {
		if (dev[n].domain != 0) {
			printk("cell \"%s\": PCI device %04x:%02x:%02x.%x ignored: only domain 0 is mediated\n",
			       cell->name, dev[n].domain, dev[n].bdf >> 8,
			       (dev[n].bdf >> 3) & 0x1f, dev[n].bdf & 7);
			continue;
		}
		if (pci_device_hidden(dev[n].bdf)) {
			printk("cell \"%s\": PCI device %02x:%02x.%x ignored: it is an IOMMU's own function\n",
			       cell->name, dev[n].bdf >> 8,
			       (dev[n].bdf >> 3) & 0x1f, dev[n].bdf & 7);
			continue;
		}
		/* The config checks rule this out; never take it twice. */
		if (pci_device_taken(dev[n].bdf)) {
			printk("cell \"%s\": PCI device %02x:%02x.%x already belongs to another cell\n",
			       cell->name, dev[n].bdf >> 8,
			       (dev[n].bdf >> 3) & 0x1f, dev[n].bdf & 7);
			continue;
		}
		pci_device_set_taken(dev[n].bdf, true);
		quiesce(dev[n].bdf);
		record_device(&devs->dev[devs->num++], &dev[n]);
	}
	pci_reset_shadows(cell);
	spin_unlock(&pci_lock);
}

/* The cell's devices silent; with untake back to the root. Lock held. */
static void quiesce_devices(struct cell *cell, bool untake)
{
	struct cell_devices *devs = pci_cell_devices(cell);
	unsigned int n;

	for (n = 0; n < devs->num && n < JH_MAX_PCI_DEVICES; n++) {
		quiesce(devs->dev[n].bdf);
		msi_off(&devs->dev[n]);
		if (untake) {
			pci_device_set_taken(devs->dev[n].bdf, false);
		}
	}
	if (untake) {
		devs->num = 0;
		pci_reset_shadows(cell);
	}
}

void pci_cell_quiesce(struct cell *cell)
{
	if (has_device_table(cell)) {
		spin_lock(&pci_lock);
		quiesce_devices(cell, false);
		spin_unlock(&pci_lock);
	}
}

void pci_cell_release(struct cell *cell)
{
	if (has_device_table(cell)) {
		spin_lock(&pci_lock);
		quiesce_devices(cell, true);
		spin_unlock(&pci_lock);
	}
}

int pci_init(void)
{
	pci_hide_iommus();
	return pci_trap_init();
}
