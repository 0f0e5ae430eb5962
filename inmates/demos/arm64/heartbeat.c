/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Heartbeat: prints "heartbeat <n>" about once per second, driven by the
 * virtual timer, until the hypervisor asks the cell to shut down.
 *
 * The timer ticks every TICK_MS so that a shutdown request is noticed
 * quickly even though the CPU sleeps in wfi between ticks.
 *
 * Command line: deny_shutdown=<n> refuses the first n shutdown requests
 * (default 0), to exercise the refusal path of the handshake.
 */
#include <inmate.h>

#define TICK_MS		10
#define TICKS_PER_BEAT	(1000 / TICK_MS)

static volatile unsigned int ticks;
static uint64_t next_deadline;
static uint64_t tick_period;

static void timer_irq(unsigned int intid)
{
	if (intid != TIMER_VIRT_IRQ)
		return;
	/* Fixed steps from the first deadline keep the beat from drifting. */
	next_deadline += tick_period;
	timer_set_deadline(next_deadline);
	ticks++;
}

void inmate_main(void)
{
	int64_t denials_left = cmdline_parse_int("deny_shutdown", 0);
	unsigned int beats = 0, last_beat_tick = 0;

	printk("heartbeat: started, timer %lu Hz, denying %ld shutdown "
	       "request(s)\n", timer_frequency(), denials_left);
	comm_set_cell_state(JH_CELL_RUNNING);
	if (gic_init())
		return;

	irq_set_handler(timer_irq);
	gic_enable_ppi(TIMER_VIRT_IRQ);
	tick_period = timer_us_to_ticks(TICK_MS * 1000);
	next_deadline = timer_now() + tick_period;
	timer_set_deadline(next_deadline);
	irq_enable();

	for (;;) {
		cpu_wait_for_interrupt();
		if (ticks - last_beat_tick >= TICKS_PER_BEAT) {
			last_beat_tick += TICKS_PER_BEAT;
			printk("heartbeat %u\n", ++beats);
		}
		if (comm_shutdown_handshake("heartbeat", &denials_left))
			break;
	}
	timer_stop();
}
