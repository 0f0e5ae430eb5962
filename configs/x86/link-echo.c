/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The echo end (peer 0) of the x86 link demo, on CPU 2
 * (Documentation/ivshmem.md, tests/scenarios/x86-link.scn).
 */
#define LINK_CELL_NAME		"link-echo"
#define LINK_CELL_CPU		2
#define LINK_CELL_RAM_PHYS	0x3ca00000
#define LINK_PEER_ID		0
#include "link-cell.h"
