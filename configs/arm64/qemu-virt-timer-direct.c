/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The timer latency demo's cell (timer-demo.c) asking for direct
 * interrupt delivery (JH_CELL_DIRECT_IRQ, Documentation/config-format.md).
 * Same name, CPU and RAM as timer-demo.cell, so the two are alternatives:
 *
 *   jailhouse cell create qemu-virt-timer-direct.cell
 *   jailhouse cell load timer-demo timer-latency.bin \
 *       -s "period_us=1000 samples=1000"
 *   jailhouse cell start timer-demo
 */
#define DEMO_CELL_NAME		"timer-demo"
#define DEMO_CELL_RAM_PHYS	0x70100000
#define DEMO_CELL_FLAGS		JH_CELL_DIRECT_IRQ
#include "demo-cell.h"
