// SPDX-License-Identifier: GPL-2.0
/*
 * Writes to what another owner has at its host-physical address on QEMU
 * virt (qemu-virt.c): with the MMU off the inmate's addresses are
 * guest-physical, and none of these is in the attack cell's stage 2, so
 * each must stop the cell (common/memory.c has the generic ones), except
 * the ECAM, which the hypervisor emulates.
 */
#include <arch-mmio.h>
#include <attack.h>

const uint64_t attack_hv_memory = 0x7f000000UL;
const uint64_t attack_root_ram = 0x40000000UL;
/* The cell pool's first cell (the attack cell's RAM is at 0x70300000). */
const uint64_t attack_other_cell_ram = 0x70000000UL;

ATTACK_WRITE_AT(root_uart, "mem-root-uart", 0x09000000UL,
		"write the root cell's PL011 UART");
ATTACK_WRITE_AT(root_ram, "mem-root-ram", attack_root_ram,
		"write the root cell's RAM at its host address");
ATTACK_WRITE_AT(hv_memory, "mem-hypervisor", attack_hv_memory,
		"write the hypervisor's memory at its host address");

/*
 * The ECAM is trapped for every cell (platform.arm64.pci_ecam_base): the
 * root's devices must look like empty slots, and a write to one (the host
 * bridge's command register) must change nothing the cell can see.
 */
#define ECAM_BASE	0x4010000000UL
#define BDF_SLOT1	0x0008UL

ATTACK(pci_ecam, "mem-pci-ecam", ATTACK_REFUSED,
       "read and write the PCI configuration space (ECAM) of the root's devices");
static void pci_ecam(void)
{
	uint32_t host, slot1, cmd;

	host = mmio_read32(ECAM_BASE);
	slot1 = mmio_read32(ECAM_BASE + (BDF_SLOT1 << 12));
	mmio_write32(ECAM_BASE + 0x04, 0);
	cmd = mmio_read32(ECAM_BASE + 0x04);
	if (host == 0xffffffffU && slot1 == 0xffffffffU && cmd == 0xffffffffU)
		attack_contained("00:00.0 and 00:01.0 read all-ones through the ECAM, the command write changed nothing visible");
	else
		attack_breach("ECAM reads: 00:00.0 id 0x%x, 00:01.0 id 0x%x, command 0x%x",
			      host, slot1, cmd);
}
ATTACK_WRITE_AT(comm_beyond, "mem-comm-beyond", 0x80001000UL,
		"write the page after the cell's comm region");
