// SPDX-License-Identifier: GPL-2.0
/*
 * The physical GICv3 as the hypervisor sees it: discovery, each CPU's
 * redistributor and CPU interface, SGIs between CPUs, SPI routing
 * (GICD_IROUTER), and acknowledging interrupts at EL2 (gic.c decides
 * what to do with them).
 */
#include <jailhouse/hypercall.h>
#include <hv/cell.h>
#include <hv/hv_paging.h>
#include <hv/hypervisor.h>
#include <hv/percpu.h>
#include <hv/printk.h>
#include <hv/string.h>
#include <asm/gic_ops.h>
#include <asm/io.h>
#include <asm/processor.h>
#include <asm/sysregs.h>
#include "../gicd.h"
#include "../gicd_regs.h"
#include "gicr.h"
#include "gicv3_lr.h"
#include "gicv3_regs.h"

static uint64_t sgi_base(const struct per_cpu *pcpu)
{
	return (uintptr_t)pcpu->arch.gicr + GICR_SGI_OFFSET;
}

static unsigned int count_frames(void)
{
	unsigned int n;

	for (n = 0; n < HV_MAX_CPUS; n++) {
		if (mmio_read64(gicv3.gicr + n * gicv3.gicr_stride + GICR_TYPER) &
		    GICR_TYPER_LAST) {
			return n + 1;
		}
	}
	return HV_MAX_CPUS;
}

static int gicv3_init(void)
{
	const struct jh_arm64_platform *plat = &hv.sysconfig->platform.arm64;
	int err;

	gic.gicd = plat->gicd_base;
	gic.gicd_size = GICD_SIZE;
	gicv3.gicr = plat->gicr_base;
	gicv3.gicr_stride = plat->gicr_stride;
	gic.maint_irq = plat->maintenance_irq;
	gic.num_lrs = (read_sysreg(ich_vtr_el2) & 0x1f) + 1;
	gic.reserved_private = BIT(SGI_KICK) | BIT(gic.maint_irq);

	if (gicv3.gicr_stride < GICR_SGI_OFFSET + GICR_RD_SIZE ||
	    !hv_map_device(gic.gicd, GICD_SIZE) ||
	    !hv_map_device(gicv3.gicr, gicv3.gicr_stride * HV_MAX_CPUS)) {
		hv_error("GIC: cannot map GICD 0x%llx / GICR 0x%llx (stride 0x%llx)",
			 (unsigned long long)gic.gicd,
			 (unsigned long long)gicv3.gicr,
			 (unsigned long long)gicv3.gicr_stride);
		return -JH_EINVAL;
	}
	gicv3.gicr_frames = count_frames();

	err = gicd_init();
	if (!err) {
		err = gicr_init();
	}
	if (!err) {
		printk("  GICv3: GICD 0x%llx, %u redistributors at 0x%llx, %u list registers, maintenance IRQ %u\n",
		       (unsigned long long)gic.gicd, gicv3.gicr_frames,
		       (unsigned long long)gicv3.gicr, gic.num_lrs,
		       gic.maint_irq);
	}
	return err;
}

/* GICR_TYPER.Affinity_Value is Aff3.Aff2.Aff1.Aff0 in bits 63..32. */
static uint64_t typer_affinity(uint64_t mpidr)
{
	return ((mpidr >> 32) & 0xff) << 24 | (mpidr & 0xffffff);
}

static int find_redistributor(struct per_cpu *pcpu)
{
	uint64_t want = typer_affinity(pcpu->arch.mpidr), frame;
	unsigned int n;

	for (n = 0; n < gicv3.gicr_frames; n++) {
		frame = gicv3.gicr + n * gicv3.gicr_stride;
		if ((mmio_read64(frame + GICR_TYPER) >> 32) == want) {
			pcpu->arch.gicr = (void *)(uintptr_t)frame;
			return 0;
		}
	}
	hv_error("CPU %u: no GICv3 redistributor for MPIDR 0x%llx among the %u at 0x%llx",
		 pcpu->cpu_id, (unsigned long long)pcpu->arch.mpidr,
		 gicv3.gicr_frames, (unsigned long long)gicv3.gicr);
	return -JH_ENOENT;
}

static void enable_private(struct per_cpu *pcpu, unsigned int intid)
{
	uint64_t base = sgi_base(pcpu);

	mmio_write8(base + GICR_IPRIORITYR + intid, GIC_PRIORITY);
	mmio_write32(base + GICR_IGROUPR0,
		     mmio_read32(base + GICR_IGROUPR0) | BIT(intid));
	mmio_write32(base + GICR_ISENABLER0, BIT(intid));
}

static int gicv3_cpu_init(struct per_cpu *pcpu)
{
	int err = find_redistributor(pcpu);

	if (err != 0) {
		return err;
	}

	/*
	 * Linux enters from its IPI handler on all but one CPU: that SGI is
	 * still active, and the deactivation Linux does next would reach only
	 * the virtual interface. Deactivate the SGIs here instead.
	 */
	mmio_write32(sgi_base(pcpu) + GICR_ICACTIVER0, 0xffff);
	enable_private(pcpu, SGI_KICK);
	enable_private(pcpu, gic.maint_irq);
	dsb(sy);
	gicv3_vcpu_init(pcpu);
	return 0;
}

static void gicv3_cpu_exit(struct per_cpu *pcpu)
{
	uint32_t ours = BIT(SGI_KICK) | BIT(gic.maint_irq);

	gicv3_vcpu_exit(pcpu);
	/*
	 * Linux uses neither; a kick that is still on its way (a sender
	 * that queued an SGI just before this CPU handed its queue back)
	 * must not reach Linux as an unknown interrupt.
	 */
	mmio_write32(sgi_base(pcpu) + GICR_ICENABLER0, ours);
	mmio_write32(sgi_base(pcpu) + GICR_ICPENDR0, ours);
	dsb(sy);
}

static int gicv3_cell_map(struct cell *cell)
{
	int err;

	/*
	 * Whatever the config says, distributor and redistributors are
	 * emulated (gicd.c, gicr.c). pt_clear keeps the tables, so this
	 * allocates nothing when called again as cells come and go.
	 */
	err = pt_clear(&cell->guest_pt, gic.gicd, GICD_SIZE);
	if (!err) {
		err = pt_clear(&cell->guest_pt, gicv3.gicr,
			       gicv3.gicr_frames * gicv3.gicr_stride);
	}
	return err;
}

static uint64_t first_cpu_route(const struct cell *cell)
{
	struct per_cpu *pcpu;
	unsigned int cpu;

	for_each_cell_cpu(cpu, cell) {
		pcpu = per_cpu(cpu);
		if (pcpu != NULL) {
			return pcpu->arch.mpidr;
		}
	}
	return 0;
}

/* A moved SPI goes to the new owner's first CPU (gic.c). */
static void gicv3_target_spi(unsigned int intid, const struct cell *to)
{
	mmio_write64(gic.gicd + GICD_IROUTER + intid * 8,
		     first_cpu_route(to));
}

/* The route of a root SPI before a cell took the CPU it pointed at. */
static uint64_t lent_route[GIC_MAX_SPI + 1];
static uint64_t lent_spis[CELL_SPI_WORDS];

/* The CPU that route names (IRM clear), or NULL. */
static struct per_cpu *route_cpu(uint64_t route)
{
	struct per_cpu *pcpu;
	unsigned int cpu;

	if ((route & GICD_IROUTER_IRM) != 0U) {
		return NULL;
	}
	for_each_cpu_id(cpu) {
		pcpu = per_cpu(cpu);
		if (pcpu && pcpu->arch.mpidr == (route & MPIDR_AFF_MASK)) {
			return pcpu;
		}
	}
	return NULL;
}

/*
 * Root SPIs routed to a CPU that now belongs to cell (Linux moves its
 * interrupts off a CPU it takes offline, but a root that did not, or one
 * routed 1-of-N, which the new CPU could take) go to the root's first CPU,
 * so that the cell's CPU does not take and drop them. Called at create,
 * under the control lock; gic_give_back_root_spis undoes it.
 */
static void gicv3_take_root_spis_off(const struct cell *cell)
{
	uint64_t root_route = first_cpu_route(&root_cell), route;
	unsigned long intid;
	struct per_cpu *target;

	for_each_set_bit(intid, root_cell.arch.spis, GIC_MAX_SPI + 1) {
		route = mmio_read64(gic.gicd + GICD_IROUTER + intid * 8);
		target = route_cpu(route);
		if (target ? target->cell != cell : !(route & GICD_IROUTER_IRM)) {
			continue;
		}
		if (!bitmap_test(lent_spis, intid)) {
			lent_route[intid] = route;
			bitmap_set(lent_spis, intid);
		}
		mmio_write64(gic.gicd + GICD_IROUTER + intid * 8, root_route);
	}
	dsb(sy);
}

/*
 * At destroy: root SPIs go back to the CPU they were routed to before,
 * once it is the root's again. 1-of-N routes are not restored: they
 * would let the next cell's CPUs take root interrupts.
 */
static void gicv3_give_back_root_spis(void)
{
	struct per_cpu *target;
	unsigned long intid;
	uint64_t set[CELL_SPI_WORDS];

	memcpy(set, lent_spis, sizeof(set));
	for_each_set_bit(intid, set, GIC_MAX_SPI + 1) {
		target = route_cpu(lent_route[intid]);
		if ((lent_route[intid] & GICD_IROUTER_IRM) != 0U) {
			bitmap_clear(lent_spis, intid);
		} else if (target && target->cell == &root_cell) {
			if (gic_cell_owns_spi(&root_cell, intid)) {
				mmio_write64(gic.gicd + GICD_IROUTER +
					     intid * 8, lent_route[intid]);
			}
			bitmap_clear(lent_spis, intid);
		}
	}
	dsb(sy);
}

static void gicv3_send_sgi(const struct per_cpu *target, unsigned int sgi)
{
	uint64_t mpidr = target->arch.mpidr, aff0 = mpidr & 0xff;

	gic_send_sgi_raw(((mpidr >> 32) & 0xff) << 48 |	/* Aff3 */
			 ((mpidr >> 16) & 0xff) << 32 |	/* Aff2 */
			 ((mpidr >> 8) & 0xff) << 16 |	/* Aff1 */
			 (aff0 / 16) << 44 |		/* RS */
			 (uint64_t)(sgi & 0xf) << 24 |
			 BIT64(aff0 % 16));		/* target list */
}

static void gicv3_set_pending(struct per_cpu *pcpu, unsigned int intid)
{
	if (intid >= GIC_FIRST_SPI) {
		mmio_write32(gic.gicd + GICD_ISPENDR + intid / 32 * 4,
			     BIT(intid % 32));
	} else {
		mmio_write32(sgi_base(pcpu) + GICR_ISPENDR0, BIT(intid));
	}
}

static unsigned int gicv3_ack(uint32_t *raw)
{
	*raw = (uint32_t)(read_sysreg(icc_iar1_el1) & 0xffffff);
	return *raw;
}

static void gicv3_eoi(uint32_t raw)
{
	write_sysreg(raw, icc_eoir1_el1);
}

static void gicv3_deactivate(uint32_t raw)
{
	write_sysreg(raw, icc_dir_el1);
}

const struct gic_ops gicv3_ops = {
	.init = gicv3_init,
	.cpu_init = gicv3_cpu_init,
	.cpu_exit = gicv3_cpu_exit,
	.cell_map = gicv3_cell_map,
	.target_spi = gicv3_target_spi,
	.take_root_spis_off = gicv3_take_root_spis_off,
	.give_back_root_spis = gicv3_give_back_root_spis,
	.send_sgi = gicv3_send_sgi,
	.set_pending = gicv3_set_pending,
	.ack = gicv3_ack,
	.eoi = gicv3_eoi,
	.deactivate = gicv3_deactivate,
	.vcpu_reset = gicv3_vcpu_reset,
	.lr_insert = gicv3_lr_insert,
	.set_underflow_irq = gicv3_set_underflow_irq,
	.vcpu_park = gicv3_vcpu_park,
	.guest_sgi_sysreg = vgic_send_sgi,
	.direct_enter = gicv3_direct_enter,
	.direct_leave = gicv3_direct_leave,
	.direct_sysreg = gicv3_direct_sysreg,
};
