/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Distributor registers GICv2 and GICv3 share (GIC architecture
 * specification, distributor register map). Private to gic/.
 */
#ifndef GIC_GICD_REGS_H
#define GIC_GICD_REGS_H

#define GICD_CTLR		0x0000
#define GICD_TYPER		0x0004
#define GICD_IIDR		0x0008
#define GICD_IGROUPR		0x0080
#define GICD_ISENABLER		0x0100
#define GICD_ICENABLER		0x0180
#define GICD_ISPENDR		0x0200
#define GICD_ICPENDR		0x0280
#define GICD_ISACTIVER		0x0300
#define GICD_ICACTIVER		0x0380
#define GICD_IPRIORITYR		0x0400
#define GICD_ITARGETSR		0x0800
#define GICD_ICFGR		0x0c00

#endif /* GIC_GICD_REGS_H */
