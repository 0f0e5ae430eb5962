/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Timer latency: the virtual timer fires every period_us microseconds;
 * the handler's first action is to read the counter, and the latency of
 * one sample is that time minus the deadline the timer was programmed
 * with. Every "samples" samples the demo prints
 *
 *   latency min <a> avg <b> max <c> ns (<samples> samples)
 *
 * Command line: period_us=<N> (default 1000), samples=<M> (default 1000),
 * raw=<K> (default 0): also print the first K samples one by one once
 * they are in ("latency-raw" lines, for make bench).
 * Shutdown requests are approved.
 */
#include <inmate.h>

static uint64_t period;		/* ticks */
static uint64_t deadline;
static uint64_t missed;		/* deadlines skipped because we were late */

static struct latency_batch stats;

static void timer_irq(unsigned int intid)
{
	uint64_t now = timer_now();
	uint64_t latency;

	if (intid != TIMER_VIRT_IRQ)
		return;
	latency = now - deadline;

	latency_add(&stats, latency);

	deadline += period;
	/* If we are already past the next deadline, restart from now
	 * rather than measure our own backlog. */
	now = timer_now();
	if (deadline <= now) {
		missed += (now - deadline) / period + 1;
		deadline = now + period;
	}
	timer_set_deadline(deadline);
}

static void print_report(void)
{
	struct latency_stats r;

	if (!latency_take(&stats, &r))
		return;
	latency_print(&r, timer_ticks_to_ns);
	latency_print_raw(&stats, timer_ticks_to_ns);
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
	       "timer %lu Hz\n", period_us, samples, timer_frequency());
	comm_set_cell_state(JH_CELL_RUNNING);
	if (gic_init())
		return;

	period = timer_us_to_ticks((uint64_t)period_us);
	if (!period)
		period = 1;
	stats.per_report = (uint64_t)samples;
	raw = cmdline_parse_int("raw", 0);
	stats.raw_want = raw > 0 ? (uint64_t)raw : 0;
	irq_set_handler(timer_irq);
	gic_enable_ppi(TIMER_VIRT_IRQ);
	deadline = timer_now() + period;
	timer_set_deadline(deadline);
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
	timer_stop();
}
