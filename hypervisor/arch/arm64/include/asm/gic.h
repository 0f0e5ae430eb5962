/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The interrupt controller as the rest of the arm64 code sees it. The
 * system config's gic_version picks a backend (gicv2.c or gicv3.c) at
 * gic_init(); everything else goes through struct gic_ops and never
 * names a version.
 *
 * Every cell runs with HCR_EL2.IMO/FMO set: physical interrupts are taken
 * at EL2 and injected through the list registers; guests see the virtual
 * CPU interface. The hypervisor reserves SGI_KICK and the maintenance PPI
 * on every CPU; guests can neither see nor change them.
 *
 * Layers, top down: gic.c (this header: interrupts taken at EL2, SPI
 * ownership), vgic.c (asm/vgic.h: the virtual interface's queue),
 * gic_ops.c (asm/gic_ops.h: the chosen backend). Including this header
 * gives all three.
 */
#ifndef ASM_GIC_H
#define ASM_GIC_H

#include <hv/cell.h>
#include <hv/types.h>
#include <asm/gic_ops.h>
#include <asm/vgic.h>

struct jh_comm_region;
struct per_cpu;

/* The GIC facts an inmate needs (comm region platform part). */
void gic_comm_fill(struct jh_comm_region *comm);
int gic_cell_init(struct cell *cell);
void gic_move_spis(struct cell *from, struct cell *to, const uint64_t *spis);
/* Physical IRQs pending at EL2; in_park: the CPU runs no guest. */
void gic_handle_irq(struct per_cpu *pcpu, bool in_park);

#endif /* ASM_GIC_H */
