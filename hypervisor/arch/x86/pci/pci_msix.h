/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PCI_PCI_MSIX_H
#define PCI_PCI_MSIX_H

#include <hv/types.h>

/*
 * pci_msix.c, the root's MSI-X tables (pci_lock held where pci_root.c
 * calls them): add bdf's table (capability at cap) to the trapped ones,
 * false if it cannot be; trap them all (after the scan); is bdf's
 * trapped; takeover, giveback and return as in asm/pci_root.h.
 */
#define PCI_MSIX_FUNCTIONS	8
#define PCI_MSIX_ENTRIES	32
void pci_msix_reset(void);
bool pci_msix_add(uint16_t bdf, unsigned int cap);
int pci_msix_trap(void);
void pci_msix_takeover(void);
void pci_msix_giveback(void);
void pci_msix_returned(uint16_t bdf);

#endif /* PCI_PCI_MSIX_H */
