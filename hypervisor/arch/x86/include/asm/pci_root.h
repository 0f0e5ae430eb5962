/* SPDX-License-Identifier: GPL-2.0 */
/* The root cell's MSIs under an IOMMU (pci_root.c). */
#ifndef ASM_PCI_ROOT_H
#define ASM_PCI_ROOT_H

#include <hv/types.h>

/*
 * The root cell's MSIs, for an IOMMU driver that remaps per device. At
 * enable, before the root's tables exist: the root's functions with an
 * MSI capability and no MSI-X, at most max of them (and
 * PCI_ROOT_MSI_MAX), into bdf; returns how many. Once the unit
 * remaps through those tables: takeover makes the root's MSI programming
 * of them go through the filter and iommu_msi_remap(&root_cell, ...),
 * the messages already there included. Disable: giveback puts the root's
 * own messages back.
 */
#define PCI_ROOT_MSI_MAX	64
unsigned int pci_root_msi_scan(uint16_t *bdf, unsigned int max);
void pci_root_msi_takeover(void);
void pci_root_msi_giveback(void);
/*
 * The IOMMU driver attached bdf to the root cell again (after the cell's
 * entries went): its hardware gets the root's remapped message back.
 */
void pci_root_msi_returned(uint16_t bdf);
/* The MSI-X functions the scan found (at most PCI_ROOT_MSI_MAX). */
unsigned int pci_root_msix(const uint16_t **bdf);
bool pci_root_is_msix(uint16_t bdf);

#endif /* ASM_PCI_ROOT_H */
