/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Distributor registers GICv2 and GICv3 share (GIC architecture
 * specification, distributor register map), and the SPI filters both
 * distributor emulations use (gicd.c).
 */
#ifndef ASM_GIC_DIST_H
#define ASM_GIC_DIST_H

#include <hv/mmio.h>
#include <hv/types.h>

struct cell;

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

/* Mask of the SPIs in [first, first + 32 / per_irq) the cell owns. */
uint32_t gicd_owned_bits(const struct cell *cell, unsigned int first,
			 unsigned int per_irq);
/* One word under mask; rmw: keep the other bits (else write-1-to-x). */
void gicd_masked_access(struct mmio_access *acc, uint64_t reg,
			uint32_t mask, bool rmw);
/* 1 bit per interrupt from base; writable false: reads only. */
void gicd_bit_register(struct cell *cell, struct mmio_access *acc,
		       uint64_t base, bool writable);
void gicd_priority_register(struct cell *cell, struct mmio_access *acc);
void gicd_config_register(struct cell *cell, struct mmio_access *acc);

#endif /* ASM_GIC_DIST_H */
