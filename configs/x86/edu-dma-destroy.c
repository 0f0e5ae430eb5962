/* SPDX-License-Identifier: GPL-2.0 */
/*
 * edu-dma.c's cell with 384 MiB of RAM at 0x18000000, for the destroy
 * test (tests/scenarios/iommu-destroy-dma-amd.scn, which keeps Linux out
 * of that RAM with memmap=): the inmate's DMA target lies in its first
 * MiB, which destroy zeroes first, and zeroing the rest takes longer
 * (well over 100 ms on the bench) than the edu takes to carry out a
 * transfer (100 ms), so a transfer in flight when the cell stops lands
 * after its target was zeroed: where destroy gives the memory back before
 * it stops the device, the root finds that transfer's bytes.
 */
#define DEMO_CELL_NAME		"edu-dma"
#define DEMO_CELL_RAM_PHYS	0x18000000
#define DEMO_CELL_RAM_SIZE	MiB(384)
#define DEMO_CELL_RAM_FLAGS	JH_MEM_DMA
#define DEMO_CELL_PCI_BDF	0x0028	/* 00:05.0 */
#define DEMO_CELL_MMIO_PHYS	0xfea00000	/* edu BAR0 */
#define DEMO_CELL_MMIO_SIZE	MiB(1)
#include "demo-cell.h"
