/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Link echo service (Documentation/ivshmem.md): peer 0 of the link demo
 * (or peer 1 of a link whose other end is the root's jh-link client).
 * It sets its state to 1 (ready) and, on every doorbell, copies the
 * request (sequence number) from the client's output section into its
 * own with a reply count, then rings the client back. It answers the
 * shutdown handshake, so the root can destroy it while the client runs.
 *
 * "fail_after=N fail_at=ADDR" on its command line: after N replies it
 * writes to ADDR, outside its memory, so that the hypervisor stops it as
 * failed in the middle of the traffic (the client must see its state
 * drop, as on a shutdown).
 *
 * Message layout in an output section (64-bit words): [0] sequence
 * number, [1] replies sent so far (echo only).
 */
#include <inmate.h>
#include <arch-mmio.h>

#define ECHO_READY	1

#define TICK_MS		10	/* wakes up to notice a shutdown request */

static volatile unsigned int doorbells;
static unsigned int link_irq;

static void irq(unsigned int intid)
{
	/* The tick only wakes the loop; the link's interrupt from 32 up. */
	if (!tick_irq(intid) && intid >= 32) {
		link_irq = intid;
		doorbells++;
	}
}

void inmate_main(void)
{
	struct ivshmem_dev dev;
	unsigned long in, out;
	uint64_t replies = 0, seq, last = 0;
	unsigned int seen = 0, client;
	int64_t denials = 0;
	int64_t fail_after = cmdline_parse_int("fail_after", 0);
	unsigned long fail_at = (unsigned long)cmdline_parse_int("fail_at", 0);

	comm_set_cell_state(JH_CELL_RUNNING);
	if (ivshmem_find(&dev, 0) || ivshmem_irq_setup(&dev)) {
		printk("link-echo: no link device\n");
		return;
	}
	printk("link-echo: peer %u of %u, shared memory at 0x%lx, regs at "
	       "0x%lx\n", dev.id, dev.peers, dev.shmem, dev.regs);
	/* Two peers: the client is the other one. */
	client = dev.id == 0 ? 1 : 0;
	in = ivshmem_out_section(&dev, client);
	out = ivshmem_out_section(&dev, dev.id);
	irq_set_handler(irq);
	tick_start(TICK_MS * 1000);
	ivshmem_enable_irq(&dev, true);
	irq_enable();
	ivshmem_set_state(&dev, ECHO_READY);
	printk("link-echo: ready\n");

	for (;;) {
		irq_disable();
		if (doorbells == seen)
			irq_wait_enable();
		irq_enable();
		if (doorbells != seen) {
			seen = doorbells;
			seq = mmio_read64(in);
			if (seq != last) {
				last = seq;
				mmio_write64(out, seq);
				mmio_write64(out + 8, ++replies);
				ivshmem_ring(&dev, client);
			}
			if (fail_after > 0 && replies == (uint64_t)fail_after) {
				printk("link-echo: %lu replies, now writing "
				       "0x%lx outside my memory\n", replies,
				       fail_at);
				mmio_write32(fail_at, 0xdead);
			}
		}
		/* The counts first: the root stops the cell right after. */
		if (comm_shutdown_requested()) {
			printk("link-echo: %lu replies, doorbell IRQ %u\n",
			       replies, link_irq);
			if (comm_shutdown_handshake("link-echo", &denials))
				break;
		}
	}
	tick_stop();
}
