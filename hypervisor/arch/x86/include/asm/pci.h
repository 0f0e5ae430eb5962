/* SPDX-License-Identifier: GPL-2.0 */
/*
 * PCI configuration space mediation (pci.c): configuration mechanism #1
 * (ports 0xcf8-0xcff) and the ECAM (MMCONFIG) window, both vendor
 * neutral. A cell reaches only the config space of its own devices. This
 * header is the subsystem's interface: it brings the lower files' public
 * parts along.
 */
#ifndef ASM_PCI_H
#define ASM_PCI_H

#include <hv/types.h>
#include <asm/pci_cfg.h>
#include <asm/pci_devices.h>
#include <asm/pci_root.h>
#include <asm/pci_trap.h>

struct cell;

/* First CPU, from setup: maps and registers the ECAM, if there is one. */
int pci_init(void);

/*
 * Under the control lock, from cell_arch_assign / cell_arch_release:
 * the cell's devices (its config's pci_devices, domain 0) move from the
 * root cell to it, and back. Either way the devices' bus-master, memory
 * and I/O decoding are switched off.
 */
void pci_cell_assign(struct cell *cell);
void pci_cell_release(struct cell *cell);
/*
 * The cell stops or starts again (cell_arch_reset_devices): its devices,
 * still its own, lose bus mastering, decoding and remapped MSIs, as on
 * assign, so that none masters on into memory the root writes or takes.
 */
void pci_cell_quiesce(struct cell *cell);

#endif /* ASM_PCI_H */
