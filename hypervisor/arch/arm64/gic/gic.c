// SPDX-License-Identifier: GPL-2.0
/*
 * The interrupt controller, version-independent part: the SPIs each cell
 * owns, and what happens to an interrupt acknowledged at EL2 (handled
 * here, injected, or dropped). The top of the GIC layers: it calls down
 * into vgic.c and the backend (gic_ops.c).
 */
#include <jailhouse/comm-region.h>
#include <jailhouse/hypercall.h>
#include <hv/cell.h>
#include <hv/cpu_handover.h>
#include <hv/hypervisor.h>
#include <hv/percpu.h>
#include <hv/printk.h>
#include <hv/string.h>
#include <asm/gic.h>
#include <asm/io.h>
#include <asm/processor.h>
#include "gicd_regs.h"

/* Bound for one round of acknowledging pending interrupts. */
#define IRQS_PER_EXIT		16

static struct ratelimit stray_rl;

void gic_comm_fill(struct jh_comm_region *comm)
{
	const struct jh_arm64_platform *p = &hv.sysconfig->platform.arm64;

	comm->platform.arm64.gicd_base = p->gicd_base;
	comm->platform.arm64.gic_version = p->gic_version;
	if (p->gic_version == 2U) {
		comm->platform.arm64.gicc_base = p->gicc_base;
	} else {
		comm->platform.arm64.gicr_base = p->gicr_base;
		comm->platform.arm64.gicr_stride = p->gicr_stride;
	}
}

int gic_cell_init(struct cell *cell)
{
	const struct jh_irqchip *chip = jh_cell_irqchips(cell->config);
	unsigned int n, bit, intid;

	for (n = 0; n < cell->config->num_irqchips; n++, chip++) {
		if (chip->address != gic.gicd) {
			continue;
		}
		for (bit = 0; bit < JH_IRQCHIP_PIN_WORDS * 32; bit++) {
			intid = chip->pin_base + bit;
			if (intid >= GIC_FIRST_SPI && intid <= GIC_MAX_SPI &&
			    (chip->pin_bitmap[bit / 32] >> (bit % 32)) & 1) {
				bitmap_set(cell->arch.spis, intid);
			}
		}
	}
	return 0;
}

/*
 * Hands the SPIs in spis from one cell to the other: disabled, nothing
 * pending or active (an SPI a parked CPU had acknowledged would never
 * fire again), steered to the new owner's first CPU. The new owner
 * enables what it uses.
 */
void gic_move_spis(struct cell *from, struct cell *to, const uint64_t *spis)
{
	uint64_t set[CELL_SPI_WORDS];
	unsigned long intid;

	memcpy(set, spis, sizeof(set));
	for_each_set_bit(intid, set, GIC_MAX_SPI + 1) {
		mmio_write32(gic.gicd + GICD_ICENABLER + intid / 32 * 4,
			     BIT(intid % 32));
		mmio_write32(gic.gicd + GICD_ICPENDR + intid / 32 * 4,
			     BIT(intid % 32));
		mmio_write32(gic.gicd + GICD_ICACTIVER + intid / 32 * 4,
			     BIT(intid % 32));
		gic_ops->target_spi((unsigned int)intid, to);
		bitmap_clear(from->arch.spis, intid);
		bitmap_set(to->arch.spis, intid);
	}
	dsb(sy);
}

static void done(uint32_t raw)
{
	gic_ops->eoi(raw);
	gic_ops->deactivate(raw);
}

/* True: a kick or refill, which the flush after the loop must look at. */
static bool handle_one(struct per_cpu *pcpu, unsigned int intid,
		       uint32_t raw)
{
	if (intid == SGI_KICK || intid == gic.maint_irq) {
		/* Requests and refills are looked at after the loop. */
		done(raw);
		return true;
	}
	if (intid < 16) {
		/* Set pending by the guest in its own private registers. */
		done(raw);
		vgic_inject(pcpu, intid, false);
		return false;
	}
	if (intid >= GIC_FIRST_SPI && !gic_cell_owns_spi(pcpu->cell, intid)) {
		if (ratelimit_ok(&stray_rl, 8)) {
			printk("CPU %u: SPI %u arrived for cell \"%s\", which does not own it; dropped\n",
			       pcpu->cpu_id, intid, pcpu->cell->name);
		}
		done(raw);
		return false;
	}
	/* Priority drop only: the guest's deactivation ends it. */
	gic_ops->eoi(raw);
	vgic_inject(pcpu, intid, true);
	return false;
}

/*
 * In a trap, one interrupt is acknowledged and handled: if another is
 * pending, the CPU traps again right after the eret, which costs less
 * than the second IAR read (a spurious ID) every single interrupt would
 * otherwise pay. A parked CPU runs no guest to return to, so it takes
 * what is pending in one bounded round.
 */
void gic_handle_irq(struct per_cpu *pcpu, bool in_park)
{
	unsigned int n, limit = in_park ? IRQS_PER_EXIT : 1U, intid;
	bool kicked = false;
	uint32_t raw;

	for (n = 0; n < limit; n++) {
		intid = gic_ops->ack(&raw);
		if (intid >= GIC_SPURIOUS_FIRST) {
			break;
		}
		if (handle_one(pcpu, intid, raw)) {
			kicked = true;
		}
	}
	vgic_flush(pcpu, kicked);
	if (!in_park) {
		cpu_check_requests(pcpu);
	}
}
