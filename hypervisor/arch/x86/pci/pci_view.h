/* SPDX-License-Identifier: GPL-2.0 */
/* A cell's config accesses to its own devices (pci_view.c). */
#ifndef PCI_PCI_VIEW_H
#define PCI_PCI_VIEW_H

#include <hv/types.h>

struct cell;

/* A non-root cell's write to its own device may be changed or dropped. */
bool pci_write_allowed(struct cell *cell, uint16_t bdf, unsigned int reg,
		       unsigned int size, uint32_t *value);
/* A read of an owned device as the cell sees it (remapped MSI). */
uint32_t pci_cell_view(const struct cell *cell, uint16_t bdf,
		       unsigned int reg, unsigned int size, uint32_t value);

#endif /* PCI_PCI_VIEW_H */
