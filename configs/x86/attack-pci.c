/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Cell config for the PCI attacks of the in-cell attack suite
 * (inmates/tests/attacks/x86/pci-attacks.c): the attack cell's layout
 * (demo-cell.h: CPU 3, 1 MiB at guest-physical 0, comm region) plus one
 * PCI device, QEMU's "edu" at 00:05.0 (tests/scenarios/attack-x86.scn
 * adds it with -device edu,addr=5): a bus master with an MSI capability.
 * No JH_PCI_DMA_UNCONFINED: without an IOMMU its bus mastering must stay
 * off.
 *
 *   JH_ATTACK_CELL=/usr/share/jailhouse/cells/attack-pci.cell jh-attack NAME
 *
 * Shares its RAM with attack.cell: only one attack cell exists at a time.
 */
#define DEMO_CELL_NAME		"attack-pci"
#define DEMO_CELL_RAM_PHYS	0x3c700000
#define DEMO_CELL_PCI_BDF	0x0028	/* 00:05.0 */
#include "demo-cell.h"
