// SPDX-License-Identifier: GPL-2.0
/*
 * jh-link: the root cell's end of a shared-memory link, in user space
 * with Debian's stock uio_pci_generic (Documentation/ivshmem.md).
 *
 *   jh-link client ROUNDS   ROUNDS round trips through the peer's echo
 *                           (0: until the peer leaves), then wait for
 *                           the peer's state to change
 *   jh-link echo ROUNDS     answer ROUNDS requests, then say goodbye
 *                           (state 0)
 *
 * It finds the link device among /sys/class/uio/uio*, maps its registers
 * (BAR0) and shared memory (BAR2) through /dev/uioN, rings doorbells
 * through the Doorbell register and waits for the peer's doorbell with
 * read() on /dev/uioN. uio_pci_generic masks INTx in its interrupt
 * handler; the program unmasks it through the config space file before
 * it looks at the shared memory, so a doorbell in between is not lost.
 *
 * Messages in an output section (64-bit words): [0] sequence number,
 * [1] replies sent so far (echo only), as the inmate demos do.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#define VENDOR		0x110a
#define DEVICE		0x4106
#define MAX_UIO		16
#define MAX_SAMPLES	100000

#define REG_ID		0x00
#define REG_INT_CTRL	0x08
#define REG_DOORBELL	0x0c
#define REG_STATE	0x10
#define CFG_COMMAND	0x04
#define CMD_INTX_OFF	0x0400
#define CFG_CAP		0x40	/* vendor-specific capability */

#define POLL_MS		100
#define TIMEOUT_MS	5000	/* a reply later than this is lost */
#define ECHO_IDLE_S	60

struct link {
	int uio, cfg;
	volatile uint32_t *regs;
	volatile uint8_t *shmem;
	uint32_t state_size;
	uint64_t rw_size, out_size;
	unsigned int id, peer;
	unsigned long doorbells;
};

static const char *prog = "jh-link";

static void die(const char *what)
{
	fprintf(stderr, "%s: %s: %s\n", prog, what, strerror(errno));
	exit(1);
}

static unsigned long long sysfs_num(const char *path)
{
	char buf[64] = "";
	FILE *f = fopen(path, "r");

	if (!f)
		return ~0ULL;
	if (!fgets(buf, sizeof(buf), f))
		buf[0] = 0;
	fclose(f);
	return strtoull(buf, NULL, 0);
}

/* The uio index of the link device, or -1. */
static int find_uio(void)
{
	char path[128];
	int n;

	for (n = 0; n < MAX_UIO; n++) {
		snprintf(path, sizeof(path),
			 "/sys/class/uio/uio%d/device/vendor", n);
		if (sysfs_num(path) != VENDOR)
			continue;
		snprintf(path, sizeof(path),
			 "/sys/class/uio/uio%d/device/device", n);
		if (sysfs_num(path) == DEVICE)
			return n;
	}
	return -1;
}

/* The uio map whose physical address is addr: its mmap. */
static void *map_at(int n, int fd, unsigned long long addr, size_t *size)
{
	char path[128];
	void *p;
	int m;

	for (m = 0; m < 5; m++) {
		snprintf(path, sizeof(path),
			 "/sys/class/uio/uio%d/maps/map%d/addr", n, m);
		if (sysfs_num(path) != addr)
			continue;
		snprintf(path, sizeof(path),
			 "/sys/class/uio/uio%d/maps/map%d/size", n, m);
		*size = sysfs_num(path);
		p = mmap(NULL, *size, PROT_READ | PROT_WRITE, MAP_SHARED, fd,
			 (off_t)m * getpagesize());
		if (p == MAP_FAILED)
			die("mmap");
		return p;
	}
	fprintf(stderr, "%s: uio%d maps nothing at 0x%llx\n", prog, n, addr);
	exit(1);
}

/* Start address of BAR bar, from the device's resource file. */
static unsigned long long bar_start(int n, int bar)
{
	unsigned long long start = 0, end, flags;
	char path[128];
	FILE *f;
	int i;

	snprintf(path, sizeof(path), "/sys/class/uio/uio%d/device/resource",
		 n);
	f = fopen(path, "r");
	if (!f)
		die(path);
	for (i = 0; i <= bar; i++)
		if (fscanf(f, "%llx %llx %llx", &start, &end, &flags) != 3)
			start = 0;
	fclose(f);
	return start;
}

static uint32_t cfg_read32(struct link *l, off_t off)
{
	uint32_t v = 0;

	if (pread(l->cfg, &v, 4, off) != 4)
		die("config read");
	return v;
}

/* Lets the next interrupt out (and a pending one at once). */
static void unmask(struct link *l)
{
	uint16_t cmd;

	if (pread(l->cfg, &cmd, 2, CFG_COMMAND) != 2)
		die("config read");
	cmd &= ~CMD_INTX_OFF;
	if (pwrite(l->cfg, &cmd, 2, CFG_COMMAND) != 2)
		die("config write");
}

static void open_link(struct link *l)
{
	char path[128];
	size_t size;
	int n = find_uio();

	if (n < 0) {
		fprintf(stderr, "%s: no link device bound to uio_pci_generic\n",
			prog);
		exit(1);
	}
	snprintf(path, sizeof(path), "/dev/uio%d", n);
	l->uio = open(path, O_RDWR);
	if (l->uio < 0)
		die(path);
	snprintf(path, sizeof(path), "/sys/class/uio/uio%d/device/config", n);
	l->cfg = open(path, O_RDWR);
	if (l->cfg < 0)
		die(path);
	l->regs = map_at(n, l->uio, bar_start(n, 0), &size);
	l->shmem = map_at(n, l->uio, bar_start(n, 2), &size);
	l->state_size = cfg_read32(l, CFG_CAP + 0x04);
	l->rw_size = cfg_read32(l, CFG_CAP + 0x08) |
		(uint64_t)cfg_read32(l, CFG_CAP + 0x0c) << 32;
	l->out_size = cfg_read32(l, CFG_CAP + 0x10) |
		(uint64_t)cfg_read32(l, CFG_CAP + 0x14) << 32;
	l->id = l->regs[REG_ID / 4];
	l->peer = l->id == 0 ? 1 : 0;
	printf("%s: uio%d, peer %u, shared memory 0x%llx mapped (%zu bytes)\n",
	       prog, n, l->id, bar_start(n, 2), size);
	fflush(stdout);
	unmask(l);
	l->regs[REG_INT_CTRL / 4] = 1;
}

static volatile uint64_t *out_section(struct link *l, unsigned int peer)
{
	return (volatile uint64_t *)(l->shmem + l->state_size + l->rw_size +
				     peer * l->out_size);
}

static uint32_t peer_state(struct link *l)
{
	return ((volatile uint32_t *)l->shmem)[l->peer];
}

static void ring(struct link *l)
{
	__sync_synchronize();
	l->regs[REG_DOORBELL / 4] = l->peer << 16;
}

/* Waits up to ms for a doorbell; true if one came (then unmasked). */
static int wait_doorbell(struct link *l, int ms)
{
	struct pollfd p = { .fd = l->uio, .events = POLLIN };
	uint32_t count;
	int r = poll(&p, 1, ms);

	if (r < 0 && errno != EINTR)
		die("poll");
	if (r <= 0)
		return 0;
	if (read(l->uio, &count, 4) != 4)
		die("read");
	l->doorbells++;
	unmask(l);
	return 1;
}

static uint64_t now_ns(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (uint64_t)t.tv_sec * 1000000000ULL + t.tv_nsec;
}

static int cmp(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

static uint64_t samples[MAX_SAMPLES];

static int client(struct link *l, uint64_t rounds)
{
	volatile uint64_t *out = out_section(l, l->id);
	volatile uint64_t *echo = out_section(l, l->peer);
	uint64_t seq, t0, deadline, lost = 0, dup = 0, replies, n = 0;
	unsigned long seen;
	uint32_t state;
	int done;

	l->regs[REG_STATE / 4] = 1;
	while (peer_state(l) != 1)
		wait_doorbell(l, POLL_MS);
	printf("%s: peer %u is ready, %llu round trips\n", prog, l->peer,
	       (unsigned long long)rounds);
	fflush(stdout);
	for (seq = 1; rounds == 0 || seq <= rounds; seq++) {
		out[0] = seq;
		t0 = now_ns();
		ring(l);
		deadline = t0 + TIMEOUT_MS * 1000000ULL;
		for (;;) {
			done = echo[0] == seq;
			if (done || now_ns() > deadline || peer_state(l) != 1)
				break;
			wait_doorbell(l, POLL_MS);
		}
		if (peer_state(l) != 1 && rounds == 0) {
			printf("%s: peer %u state 1 -> %u during traffic after %llu round trips, still running\n",
			       prog, l->peer, peer_state(l),
			       (unsigned long long)n);
			return 0;
		}
		if (!done) {
			lost++;
			continue;
		}
		if (n < MAX_SAMPLES)
			samples[n++] = now_ns() - t0;
	}
	replies = echo[1];
	if (replies > rounds - lost)
		dup = replies - (rounds - lost);
	printf("%s: %llu round trips, %llu lost, %llu duplicated, %lu doorbells\n",
	       prog, (unsigned long long)rounds, (unsigned long long)lost,
	       (unsigned long long)dup, l->doorbells);
	if (n) {
		qsort(samples, n, sizeof(samples[0]), cmp);
		printf("%s: round trip min %llu median %llu max %llu ns\n",
		       prog, (unsigned long long)samples[0],
		       (unsigned long long)samples[n / 2],
		       (unsigned long long)samples[n - 1]);
	}
	fflush(stdout);
	/*
	 * The peer's state changes from ready (the root destroys its cell),
	 * and the change comes with the link interrupt: counted, so that a
	 * change seen only by polling shows.
	 */
	state = 1;
	seen = l->doorbells;
	while (peer_state(l) == state)
		wait_doorbell(l, POLL_MS);
	if (l->doorbells == seen)
		wait_doorbell(l, 1000);
	printf("%s: peer %u state %u -> %u, still running (%lu link interrupts)\n",
	       prog, l->peer, state, peer_state(l), l->doorbells - seen);
	return 0;
}

static int echo(struct link *l, uint64_t rounds)
{
	volatile uint64_t *in = out_section(l, l->peer);
	volatile uint64_t *out = out_section(l, l->id);
	uint64_t replies = 0, seq, last = 0;
	time_t idle = time(NULL);

	l->regs[REG_STATE / 4] = 1;
	printf("%s: echo ready\n", prog);
	fflush(stdout);
	while (replies < rounds) {
		if (!wait_doorbell(l, POLL_MS) &&
		    time(NULL) - idle > ECHO_IDLE_S) {
			printf("%s: no request for %d s\n", prog, ECHO_IDLE_S);
			break;
		}
		seq = in[0];
		if (seq == last)
			continue;
		idle = time(NULL);
		last = seq;
		out[0] = seq;
		out[1] = ++replies;
		ring(l);
	}
	/* Let the last reply arrive before saying goodbye. */
	usleep(100000);
	l->regs[REG_STATE / 4] = 0;
	printf("%s: %llu replies, %lu doorbells, state 0\n", prog,
	       (unsigned long long)replies, l->doorbells);
	return 0;
}

int main(int argc, char **argv)
{
	struct link l = { 0 };
	uint64_t rounds;
	int ret;

	if (argc != 3 || (strcmp(argv[1], "client") && strcmp(argv[1], "echo"))) {
		fprintf(stderr, "usage: %s client|echo ROUNDS\n", prog);
		return 2;
	}
	rounds = strtoull(argv[2], NULL, 0);
	setvbuf(stdout, NULL, _IOLBF, 0);
	open_link(&l);
	ret = strcmp(argv[1], "client") ? echo(&l, rounds) :
		client(&l, rounds);
	/* Gone: the peer must not take a stale state for this end's. */
	l.regs[REG_STATE / 4] = 0;
	return ret;
}
