/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A cell on no link, for the isolation check of the x86 link demo
 * (tests/scenarios/x86-link.scn): the fault inmate on CPU 2, told
 * addr=0x40000000, writes where the link's peers see its shared memory.
 * Nothing is mapped there for this cell, so the hypervisor stops it.
 */
#define DEMO_CELL_NAME		"link-outsider"
#define DEMO_CELL_CPU		2
#define DEMO_CELL_RAM_PHYS	0x3cd00000
#include "demo-cell.h"
