/* SPDX-License-Identifier: GPL-2.0 */
/*
 * pci.c: a cell's PCI devices, unbound from their Linux drivers and kept
 * from rebinding while the cell owns them; given back on destroy.
 */
#ifndef _JH_DRIVER_PCI_H
#define _JH_DRIVER_PCI_H

struct jh_cause;
struct jh_cell;

int jh_pci_take(struct jh_cause *cause, struct jh_cell *cell);
void jh_pci_give_back(struct jh_cell *cell);

#endif /* _JH_DRIVER_PCI_H */
