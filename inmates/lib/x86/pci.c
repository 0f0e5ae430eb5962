/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * PCI configuration space: configuration mechanism #1 (address to port
 * 0xcf8, data through 0xcfc-0xcff) and ECAM (4 KiB per function at
 * base + bdf * 4096). In a cell both are intercepted: for a device that
 * is not the cell's, reads return all-ones and writes are dropped.
 *
 * On top of mechanism #1: finding a device, its capabilities and memory
 * BARs, switching on decoding and bus mastering, and MSI in xAPIC
 * physical destination mode. The hypervisor filters a cell's writes to
 * its devices (bus mastering may stay off, MSI addresses and data outside
 * the cell are dropped), so every setter here reports what reads back.
 */
#include <inmate.h>
#include <x86.h>

#define PCI_CONFIG_ADDRESS	0xcf8
#define PCI_CONFIG_DATA		0xcfc
#define PCI_CONFIG_ENABLE	0x80000000U

static void select_register(uint16_t bdf, unsigned int reg)
{
	outl(PCI_CONFIG_ENABLE | (uint32_t)bdf << 8 | (reg & 0xfc),
	     PCI_CONFIG_ADDRESS);
}

uint32_t pci_read_config(uint16_t bdf, unsigned int reg, unsigned int size)
{
	uint16_t port = PCI_CONFIG_DATA + (reg & 3);

	select_register(bdf, reg);
	switch (size) {
	case 1:
		return inb(port);
	case 2:
		return inw(port);
	default:
		return inl(PCI_CONFIG_DATA);
	}
}

void pci_write_config(uint16_t bdf, unsigned int reg, uint32_t value,
		      unsigned int size)
{
	uint16_t port = PCI_CONFIG_DATA + (reg & 3);

	select_register(bdf, reg);
	switch (size) {
	case 1:
		outb((uint8_t)value, port);
		break;
	case 2:
		outw((uint16_t)value, port);
		break;
	default:
		outl(value, PCI_CONFIG_DATA);
		break;
	}
}

static unsigned long ecam_address(unsigned long base, uint16_t bdf,
				  unsigned int reg)
{
	return base + ((unsigned long)bdf << 12) + (reg & 0xffc);
}

uint32_t pci_ecam_read32(unsigned long base, uint16_t bdf, unsigned int reg)
{
	return mmio_read32(ecam_address(base, bdf, reg));
}

void pci_ecam_write32(unsigned long base, uint16_t bdf, unsigned int reg,
		      uint32_t value)
{
	mmio_write32(ecam_address(base, bdf, reg), value);
}

#define PCI_REG_ID		0x00
#define PCI_REG_COMMAND		0x04
#define PCI_STATUS_CAP_LIST	(1U << 20)	/* in the command dword */
#define PCI_REG_HEADER		0x0e
#define PCI_REG_BAR0		0x10
#define PCI_REG_CAP_PTR		0x34
#define PCI_BAR_IO		0x1
#define PCI_BAR_TYPE_MASK	0x6
#define PCI_BAR_64BIT		0x4
#define PCI_BAR_MEM_MASK	0xfffffff0U
#define PCI_MAX_CAPS		48	/* a looped list ends the walk */

#define MSI_CONTROL		0x02
#define MSI_CTRL_ENABLE		0x0001
#define MSI_CTRL_64BIT		0x0080
#define MSI_ADDR_LO		0x04
#define MSI_ADDR_HI		0x08
#define MSI_ADDR_BASE		0xfee00000U
#define MSI_ADDR_DEST_SHIFT	12

int pci_find_device(uint16_t vendor, uint16_t device, unsigned int buses)
{
	uint32_t want = (uint32_t)device << 16 | vendor;
	unsigned int bdf;

	for (bdf = 0; bdf < buses * 256 && bdf <= 0xffff; bdf++)
		if (pci_read_config((uint16_t)bdf, PCI_REG_ID, 4) == want)
			return (int)bdf;
	return -1;
}

unsigned int pci_find_cap(uint16_t bdf, uint8_t cap_id)
{
	unsigned int pos, n;
	uint32_t cap;

	if (!(pci_read_config(bdf, PCI_REG_COMMAND, 4) & PCI_STATUS_CAP_LIST))
		return 0;
	pos = pci_read_config(bdf, PCI_REG_CAP_PTR, 1) & 0xfc;
	for (n = 0; n < PCI_MAX_CAPS && pos >= 0x40; n++) {
		cap = pci_read_config(bdf, pos, 4);
		if ((cap & 0xff) == cap_id)
			return pos;
		pos = (cap >> 8) & 0xfc;
	}
	return 0;
}

uint64_t pci_bar_address(uint16_t bdf, unsigned int n)
{
	unsigned int reg = PCI_REG_BAR0 + 4 * n;
	uint32_t lo;

	if (n > 5 || (pci_read_config(bdf, PCI_REG_HEADER, 1) & 0x7f) != 0)
		return 0;
	lo = pci_read_config(bdf, reg, 4);
	if (lo & PCI_BAR_IO)
		return 0;
	if ((lo & PCI_BAR_TYPE_MASK) == PCI_BAR_64BIT)
		return n < 5 ? (uint64_t)pci_read_config(bdf, reg + 4, 4) << 32 |
			(lo & PCI_BAR_MEM_MASK) : 0;
	return lo & PCI_BAR_MEM_MASK;
}

uint16_t pci_set_command(uint16_t bdf, uint16_t set, uint16_t clear)
{
	uint16_t cmd = (uint16_t)pci_read_config(bdf, PCI_REG_COMMAND, 2);

	pci_write_config(bdf, PCI_REG_COMMAND, (cmd & ~clear) | set, 2);
	return (uint16_t)pci_read_config(bdf, PCI_REG_COMMAND, 2);
}

static unsigned int msi_data_reg(uint16_t bdf, unsigned int cap)
{
	return pci_read_config(bdf, cap + MSI_CONTROL, 2) & MSI_CTRL_64BIT ?
		12 : 8;
}

void pci_msi_program(uint16_t bdf, unsigned int cap, uint32_t apic_id,
		     uint8_t vector)
{
	unsigned int data = msi_data_reg(bdf, cap);

	pci_msi_enable(bdf, cap, false);
	pci_write_config(bdf, cap + MSI_ADDR_LO,
			 MSI_ADDR_BASE | (apic_id & 0xff) << MSI_ADDR_DEST_SHIFT,
			 4);
	if (data == 12)
		pci_write_config(bdf, cap + MSI_ADDR_HI, 0, 4);
	/* Fixed delivery, edge triggered. */
	pci_write_config(bdf, cap + data, vector, 2);
}

bool pci_msi_enable(uint16_t bdf, unsigned int cap, bool enable)
{
	uint16_t ctrl = (uint16_t)pci_read_config(bdf, cap + MSI_CONTROL, 2);

	ctrl = enable ? ctrl | MSI_CTRL_ENABLE : ctrl & ~MSI_CTRL_ENABLE;
	pci_write_config(bdf, cap + MSI_CONTROL, ctrl, 2);
	return pci_read_config(bdf, cap + MSI_CONTROL, 2) & MSI_CTRL_ENABLE;
}

uint32_t pci_msi_address(uint16_t bdf, unsigned int cap)
{
	return pci_read_config(bdf, cap + MSI_ADDR_LO, 4);
}

uint16_t pci_msi_data(uint16_t bdf, unsigned int cap)
{
	return (uint16_t)pci_read_config(bdf, cap + msi_data_reg(bdf, cap),
					 2);
}
