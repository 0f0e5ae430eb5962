/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The GIC backend gic_init() chose (gic_ops.c) and the facts it found:
 * the lowest layer of the GIC code, which the version backends (gic/v2,
 * gic/v3), the virtual interface (vgic.c) and gic.c all build on.
 */
#ifndef ASM_GIC_OPS_H
#define ASM_GIC_OPS_H

#include <hv/cell.h>
#include <hv/types.h>

struct per_cpu;

/*
 * SGI the hypervisor uses to kick another CPU (requests, parking). One of
 * 0-7: with secure firmware on a GIC with two security states, SGIs 8-15
 * are the firmware's (TF-A makes them Secure, and a non-secure write to
 * their group bit is ignored), so a kick there would go to EL3. Linux
 * 6.1 uses 0-6 for its IPIs, which the root sends through the virtual
 * interface anyway.
 */
#define SGI_KICK		7
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
	/*
	 * Direct delivery (NULL: not on this GIC). enter: the calling CPU's
	 * physical CPU interface handed to a cell, fresh; leave: taken back
	 * clean; sysreg: a trapped CPU interface register of such a cell
	 * (id as asm/sysreg.h's SYSREG_ID), false if not one of them.
	 */
	void (*direct_enter)(struct per_cpu *pcpu);
	void (*direct_leave)(struct per_cpu *pcpu);
	bool (*direct_sysreg)(uint64_t id, bool read, uint64_t *val);
};

/* The backend gic_init() chose. */
extern const struct gic_ops *gic_ops;
extern const struct gic_ops gicv2_ops;
extern const struct gic_ops gicv3_ops;

int gic_init(void);
int gic_cpu_init(struct per_cpu *pcpu);
void gic_cpu_exit(struct per_cpu *pcpu);
/* Stage 2: no distributor (or redistributor) page; every access traps. */
int gic_cell_map(struct cell *cell);
/* Root SPIs routed to the CPUs of a new cell, and back at destroy. */
void gic_take_root_spis_off(const struct cell *cell);
void gic_give_back_root_spis(void);
void gic_send_sgi(const struct per_cpu *target, unsigned int sgi);
/* Sets a physical SPI/PPI pending again (hand-back to Linux). */
void gic_set_pending(struct per_cpu *pcpu, unsigned int intid);
/* A trapped SGI system register write; false: not on this GIC. */
bool gic_guest_sgi_sysreg(struct per_cpu *pcpu, uint64_t val);
/* Direct delivery: can this GIC hand its CPU interface to a cell? */
bool gic_direct_supported(void);
void gic_direct_enter(struct per_cpu *pcpu);
/* Only on a CPU that runs a cell with direct delivery (cpu.c checks). */
void gic_direct_leave(struct per_cpu *pcpu);
bool gic_direct_sysreg(uint64_t id, bool read, uint64_t *val);

static inline bool gic_cell_owns_spi(const struct cell *cell,
				     unsigned int intid)
{
	return intid >= GIC_FIRST_SPI && intid <= GIC_MAX_SPI &&
		bitmap_test(cell->arch.spis, intid);
}

#endif /* ASM_GIC_OPS_H */
