/* SPDX-License-Identifier: GPL-2.0 */
/*
 * GICv3 registers beyond the distributor registers both versions share
 * (gicd_regs.h): GICv3's own distributor registers and the
 * redistributor's RD_base and SGI_base frames (GIC architecture
 * specification v3/v4). Private to the GIC code.
 */
#ifndef GIC_V3_GICV3_REGS_H
#define GIC_V3_GICV3_REGS_H

#include <hv/types.h>

#define GICD_SIZE		0x10000
#define GICR_RD_SIZE		0x10000
#define GICR_SGI_OFFSET		0x10000		/* SGI_base */

/* Distributor registers only GICv3 has */
#define GICD_TYPER_LPIS		BIT(17)
#define GICD_TYPER2		0x000c
#define GICD_SETSPI_NSR		0x0040
#define GICD_CLRSPI_NSR		0x0048
#define GICD_SPI_INTID_MASK	0x1fff
#define GICD_IGRPMODR		0x0d00
#define GICD_IROUTER		0x6000
#define GICD_IROUTER_IRM	BIT64(31)
#define GICD_ID_REGS		0xffd0

/* Redistributor registers (RD_base / SGI_base) */
#define GICR_CTLR		0x0000
#define GICR_CTLR_RWP		BIT(3)
#define GICR_IIDR		0x0004
#define GICR_TYPER		0x0008
#define GICR_TYPER_LAST		BIT64(4)
#define GICR_TYPER_PLPIS	BIT64(0)
#define GICR_TYPER_VLPIS	BIT64(1)
#define GICR_TYPER_DIRECTLPI	BIT64(3)
#define GICR_WAKER		0x0014
#define GICR_WAKER_SLEEP	(BIT(1) | BIT(2))	/* Processor/Children */
#define GICR_ID_REGS		0xffd0
#define GICR_PIDR2		0xffe8
#define GICR_IGROUPR0		0x0080
#define GICR_ISENABLER0		0x0100
#define GICR_ICENABLER0		0x0180
#define GICR_ISPENDR0		0x0200
#define GICR_ICPENDR0		0x0280
#define GICR_ISACTIVER0		0x0300
#define GICR_ICACTIVER0		0x0380
#define GICR_IPRIORITYR		0x0400
#define GICR_ICFGR0		0x0c00
#define GICR_ICFGR1		0x0c04
#define GICR_IGRPMODR0		0x0d00

#endif /* GIC_V3_GICV3_REGS_H */
