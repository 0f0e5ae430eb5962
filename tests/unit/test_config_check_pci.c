// SPDX-License-Identifier: GPL-2.0
/*
 * Host tests of the PCI device flag checks waiting to be merged into
 * config_check.c (include/jailhouse/config-check-pci.h).
 */
#include "unit.h"

#include <jailhouse/config-check-pci.h>

TEST(pci_flags_valid)
{
	struct jh_pci_device dev = { .type = JH_PCI_TYPE_DEVICE };

	CHECK(jhc_pci_flags_valid(&dev));
	CHECK(jhc_pci_dma_note(&dev) == NULL);
	dev.flags = JH_PCI_DMA_UNCONFINED;
	CHECK(jhc_pci_flags_valid(&dev));
	CHECK(jhc_pci_dma_note(&dev) != NULL);
	dev.flags = 0x02;
	CHECK(!jhc_pci_flags_valid(&dev));
	/* The old name is the same byte. */
	dev.reserved0 = JH_PCI_DMA_UNCONFINED;
	CHECK_EQ(dev.flags, JH_PCI_DMA_UNCONFINED);
}
