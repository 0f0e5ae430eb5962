/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The redistributor frames (gicr.c): where they are, and their
 * emulation. gicv3.c fills in gicv3 at init. Private to
 * gic/v3.
 */
#ifndef GIC_V3_GICR_H
#define GIC_V3_GICR_H

#include <hv/types.h>

/* The redistributors, set up by gicv3_init(). */
struct gicv3_info {
	uint64_t gicr;
	uint64_t gicr_stride;
	unsigned int gicr_frames;	/* redistributors that exist */
};
extern struct gicv3_info gicv3;

int gicr_init(void);

#endif /* GIC_V3_GICR_H */
