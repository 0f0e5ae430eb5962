/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Shared by pci.c (who may access what), pci_trap.c (the trapped
 * accesses) and pci_cfg.c (how the hardware is accessed). Registers reg
 * are naturally aligned and below 0x100; every accessor but
 * pci_hv_read/pci_hv_write wants pci_lock held.
 */
#ifndef PCI_INTERNAL_H
#define PCI_INTERNAL_H

#include <hv/spinlock.h>
#include <hv/types.h>

#define PORT_ADDRESS		0xcf8
#define PORT_DATA		0xcfc

#define ADDR_ENABLE		0x80000000U
#define ADDR_HW_MASK		0x8ffffffcU
#define ADDR_REG(a)		((a) & 0xfcU)

#define ECAM_FN_SHIFT		12

struct cell;
struct pci_filter_dev;
struct pci_filter_ops;

#define PCI_CAP_ID_MSI		0x05
#define PCI_CAP_ID_MSIX		0x11

extern spinlock_t pci_lock;
/* The filter's callbacks on the real hardware (pci.c). */
extern const struct pci_filter_ops pci_filter_hw_ops;
/* The hypervisor's mapping of the ECAM (NULL: none) and its size. */
extern volatile uint8_t *pci_ecam;
extern uint64_t pci_ecam_size;

uint32_t pci_ecam_read(uint64_t off, unsigned int size);
void pci_ecam_write(uint64_t off, unsigned int size, uint32_t value);
/* Mechanism #1 at addr (enable bit set), data port offset n. */
uint32_t pci_cf8_read(uint32_t addr, unsigned int n, unsigned int size);
void pci_cf8_write(uint32_t addr, unsigned int n, unsigned int size,
		   uint32_t value);
/* Through the ECAM where it reaches bdf, else the ports. */
uint32_t pci_cfg_read(uint16_t bdf, unsigned int reg, unsigned int size);
void pci_cfg_write(uint16_t bdf, unsigned int reg, unsigned int size,
		   uint32_t value);

/* pci.c: all-ones of size bytes; ownership-checked view and filter. */
uint32_t pci_ones(unsigned int size);
/* A non-root cell's write to its own device may be changed or dropped. */
bool pci_write_allowed(struct cell *cell, uint16_t bdf, unsigned int reg,
		       unsigned int size, uint32_t *value);
/* A read of an owned device as the cell sees it (remapped MSI). */
uint32_t pci_cell_view(const struct cell *cell, uint16_t bdf,
		       unsigned int reg, unsigned int size, uint32_t value);

/* pci_trap.c: clear the cell's CPUs' 0xcf8 shadows; map and trap the ECAM. */
void pci_reset_shadows(const struct cell *cell);
int pci_trap_init(void);

/* Offset of bdf's capability id (bounded list walk), 0 if none. */
unsigned int pci_find_cap(uint16_t bdf, unsigned int id);

/* pci_root.c: the root's record of bdf while its MSIs are remapped. */
struct pci_filter_dev *pci_root_device(uint16_t bdf);

/*
 * pci_msix.c, the root's MSI-X tables (pci_lock held where pci_root.c
 * calls them): add bdf's table (capability at cap) to the trapped ones,
 * false if it cannot be; trap them all (after the scan); is bdf's
 * trapped; takeover, giveback and return as in asm/pci.h.
 */
#define PCI_MSIX_FUNCTIONS	8
#define PCI_MSIX_ENTRIES	32
void pci_msix_reset(void);
bool pci_msix_add(uint16_t bdf, unsigned int cap);
int pci_msix_trap(void);
void pci_msix_takeover(void);
void pci_msix_giveback(void);
void pci_msix_returned(uint16_t bdf);

#endif /* PCI_INTERNAL_H */
