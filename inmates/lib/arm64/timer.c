/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * The EL1 virtual timer: CNTVCT_EL0 counts at CNTFRQ_EL0 Hz, and the timer
 * raises PPI 27 while CNTVCT_EL0 >= CNTV_CVAL_EL0 and it is enabled and
 * unmasked. The interrupt is level-triggered: the handler must set a new
 * deadline or stop the timer before it signals EOI.
 */
#include <inmate.h>
#include <sysreg.h>

#define CNTV_CTL_ENABLE		(1 << 0)
#define CNTV_CTL_IMASK		(1 << 1)

#define NS_PER_SEC		1000000000ULL
#define US_PER_SEC		1000000ULL

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

/* Split into whole seconds and rest so that the product cannot overflow
 * for any realistic frequency (below 2^34 Hz). */
uint64_t timer_ticks_to_ns(uint64_t ticks)
{
	uint64_t freq = timer_frequency();

	if (!freq)
		return 0;
	return ticks / freq * NS_PER_SEC + ticks % freq * NS_PER_SEC / freq;
}

uint64_t timer_us_to_ticks(uint64_t us)
{
	uint64_t freq = timer_frequency();

	return us / US_PER_SEC * freq + us % US_PER_SEC * freq / US_PER_SEC;
}
