/* SPDX-License-Identifier: GPL-2.0 */
/*
 * GICv3 support: the physical GIC (gic.c), the virtual CPU interface
 * (vgic.c), the emulated distributor (gicd.c) and the emulated
 * redistributor frames (gicr.c).
 *
 * Every cell runs with HCR_EL2.IMO/FMO set: physical interrupts are taken
 * at EL2 and injected through the list registers; guests see the virtual
 * CPU interface. The hypervisor reserves SGI_KICK and the maintenance PPI
 * on every CPU; guests can neither see nor change them.
 */
#ifndef ASM_GIC_H
#define ASM_GIC_H

#include <hv/cell.h>
#include <hv/types.h>

struct per_cpu;

/* SGI the hypervisor uses to kick another CPU (requests, parking). */
#define SGI_KICK		15
/* Priority of the hypervisor's own and of injected interrupts. */
#define GIC_PRIORITY		0xa0

#define GIC_SPURIOUS_FIRST	1020
#define GIC_MAX_SPI		1019
#define GIC_FIRST_SPI		32

#define GICD_SIZE		0x10000
#define GICR_RD_SIZE		0x10000
#define GICR_SGI_OFFSET		0x10000		/* SGI_base */

/* Distributor registers */
#define GICD_CTLR		0x0000
#define GICD_TYPER		0x0004
#define GICD_TYPER_LPIS		BIT(17)
#define GICD_IIDR		0x0008
#define GICD_TYPER2		0x000c
#define GICD_SETSPI_NSR		0x0040
#define GICD_CLRSPI_NSR		0x0048
#define GICD_SPI_INTID_MASK	0x1fff
#define GICD_IGROUPR		0x0080
#define GICD_ISENABLER		0x0100
#define GICD_ICENABLER		0x0180
#define GICD_ISPENDR		0x0200
#define GICD_ICPENDR		0x0280
#define GICD_ISACTIVER		0x0300
#define GICD_ICACTIVER		0x0380
#define GICD_IPRIORITYR		0x0400
#define GICD_ITARGETSR		0x0800
#define GICD_ICFGR		0x0c00
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

/* The physical GIC, set up by gic_init(). */
struct gic_info {
	uint64_t gicd;			/* 1:1 mapped */
	uint64_t gicr;
	uint64_t gicr_stride;
	unsigned int gicr_frames;	/* redistributors that exist */
	unsigned int maint_irq;
	unsigned int num_lrs;
	uint32_t reserved_private;	/* SGI/PPIs guests cannot touch */
};
extern struct gic_info gic;

int gic_init(void);
int gic_cpu_init(struct per_cpu *pcpu);
void gic_cpu_exit(struct per_cpu *pcpu);
/* Stage 2: neither GICD nor any GICR frame; every access traps. */
int gic_cell_map(struct cell *cell);
int gic_cell_init(struct cell *cell);

void gic_move_spis(struct cell *from, struct cell *to, const uint64_t *spis);
/* Root SPIs routed to the CPUs of a new cell, and back at destroy. */
void gic_take_root_spis_off(const struct cell *cell);
void gic_give_back_root_spis(void);

void gic_send_sgi(uint64_t mpidr, unsigned int sgi);
/* An ICC_SGI1R_EL1 value as it is, from EL2. */
void gic_send_sgi_raw(uint64_t sgi1r);
/* Physical IRQs pending at EL2; in_park: the CPU runs no guest. */
void gic_handle_irq(struct per_cpu *pcpu, bool in_park);
/* Sets a physical SPI/PPI pending again (hand-back to Linux). */
void gic_set_pending(struct per_cpu *pcpu, unsigned int intid);
/* The CPU whose redistributor frame is at frame, or NULL. */
struct per_cpu *gic_frame_owner(uint64_t frame);

/* Virtual CPU interface of the calling CPU. */
void vgic_cpu_init(struct per_cpu *pcpu);
void vgic_cpu_reset(struct per_cpu *pcpu);
void vgic_cpu_exit(struct per_cpu *pcpu);
/* Queues intid for target (any CPU); hw: backed by a physical IRQ. */
void vgic_inject(struct per_cpu *target, unsigned int intid, bool hw);
/* Moves queued interrupts of the calling CPU into free list registers. */
void vgic_flush(struct per_cpu *pcpu);
/* A guest's write to ICC_SGI1R_EL1. */
void vgic_send_sgi(struct per_cpu *pcpu, uint64_t sgi1r);

int gicd_init(void);
int gicr_init(void);

static inline bool gic_cell_owns_spi(const struct cell *cell,
				     unsigned int intid)
{
	return intid >= GIC_FIRST_SPI && intid <= GIC_MAX_SPI &&
		bitmap_test(cell->arch.spis, intid);
}

#endif /* ASM_GIC_H */
