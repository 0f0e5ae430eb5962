/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * PCI configuration space: configuration mechanism #1 (address to port
 * 0xcf8, data through 0xcfc-0xcff) and ECAM (4 KiB per function at
 * base + bdf * 4096). In a cell both are intercepted: for a device that
 * is not the cell's, reads return all-ones and writes are dropped.
 *
 * On top of mechanism #1: MSI in xAPIC physical destination mode (finding
 * a device, its capabilities and BARs is in lib/common/pci.c). The hypervisor filters a cell's writes to
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

#define MSI_CONTROL		0x02
#define MSI_CTRL_ENABLE		0x0001
#define MSI_CTRL_64BIT		0x0080
#define MSI_ADDR_LO		0x04
#define MSI_ADDR_HI		0x08
#define MSI_ADDR_BASE		0xfee00000U
#define MSI_ADDR_DEST_SHIFT	12

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
