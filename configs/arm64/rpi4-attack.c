/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Cell config for the in-cell attack suite (inmates/tests/attacks/) on the
 * Raspberry Pi 4 model (system config rpi4.c), as attack.c is on virt and
 * ZCU102: CPU 3 and the fourth MiB of rpi4.c's cell pool (demo-cell.h).
 * jh-attack finds it with JH_ATTACK_CELL; the cell's name is the file's.
 */
#define DEMO_CELL_NAME		"rpi4-attack"
#define DEMO_CELL_RAM_PHYS	0x30300000
#include "demo-cell.h"
