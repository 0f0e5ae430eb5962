/* SPDX-License-Identifier: GPL-2.0 */
/*
 * arm64 part of a cell.
 */
#ifndef ASM_CELL_H
#define ASM_CELL_H

#include <hv/types.h>

/* INTIDs 0..1023; only SPIs (32..1019) are ever set. */
#define CELL_SPI_WORDS		(1024 / 64)

struct cell_arch {
	unsigned int vmid;	/* 8-bit VMID: the cell id */
	uint64_t vttbr;		/* VTTBR_EL2 value: table and VMID */
	uint64_t spis[CELL_SPI_WORDS];	/* SPIs the cell owns */
	/* Owns its CPUs' physical GIC CPU interfaces (cell_arch_init). */
	bool direct;
};

#endif /* ASM_CELL_H */
