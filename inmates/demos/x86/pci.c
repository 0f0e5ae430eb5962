/* SPDX-License-Identifier: GPL-2.0 */
/*
 * PCI test: reads the vendor/device dword of 00:00.0 (host bridge) and
 * 00:1f.0 (ISA bridge) through ports 0xcf8/0xcfc and through the ECAM
 * window, then writes TEST_VALUE to the command/status dword of 00:00.0
 * both ways and reads it back. A cell that does not own these devices
 * must read 0xffffffff everywhere, and its writes must change nothing.
 * On bare q35 the real ids appear (8086:29c0 and 8086:2918).
 *
 * Command line: ecam=<base> (default 0xb0000000, the bench's).
 */
#include <inmate.h>

#define TEST_VALUE	0x12345678
#define REG_ID		0x00
#define REG_COMMAND	0x04

static void print_ids(unsigned long ecam, unsigned int dev)
{
	uint16_t bdf = PCI_BDF(0, dev, 0);

	printk("pci: cf8 00:%02x.0 id 0x%08x\n", dev,
	       pci_read_config(bdf, REG_ID, 4));
	printk("pci: ecam 00:%02x.0 id 0x%08x\n", dev,
	       pci_ecam_read32(ecam, bdf, REG_ID));
}

void inmate_main(void)
{
	unsigned long ecam = (unsigned long)cmdline_parse_int("ecam",
							      0xb0000000);
	uint16_t host_bridge = PCI_BDF(0, 0, 0);
	uint32_t before;

	comm_set_cell_state(JH_CELL_RUNNING);
	printk("pci: ECAM at 0x%lx\n", ecam);
	print_ids(ecam, 0x00);
	print_ids(ecam, 0x1f);

	before = pci_read_config(host_bridge, REG_COMMAND, 4);
	pci_write_config(host_bridge, REG_COMMAND, TEST_VALUE, 4);
	printk("pci: cf8 00:00.0 reg 0x04 was 0x%08x, wrote 0x%08x, "
	       "reads 0x%08x\n", before, TEST_VALUE,
	       pci_read_config(host_bridge, REG_COMMAND, 4));

	before = pci_ecam_read32(ecam, host_bridge, REG_COMMAND);
	pci_ecam_write32(ecam, host_bridge, REG_COMMAND, TEST_VALUE);
	printk("pci: ecam 00:00.0 reg 0x04 was 0x%08x, wrote 0x%08x, "
	       "reads 0x%08x\n", before, TEST_VALUE,
	       pci_ecam_read32(ecam, host_bridge, REG_COMMAND));
	printk("pci: done\n");
}
