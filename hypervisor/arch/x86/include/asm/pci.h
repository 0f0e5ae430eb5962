/* SPDX-License-Identifier: GPL-2.0 */
/*
 * PCI configuration space mediation (pci.c): configuration mechanism #1
 * (ports 0xcf8-0xcff) and the ECAM (MMCONFIG) window, both vendor
 * neutral. A cell reaches only the config space of its own devices.
 */
#ifndef ASM_PCI_H
#define ASM_PCI_H

#include <hv/types.h>

struct cell;
struct per_cpu;

/* First CPU, from setup: maps and registers the ECAM, if there is one. */
int pci_init(void);

/*
 * A trapped port access. False if port is not one of 0xcf8-0xcff (the
 * caller applies its port policy); else the access is emulated: *value
 * holds the written value, or receives the read result (all-ones for a
 * device the cell does not own; the caller cuts it to size).
 */
bool pci_pio_access(struct per_cpu *pcpu, uint16_t port, unsigned int size,
		    bool is_write, uint32_t *value);

/*
 * Under the control lock, from cell_arch_assign / cell_arch_release:
 * the cell's devices (its config's pci_devices, domain 0) move from the
 * root cell to it, and back. Either way the devices' bus-master, memory
 * and I/O decoding are switched off.
 */
void pci_cell_assign(struct cell *cell);
void pci_cell_release(struct cell *cell);

/*
 * The hypervisor's own config accesses to register reg (naturally
 * aligned, < 0x100) of a domain-0 device, whoever owns it: for the units
 * it drives (an AMD-Vi unit's function, which no cell sees).
 */
uint32_t pci_hv_read(uint16_t bdf, unsigned int reg, unsigned int size);
void pci_hv_write(uint16_t bdf, unsigned int reg, unsigned int size,
		  uint32_t value);

/*
 * The root cell's MSIs, for an IOMMU driver that remaps per device
 * (pci_root.c). At enable, before the root's tables exist: the root's
 * functions with an MSI capability and no MSI-X, at most max of them
 * (and PCI_ROOT_MSI_MAX), into bdf; returns how many. Once the unit
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

/* Does cell own the domain-0 device bdf (bus << 8 | dev << 3 | fn)? */
bool pci_cell_owns(const struct cell *cell, uint16_t bdf);

/*
 * The hardware's ports 0xcf8-0xcff, sizes 1, 2 and 4. pci.c reaches them
 * only through this pointer, so that host tests can put a model there.
 */
struct pci_port_ops {
	uint32_t (*in)(uint16_t port, unsigned int size);
	void (*out)(uint16_t port, unsigned int size, uint32_t value);
};
extern const struct pci_port_ops *pci_ports;

#endif /* ASM_PCI_H */
