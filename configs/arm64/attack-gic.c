/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Cell config for the arm64 GIC attacks that need an SPI of their own
 * (inmates/tests/attacks/arm64/gic-attacks.c):
 *
 *   JH_ATTACK_CELL=/usr/share/jailhouse/cells/attack-gic.cell jh-attack NAME
 *
 * The attack cell (attack.c) plus SPI 255, the last SPI QEMU virt
 * implements (GICD_TYPER: 224 SPIs), which no device raises: the attacks
 * set it pending themselves through GICD_SETSPI_NSR and GICD_ISPENDR as
 * the positive control, and use it to try 1-of-N and foreign routes.
 * Shares its RAM with attack.c (only one attack cell exists at a time).
 */
#define DEMO_CELL_NAME		"attack-gic"
#define DEMO_CELL_RAM_PHYS	0x70300000
#define DEMO_CELL_SPI		255
#include "demo-cell.h"
