// SPDX-License-Identifier: GPL-2.0
/*
 * The emulated redistributors. No cell, root included, maps any GICR
 * frame: every access traps here.
 *
 * RD_base of a cell's own CPU shows identification, CTLR (for its RWP
 * bit) and a WAKER that is always awake, and ignores every write: a
 * sleeping redistributor would block the hypervisor's kick SGI, and the
 * LPI registers (PROPBASER, PENDBASER, SETLPIR, INVLPIR...) would make the
 * GIC read and write memory the cell does not own.
 *
 * SGI_base of its own CPU (SGI/PPI enable, pending, active, priority,
 * configuration) is filtered so that the hypervisor's own SGI and the
 * maintenance PPI stay as they are; group and SGI configuration are read
 * only. These are per-CPU registers: what is left reaches nobody else.
 *
 * Frames of other cells' CPUs show only their identification (Linux reads
 * every frame's GICR_TYPER to find its own) and ignore writes.
 */
#include <jailhouse/hypercall.h>
#include <hv/cell.h>
#include <hv/mmio.h>
#include <hv/percpu.h>
#include <hv/spinlock.h>
#include <asm/gic_ops.h>
#include <asm/io.h>
#include "gicr.h"
#include "gicv3_regs.h"

/* Filled in by gicv3_init(). */
struct gicv3_info gicv3;
static DEFINE_SPINLOCK(gicr_lock);

/* LPIs are not offered: their tables are memory the GIC writes. */
#define TYPER_HIDDEN	(GICR_TYPER_PLPIS | GICR_TYPER_VLPIS | \
			 GICR_TYPER_DIRECTLPI)

/* TYPER, IIDR, PIDR2: what tells frames apart. True if off is one. */
static bool identification(uint64_t frame, uint64_t off,
			   struct mmio_access *acc)
{
	if (off == GICR_TYPER && acc->size == 8) {
		acc->value = mmio_read64(frame + off) & ~TYPER_HIDDEN;
	} else if (off == GICR_TYPER && acc->size == 4) {
		acc->value = mmio_read32(frame + off) & ~TYPER_HIDDEN;
	} else if ((off == GICR_TYPER + 4 || off == GICR_IIDR ||
		  off == GICR_PIDR2) && acc->size == 4) {
		acc->value = mmio_read32(frame + off);
	} else {
		return false;
	}
	return true;
}

static void foreign_frame(uint64_t frame, uint64_t off,
			  struct mmio_access *acc)
{
	if (acc->is_write || !identification(frame, off, acc)) {
		acc->value = 0;
	}
}

/* RD_base of the cell's own CPU: reads only, writes are ignored. */
static void rd_frame(uint64_t frame, uint64_t off, struct mmio_access *acc)
{
	if (acc->is_write || identification(frame, off, acc)) {
		return;
	}
	if (acc->size != 4) {
		acc->value = 0;
	} else if (off == GICR_CTLR) {
		/* RWP only: no LPIs, no 1-of-N opt-out for the guest. */
		acc->value = mmio_read32(frame + off) & GICR_CTLR_RWP;
	} else if (off == GICR_WAKER) {
		acc->value = mmio_read32(frame + off) & ~GICR_WAKER_SLEEP;
	} else if (off >= GICR_ID_REGS) {
		acc->value = mmio_read32(frame + off);
	} else {
		/* STATUSR, PROPBASER, PENDBASER, SYNCR (idle), ...: RAZ. */
		acc->value = 0;
	}
}

/* Bits of a 32-bit SGI_base register, 1 bit per interrupt. */
static void private_bits(uint64_t reg, struct mmio_access *acc, bool w1x)
{
	uint32_t keep = gic.reserved_private, val;

	if (!acc->is_write) {
		acc->value = mmio_read32(reg) & ~keep;
		return;
	}
	if (w1x) {
		mmio_write32(reg, (uint32_t)acc->value & ~keep);
		return;
	}
	spin_lock(&gicr_lock);
	val = mmio_read32(reg);
	mmio_write32(reg, (val & keep) | ((uint32_t)acc->value & ~keep));
	spin_unlock(&gicr_lock);
}

/* A read-modify-write under a mask of bits the guest may change. */
static void private_masked(uint64_t reg, struct mmio_access *acc,
			   uint32_t mask, unsigned int shift)
{
	uint32_t val;

	if (!acc->is_write) {
		acc->value = (mmio_read32(reg) & mask) >> shift;
		return;
	}
	spin_lock(&gicr_lock);
	val = mmio_read32(reg);
	val = (val & ~mask) | (((uint32_t)acc->value << shift) & mask);
	mmio_write32(reg, val);
	spin_unlock(&gicr_lock);
}

static uint32_t priority_mask(uint64_t reg_off)
{
	unsigned int first = (unsigned int)(reg_off - GICR_IPRIORITYR), n;
	uint32_t mask = 0;

	for (n = 0; n < 4; n++) {
		if (!(gic.reserved_private & BIT(first + n))) {
			mask |= 0xffU << (n * 8);
		}
	}
	return mask;
}

static void sgi_frame(uint64_t base, uint64_t off, struct mmio_access *acc)
{
	uint64_t reg_off = off & ~3ULL;
	unsigned int shift = (unsigned int)(off & 3) * 8;
	uint32_t mask;

	if (acc->size != 4 && !(acc->size == 1 && off >= GICR_IPRIORITYR &&
				off < GICR_IPRIORITYR + 32)) {
		acc->value = 0;
		return;
	}

	switch (reg_off) {
	case GICR_IGROUPR0:
	case GICR_IGRPMODR0:
		/* Groups stay as they are: reads only. */
		if (!acc->is_write) {
			acc->value = mmio_read32(base + reg_off);
		}
		break;
	case GICR_ISENABLER0:
	case GICR_ICENABLER0:
	case GICR_ISPENDR0:
	case GICR_ICPENDR0:
	case GICR_ISACTIVER0:
	case GICR_ICACTIVER0:
		private_bits(base + reg_off, acc, true);
		break;
	case GICR_ICFGR1:
		mask = ~(3U << ((gic.maint_irq - 16) * 2));
		private_masked(base + reg_off, acc, mask, 0);
		break;
	case GICR_ICFGR0:
		if (!acc->is_write) {
			acc->value = mmio_read32(base + reg_off);
		}
		break;
	default:
		if (reg_off >= GICR_IPRIORITYR &&
		    reg_off < GICR_IPRIORITYR + 32) {
			mask = priority_mask(reg_off);
			if (acc->size == 1) {
				mask &= 0xffU << shift;
			} else {
				shift = 0;
			}
			private_masked(base + reg_off, acc, mask, shift);
		} else {
			acc->value = 0;
		}
		break;
	}
}

/* The CPU whose redistributor frame is at frame, or NULL. */
static struct per_cpu *gic_frame_owner(uint64_t frame)
{
	struct per_cpu *pcpu;
	unsigned int cpu;

	for_each_cpu_id(cpu) {
		pcpu = per_cpu(cpu);
		if (pcpu && pcpu->state != CPU_ABSENT &&
		    (uintptr_t)pcpu->arch.gicr == frame) {
			return pcpu;
		}
	}
	return NULL;
}

static enum mmio_result gicr_access(struct per_cpu *pcpu, void *arg,
				    struct mmio_access *acc)
{
	unsigned int index = (unsigned int)(acc->offset / gicv3.gicr_stride);
	uint64_t off = acc->offset % gicv3.gicr_stride;
	uint64_t frame = gicv3.gicr + index * gicv3.gicr_stride;
	struct per_cpu *owner;

	if (acc->offset & (acc->size - 1)) {
		return MMIO_ERROR;
	}
	if (index >= gicv3.gicr_frames) {
		acc->value = 0;
		return MMIO_HANDLED;
	}

	owner = gic_frame_owner(frame);
	if (!owner || owner->cell != pcpu->cell) {
		foreign_frame(frame, off, acc);
	} else if (off >= GICR_SGI_OFFSET) {
		sgi_frame(frame + GICR_SGI_OFFSET, off - GICR_SGI_OFFSET, acc);
	} else {
		rd_frame(frame, off, acc);
	}
	return MMIO_HANDLED;
}

int gicr_init(void)
{
	return mmio_register(gicv3.gicr, gicv3.gicr_frames * gicv3.gicr_stride,
			     gicr_access, NULL);
}
