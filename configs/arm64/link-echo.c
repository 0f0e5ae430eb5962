/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The echo end (peer 0) of the arm64 link demo, on CPU 2
 * (Documentation/ivshmem.md):
 *
 *   jailhouse cell create link-echo.cell
 *   jailhouse cell load link-echo link-echo.bin
 *   jailhouse cell start link-echo
 */
#define LINK_CELL_NAME		"link-echo"
#define LINK_CELL_CPU		2
#define LINK_CELL_RAM_PHYS	0x71000000
#define LINK_PEER_ID		0
#include "link-cell.h"
