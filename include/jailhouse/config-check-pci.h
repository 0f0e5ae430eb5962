/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The checks of jh_pci_device.flags, shared by the validator
 * (hypervisor/config/config_check_arrays.c: unknown bits are refused) and
 * `jailhouse config check` (prints jhc_pci_dma_note() as a warning).
 */
#ifndef JAILHOUSE_CONFIG_CHECK_PCI_H
#define JAILHOUSE_CONFIG_CHECK_PCI_H

#include <jailhouse/config.h>

/* Only defined flags. */
static inline bool jhc_pci_flags_valid(const struct jh_pci_device *dev)
{
	return !(dev->flags & ~JH_PCI_VALID_FLAGS);
}

/* A warning for a device whose DMA the config accepts unconfined. */
static inline const char *jhc_pci_dma_note(const struct jh_pci_device *dev)
{
	if (!(dev->flags & JH_PCI_DMA_UNCONFINED)) {
		return (const char *)0;
	}
	return "JH_PCI_DMA_UNCONFINED: no IOMMU confines this device; its "
		"DMA and MSIs reach all memory and every CPU";
}

#endif /* JAILHOUSE_CONFIG_CHECK_PCI_H */
