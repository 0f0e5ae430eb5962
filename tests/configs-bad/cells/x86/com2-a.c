/* SPDX-License-Identifier: GPL-2.0 */
/*
 * x86 cell on CPU 1 owning ports 0x2f8-0x2ff, which overlap com2-b.c's.
 */
#define COM2_CELL_NAME		"com2-a"
#define COM2_CELL_CPU		1
#define COM2_CELL_RAM_PHYS	0x3c000000
#define COM2_CELL_PORT		0x2f8
#define COM2_CELL_PORTS		8

#include "com2-cell.h"
