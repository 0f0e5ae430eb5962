/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Cell config for the IPI test (inmates/demos/x86/ipi.c); layout in
 * demo-cell.h:
 *
 *   jailhouse cell create ipi-demo.cell
 *   jailhouse cell load ipi-demo ipi.bin
 *   jailhouse cell start ipi-demo
 *
 * The inmate sends a fixed IPI, an NMI and an INIT to APIC ID 0, root's
 * CPU 0. The hypervisor must drop them and report them; the cell keeps
 * running and prints a heartbeat.
 */
#define DEMO_CELL_NAME		"ipi-demo"
#define DEMO_CELL_RAM_PHYS	0x3c500000
#include "demo-cell.h"
