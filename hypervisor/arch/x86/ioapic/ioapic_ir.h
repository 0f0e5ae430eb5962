/* SPDX-License-Identifier: GPL-2.0 */
/* ioapic_ir.c for ioapic.c and ioapic_chips.c. */
#ifndef IOAPIC_IOAPIC_IR_H
#define IOAPIC_IOAPIC_IR_H

#include <hv/types.h>
#include <asm/ioapic_ir.h>

/* ioapic_init(): IOAPIC number chip is named by an irqchip with this id. */
void ioapic_ir_set_source(unsigned int chip, uint32_t config_id);
/* ioapic_init(), first: no IOAPIC has a known requester ID yet. */
void ioapic_ir_forget_sources(void);

/* Chip is the IOAPIC's number, ioapic lock held. */
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

#endif /* IOAPIC_IOAPIC_IR_H */
