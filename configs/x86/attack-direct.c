/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The attack cell (attack.c) asking for direct interrupt delivery
 * (JH_CELL_DIRECT_IRQ): where the APICs are in hardware x2APIC mode its
 * x2APIC reads, EOI and TPR pass without exits, so the x2APIC attacks run
 * against that path (tests/scenarios/x86-x2apic-root.scn):
 *
 *   JH_ATTACK_CELL=/usr/share/jailhouse/cells/attack-direct.cell \
 *       jh-attack x2apic-icr-root
 */
#define DEMO_CELL_NAME		"attack-direct"
#define DEMO_CELL_RAM_PHYS	0x3c700000
#define DEMO_CELL_FLAGS		JH_CELL_DIRECT_IRQ
#include "demo-cell.h"
