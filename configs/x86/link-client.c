/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The client end (peer 1) of the x86 link demo, on CPU 3
 * (Documentation/ivshmem.md, tests/scenarios/x86-link.scn).
 */
#define LINK_CELL_NAME		"link-client"
#define LINK_CELL_CPU		3
#define LINK_CELL_RAM_PHYS	0x3cb00000
#define LINK_PEER_ID		1
#include "link-cell.h"
