/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The emulated distributor (gicd.c): the SPI filters both versions'
 * emulations use, and GICv3's distributor itself. Private to gic/.
 */
#ifndef GIC_GICD_H
#define GIC_GICD_H

#include <hv/mmio.h>
#include <hv/types.h>

struct cell;

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

/* GICv3: traps the distributor for every cell. */
int gicd_init(void);

#endif /* GIC_GICD_H */
