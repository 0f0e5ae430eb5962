/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Cell config for the x86 interrupt attacks that need an IOAPIC pin of
 * their own (inmates/tests/attacks/x86/irq-attacks-ioapic.c):
 *
 *   JH_ATTACK_CELL=/usr/share/jailhouse/cells/attack-irq.cell \
 *       jh-attack irq-vector-low-ioapic
 *
 * The attack cell (attack.c: CPU 3, the same 1 MiB of the cell pool, the
 * comm region, console through the hypervisor) plus IOAPIC pin 3 (COM2's
 * line), without COM2's ports: the pin is only routed, never raised.
 */
#define DEMO_CELL_NAME		"attack-irq"
#define DEMO_CELL_RAM_PHYS	0x3c700000	/* attack.c's: one at a time */
#define DEMO_CELL_PINS		(1u << 3)
#include "demo-cell.h"
