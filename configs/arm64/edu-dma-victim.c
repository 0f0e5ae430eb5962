/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A second cell for the arm64 DMA test (tests/scenarios/iommu-smmuv3-cell.scn):
 * CPU 2, no device; it runs edu-dma.bin, which then only watches a canary
 * page of its RAM, a target for edu-dma.cell's device.
 */
#define DEMO_CELL_NAME		"edu-dma-victim"
#define DEMO_CELL_RAM_PHYS	0x70500000
#define DEMO_CELL_CPU		2
#include "demo-cell.h"
