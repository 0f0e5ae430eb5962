/* SPDX-License-Identifier: GPL-2.0 */
/* PCI config space as hardware (pci_cfg.c). */
#ifndef ASM_PCI_CFG_H
#define ASM_PCI_CFG_H

#include <hv/types.h>

/*
 * The hypervisor's own config accesses to register reg (naturally
 * aligned, < 0x100) of a domain-0 device, whoever owns it: for the units
 * it drives (an AMD-Vi unit's function, which no cell sees).
 */
uint32_t pci_hv_read(uint16_t bdf, unsigned int reg, unsigned int size);
void pci_hv_write(uint16_t bdf, unsigned int reg, unsigned int size,
		  uint32_t value);

/*
 * The hardware's ports 0xcf8-0xcff, sizes 1, 2 and 4. pci_cfg.c reaches
 * them only through this pointer, so that host tests can put a model there.
 */
struct pci_port_ops {
	uint32_t (*in)(uint16_t port, unsigned int size);
	void (*out)(uint16_t port, unsigned int size, uint32_t value);
};
extern const struct pci_port_ops *pci_ports;

#endif /* ASM_PCI_CFG_H */
