/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Cell config for the heartbeat demo (inmates/demos/x86/heartbeat.c),
 * printing through the hypervisor's console:
 *
 *   jailhouse cell create heartbeat.cell
 *   jailhouse cell load heartbeat heartbeat.bin
 *   jailhouse cell start heartbeat
 *
 * The layout is in demo-cell.h, the annotated example of a cell config.
 */
#define DEMO_CELL_NAME		"heartbeat"
#define DEMO_CELL_RAM_PHYS	0x3c000000
#include "demo-cell.h"
