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
#include <hv/bitmap.h>
#include <hv/cell.h>
#include <hv/hypervisor.h>
#include <hv/iommu.h>
#include <hv/percpu.h>
#include <hv/printk.h>
#include <hv/spinlock.h>
#include <asm/apic.h>
#include <asm/pci.h>
#include <hv/pci_filter.h>
#include "pci_internal.h"

#define PCI_VENDOR_ID		0x00
#define PCI_COMMAND		0x04
#define PCI_CMD_IO		0x1
#define PCI_CMD_MEMORY		0x2
#define PCI_CMD_MASTER		0x4
#define PCI_CMD_DECODE		(PCI_CMD_IO | PCI_CMD_MEMORY | PCI_CMD_MASTER)

#define NUM_BDF			0x10000

#define PCI_HEADER_TYPE	0x0e
#define PCI_STATUS_CAPS	(1U << 20)	/* in the command/status dword */
#define PCI_CAP_PTR	0x34
#define MSI_64BIT	(1U << 23)	/* in the capability's first dword */
#define MSI_ENABLE	(1U << 16)
#define MAX_CAPS	48		/* (256 - 64) / 4: a loop bound */

/* The devices a non-root cell owns, as it got them; index: cell id. */
struct cell_devices {
	unsigned int num;
	struct pci_filter_dev dev[JH_MAX_PCI_DEVICES];
};

DEFINE_SPINLOCK(pci_lock);
static uint64_t taken[BITMAP_WORDS(NUM_BDF)];	/* owned by a non-root cell */
static struct cell_devices devices[HV_MAX_CELLS];
/* PCI functions of IOMMUs: nobody's. */
static uint16_t hidden[JH_MAX_IOMMUS];
static unsigned int num_hidden;
static struct ratelimit filter_refusals;	/* under pci_lock */

uint32_t pci_ones(unsigned int size)
{
	return size >= 4 ? 0xffffffffU : (1U << (size * 8)) - 1;
}

static bool is_hidden(uint16_t bdf)
{
	unsigned int n;

	for (n = 0; n < num_hidden && n < JH_MAX_IOMMUS; n++) {
		if (hidden[n] == bdf) {
			return true;
		}
	}
	return false;
}

/* Bounded by JH_MAX_PCI_DEVICES for a non-root cell. */
bool pci_cell_owns(const struct cell *cell, uint16_t bdf)
{
	const struct cell_devices *devs;
	unsigned int n;

	if (is_hidden(bdf)) {
		return false;
	}
	if (cell == &root_cell) {
		return !bitmap_test(taken, bdf);
	}
	if (cell->id >= HV_MAX_CELLS) {
		return false;
	}
	devs = &devices[cell->id];
	for (n = 0; n < devs->num && n < JH_MAX_PCI_DEVICES; n++) {
		if (devs->dev[n].bdf == bdf) {
			return true;
		}
	}
	return false;
}

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

/* A bounded walk of the capability list. Lock held. */
unsigned int pci_find_cap(uint16_t bdf, unsigned int id)
{
	unsigned int n, pos;
	uint32_t cap;

	if (!(pci_cfg_read(bdf, PCI_COMMAND, 4) & PCI_STATUS_CAPS)) {
		return 0;
	}
	pos = pci_cfg_read(bdf, PCI_CAP_PTR, 1) & 0xfc;
	for (n = 0; n < MAX_CAPS && pos >= 0x40; n++) {
		cap = pci_cfg_read(bdf, pos, 4);
		if ((cap & 0xff) == id) {
			return pos;
		}
		pos = (cap >> 8) & 0xfc;
	}
	return 0;
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

/* A non-root cell's record of its device bdf, or NULL. Lock held. */
static struct pci_filter_dev *cell_device(const struct cell *cell,
					  uint16_t bdf)
{
	struct cell_devices *devs;
	unsigned int n;

	if (cell == &root_cell || cell->id >= HV_MAX_CELLS) {
		return NULL;
	}
	devs = &devices[cell->id];
	for (n = 0; n < devs->num && n < JH_MAX_PCI_DEVICES; n++) {
		if (devs->dev[n].bdf == bdf) {
			return &devs->dev[n];
		}
	}
	return NULL;
}

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
		dev = cell_device(cell, bdf);
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
		pci_root_device(bdf) : cell_device(cell, bdf);
	unsigned int shift = (reg & 3) * 8;
	uint32_t dw;

	if (!dev || !dev->msi_remap || reg >= 0x100 || (reg & 3) + size > 4) {
		return value;
	}
	/* value shifted into place stands for the dword's other bytes. */
	dw = pci_filter_view(dev, reg & ~3U, value << shift);
	return (dw >> shift) & pci_ones(size);
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

void pci_cell_assign(struct cell *cell)
{
	const struct jh_pci_device *dev;
	struct cell_devices *devs;
	unsigned int n, num;

	if (cell == &root_cell || cell->id >= HV_MAX_CELLS) {
		return;
	}
	dev = jh_cell_pci_devices(cell->config);
	num = MIN(cell->config->num_pci_devices, JH_MAX_PCI_DEVICES);
	devs = &devices[cell->id];

	spin_lock(&pci_lock);
	devs->num = 0;
	for (n = 0; n < num; n++) {
		if (dev[n].domain != 0) {
			printk("cell \"%s\": PCI device %04x:%02x:%02x.%x ignored: only domain 0 is mediated\n",
			       cell->name, dev[n].domain, dev[n].bdf >> 8,
			       (dev[n].bdf >> 3) & 0x1f, dev[n].bdf & 7);
			continue;
		}
		if (is_hidden(dev[n].bdf)) {
			printk("cell \"%s\": PCI device %02x:%02x.%x ignored: it is an IOMMU's own function\n",
			       cell->name, dev[n].bdf >> 8,
			       (dev[n].bdf >> 3) & 0x1f, dev[n].bdf & 7);
			continue;
		}
		/* The config checks rule this out; never take it twice. */
		if (bitmap_test(taken, dev[n].bdf)) {
			printk("cell \"%s\": PCI device %02x:%02x.%x already belongs to another cell\n",
			       cell->name, dev[n].bdf >> 8,
			       (dev[n].bdf >> 3) & 0x1f, dev[n].bdf & 7);
			continue;
		}
		bitmap_set(taken, dev[n].bdf);
		quiesce(dev[n].bdf);
		record_device(&devs->dev[devs->num++], &dev[n]);
	}
	pci_reset_shadows(cell);
	spin_unlock(&pci_lock);
}

void pci_cell_release(struct cell *cell)
{
	struct cell_devices *devs;
	unsigned int n;

	if (cell == &root_cell || cell->id >= HV_MAX_CELLS) {
		return;
	}
	devs = &devices[cell->id];

	spin_lock(&pci_lock);
	for (n = 0; n < devs->num && n < JH_MAX_PCI_DEVICES; n++) {
		quiesce(devs->dev[n].bdf);
		msi_off(&devs->dev[n]);
		bitmap_clear(taken, devs->dev[n].bdf);
	}
	devs->num = 0;
	pci_reset_shadows(cell);
	spin_unlock(&pci_lock);
}

/* The PCI functions of the system's AMD-Vi units. */
static void hide_iommus(void)
{
	const struct jh_iommu *u = hv.sysconfig->iommus;
	unsigned int n;

	num_hidden = 0;
	for (n = 0; n < JH_MAX_IOMMUS; n++) {
		if (u[n].type == JH_IOMMU_AMD) {
			hidden[num_hidden++] = u[n].amd_bdf;
		}
	}
}

int pci_init(void)
{
	hide_iommus();
	return pci_trap_init();
}
