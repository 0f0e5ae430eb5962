/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Timer latency: the local APIC timer fires every period_us microseconds
 * in periodic mode. The latency of one sample is the time from the
 * programmed expiry to the handler's first action. Every "samples"
 * samples the demo prints
 *
 *   latency min <a> avg <b> max <c> ns (<samples> samples)
 *
 * How it is measured: in periodic mode the APIC reloads its count at
 * each expiry, so what the count has run down since (initial count minus
 * current count, read first thing in the handler) is exactly the time
 * since the programmed expiry, in APIC timer ticks. Comparing TSC
 * readings with expiries computed from the two frequencies instead would
 * drift: any error in their ratio adds up over thousands of periods. The
 * TSC (read right after) spots periods that passed without an IRQ of
 * their own, which the count cannot show.
 *
 * Command line: period_us=<N> (default 1000), samples=<M> (default 1000),
 * raw=<K> (default 0): also print the first K samples one by one once
 * they are in ("latency-raw" lines, for make bench).
 *
 * Before the timer starts it also prints what one APIC access costs
 * (a read of the ID register, an EOI with nothing in service), the best
 * of a few TSC-bracketed ones: in a cell, every such access traps, so
 * under QEMU -icount (1 instruction = 1 ns) this is the cost of an APIC
 * exit in instructions. In x2APIC mode (apic.c) both are MSR exits, and
 * a third line gives the cost of a checked one, an LVT write.
 * Shutdown requests are approved.
 */
#include <inmate.h>

static uint32_t period_count;	/* APIC timer ticks */
static uint64_t period_tsc;	/* the same in TSC ticks, for "missed" */
static uint64_t last_irq_tsc;
static uint64_t missed;		/* periods without an IRQ of their own */

static struct latency_batch stats;

#define ACCESS_TRIES	16

static uint64_t ticks_to_ns(uint64_t ticks)
{
	return ticks * 1000000000ULL / timer_frequency();
}

static void read_id(void)
{
	(void)apic_id();
}

/* TSC ticks of the best of ACCESS_TRIES: the first pay cold caches. */
static uint64_t best_of(void (*access)(void))
{
	uint64_t t0, best = ~0ULL;
	unsigned int n;

	for (n = 0; n < ACCESS_TRIES; n++) {
		t0 = timer_now();
		access();
		t0 = timer_now() - t0;
		if (t0 < best)
			best = t0;
	}
	return best;
}

static void print_access_cost(void)
{
	uint64_t best;

	printk("timer-latency: APIC access read %lu ns write %lu ns "
	       "(best of %u, TSC-bracketed)\n", ticks_to_ns(best_of(read_id)),
	       ticks_to_ns(best_of(apic_eoi)), ACCESS_TRIES);
	if (!apic_x2apic_mode()) {
		printk("timer-latency: xAPIC mode\n");
		return;
	}
	/* An exit with the hypervisor's LVT checks. */
	best = best_of(apic_timer_mask);
	printk("timer-latency: x2APIC mode, trapped MSR write (LVT) %lu ns, "
	       "%lu TSC ticks (best of %u)\n", ticks_to_ns(best), best,
	       ACCESS_TRIES);
}

static void timer_irq(unsigned int vector)
{
	uint32_t left = apic_timer_current();
	uint64_t now = timer_now();
	uint64_t latency, periods;

	if (vector != APIC_TIMER_VECTOR)
		return;
	latency = left <= period_count ? period_count - left : 0;

	/* Rounded to whole periods, which no ratio error can shift. */
	if (last_irq_tsc) {
		periods = (now - last_irq_tsc + period_tsc / 2) / period_tsc;
		if (periods > 1)
			missed += periods - 1;
	}
	last_irq_tsc = now;

	latency_add(&stats, latency);
}

static void print_report(void)
{
	struct latency_stats r;

	if (!latency_take(&stats, &r))
		return;
	latency_print(&r, apic_timer_count_to_ns);
	latency_print_raw(&stats, apic_timer_count_to_ns);
	if (missed)
		printk("timer-latency: %lu deadlines missed so far\n", missed);
}

void inmate_main(void)
{
	int64_t period_us = cmdline_parse_int("period_us", 1000);
	int64_t samples = cmdline_parse_int("samples", 1000);
	int64_t raw;

	if (period_us < 1 || samples < 1) {
		printk("timer-latency: period_us (%ld) and samples (%ld) must "
		       "be positive\n", period_us, samples);
		return;
	}
	printk("timer-latency: period %ld us, report every %ld samples, "
	       "timer %lu Hz, TSC %lu Hz\n", period_us, samples,
	       apic_timer_frequency(), timer_frequency());
	comm_set_cell_state(JH_CELL_RUNNING);

	period_count = apic_timer_us_to_count((uint64_t)period_us);
	period_tsc = timer_us_to_ticks((uint64_t)period_us);
	if (!period_tsc)
		period_tsc = 1;
	stats.per_report = (uint64_t)samples;
	raw = cmdline_parse_int("raw", 0);
	stats.raw_want = raw > 0 ? (uint64_t)raw : 0;

	apic_init();
	print_access_cost();
	irq_set_handler(timer_irq);
	apic_timer_periodic(period_count);
	irq_enable();

	for (;;) {
		cpu_wait_for_interrupt();
		print_report();
		if (comm_shutdown_requested()) {
			printk("timer-latency: shutdown request approved\n");
			comm_answer_shutdown(true);
			break;
		}
	}
	apic_timer_stop();
}
