/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Cell config for the heartbeat demo (inmates/demos/arm64/heartbeat.c) on
 * the Raspberry Pi 4 model (system config rpi4.c); layout in demo-cell.h:
 * CPU 3 and 1 MiB at the bottom of rpi4.c's cell pool. The inmate is the
 * one built for QEMU virt: it finds the GIC-400 in the comm region.
 */
#define DEMO_CELL_NAME		"heartbeat"
#define DEMO_CELL_RAM_PHYS	0x30000000
#include "demo-cell.h"
