/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Cell config for the in-cell attack suite (inmates/tests/attacks/):
 *
 *   jailhouse cell create attack.cell
 *   jailhouse cell load attack attack.bin -s "attack=NAME run=N"
 *   jailhouse cell start attack
 *
 * A demo cell (demo-cell.h) on CPU 3 with its own 1 MiB; the attacks
 * probe everything it does not own.
 */
#define DEMO_CELL_NAME		"attack"
#define DEMO_CELL_RAM_PHYS	0x70300000
#include "demo-cell.h"
