/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A second cell for the DMA tests: the edu-dma inmate without a device
 * (it finds no edu, so it only watches the canary page of its own memory
 * and reports it on shutdown), on CPU 2 with 1 MiB at 0x3c900000, beside
 * edu-dma.cell (CPU 3, 0x3c800000). The edu-dma cell aims its DMA at
 * 0x3c900000 + the canary's guest-physical address; this cell says
 * whether it landed. Layout in demo-cell.h.
 *
 *   jailhouse cell create edu-dma-victim.cell
 *   jailhouse cell load edu-dma-victim edu-dma.bin
 *   jailhouse cell start edu-dma-victim
 */
#define DEMO_CELL_NAME		"edu-dma-victim"
#define DEMO_CELL_RAM_PHYS	0x3c900000
#define DEMO_CELL_CPU		2
#include "demo-cell.h"
