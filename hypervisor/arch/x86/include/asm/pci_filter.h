/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What a non-root cell may write into the config space of a device it
 * owns (pci_filter.c), decided per dword so that byte, word and dword
 * writes at any offset meet the same rules. Pure code with the hardware
 * behind callbacks, built by the host unit tests too.
 */
#ifndef _ASM_PCI_FILTER_H
#define _ASM_PCI_FILTER_H

#include <hv/types.h>

#define PCI_FILTER_BARS		6

/* A device as the cell got it (pci.c fills it at assignment). */
struct pci_filter_dev {
	uint16_t bdf;
	uint8_t header_type;	/* 0 device, 1 bridge (bit 7 cleared) */
	uint8_t msi_cap;	/* offset of the MSI capability, 0: none */
	bool msi_64bit;
	bool dma_ok;		/* config: JH_PCI_DMA_UNCONFINED */
	uint32_t bar[PCI_FILTER_BARS];	/* values at assignment */
	uint32_t rom;
};

struct pci_filter_ops {
	/* Dword reg (aligned, < 0x100) of the device as it is now. */
	uint32_t (*read)(const struct pci_filter_dev *dev, unsigned int reg);
	/* May an MSI target this APIC ID (one of the cell's CPUs)? */
	bool (*apic_id_ok)(const void *cell, unsigned int apic_id);
};

/*
 * A write of size bytes at reg with value: true if it may go to the
 * hardware, with *value possibly changed (bus mastering cleared); false:
 * it is dropped. *why says what a refusal protects.
 */
bool pci_filter_write(const struct pci_filter_ops *ops, const void *cell,
		      const struct pci_filter_dev *dev, unsigned int reg,
		      unsigned int size, uint32_t *value, const char **why);

#endif /* _ASM_PCI_FILTER_H */
