/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * Driver for QEMU's "edu" PCI device, a DMA engine for tests (QEMU's
 * docs/specs/edu.rst): PCI ID 1234:11e8, BAR0 of 1 MiB with its
 * registers, a 4 KiB buffer the engine copies to and from RAM, and an
 * interrupt raised on request or when a transfer is done (INTx, or MSI
 * once the MSI capability is enabled).
 *
 * Arch-neutral: the caller finds the device and maps BAR0 (on x86 with
 * pci_find_device() and pci_bar_address()), this code only touches the
 * registers. DMA addresses are what the device puts on the bus: the
 * cell's guest-physical addresses when an IOMMU maps the cell's DMA
 * regions there, physical ones without an IOMMU.
 *
 * Limits of the device: it clears every address bit beyond its DMA mask
 * (28 bits unless QEMU runs it with dma_mask=), and QEMU stops with a
 * hardware error on a transfer outside its buffer or one ending exactly
 * at the buffer's end (QEMU 7.2's check is off by one): edu_dma() takes
 * 1 to EDU_DMA_MAX bytes at the buffer's start.
 */
#ifndef _EDU_H
#define _EDU_H

#include <jailhouse/types.h>

#define EDU_VENDOR_ID		0x1234
#define EDU_DEVICE_ID		0x11e8
#define EDU_BAR_SIZE		0x100000
#define EDU_DMA_MAX		4095

/* Interrupt status bit the device sets when a transfer with irq is done. */
#define EDU_IRQ_DMA		0x100

struct edu {
	unsigned long base;	/* BAR0, mapped uncached */
};

/*
 * Checks the identification register and the liveness register (which
 * reads back inverted). 0, or -1 if BAR0 holds no edu.
 */
int edu_init(struct edu *edu, unsigned long bar0);
uint32_t edu_id(const struct edu *edu);

/*
 * One transfer of len bytes between RAM at ram and the start of the
 * device's buffer (to_ram: device -> RAM), interrupting with EDU_IRQ_DMA
 * when done if irq. Waits at most timeout_us for the engine: 0 done,
 * -1 len out of range, -2 the engine was still busy or did not finish in
 * time. "Done" is the device's view: an IOMMU that blocks the access does
 * not tell it.
 */
int edu_dma(const struct edu *edu, uint64_t ram, uint32_t len, bool to_ram,
	    bool irq, uint64_t timeout_us);
/*
 * The same transfer, started but not waited for: the device carries it
 * out on its own later (QEMU's edu about 100 ms after the command).
 */
int edu_dma_start(const struct edu *edu, uint64_t ram, uint32_t len,
		  bool to_ram, bool irq, uint64_t timeout_us);

/* Interrupts: raise ORs value into the status, ack clears those bits. */
void edu_raise_irq(const struct edu *edu, uint32_t value);
uint32_t edu_irq_status(const struct edu *edu);
void edu_ack_irq(const struct edu *edu, uint32_t value);

#endif /* _EDU_H */
