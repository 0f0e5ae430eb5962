/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The emulated IOAPICs (ioapic.c): every IOAPIC page traps, and a cell
 * reaches only the redirection entries of the pins it owns, which it may
 * point at its own CPUs only.
 */
#ifndef ASM_IOAPIC_H
#define ASM_IOAPIC_H

#include <hv/types.h>

struct cell;

/* At most this many distinct IOAPICs (each takes an MMIO handler slot). */
#define IOAPIC_MAX		4
/*
 * Redirection entries an 8-bit IOREGSEL can name: 0x10 + 2 * pin + 1
 * <= 0xff. A config irqchip's 128-bit pin bitmap covers them all.
 */
#define IOAPIC_MAX_PINS		120

/*
 * First CPU, from setup: maps every IOAPIC the root cell's irqchips name
 * (one page each), reads its pin count and registers its MMIO handler.
 * The root cell owns the pins its irqchips list.
 */
int ioapic_init(void);

/*
 * Under the control lock, from cell_arch_assign / cell_arch_release: the
 * pins of the cell's irqchips move from the root cell to it, and back.
 * Either way they are masked first.
 */
void ioapic_cell_assign(struct cell *cell);
void ioapic_cell_release(struct cell *cell);

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

/*
 * Interrupt remapping of the redirection entries (ioapic_ir.c), started
 * by an IOMMU driver whose unit remaps IOAPIC messages, at enable, and
 * stopped at disable (the entries go back as their owners wrote them).
 */
void ioapic_ir_start(void);
void ioapic_ir_stop(void);
/*
 * A CPU of cell retired vector (apic.c, only while ioapic_ir_eoi_wanted):
 * the level entries of the cell whose hardware vector differs get their
 * end of interrupt through the IOAPIC's EOI register.
 */
bool ioapic_ir_eoi_wanted(void);
void ioapic_lapic_eoi(const struct cell *cell, unsigned int vector);

/*
 * The requester ID IOAPIC number chip sends its messages with (the root
 * cell's irqchip id, JH_IOAPIC_SID), or -1 when the config does not say.
 * ioapic_sources_known(): every IOAPIC's is known. ioapic_is_source():
 * bdf is some IOAPIC's. Fixed once ioapic_init() returned.
 */
int ioapic_source_id(unsigned int chip);
bool ioapic_sources_known(void);
bool ioapic_is_source(uint16_t bdf);

/* ioapic_init(): IOAPIC number chip is named by an irqchip with this id. */
void ioapic_ir_set_source(unsigned int chip, uint32_t config_id);
/* ioapic_init(), first: no IOAPIC has a known requester ID yet. */
void ioapic_ir_forget_sources(void);
/* ioapic_ir_start(): says on the console whom chip's entries accept. */
void ioapic_ir_report_source(unsigned int chip, paddr_t base);

/* ioapic_ir.c for ioapic.c: chip is the IOAPIC's number, ioapic lock held. */
extern bool ioapic_ir_active;
uint32_t ioapic_ir_read(unsigned int chip, volatile uint32_t *page,
			unsigned int index);
void ioapic_ir_write(unsigned int chip, volatile uint32_t *page,
		     unsigned int index, uint32_t value);
void ioapic_ir_adopt(unsigned int chip, volatile uint32_t *page,
		     unsigned int pin);
void ioapic_ir_restore(unsigned int chip, volatile uint32_t *page,
		       unsigned int pin);
bool ioapic_ir_eoi_pin(unsigned int chip, unsigned int pin,
		       unsigned int vector);

#endif /* ASM_IOAPIC_H */
