/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/* A periodic tick from the local APIC timer (apic_init() first). */
#include <inmate.h>

void tick_start(uint64_t us)
{
	apic_timer_periodic(apic_timer_us_to_count(us));
}

bool tick_irq(unsigned int irq)
{
	return irq == APIC_TIMER_VECTOR;
}

void tick_stop(void)
{
	apic_timer_stop();
}
