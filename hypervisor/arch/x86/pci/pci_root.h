/* SPDX-License-Identifier: GPL-2.0 */
/* pci_root.c for pci_view.c. */
#ifndef PCI_PCI_ROOT_H
#define PCI_PCI_ROOT_H

#include <hv/types.h>
#include <asm/pci_root.h>

struct pci_filter_dev;

/* The root's record of bdf while its MSIs are remapped. */
struct pci_filter_dev *pci_root_device(uint16_t bdf);

#endif /* PCI_PCI_ROOT_H */
