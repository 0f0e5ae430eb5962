/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * Latency statistics for the timer demos of both arches (declared in
 * inmate-common.h): a batch filled from the IRQ handler, handed to the
 * main loop as a whole so that printing never sees a half-updated one.
 */
#include <inmate.h>

#define RAW_PER_LINE	10

/* One inmate, one timer demo: a single store for the raw samples. */
static uint64_t raw_samples[LATENCY_RAW_MAX];

void latency_add(struct latency_batch *b, uint64_t sample)
{
	struct latency_stats *c = &b->cur;

	if (b->raw_count < b->raw_want && b->raw_count < LATENCY_RAW_MAX)
		raw_samples[b->raw_count++] = sample;

	if (!c->count || sample < c->min)
		c->min = sample;
	if (sample > c->max)
		c->max = sample;
	c->sum += sample;
	if (++c->count == b->per_report) {
		b->report = *c;
		b->ready = true;
		*c = (struct latency_stats){ 0 };
	}
}

bool latency_take(struct latency_batch *b, struct latency_stats *out)
{
	bool ready;

	irq_disable();
	ready = b->ready;
	if (ready)
		*out = b->report;
	b->ready = false;
	irq_enable();
	return ready;
}

void latency_print(const struct latency_stats *s,
		   uint64_t (*to_ns)(uint64_t ticks))
{
	printk("latency min %lu avg %lu max %lu ns (%lu samples)\n",
	       to_ns(s->min), to_ns(s->sum) / s->count, to_ns(s->max),
	       s->count);
}

void latency_print_raw(struct latency_batch *b,
		       uint64_t (*to_ns)(uint64_t ticks))
{
	uint64_t n, want = b->raw_want;

	if (want > LATENCY_RAW_MAX)
		want = LATENCY_RAW_MAX;
	if (!want || b->raw_printed || b->raw_count < want)
		return;
	b->raw_printed = true;
	for (n = 0; n < want; n++) {
		if (n % RAW_PER_LINE == 0)
			printk("latency-raw %lu:", n);
		printk(" %lu", to_ns(raw_samples[n]));
		if (n % RAW_PER_LINE == RAW_PER_LINE - 1 || n + 1 == want)
			printk("\n");
	}
	printk("latency-raw end %lu samples\n", want);
}
