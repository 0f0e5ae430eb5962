/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * The EL1 virtual timer: CNTVCT_EL0 counts at CNTFRQ_EL0 Hz, and the timer
 * raises PPI 27 while CNTVCT_EL0 >= CNTV_CVAL_EL0 and it is enabled and
 * unmasked. The interrupt is level-triggered: the handler must set a new
 * deadline or stop the timer before it signals EOI. The tick conversions
 * are in lib/common/timer-convert.c.
 */
#include <inmate.h>
#include <sysreg.h>

#define CNTV_CTL_ENABLE		(1 << 0)
#define CNTV_CTL_IMASK		(1 << 1)

uint64_t timer_frequency(void)
{
	uint64_t freq = sysreg_read(cntfrq_el0);

	/* Firmware normally sets CNTFRQ_EL0; the comm region is a backup. */
	if (!freq && comm_region_valid())
		freq = comm_read64(offsetof(struct jh_comm_region,
					    timer_frequency));
	return freq;
}

uint64_t timer_now(void)
{
	/* Without the barrier the read may happen early, out of order. */
	isb();
	return sysreg_read(cntvct_el0);
}

void timer_set_deadline(uint64_t ticks)
{
	sysreg_write(cntv_cval_el0, ticks);
	sysreg_write(cntv_ctl_el0, CNTV_CTL_ENABLE);
	isb();
}

void timer_stop(void)
{
	sysreg_write(cntv_ctl_el0, 0);
	isb();
}
