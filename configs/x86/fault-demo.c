/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Cell config for the fault demo (inmates/demos/x86/fault.c); layout in
 * demo-cell.h:
 *
 *   jailhouse cell create fault-demo.cell
 *   jailhouse cell load fault-demo fault.bin
 *   jailhouse cell start fault-demo
 *
 * The inmate writes to guest-physical 0x20000000, which this config does
 * not map, so the hypervisor must stop the cell there. The layout is the
 * same as the other demo cells so that the fault is the only difference.
 */
#define DEMO_CELL_NAME		"fault-demo"
#define DEMO_CELL_RAM_PHYS	0x3c300000
#include "demo-cell.h"
