/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Heartbeat: prints "heartbeat <n>" about once per second, driven by the
 * local APIC timer, until the hypervisor asks the cell to shut down.
 *
 * The periodic timer ticks every TICK_MS so that a shutdown request is
 * noticed quickly even though the CPU sleeps in hlt between ticks. The
 * "timer" of the start line is the APIC timer, whose ticks make the beat.
 *
 * Command line: deny_shutdown=<n> refuses the first n shutdown requests
 * (default 0), to exercise the refusal path of the handshake.
 */
#include <inmate.h>

#define TICK_MS		10
#define TICKS_PER_BEAT	(1000 / TICK_MS)

static volatile unsigned int ticks;

static void timer_irq(unsigned int vector)
{
	if (vector == APIC_TIMER_VECTOR)
		ticks++;
}

void inmate_main(void)
{
	int64_t denials_left = cmdline_parse_int("deny_shutdown", 0);
	unsigned int beats = 0, last_beat_tick = 0;

	printk("heartbeat: started, timer %lu Hz, denying %ld shutdown "
	       "request(s)\n", apic_timer_frequency(), denials_left);
	comm_set_cell_state(JH_CELL_RUNNING);

	apic_init();
	printk("heartbeat: APIC ID %u in %s mode\n", apic_id(),
	       apic_x2apic_mode() ? "x2APIC" : "xAPIC");
	irq_set_handler(timer_irq);
	apic_timer_periodic(apic_timer_us_to_count(TICK_MS * 1000));
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
	apic_timer_stop();
}
