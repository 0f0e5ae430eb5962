/* SPDX-License-Identifier: GPL-2.0 */
/*
 * GICv2 registers (GIC architecture specification v2: distributor, CPU
 * interface and virtual interface control register maps; GIC-400 TRM).
 * The distributor registers both versions share are in gicd_regs.h.
 * Private to gic/v2.
 */
#ifndef GIC_V2_GICV2_REGS_H
#define GIC_V2_GICV2_REGS_H

/* Frame sizes: GICD 4 KiB, GICC and GICV 8 KiB (DIR at 0x1000), GICH 4 KiB. */
#define GICV2_GICD_SIZE		0x1000
#define GICV2_GICC_SIZE		0x2000
#define GICV2_GICH_SIZE		0x1000

/* Distributor registers only GICv2 has */
#define GICD_CTLR_ENABLE	((1U << 0) | (1U << 1))
#define GICD_ITARGETSR_END	0x0c00
#define GICD_NSACR		0x0e00
#define GICD_SGIR		0x0f00
#define GICD_SGIR_FILTER_SHIFT	24
#define GICD_SGIR_FILTER_LIST	0
#define GICD_SGIR_FILTER_OTHERS	1
#define GICD_SGIR_FILTER_SELF	2
#define GICD_SGIR_TARGETS_SHIFT	16
#define GICD_SGIR_INTID_MASK	0xf
#define GICD_CPENDSGIR		0x0f10
#define GICD_SPENDSGIR		0x0f20
#define GICD_SGIR_END		0x0f30
#define GICD_ID_REGS_V2		0x0fd0

/* CPU interface registers (GICC; the GICV frame has the same layout) */
#define GICC_CTLR		0x0000
#define GICC_CTLR_ENABLE_GRP0	(1U << 0)
#define GICC_CTLR_ENABLE_GRP1	(1U << 1)
#define GICC_CTLR_CBPR		(1U << 4)
/* EOImodeNS in the Non-secure view, EOImodeS without Security Extensions:
 * either way the mode of the interrupts the hypervisor handles. */
#define GICC_CTLR_EOIMODE	(1U << 9)
#define GICC_PMR		0x0004
#define GICC_BPR		0x0008
#define GICC_IAR		0x000c
#define GICC_IAR_INTID_MASK	0x3ff
#define GICC_EOIR		0x0010
#define GICC_ABPR		0x001c
#define GICC_DIR		0x1000

/* Virtual interface control registers (GICH) */
#define GICH_HCR		0x0000
#define GICH_HCR_EN		(1U << 0)
#define GICH_HCR_UIE		(1U << 1)
#define GICH_VTR		0x0004
#define GICH_VTR_LISTREGS_MASK	0x3f
#define GICH_VMCR		0x0008
#define GICH_VMCR_GRP0EN	(1U << 0)
#define GICH_VMCR_GRP1EN	(1U << 1)
#define GICH_VMCR_CBPR		(1U << 4)
#define GICH_VMCR_VEM		(1U << 9)
#define GICH_VMCR_ABP_SHIFT	18
#define GICH_VMCR_BP_SHIFT	21
#define GICH_VMCR_PMR_SHIFT	27
#define GICH_ELRSR0		0x0030
#define GICH_ELRSR1		0x0034
#define GICH_APR		0x00f0
#define GICH_LR(n)		(0x0100 + (n) * 4)
#define GICH_MAX_LRS		64

/* List register fields */
#define GICH_LR_VINTID_MASK	0x3ff
#define GICH_LR_PINTID_SHIFT	10
#define GICH_LR_PRIORITY_SHIFT	23		/* priority[7:3] */
#define GICH_LR_PENDING		(1U << 28)
#define GICH_LR_ACTIVE		(1U << 29)
#define GICH_LR_STATE_MASK	((1U << 28) | (1U << 29))
#define GICH_LR_HW		(1U << 31)

#endif /* GIC_V2_GICV2_REGS_H */
