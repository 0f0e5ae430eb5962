/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The heartbeat demo (inmates/demos/arm64/heartbeat.c) on the ZCU102
 * model with a UART of its own: the board's second Cadence UART
 * (serial@ff010000), which root Linux leaves alone. The same heartbeat.bin
 * finds it in the comm region and prints there instead of through the
 * hypervisor (the bench's second serial port). Layout in demo-cell.h:
 *
 *   jailhouse cell create zcu102-heartbeat-uart1.cell
 *   jailhouse cell load heartbeat-uart1 heartbeat.bin
 *   jailhouse cell start heartbeat-uart1
 */
#define DEMO_CELL_NAME		"heartbeat-uart1"
#define DEMO_CELL_RAM_PHYS	0x70300000
#define DEMO_CELL_UART_PHYS	0xff010000
#define DEMO_CELL_UART_TYPE	JH_CON_CADENCE
#include "demo-cell.h"
