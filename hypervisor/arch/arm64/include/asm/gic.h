/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The interrupt controller as the rest of the arm64 code sees it. The
 * system config's gic_version picks a backend (gicv2.c or gicv3.c) at
 * gic_init(); everything else goes through struct gic_ops and never
 * names a version.
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

struct jh_comm_region;
struct per_cpu;

/* SGI the hypervisor uses to kick another CPU (requests, parking). */
#define SGI_KICK		15
/* Priority of the hypervisor's own and of injected interrupts. */
#define GIC_PRIORITY		0xa0

#define GIC_SPURIOUS_FIRST	1020
#define GIC_MAX_SPI		1019
#define GIC_FIRST_SPI		32

/* The physical GIC, set up by gic_init(). */
struct gic_info {
	uint64_t gicd;			/* 1:1 mapped */
	uint64_t gicd_size;		/* trapped and hidden from cells */
	unsigned int maint_irq;
	unsigned int num_lrs;
	uint32_t reserved_private;	/* SGI/PPIs guests cannot touch */
};
extern struct gic_info gic;

/* What a GIC version provides; see the wrappers below for each hook. */
struct gic_ops {
	int (*init)(void);
	int (*cpu_init)(struct per_cpu *pcpu);
	void (*cpu_exit)(struct per_cpu *pcpu);
	int (*cell_map)(struct cell *cell);
	/* Steers a moved SPI to to's first CPU. */
	void (*target_spi)(unsigned int intid, const struct cell *to);
	void (*take_root_spis_off)(const struct cell *cell);
	void (*give_back_root_spis)(void);
	void (*send_sgi)(const struct per_cpu *target, unsigned int sgi);
	void (*set_pending)(struct per_cpu *pcpu, unsigned int intid);
	/* Acknowledge: the INTID, *raw what eoi/deactivate take back. */
	unsigned int (*ack)(uint32_t *raw);
	void (*eoi)(uint32_t raw);		/* priority drop */
	void (*deactivate)(uint32_t raw);
	/* Virtual CPU interface of the calling CPU. */
	void (*vcpu_reset)(struct per_cpu *pcpu);
	bool (*lr_insert)(unsigned int intid, bool hw);
	void (*set_underflow_irq)(bool on);
	/* Parked: the interface off; vcpu_reset switches it on again. */
	void (*vcpu_park)(void);
	/* A guest's SGI system register write; NULL: no such register. */
	void (*guest_sgi_sysreg)(struct per_cpu *pcpu, uint64_t val);
};

/* The backend gic_init() chose. */
extern const struct gic_ops *gic_ops;
extern const struct gic_ops gicv2_ops;
extern const struct gic_ops gicv3_ops;

int gic_init(void);
/* The GIC facts an inmate needs (comm region platform part). */
void gic_comm_fill(struct jh_comm_region *comm);
int gic_cpu_init(struct per_cpu *pcpu);
void gic_cpu_exit(struct per_cpu *pcpu);
/* Stage 2: no distributor (or redistributor) page; every access traps. */
int gic_cell_map(struct cell *cell);
int gic_cell_init(struct cell *cell);

void gic_move_spis(struct cell *from, struct cell *to, const uint64_t *spis);
/* Root SPIs routed to the CPUs of a new cell, and back at destroy. */
void gic_take_root_spis_off(const struct cell *cell);
void gic_give_back_root_spis(void);

void gic_send_sgi(const struct per_cpu *target, unsigned int sgi);
/* Physical IRQs pending at EL2; in_park: the CPU runs no guest. */
void gic_handle_irq(struct per_cpu *pcpu, bool in_park);
/* Sets a physical SPI/PPI pending again (hand-back to Linux). */
void gic_set_pending(struct per_cpu *pcpu, unsigned int intid);
/* A trapped SGI system register write; false: not on this GIC. */
bool gic_guest_sgi_sysreg(struct per_cpu *pcpu, uint64_t val);

/* Virtual CPU interface (vgic.c, the version's list registers). */
void vgic_cpu_reset(struct per_cpu *pcpu);
/* Queues intid for target (any CPU); hw: backed by a physical IRQ. */
void vgic_inject(struct per_cpu *target, unsigned int intid, bool hw);
/*
 * Moves queued interrupts of the calling CPU into free list registers;
 * kicked: another CPU may have queued since this CPU last looked.
 */
void vgic_flush(struct per_cpu *pcpu, bool kicked);
/* Empties the queue; hand_back: to Linux, and closes it for good. */
void vgic_release_queue(struct per_cpu *pcpu, bool hand_back);

static inline bool gic_cell_owns_spi(const struct cell *cell,
				     unsigned int intid)
{
	return intid >= GIC_FIRST_SPI && intid <= GIC_MAX_SPI &&
		bitmap_test(cell->arch.spis, intid);
}

#endif /* ASM_GIC_H */
