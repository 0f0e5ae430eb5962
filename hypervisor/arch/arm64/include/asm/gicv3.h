/* SPDX-License-Identifier: GPL-2.0 */
/*
 * GICv3 backend: the physical GIC (gicv3.c), its list registers
 * (gicv3_lr.c), the emulated distributor (gicd.c) and the emulated
 * redistributor frames (gicr.c). Registers beyond the ones both versions
 * share (gic_dist.h).
 */
#ifndef ASM_GICV3_H
#define ASM_GICV3_H

#include <asm/gic.h>
#include <asm/gic_dist.h>

#define GICD_SIZE		0x10000
#define GICR_RD_SIZE		0x10000
#define GICR_SGI_OFFSET		0x10000		/* SGI_base */

/* Distributor registers only GICv3 has */
#define GICD_TYPER_LPIS		BIT(17)
#define GICD_TYPER2		0x000c
#define GICD_SETSPI_NSR		0x0040
#define GICD_CLRSPI_NSR		0x0048
#define GICD_SPI_INTID_MASK	0x1fff
#define GICD_IGRPMODR		0x0d00
#define GICD_IROUTER		0x6000
#define GICD_IROUTER_IRM	BIT64(31)
#define GICD_ID_REGS		0xffd0

/* Redistributor registers (RD_base / SGI_base) */
#define GICR_CTLR		0x0000
#define GICR_CTLR_RWP		BIT(3)
#define GICR_IIDR		0x0004
#define GICR_TYPER		0x0008
#define GICR_TYPER_LAST		BIT64(4)
#define GICR_TYPER_PLPIS	BIT64(0)
#define GICR_TYPER_VLPIS	BIT64(1)
#define GICR_TYPER_DIRECTLPI	BIT64(3)
#define GICR_WAKER		0x0014
#define GICR_WAKER_SLEEP	(BIT(1) | BIT(2))	/* Processor/Children */
#define GICR_ID_REGS		0xffd0
#define GICR_PIDR2		0xffe8
#define GICR_IGROUPR0		0x0080
#define GICR_ISENABLER0		0x0100
#define GICR_ICENABLER0		0x0180
#define GICR_ISPENDR0		0x0200
#define GICR_ICPENDR0		0x0280
#define GICR_ISACTIVER0		0x0300
#define GICR_ICACTIVER0		0x0380
#define GICR_IPRIORITYR		0x0400
#define GICR_ICFGR0		0x0c00
#define GICR_ICFGR1		0x0c04
#define GICR_IGRPMODR0		0x0d00

/* The redistributors, set up by gicv3_init(). */
struct gicv3_info {
	uint64_t gicr;
	uint64_t gicr_stride;
	unsigned int gicr_frames;	/* redistributors that exist */
};
extern struct gicv3_info gicv3;

/* The CPU whose redistributor frame is at frame, or NULL. */
struct per_cpu *gic_frame_owner(uint64_t frame);
/* An ICC_SGI1R_EL1 value as it is, from EL2. */
void gic_send_sgi_raw(uint64_t sgi1r);

void gicv3_vcpu_init(struct per_cpu *pcpu);
void gicv3_vcpu_reset(struct per_cpu *pcpu);
void gicv3_vcpu_exit(struct per_cpu *pcpu);
bool gicv3_lr_insert(unsigned int intid, bool hw);
void gicv3_set_underflow_irq(bool on);
void gicv3_vcpu_park(void);
/* A guest's write to ICC_SGI1R_EL1. */
void vgic_send_sgi(struct per_cpu *pcpu, uint64_t sgi1r);

int gicd_init(void);
int gicr_init(void);

#endif /* ASM_GICV3_H */
