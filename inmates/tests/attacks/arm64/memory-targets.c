// SPDX-License-Identifier: GPL-2.0
/*
 * Writes to what another owner has at its host-physical address on QEMU
 * virt (qemu-virt.c): with the MMU off the inmate's addresses are
 * guest-physical, and none of these is in the attack cell's stage 2, so
 * each must stop the cell (common/memory.c has the generic ones).
 */
#include <attack.h>

ATTACK_WRITE_AT(root_uart, "mem-root-uart", 0x09000000UL,
		"write the root cell's PL011 UART");
ATTACK_WRITE_AT(root_ram, "mem-root-ram", 0x40000000UL,
		"write the root cell's RAM at its host address");
ATTACK_WRITE_AT(hv_memory, "mem-hypervisor", 0x7f000000UL,
		"write the hypervisor's memory at its host address");
ATTACK_WRITE_AT(pci_ecam, "mem-pci-ecam", 0x4010000000UL,
		"write the PCI configuration space (ECAM) of the root's devices");
ATTACK_WRITE_AT(comm_beyond, "mem-comm-beyond", 0x80001000UL,
		"write the page after the cell's comm region");
