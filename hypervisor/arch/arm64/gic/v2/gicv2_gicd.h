/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The emulated GICv2 distributor (gicv2_gicd.c) and the CPU interface
 * numbers it targets, which gicv2.c steers SPIs with as well. Private to
 * gic/v2.
 */
#ifndef GIC_V2_GICV2_GICD_H
#define GIC_V2_GICV2_GICD_H

#include <hv/percpu.h>

/* The CPU interfaces of the cell's CPUs, as an ITARGETSR byte. */
uint32_t gicv2_cell_targets(const struct cell *cell);
/* The interface of the cell's first CPU; 0 if it has none. */
uint32_t gicv2_first_target(const struct cell *cell);
int gicv2_gicd_init(void);

/* The GIC CPU interface mask of a CPU (GICD_ITARGETSR, GICD_SGIR). */
static inline uint32_t gicv2_target(const struct per_cpu *pcpu)
{
	return pcpu->arch.gic_target;
}

#endif /* GIC_V2_GICV2_GICD_H */
