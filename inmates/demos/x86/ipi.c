/* SPDX-License-Identifier: GPL-2.0 */
/*
 * IPI test: sends a fixed IPI (vector IPI_VECTOR), an NMI and an INIT to
 * the local APIC with ID "target" (default 0, a root CPU on the bench)
 * through the ICR, printing a line before each. The hypervisor must drop
 * all three and report them; this cell must run on. It then prints
 * "ipi: done" and a heartbeat every second, so that the bench can see it
 * survived, until a shutdown request, which it approves.
 *
 * Whatever reaches this CPU itself is counted and printed, which is how
 * the bare-metal test checks the ICR encoding: target=<own APIC ID>
 * init=0 (an INIT to itself would stop the test).
 *
 * Command line: target=<APIC ID> (default 0), init=0 skips the INIT.
 */
#include <inmate.h>

#define IPI_VECTOR	0x40
#define SETTLE_US	100000	/* for an IPI to this CPU to arrive */
#define POLL_US		10000
#define POLLS_PER_BEAT	(1000000 / POLL_US)

static volatile unsigned int fixed_received;
static volatile unsigned int nmi_received;

static void ipi_irq(unsigned int vector)
{
	if (vector == IPI_VECTOR) {
		fixed_received++;
		printk("ipi: received fixed IPI, vector 0x%x\n", vector);
	} else if (vector == IRQ_NMI_VECTOR) {
		nmi_received++;
		printk("ipi: received NMI\n");
	} else {
		printk("ipi: unexpected interrupt, vector 0x%x\n", vector);
	}
}

static void send(const char *what, uint32_t target, uint32_t mode_vector)
{
	printk("ipi: sending %s to APIC ID %u\n", what, target);
	if (apic_send_ipi(target, mode_vector))
		printk("ipi: %s to APIC ID %u: ICR still busy\n", what,
		       target);
	delay_us(SETTLE_US);
}

void inmate_main(void)
{
	uint32_t target = (uint32_t)cmdline_parse_int("target", 0) & 0xff;
	bool init = cmdline_parse_int("init", 1) != 0;
	unsigned int beats = 0;

	/* delay_us() needs the TSC frequency: if it has to be measured, do
	 * it now, before the first line, rather than between two sends. */
	timer_frequency();
	comm_set_cell_state(JH_CELL_RUNNING);
	apic_init();
	printk("ipi: started on APIC ID %u, target APIC ID %u\n", apic_id(),
	       target);
	irq_set_handler(ipi_irq);
	irq_enable();

	send("fixed IPI vector 0x40", target, APIC_IPI_FIXED | IPI_VECTOR);
	send("NMI", target, APIC_IPI_NMI);
	if (init)
		send("INIT", target, APIC_IPI_INIT);
	else
		printk("ipi: not sending INIT (init=0)\n");
	printk("ipi: done (received %u fixed IPI(s), %u NMI(s))\n",
	       fixed_received, nmi_received);

	for (;;) {
		for (unsigned int i = 0; i < POLLS_PER_BEAT; i++) {
			if (comm_shutdown_requested()) {
				printk("ipi: shutdown request approved\n");
				comm_answer_shutdown(true);
				return;
			}
			delay_us(POLL_US);
		}
		printk("ipi: heartbeat %u\n", ++beats);
	}
}
