/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Cell config for the heartbeat demo (inmates/demos/arm64/heartbeat.c) on the
 * ZCU102 model (system config zynqmp-zcu102.c); layout in demo-cell.h:
 *
 *   jailhouse cell create zcu102-heartbeat.cell
 *   jailhouse cell load heartbeat heartbeat.bin
 *   jailhouse cell start heartbeat
 *
 * The inmate is the one built for QEMU virt: it finds the GIC-400 and the
 * console in the comm region. CPU 3 and 1 MiB of the cell pool at the same
 * address as on virt (zynqmp-zcu102.c reserves the same range).
 */
#define DEMO_CELL_NAME		"heartbeat"
#define DEMO_CELL_RAM_PHYS	0x70000000
#include "demo-cell.h"
