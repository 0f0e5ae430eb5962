/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * PCI on top of the arch's pci_read_config()/pci_write_config() (x86:
 * ports 0xcf8/0xcfc, arm64: the ECAM the comm region names): finding a
 * device, its capabilities and memory BARs, switching on decoding and
 * bus mastering. In a cell, a device that is not the cell's reads
 * all-ones, so a search finds only the cell's own (and its link devices).
 */
#include <inmate.h>

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
