/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The attack cell (attack.c) asking for direct interrupt delivery
 * (JH_CELL_DIRECT_IRQ): the CPU interface attacks then hit the physical
 * GIC CPU interface wherever the hypervisor found SDEI firmware
 * (tests/scenarios/arm64-sdei.scn):
 *
 *   JH_ATTACK_CELL=/usr/share/jailhouse/cells/attack-direct.cell \
 *       jh-attack icc-block-stop
 */
#define DEMO_CELL_NAME		"attack-direct"
#define DEMO_CELL_RAM_PHYS	0x70300000
#define DEMO_CELL_FLAGS		JH_CELL_DIRECT_IRQ
#include "demo-cell.h"
