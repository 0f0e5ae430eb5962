/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * PCI configuration space: configuration mechanism #1 (address to port
 * 0xcf8, data through 0xcfc-0xcff) and ECAM (4 KiB per function at
 * base + bdf * 4096). In a cell both are intercepted: for a device that
 * is not the cell's, reads return all-ones and writes are dropped.
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
