/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The emulated IOAPICs (ioapic.c): every IOAPIC page traps, and a cell
 * reaches only the redirection entries of the pins it owns, which it may
 * point at its own CPUs only. This header is the subsystem's interface:
 * it brings the lower files' public parts along.
 */
#ifndef ASM_IOAPIC_H
#define ASM_IOAPIC_H

#include <hv/types.h>
#include <asm/ioapic_cells.h>
#include <asm/ioapic_hw.h>
#include <asm/ioapic_ir.h>

struct cell;

/*
 * First CPU, from setup: maps every IOAPIC the root cell's irqchips name
 * (one page each), reads its pin count and registers its MMIO handler.
 * The root cell owns the pins its irqchips list.
 */
int ioapic_init(void);

/* Does cell own pin of the IOAPIC at base? */
bool ioapic_cell_owns(const struct cell *cell, paddr_t base,
		      unsigned int pin);

/*
 * The redirection entry of pin of the first IOAPIC (the root cell's first
 * irqchip's), as its owner wrote it, if cell owns that pin: an x86 root
 * link end's INTx (arch/x86/ivshmem.c) goes where the root pointed it.
 * Takes ioapic_lock.
 */
bool ioapic_owned_entry(const struct cell *cell, unsigned int pin,
			uint32_t *low, uint32_t *high);

/*
 * Interrupt remapping of the redirection entries (ioapic_ir.c does it),
 * started * by an IOMMU driver whose unit remaps IOAPIC messages, at enable, and
 * stopped at disable (the entries go back as their owners wrote them).
 */
void ioapic_ir_start(void);
void ioapic_ir_stop(void);
/*
 * A CPU of cell retired vector (apic_guest.c, if ioapic_ir_eoi_wanted):
 * the level entries of the cell whose hardware vector differs get their
 * end of interrupt through the IOAPIC's EOI register.
 */
void ioapic_lapic_eoi(const struct cell *cell, unsigned int vector);

#endif /* ASM_IOAPIC_H */
