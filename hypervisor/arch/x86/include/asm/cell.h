/* SPDX-License-Identifier: GPL-2.0 */
/*
 * x86 part of a cell: its SVM permission bitmaps.
 */
#ifndef ASM_CELL_H
#define ASM_CELL_H

#include <hv/types.h>

#define IOPM_PAGES		3	/* 12 KiB: one bit per port */
#define MSRPM_PAGES		2	/* 8 KiB: two bits per MSR */

struct cell_arch {
	uint8_t *iopm;
	uint8_t *msrpm;
	paddr_t iopm_pa, msrpm_pa;
};

#endif /* ASM_CELL_H */
