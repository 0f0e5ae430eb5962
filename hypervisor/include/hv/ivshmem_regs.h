/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The ivshmem 2.0 device as the specification lays it out: PCI IDs, the
 * config space registers the hypervisor emulates, the vendor-specific
 * capability and the BAR0 registers (Documentation/ivshmem.md).
 */
#ifndef HV_IVSHMEM_REGS_H
#define HV_IVSHMEM_REGS_H

#define IVSHMEM_VENDOR_ID	0x110aU
#define IVSHMEM_DEVICE_ID	0x4106U
/* Base class 0xff; sub-class and interface: protocol type 0. */
#define IVSHMEM_CLASS		0xff000000U

/* Config space (dword offsets). */
#define IVSHMEM_CFG_ID		0x00
#define IVSHMEM_CFG_COMMAND	0x04	/* status in the upper half */
#define IVSHMEM_CFG_CLASS	0x08
#define IVSHMEM_CFG_BAR0	0x10
#define IVSHMEM_CFG_BAR1	0x14
#define IVSHMEM_CFG_BAR2	0x18	/* root ends: the shared memory */
#define IVSHMEM_CFG_SUBSYS	0x2c
#define IVSHMEM_CFG_CAP_PTR	0x34
#define IVSHMEM_CFG_INT		0x3c	/* line (RW), pin (RO) */
#define IVSHMEM_CFG_VNDR	0x40	/* the vendor-specific capability */
#define IVSHMEM_CFG_MSIX	0x60	/* MSI-X capability (MSI-X arches) */
#define IVSHMEM_CFG_SIZE	0x100

#define PCI_CMD_MEM		0x0002U
#define PCI_CMD_MASTER		0x0004U
#define PCI_CMD_INTX_OFF	0x0400U
#define IVSHMEM_CMD_WRITABLE	(PCI_CMD_MEM | PCI_CMD_MASTER | \
				 PCI_CMD_INTX_OFF)
#define PCI_STATUS_INTX		0x0008U
#define PCI_STATUS_CAP_LIST	0x0010U
#define PCI_INT_PIN_A		1U

/* Vendor-specific capability, from its start. */
#define IVSHMEM_CAP_ID		0x09U
#define IVSHMEM_CAP_LEN		0x20U	/* with the base address */
#define IVSHMEM_CAP_STATE_SIZE	0x04
#define IVSHMEM_CAP_RW_SIZE	0x08	/* 64 bit */
#define IVSHMEM_CAP_OUT_SIZE	0x10	/* 64 bit */
#define IVSHMEM_CAP_ADDR	0x18	/* 64 bit */

/* BAR0 registers: aligned 32-bit accesses only. */
#define IVSHMEM_REG_ID		0x00
#define IVSHMEM_REG_MAX_PEERS	0x04
#define IVSHMEM_REG_INT_CTRL	0x08
#define IVSHMEM_REG_DOORBELL	0x0c
#define IVSHMEM_REG_STATE	0x10

#define IVSHMEM_INT_ENABLE	0x1U
#define IVSHMEM_DB_VECTOR_MASK	0xffffU
#define IVSHMEM_DB_PEER_SHIFT	16

/* MSI-X: one vector, table at BAR1 offset 0, PBA behind it. */
#define PCI_CAP_ID_MSIX		0x11U
#define MSIX_CTRL_ENABLE	0x8000U
#define MSIX_CTRL_MASKALL	0x4000U
#define MSIX_CTRL_WRITABLE	(MSIX_CTRL_ENABLE | MSIX_CTRL_MASKALL)
#define MSIX_BIR_BAR1		1U
#define IVSHMEM_MSIX_PBA	0x800U	/* offset in BAR1 */
#define MSIX_ENTRY_ADDR_LO	0
#define MSIX_ENTRY_ADDR_HI	1
#define MSIX_ENTRY_DATA		2
#define MSIX_ENTRY_CTRL		3
#define MSIX_ENTRY_MASKED	0x1U

#endif /* HV_IVSHMEM_REGS_H */
