// SPDX-License-Identifier: GPL-2.0
/*
 * DMA test with QEMU's edu device on arm64 (configs/arm64/edu-dma.c), the
 * counterpart of demos/x86/edu-dma.c, printing the same lines:
 *
 *  1. finds the edu on bus 0 through the ECAM at its physical address
 *     (ecam=, default the comm region's; the cell config maps nothing: the
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
 *  With dma_loop=1 it does none of the transfers and MSIs but keeps
 *  device -> RAM transfers into its own memory running until it is
 *  stopped (edu_test_dma_loop(), approve_ms=).
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
 * EDU_TEST_MAX_TARGETS each), len=BYTES (default 64),
 * msi_forge=ADDR,DATA[,...], dma_base=PHYS (default 0), timeout_ms=MS
 * (default 2000, per transfer), bar0=ADDR, ecam=ADDR.
 *
 * The steps all edu-dma inmates share are in inmates/lib/common/edu-test.c.
 */
#include <inmate.h>
#include <arch-mmio.h>
#include <edu-test.h>

/* QEMU virt's, without the comm region's (configs/arm64/qemu-virt.c). */
#define ECAM_BASE	0x4010000000ULL
#define EDU_BAR0	0x10000000	/* configs/arm64/edu-dma.c */

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

static uint8_t buf_out[EDU_TEST_PAGE] __attribute__((aligned(EDU_TEST_PAGE)));
static uint8_t buf_in[EDU_TEST_PAGE] __attribute__((aligned(EDU_TEST_PAGE)));
static uint8_t canary[EDU_TEST_PAGE] __attribute__((aligned(EDU_TEST_PAGE)));

static struct edu_test test = {
	.buf_out = buf_out, .buf_in = buf_in, .canary = canary,
};
static uint64_t ecam;

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

/* Step 1: the device, its BAR and its command register; -1: not usable. */
static int take_device(uint64_t mapped)
{
	uint32_t bar, cmd;
	int bdf = ecam ? find_edu() : -1;

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
	if (!(cmd & PCI_CMD_MEMORY) || edu_init(&test.edu, (unsigned long)mapped)) {
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

	ecam = (uint64_t)cmdline_parse_int("ecam", (int64_t)comm_platform64(
		COMM_PLATFORM(arm64.pci_ecam_base), ECAM_BASE));
	test.dma_base = (uint64_t)cmdline_parse_int("dma_base", 0);
	test.timeout_us =
		(uint64_t)cmdline_parse_int("timeout_ms", 2000) * 1000;
	timer_frequency();
	comm_set_cell_state(JH_CELL_RUNNING);
	edu_test_fill_canary(&test);

	bdf = take_device(mapped);
	if (bdf >= 0) {
		printk("edu-dma: id 0x%08x, device addresses = guest-physical + 0x%llx\n",
		       edu_id(&test.edu), (unsigned long long)test.dma_base);
		if (cmdline_parse_int("dma_loop", 0))
			edu_test_dma_loop(&test);
		/* Changes with the counter: a stale buffer must not pass. */
		edu_test_round_trip(&test, (unsigned int)timer_now());
		if (len == 0 || len > EDU_DMA_MAX) {
			printk("edu-dma: len=%u: 1 to %u bytes\n", len,
			       EDU_DMA_MAX);
			len = 64;
		}
		edu_test_transfers(&test, "dma_to", true, len);
		edu_test_transfers(&test, "dma_from", false, len);
		edu_test_forge_msis(&test);
		msi_test((unsigned int)bdf);
		printk("edu-dma: done\n");
	}
	edu_test_watch_canary(&test);
}
