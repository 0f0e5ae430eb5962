/* SPDX-License-Identifier: GPL-2.0 */
/* The filter's callbacks on the real hardware (pci_filter_hw.c). */
#ifndef PCI_PCI_FILTER_HW_H
#define PCI_PCI_FILTER_HW_H

#include <hv/pci_filter.h>

extern const struct pci_filter_ops pci_filter_hw_ops;

#endif /* PCI_PCI_FILTER_HW_H */
