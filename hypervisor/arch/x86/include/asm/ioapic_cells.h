/* SPDX-License-Identifier: GPL-2.0 */
/* IOAPIC pins changing owner (ioapic_cells.c). */
#ifndef ASM_IOAPIC_CELLS_H
#define ASM_IOAPIC_CELLS_H

#include <hv/types.h>

struct cell;

/*
 * Under the control lock, from cell_arch_assign / cell_arch_release: the
 * pins of the cell's irqchips move from the root cell to it, and back.
 * Either way they are masked first.
 */
void ioapic_cell_assign(struct cell *cell);
void ioapic_cell_release(struct cell *cell);

#endif /* ASM_IOAPIC_CELLS_H */
