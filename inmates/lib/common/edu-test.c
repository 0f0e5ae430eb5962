/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * The edu-dma inmates' test steps (include/edu-test.h).
 */
#include <inmate.h>
#include <edu-test.h>

static const char canary_pattern[] = "cellcnry";
static const char dma_loop_pattern[] = "dmaloop!";

static void fill(uint8_t *buf, size_t len, const char *pattern)
{
	size_t plen = strlen(pattern), i;

	for (i = 0; i < len; i++)
		buf[i] = (uint8_t)pattern[i % plen];
}

static void wait_us(uint64_t us)
{
	uint64_t start = timer_now(), ticks = timer_us_to_ticks(us);

	while (timer_now() - start < ticks)
		;
}

uint64_t edu_test_addr(const struct edu_test *t, const void *p)
{
	return t->dma_base + (uintptr_t)p;
}

const char *edu_test_error(int err)
{
	return err == -1 ? "length refused" : "device did not finish in time";
}

static int dma(struct edu_test *t, uint64_t addr, uint32_t len, bool to_ram)
{
	return edu_dma(&t->edu, addr, len, to_ram, false, t->timeout_us);
}

void edu_test_round_trip(struct edu_test *t, unsigned int seed)
{
	char pattern[] = "edu?";
	uint32_t i;
	int err;

	pattern[3] = (char)('a' + seed % 26);
	fill(t->buf_out, EDU_TEST_ROUND_TRIP, pattern);
	memset(t->buf_in, 0, EDU_TEST_ROUND_TRIP);
	err = dma(t, edu_test_addr(t, t->buf_out), EDU_TEST_ROUND_TRIP, false);
	if (!err)
		err = dma(t, edu_test_addr(t, t->buf_in), EDU_TEST_ROUND_TRIP,
			  true);
	if (err) {
		printk("edu-dma: own memory round trip FAILED: %s\n",
		       edu_test_error(err));
		return;
	}
	for (i = 0; i < EDU_TEST_ROUND_TRIP; i++)
		if (t->buf_in[i] != t->buf_out[i])
			break;
	if (i < EDU_TEST_ROUND_TRIP)
		printk("edu-dma: own memory round trip FAILED: byte %u is 0x%02x, sent 0x%02x\n",
		       i, t->buf_in[i], t->buf_out[i]);
	else
		printk("edu-dma: own memory round trip OK %u bytes\n",
		       EDU_TEST_ROUND_TRIP);
}

static int digit(char c, unsigned int base)
{
	int d = c >= '0' && c <= '9' ? c - '0' :
		(c | 0x20) >= 'a' && (c | 0x20) <= 'f' ? (c | 0x20) - 'a' + 10 :
		-1;

	return d < (int)base ? d : -1;
}

bool edu_test_parse_list(const char *s, uint64_t *out, unsigned int max,
			 unsigned int *n)
{
	unsigned int base;
	uint64_t v;
	int d;

	for (*n = 0; *s; (*n)++) {
		if (*n == max)
			return false;
		base = 10;
		if (s[0] == '0' && (s[1] | 0x20) == 'x') {
			base = 16;
			s += 2;
		}
		if (!*s || *s == ',')
			return false;
		for (v = 0; *s && *s != ','; s++) {
			d = digit(*s, base);
			if (d < 0)
				return false;
			v = v * base + (unsigned int)d;
		}
		out[*n] = v;
		if (*s == ',')
			s++;
	}
	return true;
}

static void read_back(struct edu_test *t, uint64_t addr)
{
	uint8_t *in = t->buf_in;
	int err;

	/* What the device read, back into our own memory. */
	memset(in, 0, 16);
	err = dma(t, edu_test_addr(t, in), 16, true);
	printk("edu-dma: read from 0x%llx : device done, first bytes %02x %02x %02x %02x %02x %02x %02x %02x%s\n",
	       (unsigned long long)addr, in[0], in[1], in[2], in[3], in[4],
	       in[5], in[6], in[7], err ? " (copy back failed)" : "");
}

void edu_test_transfers(struct edu_test *t, const char *name, bool to_ram,
			uint32_t len)
{
	char words[JH_CMDLINE_MAX];
	uint64_t addr[EDU_TEST_MAX_TARGETS];
	unsigned int n, i;
	int err;

	if (!cmdline_parse_word(name, words, sizeof(words)))
		return;
	if (!edu_test_parse_list(words, addr, EDU_TEST_MAX_TARGETS, &n)) {
		printk("edu-dma: %s=%s: want up to %u numbers, comma-separated\n",
		       name, words, EDU_TEST_MAX_TARGETS);
		return;
	}
	fill(t->buf_out, len, "edu-dma!");
	if (to_ram && (err = dma(t, edu_test_addr(t, t->buf_out), len,
				 false))) {
		printk("edu-dma: loading the pattern: %s\n",
		       edu_test_error(err));
		return;
	}
	for (i = 0; i < n; i++) {
		printk("edu-dma: %s 0x%llx (%u bytes)\n",
		       to_ram ? "writing to" : "reading from",
		       (unsigned long long)addr[i], len);
		err = dma(t, addr[i], len, to_ram);
		if (err)
			printk("edu-dma: %s 0x%llx : %s\n",
			       to_ram ? "write to" : "read from",
			       (unsigned long long)addr[i],
			       edu_test_error(err));
		else if (to_ram)
			printk("edu-dma: write to 0x%llx : device done\n",
			       (unsigned long long)addr[i]);
		else
			read_back(t, addr[i]);
	}
}

void edu_test_forge_msis(struct edu_test *t)
{
	char words[JH_CMDLINE_MAX];
	uint64_t v[EDU_TEST_MAX_TARGETS];
	unsigned int n, i, b;
	int err;

	if (!cmdline_parse_word("msi_forge", words, sizeof(words)))
		return;
	if (!edu_test_parse_list(words, v, EDU_TEST_MAX_TARGETS, &n) ||
	    n % 2) {
		printk("edu-dma: msi_forge=%s: want ADDR,DATA pairs\n", words);
		return;
	}
	for (i = 0; i < n; i += 2) {
		for (b = 0; b < 4; b++)
			t->buf_out[b] = (uint8_t)(v[i + 1] >> (8 * b));
		err = dma(t, edu_test_addr(t, t->buf_out), 4, false);
		if (!err)
			err = dma(t, v[i], 4, true);
		printk("edu-dma: forged message 0x%x to 0x%llx: %s\n",
		       (uint32_t)v[i + 1], (unsigned long long)v[i],
		       err ? edu_test_error(err) : "device done");
	}
}

void edu_test_fill_canary(struct edu_test *t)
{
	fill(t->canary, EDU_TEST_PAGE, canary_pattern);
	printk("edu-dma: canary page at guest-physical 0x%lx\n",
	       (unsigned long)(uintptr_t)t->canary);
}

/* Index of the first changed canary byte, EDU_TEST_PAGE if none. */
static unsigned int canary_changed(const struct edu_test *t)
{
	/* A device writes it behind the compiler's back. */
	const volatile uint8_t *page = t->canary;
	unsigned int i;

	for (i = 0; i < EDU_TEST_PAGE; i++)
		if (page[i] != (uint8_t)canary_pattern[i % 8])
			break;
	return i;
}

void edu_test_watch_canary(struct edu_test *t)
{
	bool reported = false;
	int64_t denials = 0;
	unsigned int i;

	for (;;) {
		i = canary_changed(t);
		if (i < EDU_TEST_PAGE && !reported) {
			printk("edu-dma: canary page OVERWRITTEN: byte %u is 0x%02x\n",
			       i, t->canary[i]);
			reported = true;
		}
		if (comm_shutdown_requested())
			break;
		wait_us(10000);
	}
	if (!reported)
		printk("edu-dma: canary page intact\n");
	comm_shutdown_handshake("edu-dma", &denials);
}

static bool same(const uint8_t *a, const uint8_t *b, size_t len)
{
	size_t i;

	for (i = 0; i < len && a[i] == b[i]; i++)
		;
	return i == len;
}

/* How long a shutdown request waits, by default, after the last start. */
#define DMA_LOOP_APPROVE_MS	20

void edu_test_dma_loop(struct edu_test *t)
{
	uint64_t approve_us =
		(uint64_t)cmdline_parse_int("approve_ms", DMA_LOOP_APPROVE_MS) *
		1000;
	uint64_t target = edu_test_addr(t, t->buf_in);
	unsigned long n;
	int err;

	fill(t->buf_out, EDU_DMA_MAX, dma_loop_pattern);
	err = dma(t, edu_test_addr(t, t->buf_out), EDU_DMA_MAX, false);
	if (err) {
		printk("edu-dma: DMA loop: loading the pattern: %s\n",
		       edu_test_error(err));
		return;
	}
	printk("edu-dma: DMA loop: device -> 0x%llx, %u bytes of \"%s\" each, until stopped\n",
	       (unsigned long long)target, EDU_DMA_MAX, dma_loop_pattern);
	for (n = 0; !comm_shutdown_requested(); n++) {
		err = dma(t, target, EDU_DMA_MAX, true);
		if (err) {
			printk("edu-dma: DMA loop: transfer %lu: %s\n", n,
			       edu_test_error(err));
			return;
		}
		/* Proof that the transfers land, so the root's check can fail. */
		if (n == 0)
			printk("edu-dma: DMA loop: first transfer %s\n",
			       same(t->buf_in, t->buf_out, EDU_DMA_MAX) ?
			       "landed in own memory" : "did NOT land");
	}
	/* One more in flight, landing just after the approval. */
	printk("edu-dma: DMA loop: %lu transfers; shutdown request: one more started, approved %llu ms later\n",
	       n, (unsigned long long)(approve_us / 1000));
	edu_dma_start(&t->edu, target, EDU_DMA_MAX, true, false,
		      t->timeout_us);
	wait_us(approve_us);
	comm_answer_shutdown(true);
	for (;;)
		wait_us(1000000);
}
