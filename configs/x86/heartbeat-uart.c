/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Cell config for the heartbeat demo (inmates/demos/x86/heartbeat.c) on
 * a UART of its own: the cell owns COM2 (ports 0x2f8-0x2ff, IOAPIC pin 3),
 * and the comm region's console tells the inmate to drive it, so its
 * lines appear on the bench's second serial port, not the hypervisor's:
 *
 *   jailhouse cell create heartbeat-uart.cell
 *   jailhouse cell load heartbeat-uart heartbeat.bin
 *   jailhouse cell start heartbeat-uart
 *
 * Layout in demo-cell.h.
 */
#define DEMO_CELL_OWNS_COM2
#define DEMO_CELL_NAME		"heartbeat-uart"
#define DEMO_CELL_RAM_PHYS	0x3c200000
#include "demo-cell.h"
