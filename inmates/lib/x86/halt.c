/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/* Stopping the CPU: the hypervisor reclaims it on shutdown or destroy. */
#include <inmate.h>

void inmate_halt(void)
{
	irq_disable();
	/* An NMI still wakes a halted CPU: halt again after it. */
	for (;;)
		cpu_wait_for_interrupt();
}
