/* SPDX-License-Identifier: GPL-2.0 */
/*
 * x86 cell on CPU 2 owning ports 0x2fc-0x2ff, which overlap com2-a.c's.
 */
#define COM2_CELL_NAME		"com2-b"
#define COM2_CELL_CPU		2
#define COM2_CELL_RAM_PHYS	0x3c100000
#define COM2_CELL_PORT		0x2fc
#define COM2_CELL_PORTS		4

#include "com2-cell.h"
