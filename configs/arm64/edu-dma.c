/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Cell config for the arm64 DMA test inmate (inmates/demos/arm64/edu-dma.c)
 * on qemu-virt-smmuv3.cell: demo-cell.h's layout on CPU 3, 1 MiB of the
 * cell pool at guest-physical 0 as JH_MEM_DMA (the SMMU maps it for the
 * cell's device at its guest-physical addresses, and nothing else), plus
 * QEMU's edu at 00:01.0 (tests/scenarios/iommu-smmuv3-cell.scn) and its
 * BAR0.
 *
 * BAR0: Linux (pci-host-generic, no firmware on the bench) gives the
 * edu's 1 MiB BAR 0x10000000, the start of the PCI MMIO window, as the
 * only device there; the hypervisor keeps a cell's BARs where they were
 * when it took the device, and the inmate checks before it touches it.
 * The ECAM is not mapped: the hypervisor traps it and shows the cell its
 * own device only.
 */
#define DEMO_CELL_NAME		"edu-dma"
#define DEMO_CELL_RAM_PHYS	0x70400000
#define DEMO_CELL_RAM_FLAGS	JH_MEM_DMA
#define DEMO_CELL_PCI_BDF	0x0008	/* 00:01.0 */
#define DEMO_CELL_MMIO_PHYS	0x10000000	/* edu BAR0 */
#define DEMO_CELL_MMIO_SIZE	MiB(1)
#include "demo-cell.h"
