/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * x86 link interrupt: MSI-X (Documentation/ivshmem.md). The device has
 * one vector; its table entry (BAR1 offset 0) gets a message to this
 * CPU's APIC, physical destination, fixed, edge, IVSHMEM_VECTOR. The
 * receiving cell programs its own device, and the hypervisor only sends
 * messages to one of the cell's own CPUs.
 */
#include <inmate.h>
#include <arch-mmio.h>

#define PCI_CAP_ID_MSIX		0x11
#define MSIX_CTRL_ENABLE	0x8000
#define MSI_ADDR_BASE		0xfee00000U
#define ENTRY_ADDR_LO		0x0
#define ENTRY_ADDR_HI		0x4
#define ENTRY_DATA		0x8
#define ENTRY_CTRL		0xc

int ivshmem_irq_setup(struct ivshmem_dev *dev)
{
	unsigned int cap = pci_find_cap(dev->bdf, PCI_CAP_ID_MSIX);
	unsigned long table;
	uint32_t ctrl;

	apic_init();
	if (!cap)
		return -1;
	/* Table offset and BIR in one dword; this device: BAR1, offset 0. */
	ctrl = pci_read_config(dev->bdf, cap + 4, 4);
	table = (unsigned long)pci_bar_address(dev->bdf, ctrl & 7) +
		(ctrl & ~7U);
	mmio_write32(table + ENTRY_ADDR_LO, MSI_ADDR_BASE | apic_id() << 12);
	mmio_write32(table + ENTRY_ADDR_HI, 0);
	mmio_write32(table + ENTRY_DATA, IVSHMEM_VECTOR);
	mmio_write32(table + ENTRY_CTRL, 0);		/* unmasked */
	ctrl = pci_read_config(dev->bdf, cap + 2, 2);
	pci_write_config(dev->bdf, cap + 2, ctrl | MSIX_CTRL_ENABLE, 2);
	return 0;
}
