/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * The TSC as the free-running counter, and the frequencies of the TSC and
 * the APIC timer.
 *
 * The hypervisor measures both and hands them over in the comm region.
 * Where it gives none (no comm region on bare metal, or a 0), both are
 * measured once here against the ACPI PM timer, a 24-bit counter at
 * 3.579545 MHz: over the same 100 ms window the TSC advances and the APIC
 * timer, started masked from its maximum, counts down. In a cell that
 * does not own PM_TIMER_PORT the port access stops the cell, so a line
 * saying what is about to happen goes first.
 *
 * The measurement uses the APIC timer: the first call of
 * timer_frequency() or apic_timer_frequency() must come before the demo
 * starts that timer (every demo asks for the frequencies first).
 */
#include <inmate.h>
#include <x86.h>

#define PM_TIMER_MASK		0xffffff
#define CALIBRATION_PM_TICKS	(PM_TIMER_HZ / 10)	/* 100 ms */
/* Bounds on the polling loops: the PM timer advances every 279 ns, so a
 * working one changes long before EDGE_POLLS reads, and a window takes
 * far fewer than WINDOW_POLLS. */
#define EDGE_POLLS		100000
#define WINDOW_POLLS		100000000
#define FALLBACK_HZ		1000000000UL

static uint64_t tsc_hz;
static uint64_t apic_hz;
static bool frequencies_known;

static uint32_t pm_timer_read(void)
{
	return inl(PM_TIMER_PORT) & PM_TIMER_MASK;
}

/* Waits for the next PM timer tick; false if it does not count. */
static bool pm_timer_next_tick(uint32_t *tick)
{
	uint32_t start = pm_timer_read(), now;

	for (unsigned int i = 0; i < EDGE_POLLS; i++) {
		now = pm_timer_read();
		if (now != start) {
			*tick = now;
			return true;
		}
	}
	return false;
}

/* Returns false if the PM timer is not usable. */
static bool calibrate(uint64_t *tsc, uint64_t *apic)
{
	uint32_t start, elapsed = 0, apic_left;
	uint64_t tsc_start, tsc_end;

	if (!pm_timer_next_tick(&start))
		return false;
	tsc_start = rdtsc();
	apic_timer_start_masked(0xffffffff);
	for (unsigned int i = 0; i < WINDOW_POLLS; i++) {
		elapsed = (pm_timer_read() - start) & PM_TIMER_MASK;
		if (elapsed >= CALIBRATION_PM_TICKS)
			break;
	}
	tsc_end = rdtsc();
	apic_left = apic_timer_current();
	apic_timer_stop();
	if (elapsed < CALIBRATION_PM_TICKS)
		return false;

	*tsc = (tsc_end - tsc_start) * PM_TIMER_HZ / elapsed;
	*apic = (uint64_t)(0xffffffff - apic_left) * PM_TIMER_HZ / elapsed;
	return true;
}

static void determine_frequencies(void)
{
	uint64_t tsc = 0, apic = 0;

	frequencies_known = true;
	if (comm_region_valid()) {
		tsc_hz = comm_read64(offsetof(struct jh_comm_region,
					      timer_frequency));
		apic_hz = comm_read64(offsetof(struct jh_comm_region,
					       apic_timer_frequency));
	}
	if (tsc_hz && apic_hz)
		return;

	printk("timer: no frequencies in the comm region; measuring them "
	       "against the PM timer at port 0x%x\n", PM_TIMER_PORT);
	if (calibrate(&tsc, &apic)) {
		printk("timer: measured TSC %lu Hz, APIC timer %lu Hz\n",
		       tsc, apic);
	} else {
		tsc = apic = FALLBACK_HZ;
		printk("timer: the PM timer does not count; assuming %lu Hz\n",
		       FALLBACK_HZ);
	}
	if (!tsc_hz)
		tsc_hz = tsc;
	if (!apic_hz)
		apic_hz = apic;
}

uint64_t timer_frequency(void)
{
	if (!frequencies_known)
		determine_frequencies();
	return tsc_hz;
}

uint64_t apic_timer_frequency(void)
{
	if (!frequencies_known)
		determine_frequencies();
	return apic_hz;
}

uint64_t timer_now(void)
{
	return rdtsc();
}

void delay_us(uint64_t us)
{
	uint64_t end = rdtsc() + timer_us_to_ticks(us);

	while (rdtsc() < end)
		cpu_relax();
}
