/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What a non-root cell may write into the config space of a device it
 * owns (pci_filter.c), decided per dword so that byte, word and dword
 * writes at any offset meet the same rules. Pure code with the hardware
 * behind callbacks, built by the host unit tests too.
 */
#ifndef HV_PCI_FILTER_H
#define HV_PCI_FILTER_H

#include <hv/types.h>

#define PCI_FILTER_BARS		6
/* Remapped MSI registers: address, upper address or data, data. */
#define PCI_FILTER_MSI_SHADOW	3

/* A device as the cell got it (pci.c fills it at assignment). */
struct pci_filter_dev {
	uint16_t bdf;
	uint8_t header_type;	/* 0 device, 1 bridge (bit 7 cleared) */
	uint8_t msi_cap;	/* offset of the MSI capability, 0: none */
	bool msi_64bit;
	/* Bus master allowed: an IOMMU confines it, or the config's
	 * JH_PCI_DMA_UNCONFINED accepts that nothing does. */
	bool dma_ok;
	/*
	 * An IOMMU remaps its MSIs: the cell's address and data stay here
	 * (dwords at msi_cap + 4, + 8, + 12; what the cell reads back) and
	 * the hardware holds the message the IOMMU gave for them.
	 */
	bool msi_remap;
	uint32_t msi_shadow[PCI_FILTER_MSI_SHADOW];
	uint32_t bar[PCI_FILTER_BARS];	/* values at assignment */
	uint32_t rom;
};

struct pci_filter_ops {
	/* Dword reg (aligned, < 0x100) of the device as it is now. */
	uint32_t (*read)(const struct pci_filter_dev *dev, unsigned int reg);
	/* May an MSI target this APIC ID (one of the cell's CPUs)? */
	bool (*apic_id_ok)(const void *cell, unsigned int apic_id);
	/*
	 * May it target this logical destination (the cell's CPUs only)?
	 * NULL: logical destinations are refused.
	 */
	bool (*apic_logical_ok)(const void *cell, unsigned int dest);
	/* For msi_remap devices only: */
	/* Dword reg (aligned, < 0x100) of the device := value. */
	void (*write)(const struct pci_filter_dev *dev, unsigned int reg,
		      uint32_t value);
	/*
	 * Message n of dev shall deliver address/data (checked); true and
	 * what the device must send instead in *hw_addr / *hw_data, or false
	 * if the IOMMU refuses.
	 */
	bool (*msi_remap)(const void *cell, const struct pci_filter_dev *dev,
			  unsigned int n, uint64_t address, uint32_t data,
			  uint64_t *hw_addr, uint32_t *hw_data);
};

/*
 * A write of size bytes at reg with value: true if it may go to the
 * hardware, with *value possibly changed (bus mastering cleared); false:
 * it is dropped. *why says what a refusal protects. A device with
 * msi_remap keeps the cell's MSI address and data in its shadow, and
 * *value is then what the hardware holds (already written).
 */
bool pci_filter_write(const struct pci_filter_ops *ops, const void *cell,
		      struct pci_filter_dev *dev, unsigned int reg,
		      unsigned int size, uint32_t *value, const char **why);

/*
 * The same for the MSI capability alone (the root cell's devices whose
 * MSIs are remapped): a write outside it passes unchanged (true).
 */
bool pci_filter_msi_write(const struct pci_filter_ops *ops, const void *cell,
			  struct pci_filter_dev *dev, unsigned int reg,
			  unsigned int size, uint32_t *value, const char **why);

/*
 * Would an MSI or MSI-X message of address and data pass the MSI rules
 * for cell (one of its CPUs, vector >= 32, fixed or lowest priority)?
 */
bool pci_filter_msg_ok(const struct pci_filter_ops *ops, const void *cell,
		       uint64_t address, uint32_t data);

/*
 * A msi_remap device's shadow was (re)filled: the IOMMU gets its messages
 * and the device the remapped ones, as after a write. False if the IOMMU
 * refused; true too if address or data are not valid yet.
 */
bool pci_filter_msi_refresh(const struct pci_filter_ops *ops,
			    const void *cell, struct pci_filter_dev *dev);

/*
 * Dword reg as the cell sees it, hw being the hardware's value: the
 * shadow for a remapped MSI address or data register.
 */
uint32_t pci_filter_view(const struct pci_filter_dev *dev, unsigned int reg,
			 uint32_t hw);

#endif /* HV_PCI_FILTER_H */
