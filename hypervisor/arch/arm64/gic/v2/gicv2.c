// SPDX-License-Identifier: GPL-2.0
/*
 * The physical GICv2 (GIC-400) as the hypervisor sees it: the distributor
 * (trapped for every cell, gicv2_gicd.c), the physical CPU interface GICC
 * (the hypervisor's own), the virtual interface control GICH (list
 * registers, gicv2_lr.c) and the virtual CPU interface GICV, which every
 * cell finds at the GICC address. SPIs are steered with GICD_ITARGETSR;
 * SGIs go out through GICD_SGIR to CPU interface numbers, which each CPU
 * learns from its banked GICD_ITARGETSR0.
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
#include "../gicd_regs.h"
#include "gicv2_gicd.h"
#include "gicv2_lr.h"
#include "gicv2_regs.h"

static int gicv2_init(void)
{
	const struct jh_arm64_platform *plat = &hv.sysconfig->platform.arm64;
	int err;

	gic.gicd = plat->gicd_base;
	gic.gicd_size = GICV2_GICD_SIZE;
	gicv2.gicc = plat->gicc_base;
	gicv2.gich = plat->gich_base;
	gicv2.gicv = plat->gicv_base;
	gic.maint_irq = plat->maintenance_irq;
	gic.reserved_private = BIT(SGI_KICK) | BIT(gic.maint_irq);

	if (!hv_map_device(gic.gicd, GICV2_GICD_SIZE) ||
	    !hv_map_device(gicv2.gicc, GICV2_GICC_SIZE) ||
	    !hv_map_device(gicv2.gich, GICV2_GICH_SIZE)) {
		hv_error("GICv2: cannot map GICD 0x%llx / GICC 0x%llx / GICH 0x%llx",
			 (unsigned long long)gic.gicd,
			 (unsigned long long)gicv2.gicc,
			 (unsigned long long)gicv2.gich);
		return -JH_EINVAL;
	}
	gic.num_lrs = (mmio_read32(gicv2.gich + GICH_VTR) &
		       GICH_VTR_LISTREGS_MASK) + 1;
	if (gic.num_lrs > GICH_MAX_LRS) {
		gic.num_lrs = GICH_MAX_LRS;
	}

	err = gicv2_gicd_init();
	if (!err) {
		printk("  GICv2: GICD 0x%llx, GICC 0x%llx, GICH 0x%llx, GICV 0x%llx, %u list registers, maintenance IRQ %u\n",
		       (unsigned long long)gic.gicd,
		       (unsigned long long)gicv2.gicc,
		       (unsigned long long)gicv2.gich,
		       (unsigned long long)gicv2.gicv, gic.num_lrs,
		       gic.maint_irq);
	}
	return err;
}

static void enable_private(unsigned int intid)
{
	uint64_t reg = gic.gicd + GICD_IPRIORITYR + intid;

	/* Banked per CPU for INTIDs 0-31: this CPU's copy. */
	mmio_write8(reg, GIC_PRIORITY);
	mmio_write32(gic.gicd + GICD_ISENABLER, BIT(intid));
}

static int gicv2_cpu_init(struct per_cpu *pcpu)
{
	/* Each byte of the banked ITARGETSR0 names the reading interface. */
	uint32_t self = mmio_read32(gic.gicd + GICD_ITARGETSR) & 0xff;

	if (self == 0U) {
		hv_error("CPU %u: GICD_ITARGETSR0 names no CPU interface",
			 pcpu->cpu_id);
		return -JH_ENODEV;
	}
	pcpu->arch.gic_target = (uint8_t)self;

	/*
	 * Linux enters from its IPI handler on all but one CPU: that SGI is
	 * still active, and the deactivation Linux does next would reach only
	 * the virtual interface. Deactivate the SGIs here instead.
	 */
	mmio_write32(gic.gicd + GICD_ICACTIVER, 0xffff);
	enable_private(SGI_KICK);
	enable_private(gic.maint_irq);
	dsb(sy);
	gicv2_vcpu_init(pcpu);
	return 0;
}

static void gicv2_cpu_exit(struct per_cpu *pcpu)
{
	uint32_t ours = BIT(SGI_KICK) | BIT(gic.maint_irq);

	gicv2_vcpu_exit(pcpu);
	/* As on GICv3: a late kick must not reach Linux. */
	mmio_write32(gic.gicd + GICD_ICENABLER, ours);
	mmio_write32(gic.gicd + GICD_ICPENDR, ours);
	dsb(sy);
}

static int gicv2_cell_map(struct cell *cell)
{
	int err;

	/*
	 * The distributor traps; at the GICC address the cell finds the
	 * virtual CPU interface. Mapping the same again allocates nothing
	 * (the tables are kept), so this can run as cells come and go.
	 */
	err = pt_clear(&cell->guest_pt, gic.gicd, GICV2_GICD_SIZE);
	if (!err) {
		err = pt_map_keep_tables(&cell->guest_pt, gicv2.gicc,
					 gicv2.gicv, GICV2_GICC_SIZE,
					 PT_READ | PT_WRITE | PT_DEVICE);
	}
	return err;
}

static void set_targets(unsigned int intid, uint32_t targets)
{
	mmio_write8(gic.gicd + GICD_ITARGETSR + intid, (uint8_t)targets);
}

static uint32_t get_targets(unsigned int intid)
{
	return mmio_read8(gic.gicd + GICD_ITARGETSR + intid);
}

/* A moved SPI goes to the new owner's first CPU (gic.c). */
static void gicv2_target_spi(unsigned int intid, const struct cell *to)
{
	set_targets(intid, gicv2_first_target(to));
}

/* The targets of a root SPI before a cell took CPUs it named. */
static uint8_t lent_targets[GIC_MAX_SPI + 1];
static uint64_t lent_spis[CELL_SPI_WORDS];

/*
 * Root SPIs whose targets include a CPU that now belongs to cell lose
 * that CPU (or go to the root's first CPU if none is left), so that the
 * cell's CPU does not take and drop them. Under the control lock.
 */
static void gicv2_take_root_spis_off(const struct cell *cell)
{
	uint32_t cell_cpus = gicv2_cell_targets(cell), targets;
	unsigned long intid;

	for_each_set_bit(intid, root_cell.arch.spis, GIC_MAX_SPI + 1) {
		targets = get_targets((unsigned int)intid);
		if ((targets & cell_cpus) == 0U) {
			continue;
		}
		if (!bitmap_test(lent_spis, intid)) {
			lent_targets[intid] = (uint8_t)targets;
			bitmap_set(lent_spis, intid);
		}
		targets &= ~cell_cpus;
		set_targets((unsigned int)intid, targets ? targets :
			    gicv2_first_target(&root_cell));
	}
	dsb(sy);
}

/* At destroy: root SPIs get back the targets that are root's again. */
static void gicv2_give_back_root_spis(void)
{
	uint32_t root_cpus = gicv2_cell_targets(&root_cell), targets;
	uint64_t set[CELL_SPI_WORDS];
	unsigned long intid;

	memcpy(set, lent_spis, sizeof(set));
	for_each_set_bit(intid, set, GIC_MAX_SPI + 1) {
		targets = lent_targets[intid] & root_cpus;
		if (targets == 0U) {
			continue;	/* its CPUs are still lent out */
		}
		if (gic_cell_owns_spi(&root_cell, (unsigned int)intid)) {
			set_targets((unsigned int)intid, targets);
		}
		bitmap_clear(lent_spis, intid);
	}
	dsb(sy);
}

static void gicv2_send_sgi(const struct per_cpu *target, unsigned int sgi)
{
	dsb(ishst);
	mmio_write32(gic.gicd + GICD_SGIR,
		     gicv2_target(target) << GICD_SGIR_TARGETS_SHIFT |
		     (sgi & GICD_SGIR_INTID_MASK));
}

static void gicv2_set_pending(struct per_cpu *pcpu, unsigned int intid)
{
	/* SPIs and this CPU's banked PPIs alike. */
	mmio_write32(gic.gicd + GICD_ISPENDR + intid / 32 * 4,
		     BIT(intid % 32));
}

static unsigned int gicv2_ack(uint32_t *raw)
{
	/* For SGIs the source CPU (bits 12:10) goes back with EOI/DIR. */
	*raw = mmio_read32(gicv2.gicc + GICC_IAR);
	return *raw & GICC_IAR_INTID_MASK;
}

static void gicv2_eoi(uint32_t raw)
{
	mmio_write32(gicv2.gicc + GICC_EOIR, raw);
}

static void gicv2_deactivate(uint32_t raw)
{
	mmio_write32(gicv2.gicc + GICC_DIR, raw);
}

const struct gic_ops gicv2_ops = {
	.init = gicv2_init,
	.cpu_init = gicv2_cpu_init,
	.cpu_exit = gicv2_cpu_exit,
	.cell_map = gicv2_cell_map,
	.target_spi = gicv2_target_spi,
	.take_root_spis_off = gicv2_take_root_spis_off,
	.give_back_root_spis = gicv2_give_back_root_spis,
	.send_sgi = gicv2_send_sgi,
	.set_pending = gicv2_set_pending,
	.ack = gicv2_ack,
	.eoi = gicv2_eoi,
	.deactivate = gicv2_deactivate,
	.vcpu_reset = gicv2_vcpu_reset,
	.lr_insert = gicv2_lr_insert,
	.set_underflow_irq = gicv2_set_underflow_irq,
	.vcpu_park = gicv2_vcpu_park,
	.guest_sgi_sysreg = NULL,
};
