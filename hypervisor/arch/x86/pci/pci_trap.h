/* SPDX-License-Identifier: GPL-2.0 */
/* pci_trap.c for pci.c. */
#ifndef PCI_PCI_TRAP_H
#define PCI_PCI_TRAP_H

#include <asm/pci_trap.h>

struct cell;

/* Clears the cell's CPUs' 0xcf8 shadows. */
void pci_reset_shadows(const struct cell *cell);
/* Maps and traps the ECAM, if there is one. */
int pci_trap_init(void);

#endif /* PCI_PCI_TRAP_H */
