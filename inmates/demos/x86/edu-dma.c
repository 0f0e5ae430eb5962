// SPDX-License-Identifier: GPL-2.0
/*
 * DMA and MSI test with QEMU's edu device, owned by this cell
 * (configs/x86/edu-dma.c). In order, printing one line per result:
 *
 *  1. finds the edu on bus 0 (a cell without one, edu-dma-victim.cell,
 *     goes straight to 5) and its BAR0, which must be where the cell
 *     config maps it (bar0=, default 0xfea00000; else it says so and
 *     touches nothing), and switches on memory decoding and bus
 *     mastering, INTx off (its pin is the root's): "edu-dma: command
 *     register 0x...: bus mastering on", or "off" where the hypervisor
 *     keeps it off (no IOMMU confines the device);
 *  2. a DMA round trip inside its own memory, buffer -> device -> other
 *     buffer: "edu-dma: own memory round trip OK N bytes" or "FAILED";
 *  3. device -> RAM writes of "edu-dma!" to each address of dma_to=, and
 *     RAM -> device reads from each address of dma_from=: "edu-dma: write
 *     to 0x...: device done". The device cannot tell whether an IOMMU
 *     dropped the access: the proof is elsewhere (the victim's memory,
 *     the hypervisor's fault report); then, for each ADDR,DATA pair of
 *     msi_forge=, a 4-byte device -> RAM write of DATA to ADDR: into
 *     0xfee00000-0xfeefffff that is an interrupt message no MSI
 *     capability checked (DATA 0x400: an NMI to APIC ID 0), which only an
 *     IOMMU that remaps stops: "edu-dma: forged message 0x... to 0x...:
 *     device done" (the proof is on the target CPU's side);
 *  4. MSI to its own CPU, once raised by hand and once on a DMA's end:
 *     "edu-dma: MSI to own CPU ...: N of 2 arrived"; then MSI aimed at
 *     APIC ID 0, a root CPU: the hypervisor drops the address write (or,
 *     with interrupt remapping, keeps it from arriving there): what reads
 *     back and how many arrived here are printed;
 *  5. "edu-dma: done", then it watches a canary page of its own memory
 *     (filled with "cellcnry", its guest-physical address printed at the
 *     start: the root's DMA at the cell's physical RAM must miss it) until
 *     a shutdown request, which it approves after saying whether the page
 *     is intact; a change is reported at once.
 *
 * Device addresses: an IOMMU maps the cell's DMA regions at their
 * guest-physical addresses, so the device is given guest-physical ones.
 * Without an IOMMU (a config with JH_PCI_DMA_UNCONFINED, for development)
 * the device needs physical ones: dma_base= is then the physical address
 * of guest-physical 0.
 *
 * Command line: dma_to=ADDR[,ADDR...] dma_from=ADDR[,ADDR...] (at most
 * MAX_TARGETS each), len=BYTES (default 64) for those,
 * msi_forge=ADDR,DATA[,ADDR,DATA...] (at most MAX_TARGETS / 2), dma_base=PHYS
 * (default 0), foreign_apic=ID (default 0), timeout_ms=MS (default 2000,
 * per transfer), bar0=ADDR (default EDU_BAR0).
 */
#include <inmate.h>
#include <edu.h>

#define EDU_BAR0	0xfea00000	/* configs/x86/edu-dma.c */
#define MSI_VECTOR	0x50
#define MAX_TARGETS	8
#define ROUND_TRIP	2048
#define IRQ_WAIT_US	200000
#define PAGE_SIZE	4096

static uint8_t buf_out[PAGE_SIZE] __attribute__((aligned(PAGE_SIZE)));
static uint8_t buf_in[PAGE_SIZE] __attribute__((aligned(PAGE_SIZE)));
static uint8_t canary[PAGE_SIZE] __attribute__((aligned(PAGE_SIZE)));
static const char canary_pattern[] = "cellcnry";

static struct edu edu;
static uint64_t dma_base, timeout_us;
static volatile unsigned int msi_count;
static volatile uint32_t msi_status;

static void edu_irq(unsigned int vector)
{
	uint32_t status;

	if (vector != MSI_VECTOR) {
		printk("edu-dma: unexpected interrupt, vector 0x%x\n", vector);
		return;
	}
	status = edu_irq_status(&edu);
	msi_status |= status;
	edu_ack_irq(&edu, status);
	msi_count++;
}

static uint64_t device_address(const void *p)
{
	return dma_base + (unsigned long)p;
}

static void fill(uint8_t *buf, size_t len, const char *pattern)
{
	size_t plen = strlen(pattern);

	for (size_t i = 0; i < len; i++)
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

	/* Changes with the TSC: a stale device buffer must not pass. */
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
	for (i = 0; i < ROUND_TRIP; i++)
		if (buf_in[i] != buf_out[i])
			break;
	if (i < ROUND_TRIP)
		printk("edu-dma: own memory round trip FAILED: byte %u is 0x%02x, sent 0x%02x\n",
		       i, buf_in[i], buf_out[i]);
	else
		printk("edu-dma: own memory round trip OK %u bytes\n",
		       ROUND_TRIP);
}

/* "0x1000,4096" -> numbers; false on anything else. */
static bool parse_list(const char *s, uint64_t *out, unsigned int *n)
{
	uint64_t v;
	int d;

	*n = 0;
	while (*s) {
		if (*n == MAX_TARGETS)
			return false;
		v = 0;
		if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
			for (s += 2; *s && *s != ','; s++) {
				d = *s >= '0' && *s <= '9' ? *s - '0' :
				    (*s | 0x20) >= 'a' && (*s | 0x20) <= 'f' ?
				    (*s | 0x20) - 'a' + 10 : -1;
				if (d < 0)
					return false;
				v = v << 4 | (unsigned int)d;
			}
		} else {
			for (; *s && *s != ','; s++) {
				if (*s < '0' || *s > '9')
					return false;
				v = v * 10 + (unsigned int)(*s - '0');
			}
		}
		out[(*n)++] = v;
		if (*s == ',')
			s++;
	}
	return true;
}

static void foreign_transfers(const char *name, bool to_ram, uint32_t len)
{
	char words[JH_CMDLINE_MAX];
	uint64_t addr[MAX_TARGETS];
	unsigned int n, i;
	int err;

	if (!cmdline_parse_word(name, words, sizeof(words)))
		return;
	if (!parse_list(words, addr, &n)) {
		printk("edu-dma: %s=%s: want up to %u numbers, comma-separated\n",
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
		err = edu_dma(&edu, addr[i], len, to_ram, false, timeout_us);
		if (err) {
			printk("edu-dma: %s 0x%llx : %s\n",
			       to_ram ? "write to" : "read from",
			       (unsigned long long)addr[i], dma_error(err));
			continue;
		}
		if (to_ram) {
			printk("edu-dma: write to 0x%llx : device done\n",
			       (unsigned long long)addr[i]);
			continue;
		}
		/* What the device read, back into our own memory. */
		memset(buf_in, 0, 16);
		err = edu_dma(&edu, device_address(buf_in), 16, true, false,
			      timeout_us);
		printk("edu-dma: read from 0x%llx : device done, first bytes %02x %02x %02x %02x %02x %02x %02x %02x%s\n",
		       (unsigned long long)addr[i], buf_in[0], buf_in[1],
		       buf_in[2], buf_in[3], buf_in[4], buf_in[5], buf_in[6],
		       buf_in[7], err ? " (copy back failed)" : "");
	}
}

/* Waits a little for MSIs to arrive; returns how many came. */
static unsigned int msi_wait(unsigned int before, unsigned int want)
{
	for (unsigned int i = 0; i < IRQ_WAIT_US / 1000; i++) {
		if (msi_count - before >= want)
			break;
		delay_us(1000);
	}
	return msi_count - before;
}

static void msi_tests(uint16_t bdf, uint32_t own_apic, uint32_t foreign)
{
	unsigned int cap = pci_find_cap(bdf, PCI_CAP_ID_MSI), before, got;
	int err;

	if (!cap) {
		printk("edu-dma: no MSI capability\n");
		return;
	}
	pci_msi_program(bdf, cap, own_apic, MSI_VECTOR);
	if (!pci_msi_enable(bdf, cap, true)) {
		printk("edu-dma: MSI to own CPU (APIC ID %u): enable refused, address 0x%x data 0x%x\n",
		       own_apic, pci_msi_address(bdf, cap),
		       pci_msi_data(bdf, cap));
		return;
	}
	before = msi_count;
	edu_raise_irq(&edu, 1);
	got = msi_wait(before, 1);
	err = edu_dma(&edu, device_address(buf_in), 4, true, true,
		      timeout_us);
	got = msi_wait(before, 2);
	printk("edu-dma: MSI to own CPU (APIC ID %u, vector 0x%x): %u of 2 arrived (raised, DMA done%s), status seen 0x%x\n",
	       own_apic, MSI_VECTOR, got, err ? ": DMA timed out" : "",
	       msi_status);

	/* The hypervisor must keep this one away from the root's CPU. */
	pci_msi_program(bdf, cap, foreign, MSI_VECTOR);
	printk("edu-dma: MSI aimed at APIC ID %u: address reads 0x%x, data 0x%x, enable %s\n",
	       foreign, pci_msi_address(bdf, cap), pci_msi_data(bdf, cap),
	       pci_msi_enable(bdf, cap, true) ? "took" : "refused");
	before = msi_count;
	edu_raise_irq(&edu, 2);
	got = msi_wait(before, 1);
	printk("edu-dma: MSI aimed at APIC ID %u raised: %u arrived here, address 0x%x\n",
	       foreign, got, pci_msi_address(bdf, cap));
	pci_msi_enable(bdf, cap, false);
	edu_ack_irq(&edu, edu_irq_status(&edu));
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
		delay_us(10000);
	}
	if (!reported)
		printk("edu-dma: canary page intact\n");
	comm_shutdown_handshake("edu-dma", &denials);
}

/* msi_forge=ADDR,DATA,...: 4-byte DMA writes, see the top. */
static void forge_msis(void)
{
	char words[JH_CMDLINE_MAX];
	uint64_t v[MAX_TARGETS];
	unsigned int n, i, b;
	int err;

	if (!cmdline_parse_word("msi_forge", words, sizeof(words)))
		return;
	if (!parse_list(words, v, &n) || n % 2) {
		printk("edu-dma: msi_forge=%s: want ADDR,DATA pairs\n", words);
		return;
	}
	for (i = 0; i < n; i += 2) {
		for (b = 0; b < 4; b++)
			buf_out[b] = (uint8_t)(v[i + 1] >> (8 * b));
		err = edu_dma(&edu, device_address(buf_out), 4, false, false,
			      timeout_us);
		if (!err)
			err = edu_dma(&edu, v[i], 4, true, false, timeout_us);
		printk("edu-dma: forged message 0x%x to 0x%llx: %s\n",
		       (uint32_t)v[i + 1], (unsigned long long)v[i],
		       err ? dma_error(err) : "device done");
	}
}

void inmate_main(void)
{
	uint32_t len = (uint32_t)cmdline_parse_int("len", 64);
	uint32_t foreign = (uint32_t)cmdline_parse_int("foreign_apic", 0);
	uint64_t mapped = (uint64_t)cmdline_parse_int("bar0", EDU_BAR0);
	uint64_t bar;
	uint16_t cmd;
	int bdf;

	dma_base = (uint64_t)cmdline_parse_int("dma_base", 0);
	timeout_us = (uint64_t)cmdline_parse_int("timeout_ms", 2000) * 1000;
	timer_frequency();
	comm_set_cell_state(JH_CELL_RUNNING);
	apic_init();
	irq_set_handler(edu_irq);
	fill(canary, PAGE_SIZE, canary_pattern);
	printk("edu-dma: canary page at guest-physical 0x%lx\n",
	       (unsigned long)canary);

	bdf = pci_find_device(EDU_VENDOR_ID, EDU_DEVICE_ID, 1);
	if (bdf < 0) {
		printk("edu-dma: no edu device on bus 0: only watching the canary page\n");
		goto idle;
	}
	bar = pci_bar_address((uint16_t)bdf, 0);
	printk("edu-dma: edu at %02x:%02x.%x, BAR0 0x%llx\n", bdf >> 8,
	       (bdf >> 3) & 0x1f, bdf & 7, (unsigned long long)bar);
	if (bar != mapped) {
		printk("edu-dma: BAR0 is not at 0x%llx, where the cell config maps it: not touched\n",
		       (unsigned long long)mapped);
		goto idle;
	}
	cmd = pci_set_command((uint16_t)bdf, PCI_CMD_MEMORY | PCI_CMD_MASTER |
			      PCI_CMD_INTX_DISABLE, 0);
	printk("edu-dma: command register 0x%x: bus mastering %s\n", cmd,
	       cmd & PCI_CMD_MASTER ? "on" : "off (kept off by the hypervisor)");
	if (bar >= 0x100000000ULL || !(cmd & PCI_CMD_MEMORY) ||
	    edu_init(&edu, (unsigned long)bar)) {
		printk("edu-dma: no edu registers at BAR0 0x%llx\n",
		       (unsigned long long)bar);
		goto idle;
	}
	printk("edu-dma: id 0x%08x, device addresses = guest-physical + 0x%llx\n",
	       edu_id(&edu), (unsigned long long)dma_base);

	own_round_trip();
	if (len == 0 || len > EDU_DMA_MAX) {
		printk("edu-dma: len=%u: 1 to %u bytes\n", len, EDU_DMA_MAX);
		len = 64;
	}
	foreign_transfers("dma_to", true, len);
	foreign_transfers("dma_from", false, len);
	forge_msis();
	irq_enable();
	msi_tests((uint16_t)bdf, apic_id(), foreign);
	printk("edu-dma: done\n");

idle:
	irq_enable();
	watch_canary();
}
