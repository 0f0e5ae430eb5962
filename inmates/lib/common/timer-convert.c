/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * Conversions between the free-running counter's ticks and wall time, at
 * the frequency the arch's timer_frequency() reports.
 *
 * Split into whole seconds and rest so that the product cannot overflow
 * for any realistic frequency (below 2^34 Hz).
 */
#include <inmate.h>

#define NS_PER_SEC		1000000000ULL
#define US_PER_SEC		1000000ULL

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
