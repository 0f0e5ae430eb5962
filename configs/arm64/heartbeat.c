/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Cell config for the heartbeat demo (inmates/demos/arm64/heartbeat.c):
 *
 *   jailhouse cell create heartbeat.cell
 *   jailhouse cell load heartbeat heartbeat.bin
 *   jailhouse cell start heartbeat
 *
 * The layout is in demo-cell.h, the annotated example of a cell config.
 */
#define DEMO_CELL_NAME		"heartbeat"
#define DEMO_CELL_RAM_PHYS	0x70000000
#include "demo-cell.h"
