/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * PCI configuration space on arm64: the ECAM (4 KiB per function at
 * base + bdf * 4096) whose base the comm region gives. The hypervisor
 * traps every access: a cell sees only its own devices and its link
 * devices; the rest reads all-ones. Without an ECAM everything does.
 */
#include <inmate.h>
#include <sysreg.h>

static unsigned long ecam_base(void)
{
	return (unsigned long)comm_platform64(
		COMM_PLATFORM(arm64.pci_ecam_base), 0);
}

uint32_t pci_read_config(uint16_t bdf, unsigned int reg, unsigned int size)
{
	unsigned long base = ecam_base(), addr;

	if (!base)
		return size >= 4 ? 0xffffffffU : (1U << (size * 8)) - 1;
	addr = base + ((unsigned long)bdf << 12) + (reg & 0xfff);
	switch (size) {
	case 1:
		return mmio_read8(addr);
	case 2:
		return *(volatile uint16_t *)addr;
	default:
		return mmio_read32(addr);
	}
}

void pci_write_config(uint16_t bdf, unsigned int reg, uint32_t value,
		      unsigned int size)
{
	unsigned long base = ecam_base(), addr;

	if (!base)
		return;
	addr = base + ((unsigned long)bdf << 12) + (reg & 0xfff);
	switch (size) {
	case 1:
		mmio_write8(addr, (uint8_t)value);
		break;
	case 2:
		*(volatile uint16_t *)addr = (uint16_t)value;
		break;
	default:
		mmio_write32(addr, value);
		break;
	}
}
