// SPDX-License-Identifier: GPL-2.0
/*
 * Config-space writes of a non-root cell to its own devices
 * (hv/pci_filter.h). Without an IOMMU, a device is a bus master with
 * unconfined access to all memory, and its registers decide which
 * addresses it decodes and where its interrupts go. The rules:
 *
 * - Bus mastering (command bit 2) stays off unless an IOMMU confines the
 *   device's DMA to the cell's memory (dma_ok, set by pci.c), or the
 *   cell's config flags the device JH_PCI_DMA_UNCONFINED (its DMA, MSIs
 *   included, then reaches everything: a documented trust decision).
 * - BARs and the expansion ROM keep the addresses they had when the cell
 *   got the device, which its config's memory regions describe: a write
 *   must put that address back, or be a sizing write of all-ones while
 *   the command register has decoding of that kind off. Decoding can only
 *   be switched on while every BAR holds its address again.
 * - Bridges: bus numbers and forwarding windows (0x18-0x2f) are fixed.
 * - MSI: address 0xfeeXX000 to the cell's CPUs (ops->apic_id_ok decides,
 *   ops->apic_logical_ok for logical destinations, which pci.c allows
 *   the root cell only),
 *   upper address 0, vector >= 32, fixed or lowest-priority delivery;
 *   MSI is enabled only while address and data are so. The root cell's
 *   devices whose MSIs an IOMMU remaps meet these MSI rules only
 *   (pci_filter_msi_write), and nothing else of this list.
 *   With an IOMMU that remaps interrupts (msi_remap), the checked
 *   address and data are kept as the cell's view and never reach the
 *   device: each time both are valid, or the number of enabled vectors
 *   changes, the IOMMU is given every vector's message (ops->msi_remap)
 *   and the device gets the message the IOMMU returned. A combination
 *   the IOMMU refuses (say a vector block that dips below 32) drops the
 *   write and leaves the cell's view as it was.
 * - Extended config space (>= 0x100: SR-IOV, ATS, ACS, ...) is read-only.
 */
#include <hv/pci_filter.h>

#define REG_COMMAND		0x04
#define CMD_IO			(1U << 0)
#define CMD_MEMORY		(1U << 1)
#define CMD_MASTER		(1U << 2)
#define REG_BAR0		0x10
#define REG_ROM_DEVICE		0x30
#define REG_ROM_BRIDGE		0x38
#define REG_BRIDGE_BUSES	0x18
#define REG_BRIDGE_LAST		0x2c
#define BAR_IO			(1U << 0)
#define BAR_MEM_TYPE_MASK	(3U << 1)
#define BAR_MEM_TYPE_64		(2U << 1)
#define ROM_ENABLE		(1U << 0)
#define ALL_ONES		0xffffffffU

#define MSI_ENABLE		(1U << 16)	/* control, upper half */
#define MSI_ADDR_BASE		0xfee00000U
#define MSI_ADDR_FIXED_MASK	0xfff00000U
#define MSI_ADDR_DEST(a)	(((a) >> 12) & 0xff)
#define MSI_ADDR_DM_LOGICAL	(1U << 2)
#define MSI_ADDR_LOW_BITS	0x3U
#define MSI_DATA_VECTOR(d)	((d) & 0xff)
#define MSI_DATA_MODE(d)	(((d) >> 8) & 7)
#define MODE_FIXED		0
#define MODE_LOWEST		1
#define MSI_MME(ctrl)		(((ctrl) >> 20) & 7)	/* log2 vectors */
#define MSI_MAX_MME		5			/* 32 vectors */
#define MSI_DATA_MASK		0xffffU

/* Index into msi_shadow of dword reg, or -1 if it is not shadowed. */
static int shadow_index(const struct pci_filter_dev *dev, unsigned int reg)
{
	unsigned int off = reg - dev->msi_cap;

	if (!dev->msi_remap || !dev->msi_cap || reg < dev->msi_cap) {
		return -1;
	}
	/* 32-bit capability: +12 holds the mask bits, if any. */
	if (off == 4 || off == 8 || (off == 12 && dev->msi_64bit)) {
		return (int)(off / 4) - 1;
	}
	return -1;
}

uint32_t pci_filter_view(const struct pci_filter_dev *dev, unsigned int reg,
			 uint32_t hw)
{
	int i = shadow_index(dev, reg);

	return i < 0 ? hw : dev->msi_shadow[i];
}

/* Dword reg as the cell sees it. */
static uint32_t cur(const struct pci_filter_ops *ops,
		    const struct pci_filter_dev *dev, unsigned int reg)
{
	return pci_filter_view(dev, reg, ops->read(dev, reg));
}

static unsigned int num_bars(const struct pci_filter_dev *dev)
{
	return dev->header_type == 1 ? 2 : PCI_FILTER_BARS;
}

static unsigned int rom_reg(const struct pci_filter_dev *dev)
{
	return dev->header_type == 1 ? REG_ROM_BRIDGE : REG_ROM_DEVICE;
}

/* Does every BAR hold its address of the assignment? */
static bool bars_home(const struct pci_filter_ops *ops,
		      const struct pci_filter_dev *dev)
{
	unsigned int n;

	for (n = 0; n < num_bars(dev); n++) {
		if (ops->read(dev, REG_BAR0 + 4 * n) != dev->bar[n]) {
			return false;
		}
	}
	return (ops->read(dev, rom_reg(dev)) & ~ROM_ENABLE) ==
		(dev->rom & ~ROM_ENABLE);
}

static bool command_ok(const struct pci_filter_ops *ops,
		       const struct pci_filter_dev *dev, uint32_t *dw,
		       const char **why)
{
	if (!dev->dma_ok) {
		*dw &= ~CMD_MASTER;
	}
	if ((*dw & (CMD_IO | CMD_MEMORY)) && !bars_home(ops, dev)) {
		*why = "decoding with a BAR away from its assigned address";
		return false;
	}
	return true;
}

/* Is BAR n the upper dword of a 64-bit memory BAR (a memory BAR then)? */
static bool bar_is_upper_half(const struct pci_filter_dev *dev,
			      unsigned int n)
{
	unsigned int i;
	bool upper = false;

	for (i = 0; i < n; i++) {
		upper = !upper && ((dev->bar[i] & BAR_IO) == 0U) &&
			((dev->bar[i] & BAR_MEM_TYPE_MASK) == BAR_MEM_TYPE_64);
	}
	return upper;
}

/* BAR n (or the ROM, n == num_bars), new dword dw. */
static bool bar_ok(const struct pci_filter_ops *ops,
		   const struct pci_filter_dev *dev, unsigned int n,
		   uint32_t dw, const char **why)
{
	bool rom = n >= num_bars(dev);
	uint32_t home = rom ? dev->rom : dev->bar[n];
	uint32_t cmd, decode;

	if (rom ? (dw & ~ROM_ENABLE) == (home & ~ROM_ENABLE) : dw == home) {
		return true;
	}
	/* Sizing: all-ones, only while that kind of decoding is off. */
	cmd = ops->read(dev, REG_COMMAND);
	decode = CMD_MEMORY;
	if (!rom && !bar_is_upper_half(dev, n) && ((home & BAR_IO) != 0U)) {
		decode = CMD_IO;
	}
	if ((dw | ROM_ENABLE) == ALL_ONES && !(rom && (dw & ROM_ENABLE)) &&
	    !(cmd & decode)) {
		return true;
	}
	*why = "BAR moved away from the address the cell was given";
	return false;
}

static bool msi_address_ok(const struct pci_filter_ops *ops, const void *cell,
			   uint32_t addr)
{
	return (addr & MSI_ADDR_FIXED_MASK) == MSI_ADDR_BASE &&
		!(addr & MSI_ADDR_LOW_BITS) &&
		(addr & MSI_ADDR_DM_LOGICAL ?
		 ops->apic_logical_ok &&
		 ops->apic_logical_ok(cell, MSI_ADDR_DEST(addr)) :
		 ops->apic_id_ok(cell, MSI_ADDR_DEST(addr)));
}

static bool msi_data_ok(uint32_t data)
{
	unsigned int mode = MSI_DATA_MODE(data);

	return MSI_DATA_VECTOR(data) >= 32 &&
		(mode == MODE_FIXED || mode == MODE_LOWEST);
}

bool pci_filter_msg_ok(const struct pci_filter_ops *ops, const void *cell,
		       uint64_t address, uint32_t data)
{
	return !(address >> 32) && !(data & ~MSI_DATA_MASK) &&
		msi_address_ok(ops, cell, (uint32_t)address) &&
		msi_data_ok(data);
}

/* Dword off (0, 4, 8, 12) of the MSI capability, new value dw. */
static bool msi_ok(const struct pci_filter_ops *ops, const void *cell,
		   const struct pci_filter_dev *dev, unsigned int off,
		   uint32_t dw, const char **why)
{
	unsigned int data_off = dev->msi_64bit ? 12 : 8;
	uint32_t addr, data;

	*why = "MSI to a CPU outside the cell, or a vector or mode refused";
	if (off == 0) {
		if (!(dw & MSI_ENABLE)) {
			return true;
		}
		addr = cur(ops, dev, dev->msi_cap + 4);
		data = cur(ops, dev, dev->msi_cap + data_off);
		if (dev->msi_64bit && cur(ops, dev, dev->msi_cap + 8)) {
			return false;
		}
		return msi_address_ok(ops, cell, addr) && msi_data_ok(data);
	}
	if (off == 4) {
		return msi_address_ok(ops, cell, dw);
	}
	if (off == data_off) {
		return msi_data_ok(dw);
	}
	/* The upper address of a 64-bit capability. */
	if (off == 8 && dev->msi_64bit) {
		return dw == 0;
	}
	return true;
}

/*
 * The IOMMU gets every vector of the cell's message (ctrl: the control
 * dword as it will be) and the device the message it returned. True if
 * done, or not due yet (address or data not valid).
 */
static bool msi_remap_all(const struct pci_filter_ops *ops, const void *cell,
			  struct pci_filter_dev *dev, uint32_t ctrl)
{
	unsigned int data_off = dev->msi_64bit ? 12 : 8;
	unsigned int n, vectors = 1U << MIN(MSI_MME(ctrl), MSI_MAX_MME);
	uint32_t addr = cur(ops, dev, dev->msi_cap + 4);
	uint32_t data = cur(ops, dev, dev->msi_cap + data_off) & MSI_DATA_MASK;
	uint64_t hw_addr = 0, a;
	uint32_t hw_data = 0, d;

	if (!msi_address_ok(ops, cell, addr) || !msi_data_ok(data) ||
	    (dev->msi_64bit && cur(ops, dev, dev->msi_cap + 8))) {
		return true;
	}
	/* Vector n replaces the low bits of the data, as the device does. */
	for (n = 0; n < vectors; n++) {
		if (!ops->msi_remap(cell, dev, n, addr,
				    (data & ~(vectors - 1)) | n, &a, &d)) {
			return false;
		}
		if (n == 0) {
			hw_addr = a;
			hw_data = d;
		}
	}
	ops->write(dev, dev->msi_cap + 4, (uint32_t)hw_addr);
	if (dev->msi_64bit) {
		ops->write(dev, dev->msi_cap + 8, (uint32_t)(hw_addr >> 32));
	}
	ops->write(dev, dev->msi_cap + data_off, hw_data & MSI_DATA_MASK);
	return true;
}

/*
 * A checked write dw to dword dreg of a device whose MSIs are remapped:
 * the shadow takes it, the IOMMU and the hardware follow. *dw becomes
 * what the hardware holds now.
 */
static bool msi_remap_write(const struct pci_filter_ops *ops,
			    const void *cell, struct pci_filter_dev *dev,
			    unsigned int dreg, uint32_t *dw, const char **why)
{
	int i = shadow_index(dev, dreg);
	uint32_t ctrl = i < 0 ? *dw : ops->read(dev, dev->msi_cap);
	uint32_t old = 0;

	if (i >= 0) {
		old = dev->msi_shadow[i];
		dev->msi_shadow[i] = *dw;
	}
	if (!msi_remap_all(ops, cell, dev, ctrl)) {
		if (i >= 0) {
			dev->msi_shadow[i] = old;
		}
		*why = "the IOMMU cannot remap this MSI for the cell";
		return false;
	}
	if (i >= 0) {
		*dw = ops->read(dev, dreg);
	}
	return true;
}

static bool in_msi_cap(const struct pci_filter_dev *dev, unsigned int dreg)
{
	return dev->msi_cap && dreg >= dev->msi_cap &&
		dreg < dev->msi_cap + 16U;
}

/* The MSI rules for dword dw of the capability; see pci_filter_write. */
static bool msi_write(const struct pci_filter_ops *ops, const void *cell,
		      struct pci_filter_dev *dev, unsigned int dreg,
		      uint32_t *dw, const char **why)
{
	bool ok = msi_ok(ops, cell, dev, dreg - dev->msi_cap, *dw, why);

	if (ok && dev->msi_remap) {
		ok = msi_remap_write(ops, cell, dev, dreg, dw, why);
	}
	return ok;
}

/* The dword the write makes of the current view; false: out of range. */
static bool merge(const struct pci_filter_ops *ops,
		  const struct pci_filter_dev *dev, unsigned int reg,
		  unsigned int size, uint32_t value, uint32_t *mask,
		  uint32_t *dw)
{
	unsigned int shift = (reg & 3) * 8;

	if (reg >= 0x100 || size == 0 || size > 4 || (reg & 3) + size > 4) {
		return false;
	}
	*mask = (size == 4 ? ALL_ONES : (1U << (size * 8)) - 1) << shift;
	*dw = (cur(ops, dev, reg & ~3U) & ~*mask) | ((value << shift) & *mask);
	return true;
}

bool pci_filter_msi_write(const struct pci_filter_ops *ops, const void *cell,
			  struct pci_filter_dev *dev, unsigned int reg,
			  unsigned int size, uint32_t *value, const char **why)
{
	unsigned int dreg = reg & ~3U, shift = (reg & 3) * 8;
	uint32_t mask, dw;

	if (!in_msi_cap(dev, dreg) ||
	    !merge(ops, dev, reg, size, *value, &mask, &dw)) {
		return true;
	}
	if (!msi_write(ops, cell, dev, dreg, &dw, why)) {
		return false;
	}
	*value = (dw & mask) >> shift;
	return true;
}

bool pci_filter_msi_refresh(const struct pci_filter_ops *ops,
			    const void *cell, struct pci_filter_dev *dev)
{
	if (!dev->msi_cap || !dev->msi_remap) {
		return true;
	}
	return msi_remap_all(ops, cell, dev, ops->read(dev, dev->msi_cap));
}

bool pci_filter_write(const struct pci_filter_ops *ops, const void *cell,
		      struct pci_filter_dev *dev, unsigned int reg,
		      unsigned int size, uint32_t *value, const char **why)
{
	unsigned int dreg = reg & ~3U, shift = (reg & 3) * 8;
	uint32_t mask, dw;
	bool ok = true;

	if (!merge(ops, dev, reg, size, *value, &mask, &dw)) {
		*why = "extended config space (SR-IOV, ATS, ...) is read-only";
		return false;
	}

	if (dreg == REG_COMMAND) {
		ok = command_ok(ops, dev, &dw, why);
	} else if (dreg >= REG_BAR0 && dreg < REG_BAR0 + 4 * num_bars(dev)) {
		ok = bar_ok(ops, dev, (dreg - REG_BAR0) / 4, dw, why);
	} else if (dreg == rom_reg(dev)) {
		ok = bar_ok(ops, dev, num_bars(dev), dw, why);
	} else if (dev->header_type == 1 && dreg >= REG_BRIDGE_BUSES &&
		   dreg <= REG_BRIDGE_LAST) {
		ok = dw == ops->read(dev, dreg);
		*why = "bridge bus numbers and windows are fixed";
	} else if (in_msi_cap(dev, dreg)) {
		ok = msi_write(ops, cell, dev, dreg, &dw, why);
	}
	if (ok) {
		*value = (dw & mask) >> shift;
	}
	return ok;
}
