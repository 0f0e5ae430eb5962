/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Cell config for the I/O port test (inmates/demos/x86/ioport.c); layout
 * in demo-cell.h:
 *
 *   jailhouse cell create ioport-demo.cell
 *   jailhouse cell load ioport-demo ioport.bin [-s "port=0x80 write=1"]
 *   jailhouse cell start ioport-demo
 *
 * The cell owns no port, so the inmate's access to port 0x80 must stop it;
 * the hypervisor console names the port.
 */
#define DEMO_CELL_NAME		"ioport-demo"
#define DEMO_CELL_RAM_PHYS	0x3c400000
#include "demo-cell.h"
