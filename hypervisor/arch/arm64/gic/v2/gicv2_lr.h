/* SPDX-License-Identifier: GPL-2.0 */
/*
 * GICv2 virtual CPU interface (gicv2_lr.c), and the CPU interface frames
 * it shares with gicv2.c, which fills them in at init. Private to gic/v2.
 */
#ifndef GIC_V2_GICV2_LR_H
#define GIC_V2_GICV2_LR_H

#include <hv/types.h>

struct per_cpu;

/* The CPU interface frames, set up by gicv2_init(). */
struct gicv2_info {
	uint64_t gicc;		/* physical CPU interface, the hypervisor's */
	uint64_t gich;		/* this CPU's virtual interface control */
	uint64_t gicv;		/* what cells see at gicc */
};
extern struct gicv2_info gicv2;

void gicv2_vcpu_init(struct per_cpu *pcpu);
void gicv2_vcpu_reset(struct per_cpu *pcpu);
void gicv2_vcpu_exit(struct per_cpu *pcpu);
bool gicv2_lr_insert(unsigned int intid, bool hw);
void gicv2_set_underflow_irq(bool on);
void gicv2_vcpu_park(void);

#endif /* GIC_V2_GICV2_LR_H */
