/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The client end (peer 1) of the arm64 link demo, on CPU 3
 * (Documentation/ivshmem.md); create it beside link-echo.cell.
 */
#define LINK_CELL_NAME		"link-client"
#define LINK_CELL_CPU		3
#define LINK_CELL_RAM_PHYS	0x71100000
#define LINK_PEER_ID		1
#include "link-cell.h"
