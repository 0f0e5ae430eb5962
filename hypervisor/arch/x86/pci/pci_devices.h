/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The ownership tables of pci_devices.c, which pci_cell_assign and
 * pci_cell_release fill and empty under pci_lock.
 */
#ifndef PCI_PCI_DEVICES_H
#define PCI_PCI_DEVICES_H

#include <jailhouse/config.h>
#include <hv/pci_filter.h>
#include <hv/types.h>
#include <asm/pci_devices.h>

/* The devices a non-root cell owns, as it got them; index: cell id. */
struct cell_devices {
	unsigned int num;
	struct pci_filter_dev dev[JH_MAX_PCI_DEVICES];
};

struct cell;

/* A non-root cell's table; the caller checked its id < HV_MAX_CELLS. */
struct cell_devices *pci_cell_devices(const struct cell *cell);
/* A non-root cell's record of its device bdf, or NULL. Lock held. */
struct pci_filter_dev *pci_cell_device(const struct cell *cell,
				       uint16_t bdf);
/* Is bdf an IOMMU's own function (nobody's)? */
bool pci_device_hidden(uint16_t bdf);
/* Does a non-root cell own bdf? Lock held for a change. */
bool pci_device_taken(uint16_t bdf);
void pci_device_set_taken(uint16_t bdf, bool on);
/* Records the PCI functions of the system's AMD-Vi units as hidden. */
void pci_hide_iommus(void);

#endif /* PCI_PCI_DEVICES_H */
