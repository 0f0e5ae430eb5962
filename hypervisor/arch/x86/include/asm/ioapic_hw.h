/* SPDX-License-Identifier: GPL-2.0 */
/* The IOAPICs as hardware: how many, and their register access. */
#ifndef ASM_IOAPIC_HW_H
#define ASM_IOAPIC_HW_H

#include <hv/types.h>

/* At most this many distinct IOAPICs (each takes an MMIO handler slot). */
#define IOAPIC_MAX		4
/*
 * Redirection entries an 8-bit IOREGSEL can name: 0x10 + 2 * pin + 1
 * <= 0xff. A config irqchip's 128-bit pin bitmap covers them all.
 */
#define IOAPIC_MAX_PINS		120

/*
 * Register index access (IOREGSEL, then IOWIN) to the IOAPIC mapped at
 * page, and a store to its EOI register. ioapic.c reaches the hardware
 * only through this pointer, so that host tests can put a model there.
 */
struct ioapic_hw_ops {
	uint32_t (*read)(volatile uint32_t *page, unsigned int index);
	void (*write)(volatile uint32_t *page, unsigned int index,
		      uint32_t value);
	void (*eoi)(volatile uint32_t *page, uint32_t vector);
};
extern const struct ioapic_hw_ops *ioapic_hw;

#endif /* ASM_IOAPIC_HW_H */
