/* SPDX-License-Identifier: GPL-2.0 */
/*
 * GICv3 virtual CPU interface (gicv3_lr.c): list registers and the
 * guests' SGI register. Private to gic/v3.
 */
#ifndef GIC_V3_GICV3_LR_H
#define GIC_V3_GICV3_LR_H

#include <hv/types.h>
#include <asm/processor.h>
#include <asm/sysregs.h>

struct per_cpu;

void gicv3_vcpu_init(struct per_cpu *pcpu);
void gicv3_vcpu_reset(struct per_cpu *pcpu);
void gicv3_vcpu_exit(struct per_cpu *pcpu);
bool gicv3_lr_insert(unsigned int intid, bool hw);
void gicv3_set_underflow_irq(bool on);
void gicv3_vcpu_park(void);
/* gicv3_direct.c: the physical CPU interface owned by a cell. */
void gicv3_direct_enter(struct per_cpu *pcpu);
void gicv3_direct_leave(struct per_cpu *pcpu);
bool gicv3_direct_sysreg(uint64_t id, bool read, uint64_t *val);
/*
 * ICH_HCR_EL2 while a cell owns the physical interface: the virtual one
 * off, EL1 accesses to the registers common to both groups (the SGI
 * registers among them: TC) and to Group 0's (TALL0) trapped.
 */
#define ICH_HCR_DIRECT		(BIT64(10) | BIT64(11))

/* A guest's write to ICC_SGI1R_EL1. */
void vgic_send_sgi(struct per_cpu *pcpu, uint64_t sgi1r);

/* An ICC_SGI1R_EL1 value as it is, from EL2 (gicv3.c and vgic_send_sgi). */
static inline void gic_send_sgi_raw(uint64_t sgi1r)
{
	dsb(ishst);
	write_sysreg(sgi1r, icc_sgi1r_el1);
	isb();
}

#endif /* GIC_V3_GICV3_LR_H */
