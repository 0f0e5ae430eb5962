// SPDX-License-Identifier: GPL-2.0
/*
 * Attacks through port I/O, PCI configuration space and MMIO instructions
 * that straddle a page boundary. The attack cell owns no port: each port
 * below either stops it (hypervisor/arch/x86/emulate/emulate.c: x86_handle_pio)
 * or, for the PCI ports 0xcf8-0xcff that always trap (pci.c), reads
 * all-ones and has its writes dropped.
 */
#include "insn-attacks.h"

#define PCI_ECAM_BASE	0xb0000000UL	/* configs/x86/qemu-q35.c */
#define BDF_HOST_BRIDGE	0x0000
#define BDF_LPC		0x00f8		/* 00:1f.0 */
#define APIC_BASE_ADDR	0xfee00000UL

/* One port write that must stop the cell. */
#define PORT_STOP_ATTACK(fn, name, port, value, goal)			\
	ATTACK(fn, name, ATTACK_STOP, goal);				\
	static void fn(void)						\
	{								\
		attack_note("outb 0x%x to port 0x%x", value, port);	\
		outb(value, port);					\
	}

PORT_STOP_ATTACK(port_kbc_reset, "port-kbc-reset", 0x64, 0xfe,
		 "reset the machine through the keyboard controller")
PORT_STOP_ATTACK(port_fast_reset, "port-92-reset", 0x92, 0x01,
		 "reset the machine through port 0x92 (fast A20/reset)")
PORT_STOP_ATTACK(port_pic_mask, "port-pic-mask", 0x21, 0xff,
		 "mask the root's legacy interrupts at the 8259 PIC")
PORT_STOP_ATTACK(port_pit, "port-pit", 0x43, 0x30,
		 "reprogram the root's 8254 PIT")
PORT_STOP_ATTACK(port_com1, "port-com1", 0x3f8 + 1, 0x00,
		 "switch off the root console's (COM1) interrupts")

ATTACK(port_cf9_reset, "port-cf9-reset", ATTACK_REFUSED,
       "hard-reset the machine through the chipset's 0xcf9");
static void port_cf9_reset(void)
{
	uint8_t v;

	/* Full reset: system reset + reset CPU. */
	outb(0x06, 0xcf9);
	outb(0x0e, 0xcf9);
	v = inb(0xcf9);
	if (v == 0xff)
		attack_contained("still running after 0x0e to 0xcf9, which reads 0xff");
	else
		attack_breach("0xcf9 reads 0x%x: the chipset register is reachable",
			      v);
}

static bool cf8_all_ones(uint16_t bdf, unsigned int reg)
{
	outl(0x80000000U | (uint32_t)bdf << 8 | reg, 0xcf8);
	return inl(0xcfc) == 0xffffffffU;
}

ATTACK(pci_cf8_foreign, "pci-cf8-foreign", ATTACK_REFUSED,
       "read and write config space of the root's devices via 0xcf8/0xcfc");
static void pci_cf8_foreign(void)
{
	bool hidden = cf8_all_ones(BDF_HOST_BRIDGE, 0) &&
		      cf8_all_ones(BDF_LPC, 0);

	/* Bus master and decoding off on the LPC bridge: dropped. */
	outl(0x80000000U | BDF_LPC << 8 | 0x04, 0xcf8);
	outw(0x0000, 0xcfc);
	/* A reserved address bit and an extended register. */
	outl(0xf0000000U | BDF_HOST_BRIDGE << 8, 0xcf8);
	hidden = hidden && inl(0xcfc) == 0xffffffffU &&
		 cf8_all_ones(BDF_LPC, 0x04);
	if (hidden)
		attack_contained("00:00.0 and 00:1f.0 read all-ones through 0xcfc, before and after the writes");
	else
		attack_breach("a root device's config space is readable through 0xcfc");
}

ATTACK(pci_ecam_foreign, "pci-ecam-foreign", ATTACK_REFUSED,
       "read and write config space of the root's devices via ECAM");
static void pci_ecam_foreign(void)
{
	unsigned long lpc = PCI_ECAM_BASE + ((unsigned long)BDF_LPC << 12);
	uint32_t id, host, cmd;

	id = mmio_read32(lpc);
	host = mmio_read32(PCI_ECAM_BASE);
	mmio_write16(lpc + 0x04, 0);
	cmd = mmio_read32(lpc + 0x04);
	if (id == 0xffffffffU && host == 0xffffffffU && cmd == 0xffffffffU)
		attack_contained("00:00.0 and 00:1f.0 read all-ones through ECAM, the command write changed nothing visible");
	else
		attack_breach("ECAM reads: 00:1f.0 id 0x%x, 00:00.0 id 0x%x, command 0x%x",
			      id, host, cmd);
}

ATTACK(mmio_cross_comm, "mmio-page-cross-comm", ATTACK_STOP,
       "a dword store straddling the comm region's end into the next page");
static void mmio_cross_comm(void)
{
	attack_note("writing 4 bytes at 0x%lx", COMM_REGION_ADDR + 0xffe);
	mmio_write32(COMM_REGION_ADDR + 0xffe, 0xdeadbeef);
}

ATTACK(mmio_cross_apic, "mmio-page-cross-apic", ATTACK_STOP,
       "a dword load straddling the emulated APIC page's end");
static void mmio_cross_apic(void)
{
	uint32_t v;

	attack_note("reading 4 bytes at 0x%lx", APIC_BASE_ADDR + 0xffe);
	v = mmio_read32(APIC_BASE_ADDR + 0xffe);
	attack_note("read 0x%x", v);
}
