/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * ivshmem 2.0 devices (Documentation/ivshmem.md): the link ends the
 * hypervisor shows this cell on its PCI view. Inmates run identity-mapped
 * (arm64: MMU off), so the shared memory is used where the device's
 * capability says it is and nothing is mapped here. With the MMU off all
 * memory is Device memory: every access to the shared memory must be an
 * aligned 32- or 64-bit one, hence the accessors.
 */
#include <inmate.h>
#include <arch-mmio.h>

#define IVSHMEM_VENDOR_ID	0x110a
#define IVSHMEM_DEVICE_ID	0x4106
#define PCI_CAP_ID_VNDR		0x09
#define PCI_COMMAND_MEMORY	0x0002

#define CAP_STATE_SIZE		0x04
#define CAP_RW_SIZE		0x08
#define CAP_OUT_SIZE		0x10
#define CAP_ADDR		0x18

#define REG_ID			0x00
#define REG_MAX_PEERS		0x04
#define REG_INT_CTRL		0x08
#define REG_DOORBELL		0x0c
#define REG_STATE		0x10

static uint64_t cfg64(uint16_t bdf, unsigned int reg)
{
	return (uint64_t)pci_read_config(bdf, reg + 4, 4) << 32 |
		pci_read_config(bdf, reg, 4);
}

int ivshmem_find(struct ivshmem_dev *dev, unsigned int index)
{
	uint32_t want = (uint32_t)IVSHMEM_DEVICE_ID << 16 | IVSHMEM_VENDOR_ID;
	unsigned int bdf, found = 0, cap;

	/* Bus 0 only: where the hypervisor puts link devices. */
	for (bdf = 0; bdf < 256; bdf++) {
		if (pci_read_config((uint16_t)bdf, 0, 4) != want ||
		    found++ != index)
			continue;
		cap = pci_find_cap((uint16_t)bdf, PCI_CAP_ID_VNDR);
		if (!cap)
			return -1;
		dev->bdf = (uint16_t)bdf;
		dev->regs = (unsigned long)pci_bar_address(dev->bdf, 0);
		dev->state_table_size =
			pci_read_config(dev->bdf, cap + CAP_STATE_SIZE, 4);
		dev->rw_size = cfg64(dev->bdf, cap + CAP_RW_SIZE);
		dev->out_size = cfg64(dev->bdf, cap + CAP_OUT_SIZE);
		dev->shmem = (unsigned long)cfg64(dev->bdf, cap + CAP_ADDR);
		pci_set_command(dev->bdf, PCI_COMMAND_MEMORY, 0);
		dev->id = mmio_read32(dev->regs + REG_ID);
		dev->peers = mmio_read32(dev->regs + REG_MAX_PEERS);
		return 0;
	}
	return -1;
}

void ivshmem_enable_irq(struct ivshmem_dev *dev, bool enable)
{
	mmio_write32(dev->regs + REG_INT_CTRL, enable ? 1 : 0);
}

void ivshmem_ring(struct ivshmem_dev *dev, unsigned int peer)
{
	/* What was written before reaches the peer before the doorbell. */
	mmio_barrier();
	mmio_write32(dev->regs + REG_DOORBELL, (uint32_t)peer << 16);
}

void ivshmem_set_state(struct ivshmem_dev *dev, uint32_t state)
{
	mmio_barrier();
	mmio_write32(dev->regs + REG_STATE, state);
}

uint32_t ivshmem_peer_state(struct ivshmem_dev *dev, unsigned int peer)
{
	return mmio_read32(dev->shmem + 4 * (unsigned long)peer);
}

unsigned long ivshmem_rw_section(struct ivshmem_dev *dev)
{
	return dev->shmem + dev->state_table_size;
}

unsigned long ivshmem_out_section(struct ivshmem_dev *dev, unsigned int peer)
{
	return ivshmem_rw_section(dev) + dev->rw_size +
		(unsigned long)peer * dev->out_size;
}
