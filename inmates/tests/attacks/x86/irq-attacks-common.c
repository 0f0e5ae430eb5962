// SPDX-License-Identifier: GPL-2.0
/*
 * Helpers of the x86 interrupt-isolation attacks (irq-attacks.h).
 */
#include "irq-attacks.h"

#define ICR_BUSY		(1U << 12)
#define ICR_IDLE_POLLS		1000

static volatile unsigned int counts[256];

uint32_t irqa_apic_read(unsigned int reg)
{
	return mmio_read32(APIC_BASE + reg);
}

void irqa_apic_write(unsigned int reg, uint32_t value)
{
	mmio_write32(APIC_BASE + reg, value);
}

void irqa_icr(uint32_t high, uint32_t low)
{
	unsigned int n;

	for (n = 0; n < ICR_IDLE_POLLS &&
	     (irqa_apic_read(APIC_REG_ICR_LO) & ICR_BUSY); n++)
		cpu_relax();
	irqa_apic_write(APIC_REG_ICR_HI, high);
	irqa_apic_write(APIC_REG_ICR_LO, low);
}

int irqa_low_vector_seen(void)
{
	uint32_t irr = irqa_apic_read(APIC_REG_IRR);
	uint32_t isr = irqa_apic_read(APIC_REG_ISR);

	/* Vectors 0-31 are the first word of IRR and ISR. */
	if (!(irr | isr))
		return -1;
	return __builtin_ctz(irr | isr);
}

uint32_t irqa_ioapic_read(unsigned int index)
{
	mmio_write32(IOAPIC_ADDR, index);
	return mmio_read32(IOAPIC_ADDR + 0x10);
}

void irqa_ioapic_write(unsigned int index, uint32_t value)
{
	mmio_write32(IOAPIC_ADDR, index);
	mmio_write32(IOAPIC_ADDR + 0x10, value);
}

static void count_irq(unsigned int vector)
{
	counts[vector & 0xff]++;
}

void irqa_count_start(void)
{
	unsigned int v;

	irq_disable();
	/* The attacks use the xAPIC page. */
	apic_init_mode(false);
	for (v = 0; v < 256; v++)
		counts[v] = 0;
	irq_set_handler(count_irq);
	irq_enable();
}

void irqa_count_stop(void)
{
	irq_disable();
}

unsigned int irqa_count(unsigned int vector)
{
	return counts[vector & 0xff];
}

unsigned int irqa_count_total(void)
{
	unsigned int v, sum = 0;

	for (v = 0; v < 256; v++)
		sum += counts[v];
	return sum;
}

int irqa_first_vector(void)
{
	unsigned int v;

	for (v = 0; v < 256; v++)
		if (counts[v])
			return v;
	return -1;
}
