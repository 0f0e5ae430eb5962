/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The heartbeat demo (inmates/demos/x86/heartbeat.c) on CPU 1 of the
 * 2-CPU Bochs machine (bochs-2cpu.c); layout in demo-cell.h:
 *
 *   jailhouse cell create heartbeat-cpu1.cell
 *   jailhouse cell load heartbeat heartbeat.bin
 *   jailhouse cell start heartbeat
 */
#define DEMO_CELL_NAME		"heartbeat"
#define DEMO_CELL_RAM_PHYS	0x3c000000
#define DEMO_CELL_CPU		1
#include "demo-cell.h"
