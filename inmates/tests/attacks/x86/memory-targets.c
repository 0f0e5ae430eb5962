// SPDX-License-Identifier: GPL-2.0
/*
 * Writes to what another owner has at its host-physical address on the
 * q35 bench machine (qemu-q35.c); none is in the attack cell's nested page
 * table, so each must stop the cell (common/memory.c has the generic
 * ones). The inmate's page tables map the low 4 GiB 1:1.
 */
#include <attack.h>

const uint64_t attack_hv_memory = 0x3b000000UL;
const uint64_t attack_root_ram = 0x01000000UL;
/* The cell pool's first cell (the attack cell's RAM is at 0x3c700000). */
const uint64_t attack_other_cell_ram = 0x3c000000UL;

ATTACK_WRITE_AT(root_ram, "mem-root-ram", attack_root_ram,
		"write the root cell's RAM (the kernel's image) at its host address");
ATTACK_WRITE_AT(hv_memory, "mem-hypervisor", attack_hv_memory,
		"write the hypervisor's memory at its host address");
ATTACK_WRITE_AT(hpet, "mem-hpet", 0xfed00000UL,
		"write the root's HPET, a device the cell does not own");
ATTACK_WRITE_AT(comm_beyond, "mem-comm-beyond", 0x80001000UL,
		"write the page after the cell's comm region");
