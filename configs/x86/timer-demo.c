/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Cell config for the timer latency demo
 * (inmates/demos/x86/timer-latency.c); layout in demo-cell.h:
 *
 *   jailhouse cell create timer-demo.cell
 *   jailhouse cell load timer-demo timer-latency.bin \
 *       -s "period_us=1000 samples=1000"
 *   jailhouse cell start timer-demo
 */
#define DEMO_CELL_NAME		"timer-demo"
#define DEMO_CELL_RAM_PHYS	0x3c100000
#include "demo-cell.h"
