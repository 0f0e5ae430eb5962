/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Cell config for the DMA test inmate (inmates/demos/x86/edu-dma.c):
 * demo-cell.h's layout (CPU 3, 1 MiB of the cell pool at guest-physical
 * 0 holding image and DMA buffers, the comm region) plus QEMU's edu at
 * 00:05.0 (-device edu,addr=5) and its BAR0.
 *
 *   jailhouse cell create edu-dma.cell
 *   jailhouse cell load edu-dma edu-dma.bin -s "dma_to=0x... dma_from=0x..."
 *   jailhouse cell start edu-dma
 *
 * The RAM is JH_MEM_DMA: an IOMMU maps it for the cell's devices at its
 * guest-physical addresses, and nothing else. The device is not
 * JH_PCI_DMA_UNCONFINED: without an IOMMU the hypervisor keeps its bus
 * mastering off, so its DMA goes nowhere (tests/scenarios/edu-dma.scn).
 *
 * BAR0: SeaBIOS gives the edu's 1 MiB BAR 0xfea00000 on the bench's q35
 * machine (1 GiB, -device edu,addr=5; a second edu at 00:04.0 leaves it
 * there, one at 00:06.0 moves it to 0xfe900000), and the hypervisor keeps
 * a cell's BARs where they were when it took the device. The cell gets
 * those pages out of the root's PCI window. The inmate checks the BAR
 * before it touches it.
 *
 * RAM 0x3c800000: beside attack.cell's 0x3c700000 and edu-dma-victim's
 * 0x3c900000, so that other cells' memory can be a DMA target.
 */
#define DEMO_CELL_NAME		"edu-dma"
#define DEMO_CELL_RAM_PHYS	0x3c800000
#define DEMO_CELL_RAM_FLAGS	JH_MEM_DMA
#define DEMO_CELL_PCI_BDF	0x0028	/* 00:05.0 */
#define DEMO_CELL_MMIO_PHYS	0xfea00000	/* edu BAR0 */
#define DEMO_CELL_MMIO_SIZE	MiB(1)
#include "demo-cell.h"
