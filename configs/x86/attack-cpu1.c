/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The attack cell for the 2-CPU Bochs system config (bochs-2cpu.c): the
 * layout of attack.c, on CPU 1, for the VMX attacks of
 * tests/scenarios/vmx-attack.scn:
 *
 *   JH_ATTACK_CELL=/usr/share/jailhouse/cells/attack-cpu1.cell jh-attack NAME
 */
#define DEMO_CELL_NAME		"attack-cpu1"
#define DEMO_CELL_RAM_PHYS	0x3c700000
#define DEMO_CELL_CPU		1
#include "demo-cell.h"
