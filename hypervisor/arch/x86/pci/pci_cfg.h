/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Config space access (pci_cfg.c) for the files above it. Registers reg
 * are naturally aligned and below 0x100; every accessor but
 * pci_hv_read/pci_hv_write wants pci_lock held.
 */
#ifndef PCI_PCI_CFG_H
#define PCI_PCI_CFG_H

#include <hv/spinlock.h>
#include <hv/types.h>
#include <asm/pci_cfg.h>

#define PORT_ADDRESS		0xcf8
#define PORT_DATA		0xcfc

#define ADDR_ENABLE		0x80000000U
#define ADDR_HW_MASK		0x8ffffffcU
#define ADDR_REG(a)		((a) & 0xfcU)

#define ECAM_FN_SHIFT		12

extern spinlock_t pci_lock;
/* The hypervisor's mapping of the ECAM (NULL: none) and its size. */
extern volatile uint8_t *pci_ecam;
extern uint64_t pci_ecam_size;

uint32_t pci_ecam_read(uint64_t off, unsigned int size);
void pci_ecam_write(uint64_t off, unsigned int size, uint32_t value);
/* Mechanism #1 at addr (enable bit set), data port offset n. */
uint32_t pci_cf8_read(uint32_t addr, unsigned int n, unsigned int size);
void pci_cf8_write(uint32_t addr, unsigned int n, unsigned int size,
		   uint32_t value);
/* Through the ECAM where it reaches bdf, else the ports. */
uint32_t pci_cfg_read(uint16_t bdf, unsigned int reg, unsigned int size);
void pci_cfg_write(uint16_t bdf, unsigned int reg, unsigned int size,
		   uint32_t value);

/* All-ones of size bytes: what an absent or foreign device reads. */
uint32_t pci_ones(unsigned int size);
/* Offset of bdf's capability id (bounded list walk), 0 if none. */
unsigned int pci_find_cap(uint16_t bdf, unsigned int id);

#endif /* PCI_PCI_CFG_H */
