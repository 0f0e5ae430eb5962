/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/* IRQ dispatch: vectors.S calls irq_handle() for every IRQ exception. */
#include <inmate.h>

void irq_handle(void);

static irq_handler_t irq_handler;

void irq_set_handler(irq_handler_t handler)
{
	irq_handler = handler;
}

void irq_enable(void)
{
	asm volatile("msr daifclr, #2" ::: "memory");
}

void irq_disable(void)
{
	asm volatile("msr daifset, #2" ::: "memory");
}

/* WFI wakes on a pending interrupt even while it is masked. */
void irq_wait_enable(void)
{
	asm volatile("wfi; msr daifclr, #2" ::: "memory");
}

void irq_handle(void)
{
	unsigned int intid = gic_ack();

	if (intid >= GIC_INTID_SPURIOUS)
		return;
	if (irq_handler)
		irq_handler(intid);
	else
		printk("inmate: IRQ %u without a handler\n", intid);
	gic_eoi(intid);
}
