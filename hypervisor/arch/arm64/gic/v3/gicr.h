/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The redistributor frames (gicr.c): where they are, which CPU owns
 * which, and their emulation. gicv3.c fills in gicv3 at init. Private to
 * gic/v3.
 */
#ifndef GIC_V3_GICR_H
#define GIC_V3_GICR_H

#include <hv/types.h>

struct per_cpu;

/* The redistributors, set up by gicv3_init(). */
struct gicv3_info {
	uint64_t gicr;
	uint64_t gicr_stride;
	unsigned int gicr_frames;	/* redistributors that exist */
};
extern struct gicv3_info gicv3;

/* The CPU whose redistributor frame is at frame, or NULL. */
struct per_cpu *gic_frame_owner(uint64_t frame);
int gicr_init(void);

#endif /* GIC_V3_GICR_H */
