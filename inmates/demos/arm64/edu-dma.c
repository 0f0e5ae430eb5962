// SPDX-License-Identifier: GPL-2.0
/*
 * DMA test with QEMU's edu device on arm64 (configs/arm64/edu-dma.c), the
 * counterpart of demos/x86/edu-dma.c, printing the same lines:
 *
 *  1. finds the edu on bus 0 through the ECAM at its physical address
 *     (ecam=, default ECAM_BASE; the cell config maps nothing there: the
 *     hypervisor traps every access and shows the cell its own devices
 *     only), reads BAR0, which must be where the cell config maps it
 *     (bar0=, default EDU_BAR0; else it touches nothing), and switches on
 *     memory decoding and bus mastering, INTx off: "edu-dma: command
 *     register 0x...: bus mastering on" (or "off" where the hypervisor
 *     keeps it off);
 *  2. a DMA round trip inside its own memory: "edu-dma: own memory round
 *     trip OK N bytes" or "FAILED";
 *  3. device -> RAM writes of "edu-dma!" to each address of dma_to=, and
 *     RAM -> device reads from each address of dma_from= ("edu-dma: write
 *     to 0x...: device done"). The device cannot tell whether an IOMMU
 *     dropped the access: the proof is the target's memory and the
 *     hypervisor's fault report;
 *  4. MSI: arm64 cells get no ITS, so the hypervisor refuses the enable:
 *     "edu-dma: MSI enable refused" (or "took");
 *  5. "edu-dma: done", then it watches a canary page of its own memory
 *     (filled with "cellcnry", its guest-physical address printed at the
 *     start) until a shutdown request, which it approves after saying
 *     whether the page is intact. A cell without the device goes there
 *     at once.
 *
 * The inmate runs with the MMU off: its memory is Device memory, so the
 * device's writes need no cache maintenance. Completion is polled.
 * Device addresses are guest-physical (the SMMU maps the cell's DMA
 * regions there); dma_base= adds an offset for a run without an IOMMU.
 *
 * Command line: dma_to=ADDR[,ADDR...] dma_from=ADDR[,ADDR...] (at most
 * MAX_TARGETS each), len=BYTES (default 64), dma_base=PHYS (default 0),
 * timeout_ms=MS (default 2000, per transfer), bar0=ADDR, ecam=ADDR.
 */
#include <inmate.h>
#include <arch-mmio.h>
#include <edu.h>

#define ECAM_BASE	0x4010000000ULL	/* QEMU virt, configs/arm64/qemu-virt.c */
#define EDU_BAR0	0x10000000	/* configs/arm64/edu-dma.c */
#define MAX_TARGETS	8
#define ROUND_TRIP	2048
#define PAGE_SIZE	4096

#define PCI_COMMAND		0x04
#define PCI_CMD_MEMORY		0x2
#define PCI_CMD_MASTER		0x4
#define PCI_CMD_INTX_DISABLE	0x400
#define PCI_BAR0		0x10
#define PCI_BAR_MEM_MASK	0xfffffff0U
#define PCI_BAR_64		0x4
#define PCI_CAP_PTR		0x34
#define PCI_CAP_ID_MSI		0x05
#define MSI_ENABLE		(1U << 16)

static uint8_t buf_out[PAGE_SIZE] __attribute__((aligned(PAGE_SIZE)));
static uint8_t buf_in[PAGE_SIZE] __attribute__((aligned(PAGE_SIZE)));
static uint8_t canary[PAGE_SIZE] __attribute__((aligned(PAGE_SIZE)));
static const char canary_pattern[] = "cellcnry";

static struct edu edu;
static uint64_t ecam, dma_base, timeout_us;

static volatile uint32_t *cfg(unsigned int bdf, unsigned int reg)
{
	return (volatile uint32_t *)(uintptr_t)(ecam + ((uint64_t)bdf << 12) +
						reg);
}

static uint32_t cfg_read(unsigned int bdf, unsigned int reg)
{
	return *cfg(bdf, reg);
}

static void cfg_write(unsigned int bdf, unsigned int reg, uint32_t value)
{
	*cfg(bdf, reg) = value;
	mmio_barrier();
}

/* Function 0 of each slot on bus 0; -1 if no edu answers. */
static int find_edu(void)
{
	unsigned int dev;

	for (dev = 0; dev < 32; dev++)
		if (cfg_read(dev << 3, 0) ==
		    ((uint32_t)EDU_DEVICE_ID << 16 | EDU_VENDOR_ID))
			return (int)(dev << 3);
	return -1;
}

static void wait_us(uint64_t us)
{
	uint64_t start = timer_now(), ticks = timer_us_to_ticks(us);

	while (timer_now() - start < ticks)
		;
}

static uint64_t device_address(const void *p)
{
	return dma_base + (uintptr_t)p;
}

static void fill(uint8_t *buf, size_t len, const char *pattern)
{
	size_t plen = strlen(pattern), i;

	for (i = 0; i < len; i++)
		buf[i] = (uint8_t)pattern[i % plen];
}

static const char *dma_error(int err)
{
	return err == -1 ? "length refused" : "device did not finish in time";
}

static void own_round_trip(void)
{
	char pattern[] = "edu?";
	uint32_t i;
	int err;

	/* Changes with the counter: a stale device buffer must not pass. */
	pattern[3] = (char)('a' + timer_now() % 26);
	fill(buf_out, ROUND_TRIP, pattern);
	memset(buf_in, 0, ROUND_TRIP);
	err = edu_dma(&edu, device_address(buf_out), ROUND_TRIP, false, false,
		      timeout_us);
	if (!err)
		err = edu_dma(&edu, device_address(buf_in), ROUND_TRIP, true,
			      false, timeout_us);
	if (err) {
		printk("edu-dma: own memory round trip FAILED: %s\n",
		       dma_error(err));
		return;
	}
	for (i = 0; i < ROUND_TRIP && buf_in[i] == buf_out[i]; i++)
		;
	if (i < ROUND_TRIP)
		printk("edu-dma: own memory round trip FAILED: byte %u is 0x%02x, sent 0x%02x\n",
		       i, buf_in[i], buf_out[i]);
	else
		printk("edu-dma: own memory round trip OK %u bytes\n",
		       ROUND_TRIP);
}

static int hex_digit(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	c |= 0x20;
	return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

/* "0x70000000,0x7f000000": hexadecimal only; false on anything else. */
static bool parse_addresses(const char *s, uint64_t *out, unsigned int *n)
{
	int d;

	for (*n = 0; *s; (*n)++) {
		if (*n == MAX_TARGETS || s[0] != '0' || (s[1] | 0x20) != 'x')
			return false;
		out[*n] = 0;
		for (s += 2; *s && *s != ','; s++) {
			d = hex_digit(*s);
			if (d < 0)
				return false;
			out[*n] = out[*n] << 4 | (unsigned int)d;
		}
		if (*s == ',')
			s++;
	}
	return true;
}

static void read_back(uint64_t addr, uint32_t len)
{
	int err = edu_dma(&edu, addr, len, false, false, timeout_us);

	if (err) {
		printk("edu-dma: read from 0x%llx : %s\n",
		       (unsigned long long)addr, dma_error(err));
		return;
	}
	/* What the device read, back into our own memory. */
	memset(buf_in, 0, 16);
	err = edu_dma(&edu, device_address(buf_in), 16, true, false,
		      timeout_us);
	printk("edu-dma: read from 0x%llx : device done, first bytes %02x %02x %02x %02x %02x %02x %02x %02x%s\n",
	       (unsigned long long)addr, buf_in[0], buf_in[1], buf_in[2],
	       buf_in[3], buf_in[4], buf_in[5], buf_in[6], buf_in[7],
	       err ? " (copy back failed)" : "");
}

static void transfers(const char *name, bool to_ram, uint32_t len)
{
	char words[JH_CMDLINE_MAX];
	uint64_t addr[MAX_TARGETS];
	unsigned int n, i;
	int err;

	if (!cmdline_parse_word(name, words, sizeof(words)))
		return;
	if (!parse_addresses(words, addr, &n)) {
		printk("edu-dma: %s=%s: want up to %u hexadecimal addresses, comma-separated\n",
		       name, words, MAX_TARGETS);
		return;
	}
	fill(buf_out, len, "edu-dma!");
	if (to_ram && (err = edu_dma(&edu, device_address(buf_out), len,
				     false, false, timeout_us))) {
		printk("edu-dma: loading the pattern: %s\n", dma_error(err));
		return;
	}
	for (i = 0; i < n; i++) {
		printk("edu-dma: %s 0x%llx (%u bytes)\n",
		       to_ram ? "writing to" : "reading from",
		       (unsigned long long)addr[i], len);
		if (!to_ram) {
			read_back(addr[i], len);
			continue;
		}
		err = edu_dma(&edu, addr[i], len, true, false, timeout_us);
		if (err)
			printk("edu-dma: write to 0x%llx : %s\n",
			       (unsigned long long)addr[i], dma_error(err));
		else
			printk("edu-dma: write to 0x%llx : device done\n",
			       (unsigned long long)addr[i]);
	}
}

/* The MSI capability's offset, through a bounded walk; 0 if none. */
static unsigned int find_msi(unsigned int bdf)
{
	unsigned int pos = cfg_read(bdf, PCI_CAP_PTR) & 0xfc, n;
	uint32_t cap;

	for (n = 0; n < 48 && pos >= 0x40; n++) {
		cap = cfg_read(bdf, pos);
		if ((cap & 0xff) == PCI_CAP_ID_MSI)
			return pos;
		pos = (cap >> 8) & 0xfc;
	}
	return 0;
}

static void msi_test(unsigned int bdf)
{
	unsigned int cap = find_msi(bdf);
	uint32_t ctrl;

	if (!cap) {
		printk("edu-dma: no MSI capability\n");
		return;
	}
	cfg_write(bdf, cap, cfg_read(bdf, cap) | MSI_ENABLE);
	ctrl = cfg_read(bdf, cap);
	printk("edu-dma: MSI enable %s, control 0x%x\n",
	       ctrl & MSI_ENABLE ? "took" : "refused", ctrl >> 16);
	cfg_write(bdf, cap, ctrl & ~MSI_ENABLE);
}

/* Index of the first changed canary byte, PAGE_SIZE if none. */
static unsigned int canary_changed(void)
{
	/* A device writes it behind the compiler's back. */
	const volatile uint8_t *page = canary;
	unsigned int i;

	for (i = 0; i < PAGE_SIZE; i++)
		if (page[i] != (uint8_t)canary_pattern[i % 8])
			break;
	return i;
}

static void watch_canary(void)
{
	bool reported = false;
	int64_t denials = 0;
	unsigned int i;

	for (;;) {
		i = canary_changed();
		if (i < PAGE_SIZE && !reported) {
			printk("edu-dma: canary page OVERWRITTEN: byte %u is 0x%02x\n",
			       i, canary[i]);
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

/* Step 1: the device, its BAR and its command register; -1: not usable. */
static int take_device(uint64_t mapped)
{
	uint32_t bar, cmd;
	int bdf = find_edu();

	if (bdf < 0) {
		printk("edu-dma: no edu device on bus 0: only watching the canary page\n");
		return -1;
	}
	bar = cfg_read((unsigned int)bdf, PCI_BAR0);
	printk("edu-dma: edu at %02x:%02x.%x, BAR0 0x%x\n", bdf >> 8,
	       (bdf >> 3) & 0x1f, bdf & 7, bar & PCI_BAR_MEM_MASK);
	if ((bar & PCI_BAR_64) || (bar & PCI_BAR_MEM_MASK) != mapped) {
		printk("edu-dma: BAR0 is not at 0x%llx, where the cell config maps it: not touched\n",
		       (unsigned long long)mapped);
		return -1;
	}
	cfg_write((unsigned int)bdf, PCI_COMMAND, PCI_CMD_MEMORY |
		  PCI_CMD_MASTER | PCI_CMD_INTX_DISABLE);
	cmd = cfg_read((unsigned int)bdf, PCI_COMMAND) & 0xffff;
	printk("edu-dma: command register 0x%x: bus mastering %s\n", cmd,
	       cmd & PCI_CMD_MASTER ? "on" : "off (kept off by the hypervisor)");
	if (!(cmd & PCI_CMD_MEMORY) || edu_init(&edu, (unsigned long)mapped)) {
		printk("edu-dma: no edu registers at BAR0 0x%llx\n",
		       (unsigned long long)mapped);
		return -1;
	}
	return bdf;
}

void inmate_main(void)
{
	uint32_t len = (uint32_t)cmdline_parse_int("len", 64);
	uint64_t mapped = (uint64_t)cmdline_parse_int("bar0", EDU_BAR0);
	int bdf;

	ecam = (uint64_t)cmdline_parse_int("ecam", (int64_t)ECAM_BASE);
	dma_base = (uint64_t)cmdline_parse_int("dma_base", 0);
	timeout_us = (uint64_t)cmdline_parse_int("timeout_ms", 2000) * 1000;
	timer_frequency();
	comm_set_cell_state(JH_CELL_RUNNING);
	fill(canary, PAGE_SIZE, canary_pattern);
	printk("edu-dma: canary page at guest-physical 0x%lx\n",
	       (unsigned long)(uintptr_t)canary);

	bdf = take_device(mapped);
	if (bdf >= 0) {
		printk("edu-dma: id 0x%08x, device addresses = guest-physical + 0x%llx\n",
		       edu_id(&edu), (unsigned long long)dma_base);
		own_round_trip();
		if (len == 0 || len > EDU_DMA_MAX) {
			printk("edu-dma: len=%u: 1 to %u bytes\n", len,
			       EDU_DMA_MAX);
			len = 64;
		}
		transfers("dma_to", true, len);
		transfers("dma_from", false, len);
		msi_test((unsigned int)bdf);
		printk("edu-dma: done\n");
	}
	watch_canary();
}
