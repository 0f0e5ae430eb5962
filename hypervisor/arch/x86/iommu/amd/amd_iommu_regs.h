/* SPDX-License-Identifier: GPL-2.0 */
/*
 * AMD I/O Virtualization Technology (AMD-Vi) registers and in-memory
 * structures, as the AMD IOMMU Specification (pub. 48882) defines them:
 * the MMIO register block, device table entries, I/O page table entries,
 * commands, event log entries and interrupt remapping table entries
 * (32-bit format: GAEn stays 0). Definitions only; amd_iommu*.c use them.
 */
#ifndef AMD_IOMMU_REGS_H
#define AMD_IOMMU_REGS_H

#include <hv/types.h>

/* MMIO registers (offsets in the unit's register block). */
#define AMD_MMIO_DEVTAB		0x0000	/* device table base, size */
#define AMD_MMIO_CMD_BASE	0x0008	/* command buffer base, length */
#define AMD_MMIO_EVT_BASE	0x0010	/* event log base, length */
#define AMD_MMIO_CONTROL	0x0018
#define AMD_MMIO_EXCL_BASE	0x0020	/* exclusion range */
#define AMD_MMIO_EXCL_LIMIT	0x0028
#define AMD_MMIO_EFR		0x0030	/* extended feature register */
#define AMD_MMIO_CMD_HEAD	0x2000
#define AMD_MMIO_CMD_TAIL	0x2008
#define AMD_MMIO_EVT_HEAD	0x2010
#define AMD_MMIO_EVT_TAIL	0x2018
#define AMD_MMIO_STATUS		0x2020
/* Registers up to the status register must be inside the window. */
#define AMD_MMIO_MIN_SIZE	0x4000

/* Base registers: address bits 51:12; the device table's size field. */
#define AMD_BASE_ADDR_MASK	MASK64(51, 12)
#define AMD_DEVTAB_SIZE_MASK	MASK64(8, 0)	/* 4 KiB pages - 1 */
#define AMD_DEVTAB_MAX_PAGES	512		/* 65536 entries */
/* Command buffer / event log length: log2 of the entries, 8..15. */
#define AMD_LEN_SHIFT		56
#define AMD_LEN_MIN		8
/* Head and tail pointers: byte offsets, bits 18:4. */
#define AMD_PTR_MASK		MASK64(18, 4)

/* Control register. */
#define AMD_CTRL_IOMMU_EN	BIT64(0)
#define AMD_CTRL_HT_TUN_EN	BIT64(1)
#define AMD_CTRL_EVT_LOG_EN	BIT64(2)
#define AMD_CTRL_EVT_INT_EN	BIT64(3)
#define AMD_CTRL_COMWAIT_INT_EN	BIT64(4)
#define AMD_CTRL_COHERENT	BIT64(10)	/* table reads are snooped */
#define AMD_CTRL_CMD_BUF_EN	BIT64(12)
#define AMD_CTRL_PPR_LOG_EN	BIT64(13)
#define AMD_CTRL_PPR_EN		BIT64(15)
#define AMD_CTRL_GT_EN		BIT64(16)
#define AMD_CTRL_GA_EN		BIT64(17)

/* Status register; the first three are write-1-to-clear. */
#define AMD_STATUS_EVT_OVERFLOW	BIT64(0)
#define AMD_STATUS_EVT_INT	BIT64(1)
#define AMD_STATUS_COMWAIT_INT	BIT64(2)
#define AMD_STATUS_EVT_RUN	BIT64(3)
#define AMD_STATUS_CMD_RUN	BIT64(4)

/* Extended feature register. */
#define AMD_EFR_XT_SUP		BIT64(2)
#define AMD_EFR_NX_SUP		BIT64(3)
#define AMD_EFR_IA_SUP		BIT64(6)	/* INVALIDATE_IOMMU_ALL */
#define AMD_EFR_GA_SUP		BIT64(7)
#define AMD_EFR_HATS(e)		(((e) >> 10) & 3) /* 0: 4 levels, 1: 5, 2: 6 */
#define AMD_EFR_HATS_RESERVED	3

/* Device table entry: four quadwords, 32 bytes. */
#define AMD_DTE_SIZE		32
#define AMD_NUM_DEVICE_IDS	0x10000
/* Quadword 0. */
#define AMD_DTE_V		BIT64(0)
#define AMD_DTE_TV		BIT64(1)
#define AMD_DTE_MODE_SHIFT	9		/* paging mode: levels */
#define AMD_DTE_PT_ROOT_MASK	MASK64(51, 12)
#define AMD_DTE_IR		BIT64(61)
#define AMD_DTE_IW		BIT64(62)
/* Quadword 1. */
#define AMD_DTE_DOMAIN_MASK	MASK64(15, 0)
/* Quadword 2. */
#define AMD_DTE_IV		BIT64(0)
#define AMD_DTE_INT_TAB_LEN_SHIFT 1		/* log2 of the IRTEs */
#define AMD_DTE_IRT_ROOT_MASK	MASK64(51, 6)	/* 128-byte aligned */
#define AMD_DTE_INIT_PASS	BIT64(56)
#define AMD_DTE_EINT_PASS	BIT64(57)	/* ExtINT */
#define AMD_DTE_NMI_PASS	BIT64(58)
#define AMD_DTE_INTCTL_SHIFT	60
#define AMD_DTE_LINT0_PASS	BIT64(62)
#define AMD_DTE_LINT1_PASS	BIT64(63)
#define AMD_INTCTL_ABORT	0ULL	/* fixed/arbitrated: target abort */
#define AMD_INTCTL_FORWARD	1ULL	/* forwarded unmapped */
#define AMD_INTCTL_REMAP	2ULL	/* remapped through the IRT */

/* I/O page table entries (host translation, paging mode 4: 48 bits). */
#define AMD_PT_MODE		4
#define AMD_PTE_PR		BIT64(0)
#define AMD_PTE_NEXT_SHIFT	9		/* next level; 0: a leaf */
#define AMD_PTE_NEXT_MASK	MASK64(11, 9)
#define AMD_PTE_NEXT_LARGE	7		/* size encoded in address */
#define AMD_PTE_ADDR_MASK	MASK64(51, 12)
#define AMD_PTE_IR		BIT64(61)
#define AMD_PTE_IW		BIT64(62)

/* Commands: 16 bytes, the opcode in bits 63:60 of the first quadword. */
#define AMD_CMD_SIZE		16
#define AMD_CMD_OP_SHIFT	60
#define AMD_CMD_COMPLETION_WAIT	0x1ULL
#define AMD_CMD_INV_DEVTAB	0x2ULL
#define AMD_CMD_INV_PAGES	0x3ULL
#define AMD_CMD_INV_IRT		0x5ULL
#define AMD_CMD_INV_ALL		0x8ULL
/* COMPLETION_WAIT: store the second quadword at an 8-byte address. */
#define AMD_CW_STORE		BIT64(0)
#define AMD_CW_ADDR_MASK	MASK64(51, 3)
/* INVALIDATE_IOMMU_PAGES: domain in bits 47:32; S, PDE, address. */
#define AMD_INV_DOMAIN_SHIFT	32
#define AMD_INV_S		BIT64(0)
#define AMD_INV_PDE		BIT64(1)
#define AMD_INV_ALL_PAGES	0x7ffffffffffff000ULL	/* with S: all */

/* Event log entries: 16 bytes, the code in bits 63:60. */
#define AMD_EVT_SIZE		16
#define AMD_EVT_CODE(q0)	((unsigned int)((q0) >> 60))
#define AMD_EVT_DEVID(q0)	((uint16_t)(q0))
#define AMD_EVT_ILLEGAL_DTE	0x1
#define AMD_EVT_IO_PAGE_FAULT	0x2
#define AMD_EVT_DEVTAB_HW_ERR	0x3
#define AMD_EVT_PAGETAB_HW_ERR	0x4
#define AMD_EVT_ILLEGAL_CMD	0x5
#define AMD_EVT_CMD_HW_ERR	0x6
#define AMD_EVT_IOTLB_TIMEOUT	0x7
#define AMD_EVT_INVALID_REQ	0x8
/* IO_PAGE_FAULT flags, bits 59:48 of the first quadword. */
#define AMD_EVT_PF_GN		BIT64(48)
#define AMD_EVT_PF_NX		BIT64(49)
#define AMD_EVT_PF_I		BIT64(51)	/* an interrupt request */
#define AMD_EVT_PF_PR		BIT64(52)	/* the page was present */
#define AMD_EVT_PF_RW		BIT64(53)	/* a write */

/* Interrupt remapping table entries, 32-bit format. */
#define AMD_IRTE_SIZE		4
#define AMD_IRTE_REMAP_EN	BIT(0)
#define AMD_IRTE_TYPE_SHIFT	2	/* 0 fixed, 1 arbitrated */
#define AMD_IRTE_DM		BIT(6)	/* logical destination */
#define AMD_IRTE_DEST_SHIFT	8
#define AMD_IRTE_VECTOR_SHIFT	16
/*
 * A remapped MSI's data bits 10:0 index the table, and only fixed and
 * arbitrated messages (data bits 10:8 = 0 or 1) are remapped: indices
 * below 512 are all a device can reach.
 */
#define AMD_IRT_REACHABLE	512
#define AMD_IRT_ALIGN		128

#endif /* AMD_IOMMU_REGS_H */
