/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Shared pieces of the x86 interrupt-isolation attacks (irq-attacks*.c):
 * raw access to the cell's xAPIC page and IOAPIC, and a count of every
 * interrupt that reaches the cell, so that an attack can tell "nothing
 * came" from "something meant for the root cell came".
 *
 * The attack cell runs on CPU 3 of the q35 system (APIC ID 3); the root
 * cell keeps APIC IDs 0-2.
 */
#ifndef _IRQ_ATTACKS_H
#define _IRQ_ATTACKS_H

#include <attack.h>
#include <x86.h>

#define APIC_REG_ID		0x020
#define APIC_REG_LDR		0x0d0
#define APIC_REG_DFR		0x0e0
#define APIC_REG_ISR		0x100
#define APIC_REG_IRR		0x200
#define APIC_REG_LVT_CMCI	0x2f0
#define APIC_REG_ICR_LO		0x300
#define APIC_REG_ICR_HI		0x310
#define APIC_REG_LVT_TIMER	0x320
#define APIC_REG_LVT_THERMAL	0x330
#define APIC_REG_LVT_PERF	0x340
#define APIC_REG_LVT_LINT0	0x350
#define APIC_REG_LVT_LINT1	0x360
#define APIC_REG_LVT_ERROR	0x370
#define APIC_REG_SELF_IPI	0x3f0	/* x2APIC only; reserved in xAPIC */

#define ICR_FIXED		(0U << 8)
#define ICR_LOWEST		(1U << 8)
#define ICR_SMI			(2U << 8)
#define ICR_NMI			(4U << 8)
#define ICR_INIT		(5U << 8)
#define ICR_SIPI		(6U << 8)
#define ICR_EXTINT		(7U << 8)
#define ICR_LOGICAL		(1U << 11)
#define ICR_ASSERT		(1U << 14)
#define ICR_SH_SELF		(1U << 18)
#define ICR_SH_ALL		(2U << 18)
#define ICR_SH_OTHERS		(3U << 18)
#define LVT_MASKED		(1U << 16)

#define ROOT_APIC_IDS		3	/* APIC IDs 0, 1, 2 */
#define IOAPIC_ADDR		0xfec00000UL
#define IOAPIC_PINS		24
#define IOAPIC_REDIR_LO(pin)	(0x10 + 2 * (pin))
#define IOAPIC_REDIR_HI(pin)	(0x10 + 2 * (pin) + 1)
#define REDIR_MASKED		(1U << 16)

uint32_t irqa_apic_read(unsigned int reg);
void irqa_apic_write(unsigned int reg, uint32_t value);
/* ICR high, then ICR low (which sends), after a bounded idle wait. */
void irqa_icr(uint32_t high, uint32_t low);
/* The lowest vector below 32 pending (IRR) or in service, or -1. */
int irqa_low_vector_seen(void);

uint32_t irqa_ioapic_read(unsigned int index);
void irqa_ioapic_write(unsigned int index, uint32_t value);

/*
 * Interrupt counting: every vector that reaches the cell (NMI as 2).
 * irqa_count_start() clears the counts and opens interrupts; after that,
 * irqa_count(v) and irqa_count_total() read them.
 */
void irqa_count_start(void);
void irqa_count_stop(void);
unsigned int irqa_count(unsigned int vector);
unsigned int irqa_count_total(void);
/* The first vector counted, or -1. */
int irqa_first_vector(void);

#endif /* _IRQ_ATTACKS_H */
