/* SPDX-License-Identifier: GPL-2.0 */
/* Which cell owns which PCI device (pci_devices.c). */
#ifndef ASM_PCI_DEVICES_H
#define ASM_PCI_DEVICES_H

#include <hv/types.h>

struct cell;

/* Does cell own the domain-0 device bdf (bus << 8 | dev << 3 | fn)? */
bool pci_cell_owns(const struct cell *cell, uint16_t bdf);

#endif /* ASM_PCI_DEVICES_H */
