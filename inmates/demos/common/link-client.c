/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Link client (Documentation/ivshmem.md): peer 1 of the link demo (the
 * echo is the other peer: an inmate, or the root's jh-link echo). Once
 * the echo service says ready in the state table, it sends
 * rounds=<n> (default 1000) requests, one at a time: the sequence number
 * into its output section, a doorbell, then it sleeps until the echo's
 * doorbell brings the reply (or a 5 s timeout). A reply that never
 * comes counts as lost, a reply count ahead of the requests as
 * duplicated. It prints the counts and the round-trip times in counter
 * ticks (min, median, max), then keeps running and reports the echo's
 * state changes (the root destroys the echo cell meanwhile).
 *
 * After the peer has left, the isolation checks run: a doorbell to peer
 * 5, which does not exist (the hypervisor refuses it and says so), then
 * a write into the echo's output section, which the client may only read:
 * the hypervisor stops this cell there, and the line after it must never
 * appear.
 */
#include <inmate.h>
#include <arch-mmio.h>

#define ECHO_READY	1
#define TICK_MS		10
/* A reply later than this is lost: far above a round trip, even one
 * through the root's user space under TCG on a loaded host. */
#define TIMEOUT_MS	5000
#define MAX_ROUNDS	4096

static volatile unsigned int doorbells;
static volatile bool tick_due;
static uint32_t samples[MAX_ROUNDS];

static void irq(unsigned int intid)
{
	if (tick_irq(intid)) {
		tick_due = true;
	} else if (intid >= 32) {
		doorbells++;
	}
}

static void sort(uint32_t *a, unsigned int n)
{
	unsigned int gap, i, j;
	uint32_t v;

	for (gap = n / 2; gap > 0; gap /= 2) {
		for (i = gap; i < n; i++) {
			v = a[i];
			for (j = i; j >= gap && a[j - gap] > v; j -= gap)
				a[j] = a[j - gap];
			a[j] = v;
		}
	}
}

/* Sleeps until the reply to seq is there or the timeout passed. */
static bool wait_reply(unsigned long echo_out, uint64_t seq,
		       uint64_t deadline)
{
	bool done;

	for (;;) {
		irq_disable();
		done = mmio_read64(echo_out) == seq;
		if (done || timer_now() > deadline)
			break;
		irq_wait_enable();
	}
	irq_enable();
	return done;
}

void inmate_main(void)
{
	uint64_t rounds = (uint64_t)cmdline_parse_int("rounds", 1000);
	uint64_t seq, t0, replies, lost = 0, dup = 0, timeout;
	unsigned long out, echo_out;
	uint32_t state, last_state;
	struct ivshmem_dev dev;
	unsigned int n = 0, echo;

	comm_set_cell_state(JH_CELL_RUNNING);
	if (ivshmem_find(&dev, 0) || ivshmem_irq_setup(&dev)) {
		printk("link-client: no link device\n");
		return;
	}
	if (rounds > MAX_ROUNDS)
		rounds = MAX_ROUNDS;
	printk("link-client: peer %u of %u, shared memory at 0x%lx\n",
	       dev.id, dev.peers, dev.shmem);
	/* Two peers: the echo is the other one. */
	echo = dev.id == 0 ? 1 : 0;
	out = ivshmem_out_section(&dev, dev.id);
	echo_out = ivshmem_out_section(&dev, echo);
	irq_set_handler(irq);
	tick_start(TICK_MS * 1000);
	ivshmem_enable_irq(&dev, true);
	irq_enable();
	ivshmem_set_state(&dev, 1);

	while (ivshmem_peer_state(&dev, echo) != ECHO_READY)
		cpu_wait_for_interrupt();
	printk("link-client: echo is ready, %lu round trips\n", rounds);

	timeout = timer_us_to_ticks(TIMEOUT_MS * 1000);
	for (seq = 1; seq <= rounds; seq++) {
		mmio_write64(out, seq);
		t0 = timer_now();
		ivshmem_ring(&dev, echo);
		if (!wait_reply(echo_out, seq, t0 + timeout)) {
			lost++;
			continue;
		}
		samples[n++] = (uint32_t)(timer_now() - t0);
	}
	replies = mmio_read64(echo_out + 8);
	if (replies > rounds - lost)
		dup = replies - (rounds - lost);
	printk("link-client: %lu round trips, %lu lost, %lu duplicated, "
	       "%u doorbells\n", rounds, lost, dup, doorbells);
	if (n) {
		sort(samples, n);
		printk("link-client: round trip min %u median %u max %u "
		       "ticks (%lu Hz)\n", samples[0], samples[n / 2],
		       samples[n - 1], timer_frequency());
	}

	/*
	 * Keep running; say when the echo's state changes from ready. It
	 * may have changed already (the root's echo says goodbye after its
	 * last reply): look before sleeping.
	 */
	last_state = ECHO_READY;
	for (;;) {
		state = ivshmem_peer_state(&dev, echo);
		if (state == last_state) {
			/* The 10 ms tick ends the sleep at the latest. */
			cpu_wait_for_interrupt();
			continue;
		}
		printk("link-client: peer %u state %u -> %u, still running\n",
		       echo, last_state, state);
		last_state = state;
		if (state == 0)
			break;
	}

	printk("link-client: doorbell to peer 5\n");
	ivshmem_ring(&dev, 5);
	printk("link-client: writing the echo's output section at 0x%lx\n",
	       echo_out);
	mmio_write32(echo_out, 0xbad);
	mmio_barrier();
	printk("link-client: ERROR: the write to 0x%lx was not stopped\n",
	       echo_out);
}
