/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * IRQ dispatch: idt.c calls irq_handle() for an NMI and for every vector
 * from 32 up. The local APIC delivered all of those but the NMI and the
 * spurious vector, and only those need an EOI.
 */
#include <inmate.h>

void irq_handle(unsigned int vector);

static irq_handler_t irq_handler;

void irq_set_handler(irq_handler_t handler)
{
	irq_handler = handler;
}

void irq_enable(void)
{
	asm volatile("sti" ::: "memory");
}

void irq_disable(void)
{
	asm volatile("cli" ::: "memory");
}

/* STI enables interrupts only after the next instruction: the HLT. */
void irq_wait_enable(void)
{
	asm volatile("sti; hlt" ::: "memory");
}

void irq_handle(unsigned int vector)
{
	if (vector == APIC_SPURIOUS_VECTOR)
		return;
	if (irq_handler)
		irq_handler(vector);
	else
		printk("inmate: %s %u without a handler\n",
		       vector == IRQ_NMI_VECTOR ? "NMI, vector" : "IRQ vector",
		       vector);
	if (vector != IRQ_NMI_VECTOR)
		apic_eoi();
}
