// SPDX-License-Identifier: GPL-2.0
/*
 * The hardware side of PCI config space (pci_cfg.h): the ECAM
 * window through the hypervisor's mapping and mechanism #1 through the
 * ports, and the hypervisor's own accesses. Callers of the unlocked
 * accessors hold pci_lock, so that a mechanism #1 address and its data
 * access stay one pair.
 */
#include <hv/spinlock.h>
#include <asm/io.h>
#include "pci_cfg.h"
#include "pci_regs.h"

#define MAX_CAPS	48		/* (256 - 64) / 4: a loop bound */

DEFINE_SPINLOCK(pci_lock);

volatile uint8_t *pci_ecam;
uint64_t pci_ecam_size;

static uint32_t hw_port_in(uint16_t port, unsigned int size)
{
	if (size == 1) {
		return inb(port);
	}
	if (size == 2) {
		return inw(port);
	}
	return inl(port);
}

static void hw_port_out(uint16_t port, unsigned int size, uint32_t value)
{
	if (size == 1) {
		outb(port, (uint8_t)value);
	} else if (size == 2) {
		outw(port, (uint16_t)value);
	} else {
		outl(port, value);
	}
}

static const struct pci_port_ops hw_ports = {
	.in = hw_port_in,
	.out = hw_port_out,
};

const struct pci_port_ops *pci_ports = &hw_ports;

/* ECAM offset off (bus, device, function, register). */
uint32_t pci_ecam_read(uint64_t off, unsigned int size)
{
	volatile uint8_t *p = pci_ecam + off;

	if (size == 1) {
		return *p;
	}
	if (size == 2) {
		return *(volatile uint16_t *)p;
	}
	return *(volatile uint32_t *)p;
}

void pci_ecam_write(uint64_t off, unsigned int size, uint32_t value)
{
	volatile uint8_t *p = pci_ecam + off;

	if (size == 1) {
		*p = (uint8_t)value;
	} else if (size == 2) {
		*(volatile uint16_t *)p = (uint16_t)value;
	} else {
		*(volatile uint32_t *)p = value;
	}
}

/* Mechanism #1 at addr (enable bit set), data port offset n. */
uint32_t pci_cf8_read(uint32_t addr, unsigned int n, unsigned int size)
{
	pci_ports->out(PORT_ADDRESS, 4, addr & ADDR_HW_MASK);
	return pci_ports->in(PORT_DATA + n, size);
}

void pci_cf8_write(uint32_t addr, unsigned int n, unsigned int size,
		   uint32_t value)
{
	pci_ports->out(PORT_ADDRESS, 4, addr & ADDR_HW_MASK);
	pci_ports->out(PORT_DATA + n, size, value);
}

static bool ecam_reaches(uint16_t bdf)
{
	return pci_ecam && ((uint64_t)bdf << ECAM_FN_SHIFT) < pci_ecam_size;
}

/* Register reg (naturally aligned, < 0x100) of bdf, lock held. */
uint32_t pci_cfg_read(uint16_t bdf, unsigned int reg, unsigned int size)
{
	if (ecam_reaches(bdf)) {
		return pci_ecam_read(((uint64_t)bdf << ECAM_FN_SHIFT) + reg, size);
	}
	return pci_cf8_read(ADDR_ENABLE | (uint32_t)bdf << 8 | ADDR_REG(reg),
			reg & 3, size);
}

void pci_cfg_write(uint16_t bdf, unsigned int reg, unsigned int size,
		   uint32_t value)
{
	if (ecam_reaches(bdf)) {
		pci_ecam_write(((uint64_t)bdf << ECAM_FN_SHIFT) + reg, size, value);
	} else {
		pci_cf8_write(ADDR_ENABLE | (uint32_t)bdf << 8 | ADDR_REG(reg),
			  reg & 3, size, value);
	}
}

uint32_t pci_hv_read(uint16_t bdf, unsigned int reg, unsigned int size)
{
	uint32_t v;

	spin_lock(&pci_lock);
	v = pci_cfg_read(bdf, reg, size);
	spin_unlock(&pci_lock);
	return v;
}

void pci_hv_write(uint16_t bdf, unsigned int reg, unsigned int size,
		  uint32_t value)
{
	spin_lock(&pci_lock);
	pci_cfg_write(bdf, reg, size, value);
	spin_unlock(&pci_lock);
}

uint32_t pci_ones(unsigned int size)
{
	return size >= 4 ? 0xffffffffU : (1U << (size * 8)) - 1;
}

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
