/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The fault demo (inmates/demos/x86/fault.c) on CPU 1 of the 2-CPU Bochs
 * machine (bochs-2cpu.c); layout in demo-cell.h. The inmate writes to
 * guest-physical 0x20000000, which this config does not map, so the
 * hypervisor must stop the cell there (an EPT violation under VMX).
 */
#define DEMO_CELL_NAME		"fault-demo"
#define DEMO_CELL_RAM_PHYS	0x3c300000
#define DEMO_CELL_CPU		1
#include "demo-cell.h"
