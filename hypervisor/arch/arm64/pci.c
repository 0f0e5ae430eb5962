// SPDX-License-Identifier: GPL-2.0
/*
 * arm64 PCI config space mediation through the ECAM.
 *
 * arm64 has no port mechanism: the ECAM (platform.arm64.pci_ecam_base,
 * (pci_ecam_end_bus + 1) MiB) is the only way to a device's config space,
 * and it is in no cell's stage-2 table, the root cell's included. Every
 * access traps and is performed here through the hypervisor's own
 * mapping with the access's size (naturally aligned; an 8-byte access is
 * split into two dword accesses, the lower one first).
 *
 * Ownership. A non-root cell owns exactly the domain-0 devices its config
 * lists; the root cell owns every other device. A device the accessing
 * cell does not own reads all-ones and ignores writes, as an empty slot
 * would. The ownership check and the hardware access happen together
 * under pci_lock, so a device cannot change hands between the two.
 *
 * A non-root cell's writes to its own devices pass pci_filter.c: BARs
 * stay at the addresses they had when the cell got the device (its
 * config's memory regions map them), bus mastering is allowed only when
 * an IOMMU confines the device (iommu_active()) or the config flags it
 * JH_PCI_DMA_UNCONFINED. MSI and MSI-X cannot be enabled at all: a
 * message would go to the GIC's ITS, which no cell is given, and the
 * hypervisor does not virtualise it; the cell polls or uses no
 * interrupt. Devices change hands quiesced (decoding and bus mastering
 * off), so neither side inherits a running DMA engine.
 */
#include <jailhouse/hypercall.h>
#include <hv/bitmap.h>
#include <hv/cell.h>
#include <hv/hv_paging.h>
#include <hv/hypervisor.h>
#include <hv/iommu.h>
#include <hv/ivshmem.h>
#include <hv/mmio.h>
#include <hv/pci_filter.h>
#include <hv/percpu.h>
#include <hv/printk.h>
#include <hv/spinlock.h>
#include <asm/pci.h>

#define ECAM_BUS_SIZE		(1ULL << 20)
#define ECAM_FN_SHIFT		12
#define ECAM_REG_MASK		((1U << ECAM_FN_SHIFT) - 1)
#define NUM_BDF			0x10000

#define PCI_VENDOR_ID		0x00
#define PCI_COMMAND		0x04
#define PCI_CMD_DECODE		0x7	/* I/O, memory, bus master */
#define PCI_STATUS_CAPS		(1U << 20)	/* in the command/status dword */
#define PCI_HEADER_TYPE		0x0e
#define PCI_BAR0		0x10
#define PCI_ROM_DEVICE		0x30
#define PCI_ROM_BRIDGE		0x38
#define PCI_CAP_PTR		0x34
#define PCI_CAP_ID_MSI		0x05
#define PCI_CAP_ID_MSIX		0x11
#define MSI_64BIT		(1U << 23)	/* capability's first dword */
#define MSI_ENABLE		(1U << 16)
#define MSIX_ENABLE		(1U << 31)
#define MAX_CAPS		48	/* (256 - 64) / 4: a loop bound */

/* What the hypervisor keeps of a device a non-root cell owns. */
struct owned_dev {
	struct pci_filter_dev f;
	uint8_t msix_cap;	/* 0: none */
};

struct cell_devices {
	unsigned int num;
	struct owned_dev dev[JH_MAX_PCI_DEVICES];
};

static DEFINE_SPINLOCK(pci_lock);
static volatile uint8_t *ecam;
static uint64_t ecam_size;
static uint64_t taken[BITMAP_WORDS(NUM_BDF)];	/* owned by a non-root cell */
static struct cell_devices devices[HV_MAX_CELLS];
static struct ratelimit refusals;		/* under pci_lock */

static uint32_t ones(unsigned int size)
{
	return size >= 4 ? 0xffffffffU : (1U << (size * 8)) - 1;
}

static uint64_t cfg_off(uint16_t bdf, unsigned int reg)
{
	return ((uint64_t)bdf << ECAM_FN_SHIFT) | reg;
}

/* off naturally aligned, inside the window; size 1, 2 or 4. */
static uint32_t ecam_read(uint64_t off, unsigned int size)
{
	if (off >= ecam_size) {
		return ones(size);
	}
	if (size == 1) {
		return *(volatile uint8_t *)(ecam + off);
	}
	if (size == 2) {
		return *(volatile uint16_t *)(ecam + off);
	}
	return *(volatile uint32_t *)(ecam + off);
}

static void ecam_write(uint64_t off, unsigned int size, uint32_t value)
{
	if (off >= ecam_size) {
		return;
	}
	if (size == 1) {
		*(volatile uint8_t *)(ecam + off) = (uint8_t)value;
	} else if (size == 2) {
		*(volatile uint16_t *)(ecam + off) = (uint16_t)value;
	} else {
		*(volatile uint32_t *)(ecam + off) = value;
	}
}

static uint32_t cfg_read(uint16_t bdf, unsigned int reg, unsigned int size)
{
	return ecam_read(cfg_off(bdf, reg), size);
}

static void cfg_write(uint16_t bdf, unsigned int reg, unsigned int size,
		      uint32_t value)
{
	ecam_write(cfg_off(bdf, reg), size, value);
}

/* Lock held. */
static struct owned_dev *cell_device(const struct cell *cell, uint16_t bdf)
{
	struct cell_devices *devs;
	unsigned int n;

	if (cell == &root_cell || cell->id >= HV_MAX_CELLS) {
		return NULL;
	}
	devs = &devices[cell->id];
	for (n = 0; n < devs->num && n < JH_MAX_PCI_DEVICES; n++) {
		if (devs->dev[n].f.bdf == bdf) {
			return &devs->dev[n];
		}
	}
	return NULL;
}

bool pci_cell_owns(const struct cell *cell, uint16_t bdf)
{
	if (cell == &root_cell) {
		return !bitmap_test(taken, bdf);
	}
	return cell_device(cell, bdf) != NULL;
}

static uint32_t filter_read(const struct pci_filter_dev *dev, unsigned int reg)
{
	return cfg_read(dev->bdf, reg, 4);
}

/* Only reached for MSI address writes: no CPU is a valid target. */
static bool filter_no_msi_target(const void *cell, unsigned int id)
{
	(void)cell;
	(void)id;
	return false;
}

static const struct pci_filter_ops filter_ops = {
	.read = filter_read,
	.apic_id_ok = filter_no_msi_target,
};

/* Decoding and bus mastering off; the status half untouched. Lock held. */
static void quiesce(uint16_t bdf)
{
	uint32_t cmd;

	if (cfg_read(bdf, PCI_VENDOR_ID, 2) == 0xffff) {
		return;		/* no device there */
	}
	cmd = cfg_read(bdf, PCI_COMMAND, 2);
	if (cmd & PCI_CMD_DECODE) {
		cfg_write(bdf, PCI_COMMAND, 2, cmd & ~PCI_CMD_DECODE);
	}
}

/* MSI and MSI-X capabilities, through a bounded walk. Lock held. */
static void find_caps(struct owned_dev *dev)
{
	uint16_t bdf = dev->f.bdf;
	unsigned int n, pos;
	uint32_t cap;

	if (!(cfg_read(bdf, PCI_COMMAND, 4) & PCI_STATUS_CAPS)) {
		return;
	}
	pos = cfg_read(bdf, PCI_CAP_PTR, 1) & 0xfc;
	for (n = 0; n < MAX_CAPS && pos >= 0x40; n++) {
		cap = cfg_read(bdf, pos, 4);
		if ((cap & 0xff) == PCI_CAP_ID_MSI && !dev->f.msi_cap) {
			dev->f.msi_cap = (uint8_t)pos;
			dev->f.msi_64bit = cap & MSI_64BIT;
		} else if ((cap & 0xff) == PCI_CAP_ID_MSIX) {
			dev->msix_cap = (uint8_t)pos;
		}
		pos = (cap >> 8) & 0xfc;
	}
}

/* What the filter checks against, recorded with decoding off. */
static void record_device(struct owned_dev *dev,
			  const struct jh_pci_device *cfg)
{
	uint16_t bdf = cfg->bdf;
	unsigned int n;

	*dev = (struct owned_dev) {
		.f = {
			.bdf = bdf,
			.dma_ok = (cfg->flags & JH_PCI_DMA_UNCONFINED) ||
				iommu_active(),
		},
	};
	if (cfg_read(bdf, PCI_VENDOR_ID, 2) == 0xffff) {
		return;
	}
	dev->f.header_type = cfg_read(bdf, PCI_HEADER_TYPE, 1) & 0x7f;
	for (n = 0; n < PCI_FILTER_BARS; n++) {
		dev->f.bar[n] = cfg_read(bdf, PCI_BAR0 + 4 * n, 4);
	}
	dev->f.rom = cfg_read(bdf, dev->f.header_type == 1 ? PCI_ROM_BRIDGE :
			      PCI_ROM_DEVICE, 4);
	find_caps(dev);
}

/* MSI and MSI-X off, for a device that goes back to the root cell. */
static void msi_off(const struct owned_dev *dev)
{
	uint16_t bdf = dev->f.bdf;

	if (dev->f.msi_cap &&
	    (cfg_read(bdf, dev->f.msi_cap, 4) & MSI_ENABLE)) {
		cfg_write(bdf, dev->f.msi_cap + 2, 2,
			  (cfg_read(bdf, dev->f.msi_cap, 4) & ~MSI_ENABLE) >>
			  16);
	}
	if (dev->msix_cap &&
	    (cfg_read(bdf, dev->msix_cap, 4) & MSIX_ENABLE)) {
		cfg_write(bdf, dev->msix_cap + 2, 2,
			  (cfg_read(bdf, dev->msix_cap, 4) & ~MSIX_ENABLE) >>
			  16);
	}
}

static void print_bdf_msg(const struct cell *cell, uint16_t bdf,
			  const char *what)
{
	printk("cell \"%s\": PCI device %02x:%02x.%x %s\n", cell->name,
	       bdf >> 8, (bdf >> 3) & 0x1f, bdf & 7, what);
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
		if (dev[n].domain != 0 || !ecam) {
			print_bdf_msg(cell, dev[n].bdf,
				      "ignored: not behind the mediated ECAM");
			continue;
		}
		/* The config checks rule this out; never take it twice. */
		if (bitmap_test(taken, dev[n].bdf)) {
			print_bdf_msg(cell, dev[n].bdf,
				      "already belongs to another cell");
			continue;
		}
		bitmap_set(taken, dev[n].bdf);
		quiesce(dev[n].bdf);
		record_device(&devs->dev[devs->num++], &dev[n]);
	}
	spin_unlock(&pci_lock);
}

void pci_cell_quiesce(struct cell *cell)
{
	struct cell_devices *devs;
	unsigned int n;

	if (cell == &root_cell || cell->id >= HV_MAX_CELLS) {
		return;
	}
	devs = &devices[cell->id];

	spin_lock(&pci_lock);
	for (n = 0; n < devs->num && n < JH_MAX_PCI_DEVICES; n++) {
		quiesce(devs->dev[n].f.bdf);
		msi_off(&devs->dev[n]);
	}
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
		quiesce(devs->dev[n].f.bdf);
		msi_off(&devs->dev[n]);
		bitmap_clear(taken, devs->dev[n].f.bdf);
	}
	devs->num = 0;
	spin_unlock(&pci_lock);
}

/* Would the write set the enable bit of the capability's control? */
static bool enables(const struct owned_dev *dev, unsigned int cap,
		    uint32_t bit, unsigned int reg, unsigned int size,
		    uint32_t value)
{
	unsigned int shift = (reg & 3) * 8;
	uint32_t mask = ones(size) << shift;
	uint32_t dw;

	if (!cap || (reg & ~3U) != cap) {
		return false;
	}
	dw = (cfg_read(dev->f.bdf, cap, 4) & ~mask) | ((value << shift) & mask);
	return dw & bit;
}

/* A non-root cell's write to its own device; lock held. */
static bool write_allowed(struct cell *cell, uint16_t bdf, unsigned int reg,
			  unsigned int size, uint32_t *value)
{
	struct owned_dev *dev;
	const char *why = "";

	if (cell == &root_cell) {
		return true;
	}
	dev = cell_device(cell, bdf);
	if (!dev) {
		return false;
	}
	if (enables(dev, dev->f.msi_cap, MSI_ENABLE, reg, size, *value) ||
	    enables(dev, dev->msix_cap, MSIX_ENABLE, reg, size, *value)) {
		why = "MSI/MSI-X: arm64 cells get no ITS";
	} else if (pci_filter_write(&filter_ops, cell, &dev->f, reg, size,
				  value, &why)) {
		return true;
	}
	if (ratelimit_ok(&refusals, 8)) {
		printk("cell \"%s\": config write of %02x:%02x.%x reg 0x%x = 0x%x dropped: %s\n",
		       cell->name, bdf >> 8, (bdf >> 3) & 0x1f, bdf & 7, reg,
		       *value, why);
	}
	return false;
}

/* One access of at most 4 bytes at off; lock held. */
static uint32_t ecam_cell_access(struct cell *cell, uint64_t off,
				 unsigned int size, bool is_write,
				 uint32_t value)
{
	uint16_t bdf = (uint16_t)(off >> ECAM_FN_SHIFT);

	/* A link device of this cell, emulated wherever the config put it. */
	if (ivshmem_cfg_access(cell, bdf, off & ECAM_REG_MASK, size, is_write,
			       &value)) {
		return is_write ? 0 : value;
	}
	if (!pci_cell_owns(cell, bdf)) {
		return ones(size);
	}
	if (!is_write) {
		return ecam_read(off, size);
	}
	if (write_allowed(cell, bdf, off & ECAM_REG_MASK, size, &value)) {
		ecam_write(off, size, value);
	}
	return 0;
}

static enum mmio_result ecam_access(struct per_cpu *pcpu, void *arg,
				    struct mmio_access *acc)
{
	uint64_t off = acc->offset;
	unsigned int size = acc->size, part = size == 8 ? 4 : size;
	uint64_t lo, hi = 0;

	(void)arg;
	if ((size != 1 && size != 2 && size != 4 && size != 8) ||
	    (off & (size - 1))) {
		return MMIO_ERROR;
	}

	spin_lock(&pci_lock);
	lo = ecam_cell_access(pcpu->cell, off, part, acc->is_write,
			      (uint32_t)acc->value);
	if (size == 8) {
		hi = ecam_cell_access(pcpu->cell, off + 4, 4, acc->is_write,
				      (uint32_t)(acc->value >> 32));
	}
	spin_unlock(&pci_lock);
	if (!acc->is_write) {
		acc->value = lo | hi << 32;
	}
	return MMIO_HANDLED;
}

int pci_init(void)
{
	const struct jh_arm64_platform *plat = &hv.sysconfig->platform.arm64;
	uint64_t size;
	int err;

	if (!plat->pci_ecam_base) {
		return 0;
	}
	size = ((uint64_t)plat->pci_ecam_end_bus + 1) * ECAM_BUS_SIZE;
	ecam = hv_map_device(plat->pci_ecam_base, size);
	if (!ecam) {
		hv_error("cannot map the PCI ECAM at 0x%llx (%llu MiB)",
			 (unsigned long long)plat->pci_ecam_base,
			 (unsigned long long)(size >> 20));
		return -JH_ENOMEM;
	}
	ecam_size = size;
	err = mmio_register(plat->pci_ecam_base, size, ecam_access, NULL);
	if (err != 0) {
		hv_error("no MMIO handler slot left for the PCI ECAM");
	} else {
		printk("  PCI: ECAM at 0x%llx, buses 0-%u, trapped for every cell\n",
		       (unsigned long long)plat->pci_ecam_base,
		       plat->pci_ecam_end_bus);
	}
	return err;
}
