/* SPDX-License-Identifier: GPL-2.0 */
/*
 * x86 part of a cell (skeleton).
 */
#ifndef _ASM_CELL_H
#define _ASM_CELL_H

#include <hv/types.h>

struct cell_arch {
	uint64_t reserved;
};

#endif /* _ASM_CELL_H */
