/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/* A periodic tick from the one-shot virtual timer, rearmed per tick. */
#include <inmate.h>

static uint64_t period;

void tick_start(uint64_t us)
{
	period = timer_us_to_ticks(us);
	gic_enable_ppi(TIMER_VIRT_IRQ);
	timer_set_deadline(timer_now() + period);
}

bool tick_irq(unsigned int irq)
{
	if (irq != TIMER_VIRT_IRQ)
		return false;
	timer_set_deadline(timer_now() + period);
	return true;
}

void tick_stop(void)
{
	timer_stop();
}
