/* SPDX-License-Identifier: GPL-2.0 */
/*
 * arm64 PCI config space mediation (pci.c): the ECAM the system config
 * names (platform.arm64.pci_ecam_base) is trapped for every cell, the
 * root cell included, so that a device a cell owns is out of everybody
 * else's reach.
 */
#ifndef ASM_PCI_H
#define ASM_PCI_H

#include <hv/types.h>

struct cell;

/* First CPU, from setup: maps and registers the ECAM, if there is one. */
int pci_init(void);

/*
 * Under the control lock, from cell_arch_assign / cell_arch_release:
 * the cell's devices (its config's pci_devices, domain 0) move from the
 * root cell to it, and back, with bus mastering and decoding switched off
 * either way.
 */
void pci_cell_assign(struct cell *cell);
void pci_cell_release(struct cell *cell);
/* At a start of the cell: its devices' decoding, mastering and MSIs off. */
void pci_cell_quiesce(struct cell *cell);

/* Does cell own the domain-0 device bdf (bus << 8 | dev << 3 | fn)? */
bool pci_cell_owns(const struct cell *cell, uint16_t bdf);

#endif /* ASM_PCI_H */
