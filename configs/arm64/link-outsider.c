/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A cell on no link, for the isolation check of the link demo
 * (tests/scenarios/arm64-link.scn): the fault inmate on CPU 2 writes to
 * guest-physical 0x40000000, where the link's peers see its shared
 * memory. Nothing is mapped there for this cell, so the hypervisor stops
 * it. Its own config could not map the link's memory either (the
 * validator refuses that: tests/configs-bad/cases/91-link-memory-taken).
 */
#define DEMO_CELL_NAME		"link-outsider"
#define DEMO_CELL_CPU		2
#define DEMO_CELL_RAM_PHYS	0x71300000
#include "demo-cell.h"
