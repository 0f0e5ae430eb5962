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
 *  With dma_loop=1 it does none of 2-4 but keeps device -> RAM transfers
 *  into its own memory running until it is stopped (edu_test_dma_loop(),
 *  approve_ms=): the root's destroy must not let them land in the RAM it
 *  gets back (tests/scenarios/iommu-destroy-dma-amd.scn).
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
 * EDU_TEST_MAX_TARGETS each), len=BYTES (default 64) for those,
 * msi_forge=ADDR,DATA[,ADDR,DATA...] (at most EDU_TEST_MAX_TARGETS / 2), dma_base=PHYS
 * (default 0), foreign_apic=ID (default 0), timeout_ms=MS (default 2000,
 * per transfer), bar0=ADDR (default EDU_BAR0).
 *
 * The steps all edu-dma inmates share are in inmates/lib/common/edu-test.c.
 */
#include <inmate.h>
#include <edu-test.h>

#define EDU_BAR0	0xfea00000	/* configs/x86/edu-dma.c */
#define MSI_VECTOR	0x50
#define IRQ_WAIT_US	200000

static uint8_t buf_out[EDU_TEST_PAGE] __attribute__((aligned(EDU_TEST_PAGE)));
static uint8_t buf_in[EDU_TEST_PAGE] __attribute__((aligned(EDU_TEST_PAGE)));
static uint8_t canary[EDU_TEST_PAGE] __attribute__((aligned(EDU_TEST_PAGE)));

static struct edu_test test = {
	.buf_out = buf_out, .buf_in = buf_in, .canary = canary,
};
static volatile unsigned int msi_count;
static volatile uint32_t msi_status;

static void edu_irq(unsigned int vector)
{
	uint32_t status;

	if (vector != MSI_VECTOR) {
		printk("edu-dma: unexpected interrupt, vector 0x%x\n", vector);
		return;
	}
	status = edu_irq_status(&test.edu);
	msi_status |= status;
	edu_ack_irq(&test.edu, status);
	msi_count++;
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
	edu_raise_irq(&test.edu, 1);
	got = msi_wait(before, 1);
	err = edu_dma(&test.edu, edu_test_addr(&test, buf_in), 4, true, true,
		      test.timeout_us);
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
	edu_raise_irq(&test.edu, 2);
	got = msi_wait(before, 1);
	printk("edu-dma: MSI aimed at APIC ID %u raised: %u arrived here, address 0x%x\n",
	       foreign, got, pci_msi_address(bdf, cap));
	pci_msi_enable(bdf, cap, false);
	edu_ack_irq(&test.edu, edu_irq_status(&test.edu));
}

void inmate_main(void)
{
	uint32_t len = (uint32_t)cmdline_parse_int("len", 64);
	uint32_t foreign = (uint32_t)cmdline_parse_int("foreign_apic", 0);
	uint64_t mapped = (uint64_t)cmdline_parse_int("bar0", EDU_BAR0);
	uint64_t bar;
	uint16_t cmd;
	int bdf;

	test.dma_base = (uint64_t)cmdline_parse_int("dma_base", 0);
	test.timeout_us =
		(uint64_t)cmdline_parse_int("timeout_ms", 2000) * 1000;
	timer_frequency();
	comm_set_cell_state(JH_CELL_RUNNING);
	apic_init();
	irq_set_handler(edu_irq);
	edu_test_fill_canary(&test);

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
	    edu_init(&test.edu, (unsigned long)bar)) {
		printk("edu-dma: no edu registers at BAR0 0x%llx\n",
		       (unsigned long long)bar);
		goto idle;
	}
	printk("edu-dma: id 0x%08x, device addresses = guest-physical + 0x%llx\n",
	       edu_id(&test.edu), (unsigned long long)test.dma_base);

	if (cmdline_parse_int("dma_loop", 0))
		edu_test_dma_loop(&test);
	/* Changes with the TSC: a stale device buffer must not pass. */
	edu_test_round_trip(&test, (unsigned int)timer_now());
	if (len == 0 || len > EDU_DMA_MAX) {
		printk("edu-dma: len=%u: 1 to %u bytes\n", len, EDU_DMA_MAX);
		len = 64;
	}
	edu_test_transfers(&test, "dma_to", true, len);
	edu_test_transfers(&test, "dma_from", false, len);
	edu_test_forge_msis(&test);
	irq_enable();
	msi_tests((uint16_t)bdf, apic_id(), foreign);
	printk("edu-dma: done\n");

idle:
	irq_enable();
	edu_test_watch_canary(&test);
}
