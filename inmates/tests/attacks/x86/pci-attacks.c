// SPDX-License-Identifier: GPL-2.0
/*
 * Attacks through the config space of a PCI device the cell owns
 * (configs/x86/attack-pci.c: QEMU's edu at 00:05.0, without
 * JH_PCI_DMA_UNCONFINED): bus mastering (DMA anywhere, no IOMMU), a BAR
 * moved over memory of others, an MSI aimed at the root's CPU or as an
 * NMI. hypervisor/pci/pci_filter.c must keep each write out; the
 * attack reads the register back through the other config mechanism.
 */
#include "insn-attacks.h"

#define PCI_ECAM_BASE	0xb0000000UL	/* configs/x86/qemu-q35.c */
#define EDU_BDF		0x0028
#define REG_COMMAND	0x04
#define CMD_MASTER	(1U << 2)
#define REG_BAR0	0x10
#define REG_CAP_PTR	0x34
#define CAP_ID_MSI	0x05

static uint16_t target_bdf(void)
{
	return (uint16_t)attack_param("bdf", EDU_BDF);
}

/* The device must be there, and the cell's; else the attack proves nothing. */
static bool device_present(uint16_t bdf)
{
	uint32_t id = pci_read_config(bdf, 0, 4);

	if (id == 0xffffffffU) {
		attack_breach("no device at %02x:%02x.%x (is the edu device there and the cell's?): nothing tested",
			      bdf >> 8, (bdf >> 3) & 0x1f, bdf & 7);
		return false;
	}
	return true;
}

ATTACK(pci_bus_master, "pci-bus-master", ATTACK_REFUSED,
       "enable DMA of an owned device without an IOMMU");
static void pci_bus_master(void)
{
	uint16_t bdf = target_bdf();
	uint32_t cmd;

	if (!device_present(bdf))
		return;
	pci_write_config(bdf, REG_COMMAND, 0x0006, 2);
	cmd = pci_ecam_read32(PCI_ECAM_BASE, bdf, REG_COMMAND) & 0xffff;
	if (cmd & CMD_MASTER)
		attack_breach("command register 0x%x: bus mastering is on", cmd);
	else
		attack_contained("command register reads 0x%x after writing 0x6: bus mastering stays off",
				 cmd);
}

ATTACK(pci_bar_move, "pci-bar-move", ATTACK_REFUSED,
       "move an owned device's BAR over the root's RAM");
static void pci_bar_move(void)
{
	uint16_t bdf = target_bdf();
	uint32_t before, after;

	if (!device_present(bdf))
		return;
	before = pci_read_config(bdf, REG_BAR0, 4);
	pci_ecam_write32(PCI_ECAM_BASE, bdf, REG_BAR0, 0x01000000);
	after = pci_read_config(bdf, REG_BAR0, 4);
	if (after != before)
		attack_breach("BAR0 0x%x -> 0x%x", before, after);
	else
		attack_contained("BAR0 still 0x%x after writing 0x01000000 (root RAM)",
				 after);
}

static unsigned int find_msi(uint16_t bdf)
{
	unsigned int pos = pci_read_config(bdf, REG_CAP_PTR, 1) & 0xfc, n;
	uint32_t cap;

	for (n = 0; n < 48 && pos >= 0x40; n++) {
		cap = pci_read_config(bdf, pos, 4);
		if ((cap & 0xff) == CAP_ID_MSI)
			return pos;
		pos = (cap >> 8) & 0xfc;
	}
	return 0;
}

ATTACK(pci_msi_foreign, "pci-msi-foreign", ATTACK_REFUSED,
       "aim an owned device's MSI at the root's CPU 0, as an NMI or INIT");
static void pci_msi_foreign(void)
{
	uint16_t bdf = target_bdf();
	unsigned int msi, data_off;
	uint32_t addr, data;

	if (!device_present(bdf))
		return;
	msi = find_msi(bdf);
	if (!msi) {
		attack_breach("the device has no MSI capability: nothing tested");
		return;
	}
	data_off = pci_read_config(bdf, msi, 4) & (1U << 23) ? 12 : 8;
	pci_write_config(bdf, msi + 4, 0xfee00000, 4);	/* APIC ID 0 */
	pci_write_config(bdf, msi + data_off, 0x0400, 2);	/* NMI */
	pci_write_config(bdf, msi + data_off, 0x0500, 2);	/* INIT */
	addr = pci_ecam_read32(PCI_ECAM_BASE, bdf, msi + 4);
	data = pci_ecam_read32(PCI_ECAM_BASE, bdf, msi + data_off) & 0xffff;
	if ((addr & 0xfff00000) == 0xfee00000 && ((addr >> 12) & 0xff) == 0)
		attack_breach("MSI address 0x%x targets APIC ID 0", addr);
	else if (((data >> 8) & 7) >= 2)
		attack_breach("MSI data 0x%x: delivery mode %u", data,
			      (data >> 8) & 7);
	else
		attack_contained("MSI address 0x%x, data 0x%x after the writes",
				 addr, data);
}
